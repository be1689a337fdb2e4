import { randomUUID } from "node:crypto";
import type {
  CuratedAnswerDto,
  CuratedAnswerVersionDto,
  ImprovementQueueDto,
} from "@jai/contracts/analytics";
import { analyticsHourly, analyticsQuestions, bots, curatedAnswers, eq, messages } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshRollups } from "../modules/analytics/rollups";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
} from "../test/console-test-app";

/**
 * The improvement queue and curated answers on the real app: CRUD with versions, owners apart,
 * groups from the rollups with dismissals that reopen, and a curated answer used by the next
 * chat on the bot page in Thai and English.
 */
describe("the improvement queue and curated answers", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let owner: OwnerClient;
  let other: OwnerClient;
  let botId: string;
  let otherBotId: string;

  async function createBot(client: OwnerClient, name: string) {
    const persona = await client.request("POST", "/api/console/personas", {
      name: "Mali",
      gender: "female",
      language: "auto",
      faqs: [
        { question: "ร้านเปิดกี่โมง", answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ" },
        { question: "What time do you open?", answer: "We open every day from 9 am to 5 pm." },
      ],
    });
    const bot = await client.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name,
    });
    return bot.body.id as string;
  }

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase);
    owner = await signInOwner(testApp, testDatabase, "improve-owner@example.com");
    other = await signInOwner(testApp, testDatabase, "improve-other@example.com");
    botId = await createBot(owner, "Shop bot");
    otherBotId = await createBot(other, "Other bot");
  }, 60_000);
  afterAll(async () => {
    await testDatabase?.cleanup();
  });

  /** A customer on the bot page (a new visitor each time: a new conversation). */
  async function ask(message: string, bot = botId) {
    const response = await testApp.app.request(`/api/bots/${bot}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      conversationId: string;
      botMessageId: string;
      reply: string;
      sources: { kind: string; sourceId: string | null; passageId: string; title: string }[];
    };
  }
  const stored = async (messageId: string) =>
    (await testDatabase.db.select().from(messages).where(eq(messages.id, messageId)))[0]!;
  const queue = async (bot = botId) => {
    const response = await owner.request("GET", `/api/console/improve/queue?botId=${bot}`);
    expect(response.status).toBe(200);
    return response.body as ImprovementQueueDto;
  };
  const save = (body: Record<string, unknown>, client = owner) =>
    client.request("POST", "/api/console/improve/answers", { botId, ...body });
  const hour = (hoursAgo: number) => {
    const at = new Date(Date.now() - hoursAgo * 3_600_000);
    at.setUTCMinutes(0, 0, 0);
    return at;
  };

  it("creates, edits with versions, restores, toggles and deletes; other owners get 404", async () => {
    const created = await save({ question: "Do you wrap gifts?", answer: "Yes, for free." });
    expect(created.status).toBe(201);
    const answer = created.body as CuratedAnswerDto;
    expect(answer).toMatchObject({
      botId,
      version: 1,
      origin: "manual",
      mode: "verbatim",
      language: null,
      enabled: true,
      hits: 0,
    });
    const path = `/api/console/improve/answers/${answer.id}`;
    const body = { botId, question: "Do you wrap gifts?", answer: "Yes, free gift wrapping." };
    const edited = await owner.request("PUT", path, { ...body, variants: ["gift wrap?"] });
    expect(edited.body).toMatchObject({ version: 2, variants: ["gift wrap?"] });
    // Disabling is not an edit of the text.
    const disabled = await owner.request("PUT", path, {
      ...body,
      variants: ["gift wrap?"],
      enabled: false,
    });
    expect(disabled.body).toMatchObject({ version: 2, enabled: false });
    const restored = await owner.request("POST", `${path}/restore/1`);
    expect(restored.body).toMatchObject({ version: 3, answer: "Yes, for free.", enabled: false });
    const versions = (await owner.request("GET", `${path}/versions`))
      .body as CuratedAnswerVersionDto[];
    expect(versions.map((version) => [version.version, version.answer])).toEqual([
      [3, "Yes, for free."],
      [2, "Yes, free gift wrapping."],
      [1, "Yes, for free."],
    ]);
    expect(versions[0]!.editedBy).toBe("Test Owner");
    expect((await owner.request("POST", `${path}/restore/9`)).status).toBe(404);
    expect((await owner.request("POST", `${path}/restore/x`)).status).toBe(404);

    // Another workspace: its bot and answers are not found, exactly like missing ones.
    for (const [method, url, payload] of [
      ["GET", `/api/console/improve/answers?botId=${botId}`],
      ["GET", `/api/console/improve/queue?botId=${botId}`],
      ["PUT", path, { ...body, botId }],
      ["DELETE", path],
      ["GET", `${path}/versions`],
      ["POST", `${path}/restore/1`],
      ["POST", "/api/console/improve/answers", { ...body, botId }],
      ["POST", "/api/console/improve/dismiss", { botId, key: "gift wrap" }],
      ["GET", `/api/console/improve/answers/${randomUUID()}/versions`],
    ] as const) {
      const response = await other.request(method, url, payload);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    // An answer moves to no other bot, not even one of the owner's own.
    expect((await owner.request("PUT", path, { ...body, botId: otherBotId })).status).toBe(422);
    expect((await save({ question: " ", answer: "x" })).status).toBe(422);
    expect((await save({ question: "q", answer: "a", language: "fr" })).status).toBe(422);
    expect((await save({ question: "q", answer: "a", mode: "loud" })).status).toBe(422);

    const list = (await owner.request("GET", `/api/console/improve/answers?botId=${botId}`))
      .body as CuratedAnswerDto[];
    expect(list.map((item) => item.id)).toContain(answer.id);
    expect((await owner.request("DELETE", path)).status).toBe(204);
    expect((await owner.request("DELETE", path)).status).toBe(404);
    expect((await owner.request("GET", `${path}/versions`)).status).toBe(404);
  });

  it("reads answers written by imports, and keeps at most 1,000 per bot", async () => {
    const [bot] = await testDatabase.db
      .select({ workspaceId: bots.ownerId })
      .from(bots)
      .where(eq(bots.id, botId));
    const workspaceId = bot!.workspaceId!;
    const [imported] = await testDatabase.db
      .insert(curatedAnswers)
      .values({
        botId,
        workspaceId,
        question: "Do you sell vouchers?",
        answer: "Yes.",
        origin: "import",
        language: "th",
      })
      .returning();
    const path = `/api/console/improve/answers/${imported!.id}`;
    const versions = (await owner.request("GET", `${path}/versions`)).body as unknown[];
    expect(versions).toMatchObject([{ version: 1, answer: "Yes.", editedBy: null }]);
    const edited = await owner.request("PUT", path, {
      botId,
      question: "Do you sell vouchers?",
      answer: "Yes, from 500 THB.",
      language: "th",
    });
    expect(edited.body).toMatchObject({ version: 2, origin: "import" });
    expect(((await owner.request("GET", `${path}/versions`)).body as unknown[]).length).toBe(2);

    const existing = (await owner.request("GET", `/api/console/improve/answers?botId=${botId}`))
      .body as unknown[];
    await testDatabase.db.insert(curatedAnswers).values(
      Array.from({ length: 1000 - existing.length }, (_, index) => ({
        botId,
        workspaceId,
        question: `Filler ${index}`,
        answer: "Filler",
        enabled: false,
      })),
    );
    const refused = await save({ question: "One too many", answer: "No room" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({ answers: "tooMany" });
    await testDatabase.db.delete(curatedAnswers).where(eq(curatedAnswers.answer, "Filler"));
    await owner.request("DELETE", path);
  });

  it("groups signals by meaning, suggests answers, and dismissed groups come back with new signals", async () => {
    const rows = (
      key: string,
      example: string,
      language: string,
      hoursAgo: number,
      signals: Partial<Record<"unanswered" | "thumbsDown" | "handoffs" | "asked", number>>,
    ) => ({
      botId,
      channel: "web",
      hour: hour(hoursAgo),
      questionKey: key,
      example,
      language,
      asked: signals.asked ?? 1,
      unanswered: signals.unanswered ?? 0,
      thumbsDown: signals.thumbsDown ?? 0,
      handoffs: signals.handoffs ?? 0,
    });
    await testDatabase.db.insert(analyticsQuestions).values([
      rows("gift sell", "Do you sell gift boxes?", "en", 5, { unanswered: 2, asked: 2 }),
      rows("gift sell", "ขายกล่องของขวัญไหม", "th", 4, { unanswered: 1, handoffs: 1 }),
      // The FAQ answers it, but a customer gave it a thumbs down.
      rows("open time", "What time do you open?", "en", 3, { thumbsDown: 1 }),
      // Asked and answered: nothing to improve.
      rows("refund", "Can I get a refund?", "en", 3, { asked: 4 }),
      // Older than 90 days.
      rows("old thing", "Something from long ago?", "en", 24 * 91, { unanswered: 3 }),
    ]);
    const first = await queue();
    expect(first.groups.map((group) => group.key)).toEqual(["gift sell", "open time"]);
    const gifts = first.groups[0]!;
    expect(gifts).toMatchObject({
      botId,
      botName: "Shop bot",
      question: "Do you sell gift boxes?",
      counts: { unanswered: 3, thumbs_down: 0, handoff: 1 },
      total: 3,
      lastAt: hour(4).toISOString(),
    });
    expect(gifts.examples).toEqual([
      { text: "Do you sell gift boxes?", language: "en" },
      { text: "ขายกล่องของขวัญไหม", language: "th" },
    ]);
    expect(first.groups[1]!.suggestion).toMatchObject({
      from: "knowledge",
      answer: "We open every day from 9 am to 5 pm.",
    });

    expect(
      (await owner.request("POST", "/api/console/improve/dismiss", { botId, key: "gift sell" }))
        .status,
    ).toBe(204);
    expect((await queue()).groups.map((group) => group.key)).toEqual(["open time"]);
    // A new signal in a later hour brings it back.
    await testDatabase.db
      .insert(analyticsQuestions)
      .values(rows("gift sell", "gift boxes?", "en", -1, { unanswered: 1 }));
    expect((await queue()).groups.map((group) => group.key)).toEqual(["gift sell", "open time"]);

    // Answered by a curated answer: it leaves the queue.
    const saved = await save({
      question: "What time do you open?",
      answer: "9 am to 5 pm, every day.",
      questionKey: "open time",
      origin: "knowledge",
    });
    expect(saved.body).toMatchObject({ origin: "knowledge", questionKey: "open time" });
    expect((await queue()).groups.map((group) => group.key)).toEqual(["gift sell"]);
    await owner.request("DELETE", `/api/console/improve/answers/${saved.body.id}`);
    await testDatabase.db.delete(analyticsQuestions);
  });

  it("uses a curated answer in the next chat, in English and Thai, and counts its hits", async () => {
    // Before: the bot cannot answer.
    const before = await ask("Is there parking?");
    expect(before.sources).toEqual([]);
    expect((await stored(before.botMessageId)).unanswered).toBe(true);
    const thaiBefore = await ask("มีที่จอดรถไหมคะ");
    expect(thaiBefore.sources).toEqual([]);
    // The team answers the Thai customer from the inbox.
    const replied = await owner.request(
      "POST",
      `/api/console/inbox/conversations/${thaiBefore.conversationId}/messages`,
      { text: "มีที่จอดรถฟรี 20 คันหลังร้านค่ะ", clientId: randomUUID() },
    );
    expect(replied.status).toBe(201);

    await refreshRollups(testDatabase.db);
    const { groups } = await queue();
    expect(groups).toHaveLength(1);
    const group = groups[0]!;
    expect(group.counts.unanswered).toBe(2);
    // One wording per hour and channel is kept (the latest): the Thai one.
    expect(group.examples).toEqual([{ text: "มีที่จอดรถไหมคะ", language: "th" }]);
    expect(group.suggestion).toEqual({
      answer: "มีที่จอดรถฟรี 20 คันหลังร้านค่ะ",
      from: "human_reply",
      title: null,
    });

    const english = (
      await save({
        question: "Is there parking?",
        variants: group.examples.map((example) => example.text),
        answer: "Yes: 20 free spaces behind the shop.",
        language: "en",
        questionKey: group.key,
      })
    ).body as CuratedAnswerDto;
    const thai = (
      await save({
        question: "มีที่จอดรถไหม",
        answer: group.suggestion!.answer,
        language: "th",
        origin: "human_reply",
      })
    ).body as CuratedAnswerDto;
    expect((await queue()).groups).toEqual([]);

    // After: the curated text, as the reply's only source, in the customer's language.
    const after = await ask("Do you have a car park?");
    expect(after.reply).toBe("Yes: 20 free spaces behind the shop.");
    expect(after.sources).toEqual([
      {
        kind: "curated",
        sourceId: english.id,
        passageId: `curated:${english.id}`,
        title: english.question,
      },
    ]);
    const row = await stored(after.botMessageId);
    expect(row).toMatchObject({ curatedAnswerId: english.id, unanswered: false, inputTokens: 0 });
    const thaiAfter = await ask("ที่จอดรถมีไหมคะ");
    expect(thaiAfter.reply).toBe("มีที่จอดรถฟรี 20 คันหลังร้านค่ะ");
    expect(thaiAfter.sources[0]).toMatchObject({ kind: "curated", sourceId: thai.id });

    const hits = async () =>
      Object.fromEntries(
        (
          await testDatabase.db
            .select({ id: curatedAnswers.id, hits: curatedAnswers.hits })
            .from(curatedAnswers)
        ).map((answer) => [answer.id, answer.hits]),
      );
    await expect.poll(hits).toMatchObject({ [english.id]: 1, [thai.id]: 1 });
    const listed = (await owner.request("GET", `/api/console/improve/answers?botId=${botId}`))
      .body as CuratedAnswerDto[];
    expect(listed.find((answer) => answer.id === english.id)?.lastHitAt).not.toBeNull();

    // A guide answer is said by the engine (no model here: the local provider gives it), and
    // wins over the FAQ that matched.
    const guide = (
      await save({
        question: "What time do you open?",
        answer: "Every day from 9 am to 5 pm, public holidays too.",
        mode: "guide",
      })
    ).body as CuratedAnswerDto;
    const guided = await ask("When do you open?");
    expect(guided.reply).toContain("Every day from 9 am to 5 pm, public holidays too.");
    expect(guided.sources).toEqual([expect.objectContaining({ sourceId: guide.id })]);
    expect((await stored(guided.botMessageId)).provider).toBe("local");

    // Disabled, it is never used: the Thai one answers, through the engine (another language).
    await owner.request("PUT", `/api/console/improve/answers/${english.id}`, {
      botId,
      question: english.question,
      variants: english.variants,
      answer: english.answer,
      language: "en",
      questionKey: english.questionKey,
      enabled: false,
    });
    const disabled = await ask("Do you have a car park?");
    expect(disabled.sources).toEqual([expect.objectContaining({ sourceId: thai.id })]);
    expect(disabled.reply).toContain("มีที่จอดรถฟรี 20 คันหลังร้านค่ะ");
    // The other bot never sees this bot's answers.
    const elsewhere = await ask("Do you have a car park?", otherBotId);
    expect(elsewhere.sources).toEqual([]);

    // What improved: the unanswered rate before the first curated answer and after it.
    await refreshRollups(testDatabase.db);
    const firstAnswerAt = new Date(Date.now() - 10 * 24 * 3_600_000);
    await testDatabase.db
      .update(curatedAnswers)
      .set({ createdAt: firstAnswerAt })
      .where(eq(curatedAnswers.botId, botId));
    await testDatabase.db.insert(analyticsHourly).values({
      botId,
      channel: "web",
      hour: hour(15 * 24),
      answered: 1,
      unanswered: 3,
    });
    const { improvement } = await queue();
    expect(improvement).toMatchObject({ since: firstAnswerAt.toISOString(), before: 0.75 });
    expect(improvement.after).toBeGreaterThan(0);
    expect(improvement.after).toBeLessThan(0.5);
  });
});
