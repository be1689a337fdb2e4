/**
 * Knowledge-base ingestion speed: how long the owner console's background worker takes from an
 * uploaded file to searchable passages, for a 1 MB Thai + English text file, a 50-page PDF and a
 * 5,000-row CSV. For each: extraction + chunking alone (in memory), then the whole path (upload
 * checks, stored bytes, worker claim, chunks written in one transaction, knowledge_version
 * bumped) on in-memory PGlite, or on PostgreSQL with `--database-url=postgres://…`; then the
 * first "test a question" (index build) and a warm one. Prints figures, asserts nothing.
 *
 *   npx tsx bench/knowledge-ingestion.ts [--database-url=postgres://…]
 */
import { fileURLToPath } from "node:url";
import { createBotIndexCache } from "../apps/web/server/services/bots/bot-index-cache.ts";
import { toPersonaFields } from "../apps/web/server/services/bots/persona-row.ts";
import { buildPdf } from "../apps/web/server/services/console/knowledge/build-test-files.ts";
import { createConsoleKnowledge } from "../apps/web/server/services/console/knowledge/create-console-knowledge.ts";
import { extractKnowledge } from "../apps/web/server/services/console/knowledge/extract-knowledge.ts";
import { createIngestionWorker } from "../apps/web/server/services/console/knowledge/ingestion-worker.ts";
import { bots, createDatabase, eq, migrate, personas } from "../packages/db/src/index.ts";
import { createDemoBot, createEngine, PersonaSchema } from "../packages/engine/src/index.ts";
import { seededRandom } from "../packages/engine/src/providers/seeded-random.ts";
import { ms, printTable, writeResults } from "./engine-bench-kit.ts";

const databaseUrl = process.argv
  .find((value) => value.startsWith("--database-url="))
  ?.slice("--database-url=".length);

// Realistic words: the Demo Bot's knowledge, Thai and English sentences mixed.
const sentences = createDemoBot("Jai")
  .knowledge.flatMap((section) => section.text.split(/(?<=[.!?])\s+|\n+/))
  .map((sentence) => sentence.trim())
  .filter((sentence) => sentence.length > 20);
const random = seededRandom(7);
const pick = () => sentences[Math.floor(random() * sentences.length)]!;

function buildText(bytes: number): string {
  const paragraphs: string[] = [];
  let size = 0;
  while (size < bytes) {
    const paragraph = Array.from({ length: 4 }, pick).join(" ");
    paragraphs.push(paragraph);
    size += Buffer.byteLength(paragraph) + 2;
  }
  return paragraphs.join("\n\n");
}

function buildCsv(rows: number): string {
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const lines = ["SKU,Name,Price (THB),Description"];
  for (let row = 1; row <= rows; row += 1) {
    lines.push(
      [
        `SKU-${row}`,
        quote(`สินค้า ${row} Product ${row}`),
        String(50 + (row % 950)),
        quote(pick()),
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

const encoder = new TextEncoder();
console.log("Building the inputs…");
const inputs = [
  {
    name: "1 MB Thai + English text",
    file: "handbook.txt",
    bytes: encoder.encode(buildText(1_000_000)),
  },
  {
    name: "50-page PDF (Thai + English)",
    file: "catalogue.pdf",
    bytes: await buildPdf(Array.from({ length: 50 }, () => Array.from({ length: 30 }, pick))),
  },
  { name: "5,000-row CSV", file: "products.csv", bytes: encoder.encode(buildCsv(5_000)) },
];

const database = await createDatabase(databaseUrl ? { databaseUrl } : { dataDir: "memory" });
await migrate(database, {
  migrationsFolder: fileURLToPath(new URL("../packages/db/migrations", import.meta.url)),
});
const db = database.db;
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const engine = createEngine();
const indexes = createBotIndexCache(db);
const knowledge = createConsoleKnowledge({ db, logger: silent, engine, indexes });
const worker = createIngestionWorker({
  db,
  logger: { ...silent, warn: console.warn, error: console.error },
});

const ownerId = `bench-owner-${Date.now()}`;
const [persona] = await db
  .insert(personas)
  .values(toPersonaFields(PersonaSchema.parse({ name: "Bench", avatar: "📚" })))
  .returning({ id: personas.id });

const rows: string[][] = [];
const results: Record<string, unknown>[] = [];
for (const [position, input] of inputs.entries()) {
  const botId = `bench-${Date.now()}-${position}`;
  await db.insert(bots).values({ id: botId, ownerId, personaId: persona!.id, name: "Bench bot" });

  let startedAt = performance.now();
  const chunks = await extractKnowledge({ kind: "file", fileName: input.file, data: input.bytes });
  const extractMs = performance.now() - startedAt;

  startedAt = performance.now();
  await knowledge.addFile(ownerId, botId, { name: input.file, type: "", bytes: input.bytes });
  const claimed = await worker.runOnce();
  const ingestMs = performance.now() - startedAt;
  const [source] = await knowledge.list(ownerId, botId);
  if (claimed !== 1 || source?.status !== "ready") {
    throw new Error(`${input.name}: not ingested (${source?.status} ${source?.error})`);
  }

  startedAt = performance.now();
  await knowledge.search(ownerId, botId, "ราคา price plan");
  const firstSearchMs = performance.now() - startedAt;
  startedAt = performance.now();
  const { hits } = await knowledge.search(ownerId, botId, "LINE Official Account ราคาเท่าไหร่");
  const warmSearchMs = performance.now() - startedAt;

  const megabytes = input.bytes.byteLength / 1_000_000;
  rows.push([
    input.name,
    megabytes.toFixed(2),
    String(chunks.length),
    ms(extractMs),
    ms(ingestMs),
    (megabytes / (ingestMs / 1000)).toFixed(2),
    String(Math.round(chunks.length / (ingestMs / 1000))),
    ms(firstSearchMs),
    ms(warmSearchMs),
  ]);
  results.push({
    input: input.name,
    bytes: input.bytes.byteLength,
    chunks: source.chunkCount,
    extractMs,
    ingestMs,
    firstSearchMs,
    warmSearchMs,
    hits: hits.length,
  });
  await db.delete(bots).where(eq(bots.id, botId));
}

console.log(`\nKnowledge ingestion on ${database.kind}\n`);
printTable(
  [
    "input",
    "MB",
    "chunks",
    "extract+chunk ms",
    "ingest ms",
    "MB/s",
    "chunks/s",
    "1st search ms",
    "warm search ms",
  ],
  rows,
);
await db.delete(personas).where(eq(personas.id, persona!.id));
console.log(`\nsaved ${writeResults("knowledge-ingestion", { database: database.kind, results })}`);
await database.close();
