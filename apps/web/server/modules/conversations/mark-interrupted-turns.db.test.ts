import { randomUUID } from "node:crypto";
import { contacts, conversations, eq, instances, messages, type NewMessageRow } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestBot } from "../../test/create-test-bot";
import { markInterruptedTurns } from "./mark-interrupted-turns";

const apology = "Sorry, I'm having trouble responding right now. Please try again later.";
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("markInterruptedTurns", () => {
  let testDatabase: TestDatabase;
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(() => testDatabase.cleanup());

  /** Stores bot messages in one conversation; returns their ids in order. */
  async function storeReplies(rows: Partial<NewMessageRow>[]): Promise<string[]> {
    const db = testDatabase.db;
    await createTestBot(db, { id: "bot" });
    const [visitor] = await db
      .insert(contacts)
      .values({ botId: "bot", externalId: "hash" })
      .returning();
    const [conversation] = await db
      .insert(conversations)
      .values({ botId: "bot", contactId: visitor!.id })
      .returning();
    const base = { conversationId: conversation!.id, botId: "bot", sender: "bot" as const };
    const stored = await db
      .insert(messages)
      .values(rows.map((row) => ({ ...base, ...row })))
      .returning({ id: messages.id });
    return stored.map((row) => row.id);
  }

  const read = async (id: string) =>
    (await testDatabase.db.select().from(messages).where(eq(messages.id, id)))[0]!;

  it("closes every reply left streaming, whatever its age (the embedded database)", async () => {
    const [partial, empty, recent, done] = await storeReplies([
      { status: "streaming", content: "Half a", createdAt: minutesAgo(60) },
      { status: "streaming", createdAt: minutesAgo(60) },
      { status: "streaming", content: "Just now", instanceId: randomUUID() },
      { status: "completed", content: "Whole" },
    ]);

    expect(await markInterruptedTurns(testDatabase.db, { kind: "all" })).toBe(3);
    expect(await read(partial!)).toMatchObject({
      status: "cancelled",
      content: "Half a",
      errorKind: null,
      completedAt: expect.any(Date),
    });
    expect(await read(empty!)).toMatchObject({
      status: "failed",
      content: apology,
      errorKind: "interrupted",
    });
    expect(await read(recent!)).toMatchObject({ status: "cancelled", content: "Just now" });
    expect(await read(done!)).toMatchObject({ status: "completed", completedAt: null });
    expect(await markInterruptedTurns(testDatabase.db, { kind: "all" })).toBe(0);
  });

  it("closes the replies of instances whose heartbeat stopped, and only those", async () => {
    const db = testDatabase.db;
    const live = randomUUID();
    const dead = randomUUID();
    const gone = randomUUID();
    await db.insert(instances).values([
      { id: live, heartbeatAt: new Date() },
      { id: dead, startedAt: minutesAgo(10), heartbeatAt: minutesAgo(1) },
    ]);
    const [running, deadPartial, deadEmpty, goneEmpty, unownedOld, unownedRecent] =
      await storeReplies([
        // A long turn on a live instance: left alone, however old.
        { status: "streaming", content: "Still", instanceId: live, createdAt: minutesAgo(30) },
        { status: "streaming", content: "Cut", instanceId: dead },
        { status: "streaming", instanceId: dead },
        // Its instance stopped and removed its row (or was found dead before).
        { status: "streaming", instanceId: gone },
        // Rows from before instances were recorded: the 15-minute rule.
        { status: "streaming", createdAt: minutesAgo(20) },
        { status: "streaming" },
      ]);

    const scope = { kind: "dead-instances", deadAfterSeconds: 30 } as const;
    expect(await markInterruptedTurns(db, scope)).toBe(4);
    expect(await read(running!)).toMatchObject({ status: "streaming", content: "Still" });
    expect(await read(deadPartial!)).toMatchObject({ status: "cancelled", content: "Cut" });
    expect(await read(deadEmpty!)).toMatchObject({ status: "failed", content: apology });
    expect(await read(goneEmpty!)).toMatchObject({ status: "failed", errorKind: "interrupted" });
    expect((await read(unownedOld!)).status).toBe("failed");
    expect((await read(unownedRecent!)).status).toBe("streaming");
    // The dead instance is forgotten; the live one stays.
    const left = await db.select({ id: instances.id }).from(instances);
    expect(left.map((row) => row.id)).toEqual([live]);
    expect(await markInterruptedTurns(db, scope)).toBe(0);
  });
});
