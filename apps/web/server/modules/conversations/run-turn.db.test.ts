import { bots, contacts, conversations, eq, messages } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { createEngine } from "@jai/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAppServices } from "../../services/app-services";
import { createTestBot } from "../../test/create-test-bot";
import { createMemoryLogger } from "../../test/memory-logger";
import type { DomainEvent } from "../events/domain-events";
import { contactIdForToken } from "./contacts";
import type { ChatTurn, ChatTurnOutcome } from "./run-turn";

async function finish(turn: ChatTurn): Promise<{ text: string; outcome: ChatTurnOutcome }> {
  let text = "";
  let step = await turn.reply.next();
  while (!step.done) {
    text += step.value;
    step = await turn.reply.next();
  }
  return { text, outcome: step.value };
}

describe("runTurn, the one chat turn of every channel", () => {
  let testDatabase: TestDatabase;
  let published: DomainEvent[];

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    published = [];
    await createTestBot(testDatabase.db, {
      id: "shop",
      persona: {
        language: "thai",
        faqs: [{ question: "ร้านเปิดกี่โมง", answer: "ร้านเปิด 9 โมงเช้าถึง 6 โมงเย็นค่ะ" }],
      },
    });
    await testDatabase.db.update(bots).set({ ownerId: "owner-1" }).where(eq(bots.id, "shop"));
  });
  afterEach(() => testDatabase.cleanup());

  function makeServices() {
    return createAppServices({
      database: testDatabase.database,
      logger: createMemoryLogger().logger,
      secretKey: "test-secret-key-that-is-long-enough",
      contactTo: "team@example.com",
      chat: { engine: createEngine({ local: { wordDelayMs: 0 } }) },
      domainEvents: { publish: async (events) => void published.push(...events) },
    });
  }

  it("answers the page, the widget and the API, each with its own contact", async () => {
    const services = makeServices();
    const chatBot = await services.bots.loadForChat("shop");
    const web = await services.chat.runTurn({
      chatBot,
      participant: { channel: "web", externalId: contactIdForToken("shop", "t".repeat(43)) },
      message: { text: "ร้านเปิดกี่โมง" },
      language: "th",
    });
    const widget = await services.chat.runTurn({
      chatBot,
      participant: { channel: "widget", externalId: "user:42", displayName: "Somchai" },
      message: { text: "ร้านเปิดกี่โมง" },
    });
    const api = await services.chat.runTurn({
      chatBot,
      participant: { channel: "api", externalId: "key:k1" },
      message: { text: "What time do you open?" },
    });
    for (const turn of [web, widget, api]) {
      const { text, outcome } = await finish(turn);
      expect(outcome.status).toBe("completed");
      expect(text).toBe(outcome.reply);
    }

    const stored = await testDatabase.db
      .select({ channel: contacts.channel, name: contacts.displayName })
      .from(contacts)
      .orderBy(contacts.channel);
    expect(stored).toEqual([
      { channel: "api", name: null },
      { channel: "web", name: null },
      { channel: "widget", name: "Somchai" },
    ]);
    const convs = await testDatabase.db
      .select({ channel: conversations.channel, contactId: conversations.contactId })
      .from(conversations);
    expect(convs.map((row) => row.channel).sort()).toEqual(["api", "web", "widget"]);
    expect(new Set(convs.map((row) => row.contactId)).size).toBe(3);
  });

  it("continues only the contact's own conversation, unless scoped to the bot (the API)", async () => {
    const services = makeServices();
    const chatBot = await services.bots.loadForChat("shop");
    const first = await services.chat.runTurn({
      chatBot,
      participant: { channel: "widget", externalId: "user:1" },
      message: { text: "hello" },
    });
    await finish(first);
    const conversationId = first.ids.conversationId;

    await expect(
      services.chat.runTurn({
        chatBot,
        participant: { channel: "widget", externalId: "user:2" },
        message: { text: "is it mine?" },
        conversationId,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const owner = await services.chat.runTurn({
      chatBot,
      participant: { channel: "api", externalId: "key:k1" },
      message: { text: "the owner's software follows up" },
      conversationId,
      conversationScope: "bot",
    });
    await finish(owner);
    expect(owner.ids.conversationId).toBe(conversationId);
  });

  it("keeps a shared location and tells the model about it", async () => {
    const services = makeServices();
    const turn = await services.chat.runTurn({
      chatBot: await services.bots.loadForChat("shop"),
      participant: { channel: "api", externalId: "key:k1" },
      message: { text: "", location: { latitude: 13.7563, longitude: 100.5018, title: "Siam" } },
    });
    await finish(turn);
    const [row] = await testDatabase.db
      .select({ content: messages.content, media: messages.media })
      .from(messages)
      .where(eq(messages.id, turn.ids.userMessageId));
    expect(row).toEqual({
      content: "Siam",
      media: { type: "map", latitude: 13.7563, longitude: 100.5018 },
    });

    await expect(
      services.chat.runTurn({
        chatBot: await services.bots.loadForChat("shop"),
        participant: { channel: "api", externalId: "key:k1" },
        message: { text: "", location: { latitude: 91, longitude: 0 } },
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED", fields: { location: "invalid" } });
  });

  it("refuses an empty or oversized external id before storing anything", async () => {
    const services = makeServices();
    const chatBot = await services.bots.loadForChat("shop");
    for (const externalId of ["", "x".repeat(257), " padded"]) {
      await expect(
        services.chat.runTurn({
          chatBot,
          participant: { channel: "api", externalId },
          message: { text: "hi" },
        }),
      ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    }
    expect(await testDatabase.db.select().from(contacts)).toEqual([]);
  });

  it("publishes a new contact and conversation once, and every stored message", async () => {
    const services = makeServices();
    const chatBot = await services.bots.loadForChat("shop");
    const participant = { channel: "widget" as const, externalId: "user:7" };
    const first = await services.chat.runTurn({
      chatBot,
      participant,
      message: { text: "ร้านเปิดกี่โมง" },
    });
    await finish(first);
    const second = await services.chat.runTurn({
      chatBot,
      participant,
      message: { text: "ขอบคุณค่ะ" },
      conversationId: first.ids.conversationId,
    });
    await finish(second);
    await expect.poll(() => published.length).toBe(6);

    expect(published.map((event) => event.type)).toEqual([
      "contact.created",
      "conversation.created",
      "message.created",
      "message.created",
      "message.created",
      "message.created",
    ]);
    for (const event of published) {
      expect(event).toMatchObject({ ownerId: "owner-1", botId: "shop" });
    }
    expect(new Set(published.map((event) => event.id)).size).toBe(6);
    expect(published[1]!.data).toEqual({
      conversation: {
        id: first.ids.conversationId,
        botId: "shop",
        channel: "widget",
        contactId: first.contactId,
      },
    });
  });

  it("previews a draft without storing anything", async () => {
    const services = makeServices();
    const chatBot = await services.bots.loadForChat("shop");
    const turn = await services.chat.runTurn({
      chatBot,
      participant: { channel: "web", externalId: "preview" },
      message: { text: "ร้านเปิดกี่โมง" },
      preview: { history: [{ role: "user", content: "สวัสดี" }] },
    });
    const { outcome } = await finish(turn);
    expect(outcome.status).toBe("completed");
    expect(outcome.reply).toContain("9");
    expect(await testDatabase.db.select().from(contacts)).toEqual([]);
    expect(await testDatabase.db.select().from(messages)).toEqual([]);
    expect(published).toEqual([]);
  });
});
