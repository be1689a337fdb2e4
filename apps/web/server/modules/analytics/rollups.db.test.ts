import { randomUUID } from "node:crypto";
import {
  analyticsContactDays,
  analyticsHourly,
  analyticsQuestions,
  contacts,
  conversations,
  type Db,
  eq,
  messageFeedback,
  messages,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { questionKey } from "@jai/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestBot } from "../../test/create-test-bot";
import { markRollupHourDirty, rebuildRollups, refreshRollups } from "./rollups";

/** A small seeded PRNG (mulberry32): the same traffic on every run. */
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const channels = ["web", "widget", "line", "messenger"] as const;
const questions = [
  "ร้านเปิดกี่โมงคะ",
  "ร้านเปิดกี่โมง",
  "What time do you open?",
  "ส่งของกี่วันถึง",
  "How much is delivery?",
  "ok",
  "555",
  "มีที่จอดรถไหม",
];

/**
 * Random traffic of every kind (several bots, channels and hours; customers, the bot, teammates
 * and handoffs; answered and unanswered replies; thumbs, some late; CSAT), then the rollups are
 * compared with a recount made here from the raw rows, independently of the rollups' SQL.
 */
async function addTraffic(
  db: Db,
  random: () => number,
  options: { at: () => Date; count: number },
) {
  const bots = ["rollup-a", "rollup-b"];
  for (let i = 0; i < options.count; i++) {
    const botId = bots[Math.floor(random() * bots.length)]!;
    const channel = channels[Math.floor(random() * channels.length)]!;
    const start = options.at();
    const [contact] = await db
      .insert(contacts)
      .values({ botId, channel, externalId: randomUUID(), createdAt: start })
      .returning({ id: contacts.id });
    const [conversation] = await db
      .insert(conversations)
      .values({
        botId,
        contactId: contact!.id,
        channel,
        createdAt: start,
        // CSAT answered at once, or hours later (asked when the conversation went idle): an
        // hour that may hold no message.
        ...(random() < 0.3
          ? {
              csatScore: 1 + Math.floor(random() * 5),
              csatAnsweredAt: new Date(
                Math.min(Date.now(), start.getTime() + Math.floor(random() * 4) * 3600_000),
              ),
            }
          : {}),
      })
      .returning({ id: conversations.id });
    let at = start.getTime();
    const turns = 1 + Math.floor(random() * 4);
    for (let turn = 0; turn < turns; turn++) {
      const question = questions[Math.floor(random() * questions.length)]!;
      const createdAt = new Date(at);
      await db.insert(messages).values({
        conversationId: conversation!.id,
        botId,
        sender: "user",
        content: question,
        createdAt,
      });
      const [reply] = await db
        .insert(messages)
        .values({
          conversationId: conversation!.id,
          botId,
          sender: "bot",
          content: "reply",
          createdAt,
          unanswered: random() < 0.2 ? null : random() < 0.4,
          latencyMs: Math.floor(random() * 8000),
          inputTokens: Math.floor(random() * 500),
          outputTokens: Math.floor(random() * 200),
          provider: random() < 0.5 ? "local" : "openai",
          model: "gpt-4o-mini",
        })
        .returning({ id: messages.id });
      if (random() < 0.3) {
        await db.insert(messageFeedback).values({
          messageId: reply!.id,
          conversationId: conversation!.id,
          botId,
          channel,
          rating: random() < 0.5 ? "up" : "down",
        });
      }
      if (random() < 0.15) {
        const handoffAt = new Date(at + 1000);
        await db.insert(messages).values({
          conversationId: conversation!.id,
          botId,
          sender: "event",
          event: { type: "handoff_requested", reason: "request" },
          createdAt: handoffAt,
        });
        if (random() < 0.7) {
          await db.insert(messages).values({
            conversationId: conversation!.id,
            botId,
            sender: "human",
            content: "ครับ",
            createdAt: new Date(at + 1000 + Math.floor(random() * 3 * 3600_000)),
          });
        }
      }
      at += Math.floor(random() * 40 * 60_000);
    }
  }
}

type Recount = Map<string, Record<string, number>>;

async function recount(
  db: Db,
): Promise<{ hourly: Recount; questionsAsked: number; contactDays: number }> {
  const rows = await db.select().from(messages);
  const convs = new Map((await db.select().from(conversations)).map((row) => [row.id, row]));
  const votes = new Map(
    (await db.select().from(messageFeedback)).map((row) => [row.messageId, row]),
  );
  const hourly: Recount = new Map();
  const hourOf = (date: Date) => {
    const hour = new Date(date);
    hour.setUTCMinutes(0, 0, 0);
    return hour.toISOString();
  };
  const bump = (botId: string, channel: string, at: Date, field: string, by = 1) => {
    const key = `${botId}|${channel}|${hourOf(at)}`;
    const row = hourly.get(key) ?? {};
    row[field] = (row[field] ?? 0) + by;
    hourly.set(key, row);
  };
  let questionsAsked = 0;
  for (const message of rows) {
    const conversation = convs.get(message.conversationId)!;
    const bump1 = (field: string, by = 1) =>
      bump(message.botId, conversation.channel, message.createdAt, field, by);
    if (message.sender === "user") {
      bump1("userMessages");
      if (questionKey(message.content)) questionsAsked++;
    }
    if (message.sender === "human") bump1("humanMessages");
    if (message.sender === "bot") {
      bump1("botMessages");
      if (message.unanswered === true) bump1("unanswered");
      if (message.unanswered === false) bump1("answered");
      bump1("inputTokens", message.inputTokens ?? 0);
      const vote = votes.get(message.id);
      if (vote?.rating === "up") bump1("thumbsUp");
      if (vote?.rating === "down") bump1("thumbsDown");
    }
    if (message.sender === "event" && message.event?.type === "handoff_requested") {
      bump1("handoffs");
    }
  }
  for (const conversation of convs.values()) {
    bump(conversation.botId, conversation.channel, conversation.createdAt, "conversations");
    if (conversation.csatAnsweredAt && conversation.csatScore) {
      bump(conversation.botId, conversation.channel, conversation.csatAnsweredAt, "csatCount");
      bump(
        conversation.botId,
        conversation.channel,
        conversation.csatAnsweredAt,
        "csatSum",
        conversation.csatScore,
      );
    }
  }
  // Contact days in Bangkok (the bots have no workspace: the default time zone).
  const days = new Set<string>();
  for (const message of rows) {
    if (message.sender !== "user") continue;
    const conversation = convs.get(message.conversationId)!;
    const day = new Date(message.createdAt.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
    days.add(`${message.botId}|${day}|${conversation.contactId}`);
  }
  for (const [key, row] of hourly) {
    const nonZero = Object.fromEntries(Object.entries(row).filter(([, value]) => value !== 0));
    if (Object.keys(nonZero).length === 0) hourly.delete(key);
    else hourly.set(key, nonZero);
  }
  return { hourly, questionsAsked, contactDays: days.size };
}

async function rollups(db: Db): Promise<Recount> {
  const result: Recount = new Map();
  for (const row of await db.select().from(analyticsHourly)) {
    const fields: Record<string, number> = {
      userMessages: row.userMessages,
      humanMessages: row.humanMessages,
      botMessages: row.botMessages,
      unanswered: row.unanswered,
      answered: row.answered,
      inputTokens: row.inputTokens,
      thumbsUp: row.thumbsUp,
      thumbsDown: row.thumbsDown,
      handoffs: row.handoffs,
      conversations: row.conversations,
      csatCount: row.csatCount,
      csatSum: row.csatSum,
    };
    const nonZero = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== 0));
    if (Object.keys(nonZero).length > 0) {
      result.set(`${row.botId}|${row.channel}|${row.hour.toISOString()}`, nonZero);
    }
    // A latency histogram holds every completed reply with a latency.
    expect(row.responseBuckets.reduce((sum, count) => sum + count, 0)).toBe(row.botMessages);
  }
  return result;
}

