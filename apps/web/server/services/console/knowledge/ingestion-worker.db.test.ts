import { consoleLimits } from "@jai/contracts/console";
import {
  asc,
  bots,
  createDatabase,
  eq,
  knowledgeChunks,
  knowledgeSourceContents,
  knowledgeSources,
  sql,
  users,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { createEngine } from "@jai/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../../http/errors";
import { createTestBot } from "../../../test/create-test-bot";
import { createMemoryLogger } from "../../../test/memory-logger";
import { createBotIndexCache } from "../../bots/bot-index-cache";
import { loadChatBot } from "../../bots/load-chat-bot";
import { buildDocx, buildPdf } from "./build-test-files";
import { createConsoleKnowledge } from "./create-console-knowledge";
import { createIngestionWorker, type IngestionWorkerOptions } from "./ingestion-worker";

const ownerA = "owner-a";
const ownerB = "owner-b";

describe("knowledge base: service and ingestion worker", { timeout: 60_000 }, () => {
  let testDatabase: TestDatabase;
  let log: ReturnType<typeof createMemoryLogger>;
  let wakes = 0;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    log = createMemoryLogger();
    wakes = 0;
    for (const [id, ownerId] of [
      ["bot-a", ownerA],
      ["bot-b", ownerB],
    ] as const) {
      // The owners' accounts: the knowledge base's allowance is their plan's.
      await testDatabase.db
        .insert(users)
        .values({ id: ownerId, name: ownerId, email: `${ownerId}@example.com` });
      await createTestBot(testDatabase.db, {
        id,
        persona: { faqs: [{ question: "What is your name?", answer: "I am the test bot." }] },
      });
      await testDatabase.db.update(bots).set({ ownerId }).where(eq(bots.id, id));
    }
  });
  afterEach(() => testDatabase.cleanup());

  const engine = createEngine({ local: { wordDelayMs: 0 } });
  function makeKnowledge() {
    const indexes = createBotIndexCache(testDatabase.db);
    const knowledge = createConsoleKnowledge({
      db: testDatabase.db,
      logger: log.logger,
      engine,
      indexes,
      onSourceQueued: () => {
        wakes += 1;
      },
    });
    return { knowledge, indexes };
  }
  const makeWorker = (options: Partial<IngestionWorkerOptions> = {}) =>
    createIngestionWorker({ db: testDatabase.db, logger: log.logger, ...options });

  const sourceRow = async (id: string) =>
    (await testDatabase.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, id)))[0]!;
  const knowledgeVersion = async (botId: string) =>
    (await testDatabase.db.select().from(bots).where(eq(bots.id, botId)))[0]!.knowledgeVersion;

  it("ingests text, FAQs and files in the background; chats and the test box then find them", async () => {
    const { knowledge, indexes } = makeKnowledge();
    const text = await knowledge.add(ownerA, "bot-a", {
      kind: "text",
      title: "Opening hours",
      text: "The shop opens at 9 am and closes at 6 pm, Monday to Saturday.",
    });
    const faq = await knowledge.add(ownerA, "bot-a", {
      kind: "faq",
      title: "Delivery FAQ",
      faqs: [
        { question: "Do you deliver to Chiang Mai?", answer: "Yes, Chiang Mai takes 2 days." },
        { question: "ส่งฟรีไหม", answer: "ส่งฟรีเมื่อซื้อครบ 500 บาท" },
      ],
    });
    const pdf = await knowledge.addFile(ownerA, "bot-a", {
      name: "warranty.pdf",
      type: "application/pdf",
      bytes: await buildPdf([["Every kettle has a two year warranty."], ["รับประกันสองปี"]]),
    });
    const docx = await knowledge.addFile(ownerA, "bot-a", {
      name: "returns.docx",
      type: "",
      bytes: await buildDocx(["Refunds are paid within 14 days."]),
    });
    expect([text, faq, pdf, docx].map((source) => source.status)).toEqual([
      "pending",
      "pending",
      "pending",
      "pending",
    ]);
    expect(pdf).toMatchObject({ kind: "file", title: "warranty.pdf", fileName: "warranty.pdf" });
    expect(wakes).toBe(4);

    // Before ingestion the bot's index (the one chats use) does not know it.
    const chatBotBefore = await loadChatBot(testDatabase.db, "bot-a");
    const before = engine.retrieve(await indexes.get(chatBotBefore), "kettle warranty");
    expect(before.passages).toEqual([]);
    const versionBefore = await knowledgeVersion("bot-a");

    const worker = makeWorker({ batchSize: 10 });
    expect(await worker.runOnce()).toBe(4);
    const sources = await knowledge.list(ownerA, "bot-a");
    expect(sources.map((source) => [source.title, source.status, source.error])).toEqual([
      ["returns.docx", "ready", null],
      ["warranty.pdf", "ready", null],
      ["Delivery FAQ", "ready", null],
      ["Opening hours", "ready", null],
    ]);
    expect(sources.find((source) => source.kind === "faq")!.chunkCount).toBe(2);
    expect(await knowledgeVersion("bot-a")).toBeGreaterThan(versionBefore);
    // What was submitted is kept (ingestion can run again).
    expect(await testDatabase.db.select().from(knowledgeSourceContents)).toHaveLength(4);
    expect(await worker.runOnce()).toBe(0);

    // The next chat turn's index has it: the same cache, a new knowledge_version.
    const chatBot = await loadChatBot(testDatabase.db, "bot-a");
    const after = engine.retrieve(await indexes.get(chatBot), "kettle warranty");
    expect(after.passages[0]).toMatchObject({ source: "warranty.pdf" });
    expect(after.passages[0]!.text).toContain("two year warranty");

    // FAQ pairs are answered as FAQs: the local model gives the answer itself.
    let reply = "";
    for await (const event of engine.streamReply({
      bot: { name: "Bot A" },
      persona: chatBot.persona,
      history: [],
      message: "Do you deliver to Chiang Mai?",
      index: await indexes.get(chatBot),
    })) {
      if (event.type === "done") reply = event.result.reply;
    }
    expect(reply).toContain("Chiang Mai takes 2 days");

    // The test box: the same hits, with what a prompt would use.
    const result = await knowledge.search(ownerA, "bot-a", "Do you deliver to Chiang Mai?");
    expect(result.hits[0]).toMatchObject({
      kind: "faq",
      source: "Delivery FAQ",
      text: "Do you deliver to Chiang Mai?\nYes, Chiang Mai takes 2 days.",
      used: true,
    });
    const thai = await knowledge.search(ownerA, "bot-a", "ส่งฟรีไหม");
    expect(thai.hits[0]).toMatchObject({ kind: "faq", used: true });
    const refunds = await knowledge.search(ownerA, "bot-a", "refunds paid");
    expect(refunds.hits[0]).toMatchObject({ kind: "chunk", source: "returns.docx", used: true });
    expect(refunds.hits[0]!.coverage).toBeGreaterThan(0);
    // The persona's own FAQs are there too; unrelated questions retrieve nothing used.
    const name = await knowledge.search(ownerA, "bot-a", "what is your name");
    expect(name.hits[0]).toMatchObject({ kind: "faq", source: "FAQ", used: true });
    const nothing = await knowledge.search(ownerA, "bot-a", "zebra quantum");
    expect(nothing.hits.filter((hit) => hit.used)).toEqual([]);

    // Deleting removes its chunks, and the next index forgets it.
    await knowledge.delete(ownerA, "bot-a", pdf.id);
    const chunks = await testDatabase.db
      .select()
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.sourceId, pdf.id));
    expect(chunks).toEqual([]);
    const gone = engine.retrieve(
      await indexes.get(await loadChatBot(testDatabase.db, "bot-a")),
      "kettle warranty",
    );
    expect(gone.passages).toEqual([]);
    // The logs name sources, never their content.
    expect(log.text()).not.toContain("warranty.");
    expect(log.text()).not.toContain("Chiang Mai");
  });

  it("fails a corrupt PDF at once, with a code the console can put in words", async () => {
    const { knowledge } = makeKnowledge();
    const corrupt = await knowledge.addFile(ownerA, "bot-a", {
      name: "broken.pdf",
      type: "application/pdf",
      bytes: new TextEncoder().encode(`%PDF-1.4\n${"not really a pdf ".repeat(20)}`),
    });
    const worker = makeWorker();
    await worker.runOnce();
    expect(await sourceRow(corrupt.id)).toMatchObject({
      status: "failed",
      error: "corrupt_file",
      attempts: 1,
      leaseUntil: null,
      chunkCount: 0,
    });
    const [listed] = await knowledge.list(ownerA, "bot-a");
    expect(listed).toMatchObject({ status: "failed", error: "corrupt_file" });
  });

  it("retries an unexpected error with backoff, then fails it as internal", async () => {
    const { knowledge } = makeKnowledge();
    const source = await knowledge.add(ownerA, "bot-a", { kind: "text", title: "T", text: "Hi" });
    // Content gone: not the file's fault, so it is retried.
    await testDatabase.db
      .delete(knowledgeSourceContents)
      .where(eq(knowledgeSourceContents.sourceId, source.id));
    const worker = makeWorker({ maxAttempts: 2, retryDelayMs: () => 60_000 });
    expect(await worker.runOnce()).toBe(1);
    const waiting = await sourceRow(source.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, error: null });
    // Waiting out its backoff: not claimed yet.
    expect(await worker.runOnce()).toBe(0);
    await testDatabase.db
      .update(knowledgeSources)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(knowledgeSources.id, source.id));
    expect(await worker.runOnce()).toBe(1);
    expect(await sourceRow(source.id)).toMatchObject({
      status: "failed",
      error: "internal",
      attempts: 2,
    });
    expect(log.lines.some((line) => line.message.includes("will retry"))).toBe(true);
  });

  it("takes over a source whose worker died (lease ran out), and never lets two workers ingest one", async () => {
    const { knowledge } = makeKnowledge();
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const source = await knowledge.add(ownerA, "bot-a", {
        kind: "text",
        title: `Section ${i}`,
        text: `Section ${i} says something about topic ${i}.`,
      });
      ids.push(source.id);
    }
    const first = makeWorker({ batchSize: 6 });
    // On PostgreSQL the second worker is another instance: its own connection pool.
    const other = testDatabase.databaseUrl
      ? await createDatabase({ databaseUrl: testDatabase.databaseUrl })
      : testDatabase.database;
    const second = makeWorker({ db: other.db, batchSize: 3 });
    try {
      const claimed = await Promise.all([first.runOnce(), second.runOnce(), second.runOnce()]);
      expect(claimed.reduce((sum, value) => sum + value, 0)).toBe(6);
    } finally {
      if (other !== testDatabase.database) await other.close();
    }
    const rows = await testDatabase.db
      .select()
      .from(knowledgeSources)
      .orderBy(asc(knowledgeSources.title));
    expect(rows.map((row) => [row.status, row.attempts, row.chunkCount])).toEqual(
      ids.map(() => ["ready", 1, 1]),
    );
    const chunks = await testDatabase.db.select().from(knowledgeChunks);
    expect(chunks).toHaveLength(6);

    // A claim whose worker died: pending with a lease in the past.
    const crashed = await knowledge.add(ownerA, "bot-a", {
      kind: "text",
      title: "C",
      text: "Crash",
    });
    await testDatabase.db
      .update(knowledgeSources)
      .set({ attempts: 1, leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(knowledgeSources.id, crashed.id));
    expect(await first.runOnce()).toBe(1);
    expect(await sourceRow(crashed.id)).toMatchObject({ status: "ready", attempts: 2 });
  });

  it("starts, is woken and stops like the outbox worker", async () => {
    const worker = makeWorker({ pollIntervalMs: 60_000 });
    const service = createConsoleKnowledge({
      db: testDatabase.db,
      logger: log.logger,
      engine,
      indexes: createBotIndexCache(testDatabase.db),
      onSourceQueued: () => worker.wake(),
    });
    worker.start();
    const source = await service.add(ownerA, "bot-a", { kind: "text", title: "W", text: "Woken" });
    // The first source also starts the extraction worker thread (seconds on a busy machine).
    await expect
      .poll(async () => (await sourceRow(source.id)).status, { timeout: 30_000 })
      .toBe("ready");
    await worker.stop(5_000);
  });

  it("keeps owners apart and enforces limits", async () => {
    const { knowledge } = makeKnowledge();
    const own = await knowledge.add(ownerB, "bot-b", { kind: "text", title: "B", text: "B's" });
    const notFound = { code: "NOT_FOUND" };
    await expect(knowledge.list(ownerA, "bot-b")).rejects.toMatchObject(notFound);
    await expect(
      knowledge.add(ownerA, "bot-b", { kind: "text", title: "x", text: "x" }),
    ).rejects.toMatchObject(notFound);
    await expect(
      knowledge.addFile(ownerA, "bot-b", { name: "a.txt", type: "", bytes: new Uint8Array([65]) }),
    ).rejects.toMatchObject(notFound);
    await expect(knowledge.delete(ownerA, "bot-b", own.id)).rejects.toMatchObject(notFound);
    await expect(knowledge.delete(ownerA, "bot-a", own.id)).rejects.toMatchObject(notFound);
    await expect(knowledge.delete(ownerA, "bot-a", "not-a-uuid")).rejects.toMatchObject(notFound);
    await expect(knowledge.search(ownerA, "bot-b", "hello")).rejects.toMatchObject(notFound);
    await expect(knowledge.list(ownerA, "demo")).rejects.toMatchObject(notFound);
    expect(await knowledge.list(ownerB, "bot-b")).toHaveLength(1);

    await expect(
      knowledge.add(ownerA, "bot-a", { kind: "text", title: "", text: "x" }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED", fields: { title: "missing" } });
    await expect(
      knowledge.add(ownerA, "bot-a", {
        kind: "text",
        title: "Long",
        text: "ก".repeat(consoleLimits.knowledgeText + 1),
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED", fields: { text: "tooLong" } });
    await expect(knowledge.search(ownerA, "bot-a", " ")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { question: "missing" },
    });
    const upload = (name: string, bytes: Uint8Array) =>
      knowledge.addFile(ownerA, "bot-a", { name, type: "", bytes });
    await expect(upload("empty.txt", new Uint8Array())).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { file: "empty" },
    });
    await expect(
      upload("big.txt", new Uint8Array(consoleLimits.knowledgeFileBytes + 1).fill(65)),
    ).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    await expect(upload("run.exe", new Uint8Array([77, 90]))).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      fields: { file: "unsupportedType" },
    });
    await expect(upload("fake.pdf", new TextEncoder().encode("hello"))).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      fields: { file: "contentMismatch" },
    });
    // A path in the name is dropped.
    const named = await upload("C:\\Users\\me\\notes.md", new TextEncoder().encode("# Notes"));
    expect(named).toMatchObject({ title: "notes.md", fileName: "notes.md", byteSize: 7 });

    // The per-bot count.
    const existing = (await knowledge.list(ownerA, "bot-a")).length;
    await testDatabase.db.insert(knowledgeSources).values(
      Array.from({ length: consoleLimits.knowledgeSourcesPerBot - existing }, (_, i) => ({
        botId: "bot-a",
        kind: "text" as const,
        title: `Filler ${i}`,
      })),
    );
    const limited = knowledge.add(ownerA, "bot-a", { kind: "text", title: "One more", text: "x" });
    await expect(limited).rejects.toBeInstanceOf(AppError);
    await expect(limited).rejects.toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      fields: { sources: "tooMany" },
    });
  });
});
