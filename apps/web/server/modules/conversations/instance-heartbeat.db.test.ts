import { randomUUID } from "node:crypto";
import { contacts, conversations, eq, instances, messages } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestBot } from "../../test/create-test-bot";
import { createMemoryLogger } from "../../test/memory-logger";
import { createInstanceHeartbeat } from "./instance-heartbeat";

describe("createInstanceHeartbeat", () => {
  let testDatabase: TestDatabase;
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(() => testDatabase.cleanup());

  const readInstance = async (id: string) =>
    (await testDatabase.db.select().from(instances).where(eq(instances.id, id)))[0];

  it("registers at start, beats, and removes its row at stop", async () => {
    const { logger } = createMemoryLogger();
    const heartbeat = createInstanceHeartbeat(testDatabase.db, { logger, intervalMs: 10 });
    await heartbeat.start();
    const registered = await readInstance(heartbeat.id);
    expect(registered).toBeDefined();

    await vi.waitFor(
      async () => {
        const row = await readInstance(heartbeat.id);
        expect(row!.heartbeatAt.getTime()).toBeGreaterThan(registered!.heartbeatAt.getTime());
      },
      { timeout: 5_000, interval: 10 },
    );

    await heartbeat.stop();
    expect(await readInstance(heartbeat.id)).toBeUndefined();
  });

  it("comes back after another instance took it for dead", async () => {
    const { logger } = createMemoryLogger();
    const heartbeat = createInstanceHeartbeat(testDatabase.db, { logger, intervalMs: 10 });
    await heartbeat.start();
    await testDatabase.db.delete(instances).where(eq(instances.id, heartbeat.id));
    await vi.waitFor(async () => expect(await readInstance(heartbeat.id)).toBeDefined(), {
      timeout: 5_000,
      interval: 10,
    });
    await heartbeat.stop();
  });

  it("closes, now and then, the replies of an instance that stopped beating", async () => {
    const db = testDatabase.db;
    const { logger, lines } = createMemoryLogger();
    await createTestBot(db, { id: "bot" });
    const [visitor] = await db
      .insert(contacts)
      .values({ botId: "bot", externalId: "hash" })
      .returning();
    const [conversation] = await db
      .insert(conversations)
      .values({ botId: "bot", contactId: visitor!.id })
      .returning();
    const crashed = randomUUID();
    await db
      .insert(instances)
      .values({ id: crashed, heartbeatAt: new Date(Date.now() - 5 * 60_000) });

    const heartbeat = createInstanceHeartbeat(db, {
      logger,
      intervalMs: 10,
      sweepEveryMs: 0,
    });
    await heartbeat.start();
    const base = { conversationId: conversation!.id, botId: "bot", sender: "bot" as const };
    const [ours, theirs] = await db
      .insert(messages)
      .values([
        { ...base, status: "streaming", content: "Mine", instanceId: heartbeat.id },
        { ...base, status: "streaming", content: "Theirs", instanceId: crashed },
      ])
      .returning({ id: messages.id });
    const read = async (id: string) =>
      (await db.select().from(messages).where(eq(messages.id, id)))[0]!;

    await vi.waitFor(async () => expect((await read(theirs!.id)).status).toBe("cancelled"), {
      timeout: 5_000,
      interval: 10,
    });
    await heartbeat.stop();
    expect(await read(ours!.id)).toMatchObject({ status: "streaming", content: "Mine" });
    expect(await read(theirs!.id)).toMatchObject({ status: "cancelled", content: "Theirs" });
    expect(await readInstance(crashed)).toBeUndefined();
    expect(lines.some((line) => line.message === "replies of a stopped instance closed")).toBe(
      true,
    );
  });
});
