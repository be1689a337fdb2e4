/**
 * What hybrid retrieval's exact vector ranking costs (docs/decisions/0011): `rankByVector` per
 * query over 1,000 and 10,000 chunks at 256 (the fake), 768 (Gemini, shortened) and 1,536
 * (OpenAI text-embedding-3-small) dimensions, p50 / p95; the memory of 10,000 vectors as the
 * server keeps them (one Float32Array per bot) and while they are read (drizzle hands `real[]`
 * over as arrays of numbers); and the time to read one bot's vectors from the database
 * (`loadBotVectors`: the first turn after a knowledge change), on in-memory PGlite or, with
 * BENCH_DATABASE_URL, on PostgreSQL.
 *
 *   node_modules/.bin/tsx --expose-gc bench/hybrid-retrieval.ts [--queries=300] [--load=1000,10000]
 *
 * Vectors are random and normalised: the ranking's cost does not depend on what they mean.
 * Prints figures, asserts nothing (targets: p95 ≤ 5 ms at 1,000 chunks, ≤ 25 ms at 10,000).
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { loadBotVectors } from "../apps/web/server/modules/knowledge/vector-ranking.ts";
import {
  bots,
  createDatabase,
  eq,
  knowledgeChunks,
  knowledgeSources,
  migrate,
  personas,
} from "../packages/db/src/index.ts";
import { type DocumentVector, rankByVector } from "../packages/engine/src/embeddings/index.ts";
import { seededRandom } from "../packages/engine/src/providers/seeded-random.ts";
import { mark, ms, percentile, printTable, writeResults } from "./engine-bench-kit.ts";

const argument = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const queryCount = Number(argument("queries", "300"));
const loadSizes = argument("load", "1000,10000").split(",").filter(Boolean).map(Number);
const random = seededRandom(11);

/** `count` random unit vectors in one buffer, as the vector ranker keeps a bot's. */
function randomVectors(count: number, dimensions: number): DocumentVector[] {
  const buffer = new Float32Array(count * dimensions);
  const documents: DocumentVector[] = [];
  for (let n = 0; n < count; n++) {
    const vector = buffer.subarray(n * dimensions, (n + 1) * dimensions);
    let sum = 0;
    for (let i = 0; i < dimensions; i++) {
      vector[i] = random() * 2 - 1;
      sum += vector[i]! * vector[i]!;
    }
    const scale = 1 / Math.sqrt(sum);
    for (let i = 0; i < dimensions; i++) vector[i] = vector[i]! * scale;
    documents.push({ id: `${randomUUID()}#${n}`, vector });
  }
  return documents;
}

/**
 * The plain way, for comparison: one accumulator per dot product, every score kept and sorted
 * (`rankByVector` unrolls the dot product and keeps only the best 20 as it goes).
 */
function rankNaive(query: Float32Array, vectors: readonly DocumentVector[], limit = 20) {
  const scored = vectors.map(({ id, vector }) => {
    let sum = 0;
    for (let i = 0; i < query.length; i++) sum += query[i]! * vector[i]!;
    return { id, sum };
  });
  return scored
    .sort((a, b) => b.sum - a.sum)
    .slice(0, limit)
    .map((hit) => hit.id);
}

/**
 * Per-call timings: wall clock, and this thread's CPU time, which is what a call costs even on a
 * machine busy with other work (wall clock then also counts the waits for a core).
 */
function time(run: () => void): Timing {
  for (let i = 0; i < 20; i++) run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < queryCount; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    run();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return {
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
    wallP50: percentile(wall, 50),
    wallP95: percentile(wall, 95),
  };
}

type Timing = { cpuP50: number; cpuP95: number; wallP50: number; wallP95: number };

const gc = (globalThis as { gc?: () => void }).gc;
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

