import { conversations, eq, messages, visitors } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestBot } from "../../test/create-test-bot";
import { markInterruptedTurns } from "./mark-interrupted-turns";

describe("markInterruptedTurns", () => {
  let testDatabase: TestDatabase;
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(() => testDatabase.cleanup());

  it("fails replies left streaming long ago, and leaves running ones alone", async () => {
    const db = testDatabase.db;
    await createTestBot(db, { id: "bot" });
    const [visitor] = await db
      .insert(visitors)
      .values({ botId: "bot", tokenHash: "hash" })
      .returning();
    const [conversation] = await db
      .insert(conversations)
      .values({ botId: "bot", visitorId: visitor!.id })
      .returning();
    const base = { conversationId: conversation!.id, botId: "bot", sender: "bot" as const };
    const [old, partial, running] = await db
      .insert(messages)
      .values([
        { ...base, status: "streaming", createdAt: new Date(Date.now() - 60 * 60_000) },
        {
          ...base,
          status: "streaming",
          content: "Half a",
          createdAt: new Date(Date.now() - 60 * 60_000),
        },
        { ...base, status: "streaming" },
      ])
      .returning();

    expect(await markInterruptedTurns(db)).toBe(2);
    const read = async (id: string) =>
      (await db.select().from(messages).where(eq(messages.id, id)))[0]!;
    expect(await read(old!.id)).toMatchObject({
      status: "failed",
      errorKind: "interrupted",
      content: "Sorry, I'm having trouble responding right now. Please try again later.",
    });
    expect((await read(partial!.id)).content).toBe("Half a");
    expect((await read(running!.id)).status).toBe("streaming");
    expect(await markInterruptedTurns(db)).toBe(0);
  });
});
