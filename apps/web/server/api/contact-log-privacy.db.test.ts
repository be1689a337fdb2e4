import { sql } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { describeError } from "../logger";
import { createAppServices } from "../services/app-services";
import { createMemoryLogger } from "../test/memory-logger";

/** Values that must never reach a log line: each is unique enough to find anywhere in one. */
const submitted = {
  name: "Pimchanok Logcheck",
  email: "pimchanok.logcheck@example.co.th",
  company: "Secretive Co",
  phone: "+66 81 999 0000",
  reason: "sales",
  subject: "Private subject line",
  message: "My private message, about my private matters.",
  honeypot: "",
  language: "en",
};
const personalValues = [
  "Pimchanok",
  "logcheck@",
  "Secretive",
  "999 0000",
  "Private subject",
  "private matters",
];

// PDPA: a failed contact submission logged the failed query with its values (issue 10).
describe("a failed contact submission's log lines", () => {
  let testDatabase: TestDatabase;
  let log: ReturnType<typeof createMemoryLogger>;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    log = createMemoryLogger();
  });
  afterEach(() => testDatabase.cleanup());

  function submit() {
    const services = createAppServices({
      database: testDatabase.database,
      logger: log.logger,
      secretKey: "test-secret-key-0123456789abcdef-0123456789",
      contactTo: "team@example.com",
    });
    const app = createApp({
      services,
      handleDocument: async () => new Response("page"),
      logger: log.logger,
      isHttps: false,
      publicUrl: "http://localhost:3000",
    });
    return app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
      body: JSON.stringify(submitted),
    });
  }

  function expectNoPersonalData() {
    const text = log.text();
    for (const value of personalValues) expect(text).not.toContain(value);
  }

  it("name the statement and its SQLSTATE, never a field's value (a broken table)", async () => {
    await testDatabase.db.execute(
      sql`alter table contact_messages rename to contact_messages_gone`,
    );
    const response = await submit();
    expect(response.status).toBe(500);
    const failure = log.lines.find((line) => line.level === "error");
    expect(failure?.fields).toMatchObject({
      error: expect.stringMatching(/^Failed query: .*insert into "contact_messages"/is),
      sqlState: "42P01",
    });
    expectNoPersonalData();
  });

  it("hold no field's value when the database is closed", async () => {
    await testDatabase.database.close();
    const response = await submit();
    expect(response.status).toBe(503);
    expect(log.lines.some((line) => line.level === "warn")).toBe(true);
    expectNoPersonalData();
  });
});

describe("describeError", () => {
  it("cuts drizzle's params from a failed query, even when another error wraps its message", () => {
    const failed = Object.assign(
      new Error('Failed query: insert into "t" ("email") values ($1)\nparams: someone@example.com'),
      {
        query: 'insert into "t" ("email") values ($1)',
        params: ["someone@example.com"],
        cause: Object.assign(new Error('value "someone@example.com" too long'), {
          code: "22001",
          severity: "ERROR",
        }),
      },
    );
    const wrapped = new Error(failed.message, { cause: failed });
    for (const error of [failed, wrapped]) {
      const fields = describeError(error);
      expect(fields.error).toBe('Failed query: insert into "t" ("email") values ($1)');
      expect(JSON.stringify(fields)).not.toContain("someone@");
    }
    expect(describeError(failed).sqlState).toBe("22001");
  });

  it("keeps other errors as they are", () => {
    expect(describeError(new Error("plain")).error).toBe("plain");
    expect(describeError("text")).toEqual({ error: "text" });
  });
});
