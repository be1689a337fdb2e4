import { bots, contacts, conversations, eq, knowledgeSources, messages } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { createEngine, type Engine, type TurnResult } from "@jai/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAppServices } from "../../services/app-services";
import { createTestBot } from "../../test/create-test-bot";
import { createMemoryLogger } from "../../test/memory-logger";
import type { DomainEvent } from "../events/domain-events";
import { contactIdForToken } from "./contacts";
import { type ChatTurn, type ChatTurnOutcome, toMessageSources } from "./run-turn";

async function finish(turn: ChatTurn): Promise<{ text: string; outcome: ChatTurnOutcome }> {
  let text = "";
  let step = await turn.reply.next();
  while (!step.done) {
    text += step.value;
    step = await turn.reply.next();
  }
  return { text, outcome: step.value };
}

/** An engine that answers "OK" (or as told), one result per turn; its retrieval is the engine's. */
function scriptedEngine(turns: Partial<TurnResult>[]): Engine {
  const engine = createEngine({ local: { wordDelayMs: 0 } });
  let turn = 0;
  return {
    ...engine,
    async *streamReply() {
      const result: TurnResult = {
        status: "completed",
        reply: "OK",
        text: "OK",
        latency: { totalMs: 1 },
        provider: "openai",
        model: "gpt-test",
        attempts: 1,
        language: "en",
        sources: [],
        ...turns[turn++],
      };
      if (result.text) yield { type: "token", text: result.text };
      yield { type: "done", result };
    },
  };
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

  function makeServices(engine: Engine = createEngine({ local: { wordDelayMs: 0 } })) {
    return createAppServices({
      database: testDatabase.database,
      logger: createMemoryLogger().logger,
      secretKey: "test-secret-key-that-is-long-enough",
      contactTo: "team@example.com",
      chat: { engine },
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

  it("stores what a reply was answered from on the bot message, and nothing when it did not know", async () => {
    await createTestBot(testDatabase.db, {
      id: "courier",
      knowledge: { "Delivery policy.pdf": "We deliver to Chiang Mai within three days." },
    });
    const [source] = await testDatabase.db.select().from(knowledgeSources);
    // The engine says what it used (its retrieval is tested in the engine): here, the passage
    // and a FAQ, then nothing.
    const used: TurnResult["sources"][] = [
      [
        {
          id: `${source!.id}#0`,
          kind: "knowledge",
          source: "Delivery policy.pdf",
          score: 2,
          coverage: 1,
        },
        { id: "faq:0", kind: "faq", source: "FAQ", score: 1, coverage: 0.5 },
      ],
      [],
    ];
    const services = makeServices(scriptedEngine(used.map((sources) => ({ sources }))));
    const chatBot = await services.bots.loadForChat("courier");
    const participant = { channel: "api" as const, externalId: "key:k1" };
    const turn = await services.chat.runTurn({
      chatBot,
      participant,
      message: { text: "How long does delivery to Chiang Mai take?" },
    });
    const { outcome } = await finish(turn);
    expect(outcome.sources).toEqual([
      {
        passageId: `${source!.id}#0`,
        sourceId: source!.id,
        kind: "knowledge",
        title: "Delivery policy.pdf",
      },
      { passageId: "faq:0", sourceId: null, kind: "faq", title: "FAQ" },
    ]);
    const storedSources = async (messageId: string) =>
      (
        await testDatabase.db
          .select({ sources: messages.sources })
          .from(messages)
          .where(eq(messages.id, messageId))
      )[0]?.sources;
    expect(await storedSources(turn.ids.botMessageId)).toEqual(outcome.sources);

    const unknown = await services.chat.runTurn({
      chatBot,
      participant,
      message: { text: "Do you sell bicycles?" },
      conversationId: turn.ids.conversationId,
    });
    expect((await finish(unknown)).outcome.sources).toEqual([]);
    expect(await storedSources(unknown.ids.botMessageId)).toBeNull();
  });

  it("tells the console when customers get an apology the owner must fix, until a turn completes", async () => {
    const failed = (kind: "auth" | "quota" | "config" | "timeout"): Partial<TurnResult> => ({
      status: "failed",
      reply: "Sorry",
      text: "",
      error: { kind, message: "Incorrect API key provided: sk-secret-123" },
    });
    const services = makeServices(
      scriptedEngine([
        failed("auth"),
        failed("timeout"),
        {},
        {},
        failed("quota"),
        failed("config"),
        failed("quota"),
      ]),
    );
    const chatBot = await services.bots.loadForChat("shop");
    const health = async () =>
      (
        await testDatabase.db
          .select({
            error: bots.providerError,
            kind: bots.providerErrorKind,
            at: bots.providerErrorAt,
            updatedAt: bots.updatedAt,
          })
          .from(bots)
          .where(eq(bots.id, "shop"))
      )[0]!;
    const before = await health();
    const turn = async (preview = false) =>
      finish(
        await services.chat.runTurn({
          chatBot,
          participant: { channel: "api", externalId: "key:k1" },
          message: { text: "hello" },
          ...(preview ? { preview: { history: [] } } : {}),
        }),
      );

    await turn();
    const refused = await health();
    expect(refused).toMatchObject({
      error: "the provider refused the key (the bot owner's or the server's)",
      kind: "auth",
      at: expect.any(Date),
    });
    // Provider health is not an edit of the bot's settings.
    expect(refused.updatedAt).toEqual(before.updatedAt);
    // A timeout passes by itself: the status stays as it was.
    await turn();
    expect((await health()).kind).toBe("auth");
    // A preview turn (an unsaved draft) never touches it, even completed.
    await turn(true);
    expect((await health()).kind).toBe("auth");
    await turn();
    expect(await health()).toMatchObject({ error: null, kind: null, at: null });
    await turn(true);
    expect((await health()).kind).toBeNull();
    await turn();
    expect(await health()).toMatchObject({
      kind: "config",
      error: 'the bot uses provider "openai" but OPENAI_API_KEY is not set',
    });
    await turn();
    const exhausted = await health();
    expect(exhausted.kind).toBe("quota");
    expect(JSON.stringify(exhausted)).not.toContain("sk-secret");
  });

  it("maps the engine's sources: FAQs and ids that are not a knowledge source's have no sourceId", () => {
    const uuid = "0d6c2f9e-3b1a-4c55-9d2e-7a8b9c0d1e2f";
    expect(
      toMessageSources([
        { id: "faq:2", kind: "faq", source: "FAQ", score: 3, coverage: 1 },
        { id: `${uuid}#4`, kind: "knowledge", source: "Menu.docx", score: 2, coverage: 0.5 },
        { id: "persona#0", kind: "knowledge", source: "Knowledge base", score: 1, coverage: 0.3 },
      ]),
    ).toEqual([
      { passageId: "faq:2", sourceId: null, kind: "faq", title: "FAQ" },
      { passageId: `${uuid}#4`, sourceId: uuid, kind: "knowledge", title: "Menu.docx" },
      { passageId: "persona#0", sourceId: null, kind: "knowledge", title: "Knowledge base" },
    ]);
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
