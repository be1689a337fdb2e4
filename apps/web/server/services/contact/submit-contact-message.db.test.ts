import { contactMessages, emailOutbox } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../http/errors";
import { createMemoryLogger } from "../../test/memory-logger";
import { type SubmitContactMessageDeps, submitContactMessage } from "./submit-contact-message";

const input = {
  name: "Jane Smith",
  email: "jane@example.com",
  reason: "support",
  subject: "Help",
  message: "My bot answers in English only.",
  language: "en",
};

describe("submitContactMessage", () => {
  let testDatabase: TestDatabase;
  let deps: SubmitContactMessageDeps;
  let wakeUps = 0;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    wakeUps = 0;
    deps = {
      db: testDatabase.db,
      contactTo: "team@jai.example",
      hashIp: (ip) => (ip ? `hash-of-${ip.length}` : null),
      logger: createMemoryLogger().logger,
      onEmailQueued: () => wakeUps++,
    };
  }, 60_000);
  afterEach(() => testDatabase.cleanup());

  it("stores the message and its email together, then wakes the worker", async () => {
    const result = await submitContactMessage(deps, { input, ip: "203.0.113.7", userAgent: "UA" });
    expect(result).toEqual({ id: expect.any(String), isSpam: false, language: "en" });
    const [message] = await testDatabase.db.select().from(contactMessages);
    const [email] = await testDatabase.db.select().from(emailOutbox);
    expect(message).toMatchObject({
      id: result.id,
      ipHash: "hash-of-11",
      company: null,
      phone: null,
    });
    expect(email).toMatchObject({
      kind: "contact",
      status: "queued",
      toAddress: "team@jai.example",
      replyTo: "jane@example.com",
      subject: "[Jai contact] Support: Help",
      maxAttempts: 12,
      contactMessageId: result.id,
    });
    expect(wakeUps).toBe(1);
  });

  it("stores neither when the email cannot be queued", async () => {
    const broken = { ...deps, contactTo: null as unknown as string };
    await expect(
      submitContactMessage(broken, { input, ip: undefined, userAgent: undefined }),
    ).rejects.toThrow();
    expect(await testDatabase.db.$count(contactMessages)).toBe(0);
    expect(await testDatabase.db.$count(emailOutbox)).toBe(0);
    expect(wakeUps).toBe(0);
  });

  it("bounds and cleans the user agent", async () => {
    await submitContactMessage(deps, {
      input,
      ip: undefined,
      userAgent: `Bot\r\nX-Evil: 1 ${"x".repeat(1000)}`,
    });
    const [message] = await testDatabase.db.select().from(contactMessages);
    expect(message!.userAgent).toMatch(/^Bot X-Evil: 1 x+$/);
    expect(message!.userAgent).toHaveLength(512);
    expect(message!.ipHash).toBeNull();
  });

  it("reports an unreachable database as SERVICE_UNAVAILABLE", async () => {
    await testDatabase.database.close();
    const error = await submitContactMessage(deps, {
      input,
      ip: undefined,
      userAgent: undefined,
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("SERVICE_UNAVAILABLE");
  });
});