async function expectEqualToRecount(db: Db) {
  const expected = await recount(db);
  expect(expected.hourly.size).toBeGreaterThan(20);
  expect(expected.questionsAsked).toBeGreaterThan(20);
  expect(Object.fromEntries(await rollups(db))).toEqual(Object.fromEntries(expected.hourly));
  const asked = (await db.select().from(analyticsQuestions)).reduce(
    (sum, row) => sum + row.asked,
    0,
  );
  expect(asked).toBe(expected.questionsAsked);
  expect(await db.select().from(analyticsContactDays)).toHaveLength(expected.contactDays);
}

describe("analytics rollups", () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await createTestBot(testDatabase.db, { id: "rollup-a" });
    await createTestBot(testDatabase.db, { id: "rollup-b" });
  });
  afterAll(async () => {
    await testDatabase?.cleanup();
  });

  it("equal a recount from the raw rows after random traffic, and again after more", async () => {
    const { db } = testDatabase;
    const random = prng(16);
    const base = Date.now() - 3 * 24 * 3600_000;
    await addTraffic(db, random, {
      at: () => new Date(base + Math.floor(random() * 3 * 24 * 3600_000)),
      count: 60,
    });
    await refreshRollups(db);
    await expectEqualToRecount(db);

    // More traffic now, a late vote on an old reply, and a vote taken back.
    await addTraffic(db, random, { at: () => new Date(), count: 20 });
    const old = await db.select().from(messages);
    const oldReply = old.find(
      (message) => message.sender === "bot" && message.createdAt.getTime() < base + 24 * 3600_000,
    )!;
    await db
      .insert(messageFeedback)
      .values({
        messageId: oldReply.id,
        conversationId: oldReply.conversationId,
        botId: oldReply.botId,
        channel: "web",
        rating: "down",
      })
      .onConflictDoUpdate({
        target: messageFeedback.messageId,
        set: { rating: "down", updatedAt: new Date() },
      });
    const [withdrawn] = await db.select().from(messageFeedback).limit(1);
    const rated = old.find((message) => message.id === withdrawn!.messageId)!;
    if (rated.id !== oldReply.id) {
      await db.delete(messageFeedback).where(eq(messageFeedback.id, withdrawn!.id));
      await markRollupHourDirty(db, rated.botId, rated.createdAt);
    }
    await refreshRollups(db);
    await expectEqualToRecount(db);

    // A full rebuild gives the same, also into empty rollups (CSAT-only hours included).
    await rebuildRollups(db);
    await expectEqualToRecount(db);
    for (const table of [analyticsHourly, analyticsQuestions, analyticsContactDays]) {
      await db.delete(table);
    }
    await rebuildRollups(db);
    await expectEqualToRecount(db);
  }, 60_000);
});
