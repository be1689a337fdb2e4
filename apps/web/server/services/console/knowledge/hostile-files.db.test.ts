import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer, type ServerType } from "@hono/node-server";
import { bots, eq, knowledgeSources, users } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { createEngine } from "@jai/engine";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../../app";
import { createTestBot } from "../../../test/create-test-bot";
import { createMemoryLogger } from "../../../test/memory-logger";
import { createAppServices } from "../../app-services";
import { createBotIndexCache } from "../../bots/bot-index-cache";
import {
  buildDocxWithHugeImage,
  buildDocxWithXml,
  buildEmptyPagesPdf,
  buildZipBombDocx,
  randomDocumentXml,
} from "./build-test-files";
import { createConsoleKnowledge } from "./create-console-knowledge";
import { createExtractionPool } from "./extraction-pool";
import { createIngestionWorker, type IngestionWorker } from "./ingestion-worker";

const megabyte = 1024 * 1024;
const owner = "owner-hostile";

/**
 * The issue's bound for other tenants' requests while a hostile file is ingested (its p99 is
 * measured by bench/ingestion-latency.ts; this test checks the p90, which a few scheduling
 * hiccups of the shared test machine cannot move, while a blocked event loop moves every figure).
 */
const boundMs = 200;

describe("hostile knowledge files", { timeout: 120_000 }, () => {
  let testDatabase: TestDatabase;
  let log: ReturnType<typeof createMemoryLogger>;
  const workers: IngestionWorker[] = [];
  const servers: ServerType[] = [];
  // 14 MB of document XML within every ZIP limit: seconds of parsing and ~400 MB of heap.
  let heavy: Uint8Array;

  beforeAll(() => {
    heavy = buildDocxWithXml(randomDocumentXml(14 * megabyte));
  });
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    log = createMemoryLogger();
    await createTestBot(testDatabase.db, { id: "bot-h" });
    // The owner's account: uploads count against its plan's knowledge base.
    await testDatabase.db
      .insert(users)
      .values({ id: owner, name: owner, email: `${owner}@example.com` });
    await testDatabase.db.update(bots).set({ ownerId: owner }).where(eq(bots.id, "bot-h"));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop(5_000)));
    for (const server of servers.splice(0)) {
      await new Promise((resolve) => server.close(resolve));
      (server as Server).closeAllConnections();
    }
    await testDatabase.cleanup();
  });

  const makeWorker = (options: Partial<Parameters<typeof createIngestionWorker>[0]> = {}) => {
    const worker = createIngestionWorker({
      db: testDatabase.db,
      logger: log.logger,
      batchSize: 10,
      ...options,
    });
    workers.push(worker);
    return worker;
  };
  const upload = (name: string, bytes: Uint8Array) =>
    createConsoleKnowledge({
      db: testDatabase.db,
      logger: log.logger,
      engine: createEngine({ local: { wordDelayMs: 0 } }),
      indexes: createBotIndexCache(testDatabase.db),
    }).addFile(owner, "bot-h", { name, type: "", bytes });
  const sourceRow = async (id: string) =>
    (await testDatabase.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, id)))[0]!;

  async function makeApp() {
    const services = createAppServices({
      database: testDatabase.database,
      logger: log.logger,
      secretKey: "test-secret-key-that-is-long-enough",
      contactTo: "team@example.com",
      chat: {
        engine: createEngine({ local: { wordDelayMs: 0 } }),
        rateLimits: { visitor: 100_000, client: 100_000, bot: 100_000 },
      },
    });
    await services.bots.seedDemoBot();
    const app = createApp({
      services,
      handleDocument: async () => new Response("page"),
      logger: log.logger,
      isHttps: false,
      publicUrl: "http://localhost:3000",
    });
    // A real HTTP server: requests arrive as I/O, as in production, so the event loop turns
    // between them (app.request alone would chain promises and starve the worker's messages).
    const server = createAdaptorServer({ fetch: app.fetch });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    const { port } = server.address() as AddressInfo;
    return (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${path}`, init);
  }

  it("fails each hostile file with its code while other tenants' requests keep their latency", async () => {
    const request = await makeApp();
    const sources = {
      bomb: await upload("bomb.docx", buildZipBombDocx(400 * megabyte)),
      liar: await upload("liar.docx", buildZipBombDocx(400 * megabyte, 64 * 1024)),
      xml: await upload("xml.docx", buildZipBombDocx(50 * megabyte)),
      pages: await upload("pages.pdf", buildEmptyPagesPdf(20_000)),
      photo: await upload(
        "photo.docx",
        buildDocxWithHugeImage(["Every kettle has a two year warranty."], 500 * megabyte),
      ),
      heavy: await upload("heavy.docx", heavy),
    };

    // One round of another tenant's traffic: the health check, then a chat turn with the Demo Bot.
    const timings = { health: [] as number[], chat: [] as number[] };
    async function round(into: typeof timings) {
      let started = performance.now();
      const health = await request("/api/health");
      into.health.push(performance.now() - started);
      expect(health.status).toBe(200);
      started = performance.now();
      const chat = await request("/api/bots/demo/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ message: "Is there a free trial?" }),
      });
      const answer = await chat.text();
      into.chat.push(performance.now() - started);
      expect(chat.status, answer).toBe(200);
    }
    const baseline = { health: [] as number[], chat: [] as number[] };
    for (let i = 0; i < 40; i += 1) await round(baseline);

    const worker = makeWorker();
    let isDone = false;
    const ingested = worker.runOnce().finally(() => {
      isDone = true;
    });
    while (!isDone) await round(timings);
    expect(await ingested).toBe(6);
    // The same traffic without ingestion, before and after: the machine's own noise.
    for (let i = 0; i < 40; i += 1) await round(baseline);

    const outcome = async (id: string) => {
      const row = await sourceRow(id);
      return [row.status, row.error, row.attempts];
    };
    expect(await outcome(sources.bomb.id)).toEqual(["failed", "too_large_unpacked", 1]);
    expect(await outcome(sources.liar.id)).toEqual(["failed", "too_large_unpacked", 1]);
    expect(await outcome(sources.xml.id)).toEqual(["failed", "too_large_unpacked", 1]);
    expect(await outcome(sources.pages.id)).toEqual(["failed", "too_many_pages", 1]);
    expect(await outcome(sources.photo.id)).toEqual(["ready", null, 1]);
    expect(await outcome(sources.heavy.id)).toEqual(["failed", "too_much_text", 1]);

    // The heavy file alone keeps the worker thread busy for seconds: many rounds ran meanwhile.
    expect(timings.chat.length).toBeGreaterThanOrEqual(10);
    const summary = {
      baseline: { health: p90(baseline.health), chat: p90(baseline.chat) },
      during: { health: p90(timings.health), chat: p90(timings.chat) },
      rounds: timings.chat.length,
    };
    // The issue's 200 ms, or four times the same traffic's p90 without ingestion when the
    // shared machine is slower than that already (the worker thread takes one of its two
    // cores). Reading the heavy file on the event loop instead blocks every request for seconds.
    const bound = (baselineMs: number) => Math.max(boundMs, 4 * baselineMs);
    expect(summary.during.health, JSON.stringify(summary)).toBeLessThan(
      bound(summary.baseline.health),
    );
    expect(summary.during.chat, JSON.stringify(summary)).toBeLessThan(bound(summary.baseline.chat));
  });

  it("fails a file whose worker runs out of heap, or crashes, at once and for good", async () => {
    const request = await makeApp();
    const heavySource = await upload("heavy.docx", heavy);
    await makeWorker({ extraction: { heapMb: 64 } }).runOnce();
    expect(await sourceRow(heavySource.id)).toMatchObject({
      status: "failed",
      error: "too_large_unpacked",
      attempts: 1,
      leaseUntil: null,
    });

    // A worker that dies on its source (a parser crash): the source fails as internal, never
    // retried, and the pool carries on with a new worker.
    const crashing = new URL(
      `data:text/javascript,${encodeURIComponent(`
        import { parentPort } from "node:worker_threads";
        parentPort.on("message", () => process.exit(3));
        parentPort.postMessage({ type: "ready" });
      `)}`,
    );
    const pool = createExtractionPool({ workerUrl: crashing });
    try {
      const poison = await upload("poison.docx", buildDocxWithXml(randomDocumentXml(1_000)));
      const worker = makeWorker({ extractionPool: pool });
      expect(await worker.runOnce()).toBe(1);
      expect(await sourceRow(poison.id)).toMatchObject({
        status: "failed",
        error: "internal",
        attempts: 1,
      });
      expect(await worker.runOnce()).toBe(0);
      expect(log.lines.some((line) => line.message.includes("crashed its extraction worker"))).toBe(
        true,
      );
    } finally {
      await pool.close();
    }

    const timeout = await upload("slow.docx", heavy);
    await makeWorker({ extraction: { timeoutMs: 300 } }).runOnce();
    expect(await sourceRow(timeout.id)).toMatchObject({ status: "failed", error: "timeout" });

    // The server process is fine.
    expect((await request("/api/health")).status).toBe(200);
  });
});

function p90(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.9) - 1)]!);
}
