import { bots, eq, knowledgeChunks } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { createEngine, type Engine, type RetrieveOptions, type TurnInput } from "@jai/engine";
import {
  type FakeEmbeddingServer,
  startFakeEmbeddingServer,
} from "@jai/engine/testing/fake-embedding-server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../../env";
import { createAppServices } from "../../services/app-services";
import { createSecretBox } from "../../services/console/secret-box";
import { createTestBot } from "../../test/create-test-bot";
import { createMemoryLogger } from "../../test/memory-logger";
import type { ChatTurn } from "../conversations/run-turn";
import { createEmbeddingsConfig, type EmbeddingsConfig } from "./embeddings-config";
import { createEmbeddingsWorker } from "./embeddings-worker";
import { createVectorRanker } from "./vector-ranking";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const secretKey = "test-secret-key-that-is-long-enough";
const knowledge = {
  Delivery: "Delivery is free for orders over 500 baht. We ship with Kerry Express in two days.",
  Hours: "We open at 9 am and close at 6 pm, Monday to Saturday.",
  Refunds: "A refund takes up to 14 days after we receive the item back.",
};

async function finish(turn: ChatTurn) {
  let step = await turn.reply.next();
  while (!step.done) step = await turn.reply.next();
  return step.value;
}

describe("hybrid retrieval: chunk embeddings, the question's vector ranking", () => {
  let testDatabase: TestDatabase;
  let fake: FakeEmbeddingServer;
  let config: EmbeddingsConfig;
  let memory: ReturnType<typeof createMemoryLogger>;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    fake = await startFakeEmbeddingServer({ apiKey: "server-key" });
    // The same variables the OpenAI chat uses: its base URL and key serve the embeddings too.
    config = createEmbeddingsConfig(
      parseEnv({ OPENAI_BASE_URL: fake.baseUrls.openai, OPENAI_API_KEY: "server-key" }),
    );
    memory = createMemoryLogger();
    await createTestBot(testDatabase.db, { id: "shop", provider: "openai", knowledge });
    await testDatabase.db.update(bots).set({ ownerId: "owner-1" }).where(eq(bots.id, "shop"));
  });
  afterEach(async () => {
    await fake.close();
    await testDatabase.cleanup();
  });

  const worker = (options: { config?: EmbeddingsConfig } = {}) =>
    createEmbeddingsWorker({
      db: testDatabase.db,
      logger: memory.logger,
      config: options.config ?? config,
      secretBox: createSecretBox(secretKey),
    });

  async function chunksOf(botId: string) {
    return testDatabase.db
      .select({
        sourceId: knowledgeChunks.sourceId,
        ordinal: knowledgeChunks.ordinal,
        text: knowledgeChunks.text,
        embedding: knowledgeChunks.embedding,
        model: knowledgeChunks.embeddingModel,
      })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.botId, botId));
  }

  /** Services whose engine records what each turn and each "test a question" received. */
  function makeServices() {
    const inner = createEngine({ local: { wordDelayMs: 0 } });
    const turns: TurnInput[] = [];
    const retrievals: (RetrieveOptions | undefined)[] = [];
    const engine: Engine = {
      ...inner,
      // The bot is on OpenAI; its replies come from the embedded provider (no chat server here).
      streamReply(input) {
        turns.push(input);
        return inner.streamReply({ ...input, bot: { ...input.bot, provider: "local" } });
      },
      retrieve(index, text, options) {
        retrievals.push(options);
        return inner.retrieve(index, text, options);
      },
    };
    const services = createAppServices({
      database: testDatabase.database,
      logger: memory.logger,
      secretKey,
      contactTo: "team@example.com",
      chat: { engine, embeddings: config },
    });
    return { services, turns, retrievals };
  }

  const ask = async (services: ReturnType<typeof makeServices>["services"], text: string) => {
    const chatBot = await services.bots.loadForChat("shop");
    return finish(
      await services.chat.runTurn({
        chatBot,
        participant: { channel: "api", externalId: "key:k1" },
        message: { text },
      }),
    );
  };

  it("the job embeds the ready chunks of a bot on OpenAI, with the server's key, and nothing else", async () => {
    await createTestBot(testDatabase.db, { id: "claude", provider: "anthropic", knowledge });
    await createTestBot(testDatabase.db, { id: "embedded", knowledge });
    const [before] = await testDatabase.db
      .select({ version: bots.knowledgeVersion })
      .from(bots)
      .where(eq(bots.id, "shop"));

    const job = worker();
    expect(await job.runOnce()).toBe(3);
    const chunks = await chunksOf("shop");
    for (const chunk of chunks) {
      expect(chunk.model).toBe("openai:text-embedding-3-small");
      // The title is embedded with a written section's text.
      const title = Object.entries(knowledge).find(([, text]) => text === chunk.text)![0];
      expect(Float32Array.from(chunk.embedding!)).toEqual(fake.vectorOf(`${title}\n${chunk.text}`));
    }
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.headers.authorization).toBe("Bearer server-key");
    // Bots whose provider has no embeddings (and no Ollama configured): left to BM25.
    for (const id of ["claude", "embedded"]) {
      expect((await chunksOf(id)).every((chunk) => chunk.embedding === null)).toBe(true);
    }
    const [after] = await testDatabase.db
      .select({ version: bots.knowledgeVersion })
      .from(bots)
      .where(eq(bots.id, "shop"));
    expect(after?.version).toBe(before?.version);

    // Done: the next rounds call nothing.
    expect(await job.runOnce()).toBe(0);
    expect(await job.runOnce()).toBe(0);
    expect(fake.requests).toHaveLength(1);
    const skipped = memory.lines.filter((line) =>
      line.message.startsWith("knowledge embeddings: none"),
    );
    expect(skipped.map((line) => line.fields?.provider).sort()).toEqual(["anthropic", "local"]);
  });

  it("re-embeds chunks made by another model, and embeds every bot with the server's Ollama", async () => {
    await createTestBot(testDatabase.db, { id: "embedded", knowledge });
    await worker().runOnce();
    const [first] = await chunksOf("shop");
    await testDatabase.db
      .update(knowledgeChunks)
      .set({ embeddingModel: "openai:text-embedding-ada-002" })
      .where(eq(knowledgeChunks.sourceId, first!.sourceId));

    const withOllama = worker({
      config: { ...config, ollama: { baseUrl: fake.baseUrls.ollama, model: "bge-m3" } },
    });
    let embedded = 0;
    for (let round = 0; round < 5; round++) embedded += await withOllama.runOnce();
    expect(embedded).toBe(1 + 3);
    expect((await chunksOf("shop")).map((chunk) => chunk.model)).toEqual(
      Array(3).fill("openai:text-embedding-3-small"),
    );
    expect((await chunksOf("embedded")).map((chunk) => chunk.model)).toEqual(
      Array(3).fill("ollama:bge-m3"),
    );
  });

  it("a refused key rests: logged once, not called again, and other keys go on", async () => {
    const box = createSecretBox(secretKey);
    await createTestBot(testDatabase.db, { id: "own-key", provider: "openai", knowledge });
    await testDatabase.db
      .update(bots)
      .set({ providerKeyCiphertext: box.seal("sk-owner-wrong-key-123456") })
      .where(eq(bots.id, "own-key"));

    const job = worker();
    let embedded = 0;
    for (let round = 0; round < 6; round++) embedded += await job.runOnce();
    expect(embedded).toBe(3);
    const refused = fake.requests.filter(
      (request) => request.headers.authorization !== "Bearer server-key",
    );
    expect(refused).toHaveLength(1);
    const warnings = memory.lines.filter((line) => line.level === "warn");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      message: "knowledge embeddings failed, resting this key",
      fields: { botId: "own-key", kind: "auth", status: 401 },
    });
    expect(memory.text()).not.toContain("sk-owner-wrong-key-123456");
    expect((await chunksOf("own-key")).every((chunk) => chunk.embedding === null)).toBe(true);
  });

  it("without a key (OpenAI itself) the job skips the bot silently, logging it once", async () => {
    const job = worker({ config: createEmbeddingsConfig(parseEnv({})) });
    expect(await job.runOnce()).toBe(0);
    expect(await job.runOnce()).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(memory.lines.filter((line) => line.level !== "debug")).toEqual([
      expect.objectContaining({
        level: "info",
        fields: expect.objectContaining({ provider: "openai" }),
      }),
    ]);
  });

  it("a turn's retrieval gets the vector ranking: a Thai question finds the English passage", async () => {
    await worker().runOnce();
    const { services, turns, retrievals } = makeServices();
    // A turn waits at most 250 ms for the bot's vectors to be read (the first after a change on
    // a busy machine may go without them, BM25 alone).
    await vi.waitFor(
      async () => {
        expect((await ask(services, "ค่าส่งเท่าไหร่คะ")).status).toBe("completed");
        expect(turns.at(-1)?.vectorRanking).toBeDefined();
      },
      { timeout: 20_000, interval: 100 },
    );
    const delivery = (await chunksOf("shop")).find((chunk) => chunk.text.startsWith("Delivery"))!;
    const ranking = turns.at(-1)?.vectorRanking;
    expect(ranking).toHaveLength(3);
    expect(ranking?.[0]).toBe(`${delivery.sourceId}#${delivery.ordinal}`);
    // The question was embedded as a query, once.
    expect(fake.requests.at(-1)?.texts).toEqual(["ค่าส่งเท่าไหร่คะ"]);

    // "Test a question" in the console ranks the same way.
    const result = await services.console.knowledge.search("owner-1", "shop", "ค่าส่งเท่าไหร่คะ");
    expect(retrievals.at(-1)?.vectorRanking).toEqual(ranking);
    expect(result.hits.some((hit) => hit.text.startsWith("Delivery"))).toBe(true);
    // Asked again: the question's vector is remembered, no new call.
    expect(fake.requests.filter((request) => request.texts[0] === "ค่าส่งเท่าไหร่คะ")).toHaveLength(1);
  });

  it("no vectors yet: no call for the question, BM25 alone", async () => {
    const { services, turns } = makeServices();
    expect((await ask(services, "When do you open?")).status).toBe("completed");
    expect(turns[0]?.vectorRanking).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it("a down or hanging embedding server leaves the turn answering with BM25, and rests", async () => {
    await worker().runOnce();
    const { services, turns } = makeServices();
    await vi.waitFor(
      async () => {
        await ask(services, "refund");
        expect(turns.at(-1)?.vectorRanking).toBeDefined();
      },
      { timeout: 20_000, interval: 100 },
    );
    turns.length = 0;

    fake.setReplies([{ type: "hang" }]);
    const startedAt = performance.now();
    const hung = await ask(services, "When do you open?");
    expect(hung.status).toBe("completed");
    expect(hung.reply).toMatch(/9 am/);
    expect(performance.now() - startedAt).toBeLessThan(5_000);
    expect(turns[0]?.vectorRanking).toBeUndefined();

    // Resting after the timeout: the next turns do not wait for it again.
    const calls = fake.requests.length;
    const next = performance.now();
    expect((await ask(services, "How much is delivery?")).status).toBe("completed");
    expect(performance.now() - next).toBeLessThan(1_000);
    expect(fake.requests).toHaveLength(calls);

    const warnings = memory.lines.filter((line) =>
      line.message.startsWith("question not embedded"),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.fields).toMatchObject({ kind: "timeout" });

    // Gone altogether (connection refused): a fresh ranker falls back at once.
    await fake.close();
    const ranker = createVectorRanker({ db: testDatabase.db, config, logger: memory.logger });
    const chatBot = await services.bots.loadForChat("shop");
    expect(await ranker.rank(chatBot, "When do you open?")).toBeUndefined();
    fake = await startFakeEmbeddingServer();
  });

  it("picks up vectors the job adds after the bot's were first read", async () => {
    let now = 0;
    const ranker = createVectorRanker({
      db: testDatabase.db,
      config,
      logger: memory.logger,
      now: () => now,
      loadWaitMs: 10_000,
    });
    const { services } = makeServices();
    const chatBot = await services.bots.loadForChat("shop");
    expect(await ranker.rank(chatBot, "refund")).toBeUndefined();
    await worker().runOnce();
    // Still the first reading (no vectors) until it is read again.
    expect(await ranker.rank(chatBot, "refund")).toBeUndefined();
    now += 61_000;
    await ranker.rank(chatBot, "refund");
    await vi.waitFor(async () => {
      expect(await ranker.rank(chatBot, "refund")).toHaveLength(3);
    });
    expect(ranker.stats.bots).toBe(1);
    expect(ranker.stats.bytes).toBeGreaterThan(3 * 256 * 4);
  });
});