// --- Ranking: per query.
console.log(`rankByVector, exact cosine, top 20 (${queryCount} queries after 20 warm-up)\n`);
const rankRows: string[][] = [];
const rankResults: Record<string, unknown>[] = [];
for (const count of [1_000, 10_000]) {
  for (const dimensions of [256, 768, 1536]) {
    const documents = randomVectors(count, dimensions);
    const queries = randomVectors(16, dimensions).map((document) => document.vector);
    let q = 0;
    const timing = time(() => rankByVector(queries[q++ % queries.length]!, documents));
    const naive =
      count === 10_000 && dimensions === 1536
        ? time(() => rankNaive(queries[q++ % queries.length]!, documents))
        : undefined;
    const target = count <= 1_000 ? 5 : 25;
    rankRows.push([
      `${count.toLocaleString("en")} × ${dimensions}`,
      ms(timing.cpuP50),
      ms(timing.cpuP95),
      `${ms(timing.wallP50)} / ${ms(timing.wallP95)}`,
      naive ? `${ms(naive.cpuP50)} / ${ms(naive.cpuP95)}` : "",
      mark(timing.cpuP95 <= target),
    ]);
    rankResults.push({ count, dimensions, ...timing, ...(naive ? { naive } : {}) });
  }
}
printTable(
  [
    "chunks × dims",
    "cpu p50 ms",
    "cpu p95 ms",
    "wall p50 / p95",
    "sort-all, one-sum cpu",
    "target",
  ],
  rankRows,
);
console.log(`(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);

// --- Memory of 10,000 vectors.
console.log("\nMemory of 10,000 vectors\n");
const memoryRows: string[][] = [];
const memoryResults: Record<string, unknown>[] = [];
for (const dimensions of [256, 768, 1536]) {
  gc?.();
  const before = process.memoryUsage();
  let kept: unknown = randomVectors(10_000, dimensions);
  gc?.();
  const after = process.memoryUsage();
  const keptBytes = after.arrayBuffers - before.arrayBuffers + (after.heapUsed - before.heapUsed);
  kept = undefined;
  gc?.();
  // While a bot's vectors are read: drizzle's `real[]` rows are arrays of doubles.
  const base = process.memoryUsage().heapUsed;
  let rows: unknown = Array.from({ length: 10_000 }, () =>
    Array.from({ length: dimensions }, () => random()),
  );
  gc?.();
  const readingBytes = process.memoryUsage().heapUsed - base;
  rows = undefined;
  void kept;
  void rows;
  memoryRows.push([String(dimensions), mib(keptBytes), mib(readingBytes)]);
  memoryResults.push({ dimensions, keptBytes, readingBytes });
}
printTable(["dims", "kept MiB (Float32Array + ids)", "while read MiB (number[][])"], memoryRows);
if (!gc) console.log("(run with --expose-gc for steadier memory figures)");

// --- Reading a bot's vectors from the database.
const databaseUrl = process.env.BENCH_DATABASE_URL;
console.log(`\nloadBotVectors on ${databaseUrl ? "PostgreSQL" : "PGlite (in memory)"}\n`);
const database = await createDatabase(databaseUrl ? { databaseUrl } : { dataDir: "memory" });
await migrate(database, {
  migrationsFolder: fileURLToPath(new URL("../packages/db/migrations", import.meta.url)),
});
const db = database.db;
const loadRows: string[][] = [];
const loadResults: Record<string, unknown>[] = [];
for (const count of loadSizes) {
  for (const dimensions of [256, 1536]) {
    const botId = `bench-vectors-${count}-${dimensions}-${Date.now()}`;
    const [persona] = await db
      .insert(personas)
      .values({ name: "Bench", avatar: "📐" })
      .returning({ id: personas.id });
    await db.insert(bots).values({ id: botId, personaId: persona!.id, name: "Bench" });
    const [source] = await db
      .insert(knowledgeSources)
      .values({ botId, kind: "text", title: "Bench", status: "ready" })
      .returning({ id: knowledgeSources.id });
    const documents = randomVectors(count, dimensions);
    const insertStart = performance.now();
    const slice = Math.max(1, Math.floor(200_000 / dimensions));
    for (let start = 0; start < count; start += slice) {
      await db.insert(knowledgeChunks).values(
        documents.slice(start, start + slice).map((document, offset) => ({
          botId,
          sourceId: source!.id,
          ordinal: start + offset,
          text: "x",
          wordCount: 1,
          embedding: Array.from(document.vector),
          embeddingModel: "bench:model",
        })),
      );
    }
    const insertMs = performance.now() - insertStart;
    const samples: { wall: number; cpu: number }[] = [];
    for (let run = 0; run < 3; run++) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const loaded = await loadBotVectors(db, botId, "bench:model");
      const used = process.cpuUsage(cpuStart);
      samples.push({ wall: performance.now() - start, cpu: (used.user + used.system) / 1000 });
      if (loaded.documents.length !== count) throw new Error("not every vector was read");
    }
    const best = samples.reduce((a, b) => (b.cpu < a.cpu ? b : a));
    loadRows.push([
      `${count.toLocaleString("en")} × ${dimensions}`,
      ms(best.cpu),
      ms(best.wall),
      (insertMs / 1000).toFixed(1),
    ]);
    loadResults.push({ count, dimensions, samples, insertMs });
    await db.delete(bots).where(eq(bots.id, botId));
  }
}
printTable(["chunks × dims", "read cpu ms", "read wall ms", "stored in s"], loadRows);
console.log("(cpu: this process; PostgreSQL's own work is not counted, PGlite's is)");
await database.close();

const saved = writeResults("hybrid-retrieval", {
  queries: queryCount,
  ranking: rankResults,
  memory: memoryResults,
  load: { database: databaseUrl ? "postgresql" : "pglite", results: loadResults },
});
console.log(`\nSaved ${saved}`);
