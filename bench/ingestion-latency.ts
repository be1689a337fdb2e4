/**
 * Other tenants' latency while knowledge files are ingested: `GET /api/health` and a chat turn
 * with the Demo Bot (local provider), one request after the other over real HTTP, p50 / p99 and
 * the worst (a few seconds-long stalls hide below a p99 of hundreds of rounds),
 * for: no ingestion (baseline); the issue's hostile files (a DOCX of 50 MB of XML, a PDF of
 * 20,000 empty pages) read in the extraction worker thread; a heavy but legal DOCX (14 MB of XML,
 * seconds of parsing) in the worker thread; and the same heavy DOCX read on the event loop, as
 * ingestion ran before the worker pool. The app, services and ingestion worker are the
 * production ones, on in-memory PGlite. One run; prints figures, asserts nothing.
 *
 *   npx tsx bench/ingestion-latency.ts
 */
import "./lib/resolve-drizzle.ts";
import { fileURLToPath } from "node:url";
import { createAdaptorServer } from "@hono/node-server";

const { createApp } = await import("../apps/web/server/app.ts");
const { createAppServices } = await import("../apps/web/server/services/app-services.ts");
const { createBotIndexCache } = await import("../apps/web/server/services/bots/bot-index-cache.ts");
const { toPersonaFields } = await import("../apps/web/server/services/bots/persona-row.ts");
const { buildDocxWithXml, buildEmptyPagesPdf, buildZipBombDocx, randomDocumentXml } = await import(
  "../apps/web/server/services/console/knowledge/build-test-files.ts"
);
const { createConsoleKnowledge } = await import(
  "../apps/web/server/services/console/knowledge/create-console-knowledge.ts"
);
const { extractKnowledge } = await import(
  "../apps/web/server/services/console/knowledge/extract-knowledge.ts"
);
const { createIngestionWorker } = await import(
  "../apps/web/server/services/console/knowledge/ingestion-worker.ts"
);
const { bots, createDatabase, migrate, personas } = await import("../packages/db/src/index.ts");
const { createEngine, PersonaSchema } = await import("../packages/engine/src/index.ts");
const { ms, percentile, printTable, writeResults } = await import("./engine-bench-kit.ts");

const megabyte = 1024 * 1024;
const database = await createDatabase({ dataDir: "memory" });
await migrate(database, {
  migrationsFolder: fileURLToPath(new URL("../packages/db/migrations", import.meta.url)),
});
const db = database.db;
const silent = { debug() {}, info() {}, warn() {}, error: console.error };

const services = createAppServices({
  database,
  logger: silent,
  secretKey: "bench-secret-key-that-is-long-enough-0123456789",
  contactTo: "team@example.com",
  chat: {
    engine: createEngine({ local: { wordDelayMs: 0 } }),
    rateLimits: { visitor: 1_000_000, client: 1_000_000, bot: 1_000_000 },
  },
});
await services.bots.seedDemoBot();
const app = createApp({
  services,
  handleDocument: async () => new Response("page"),
  logger: silent,
  isHttps: false,
  publicUrl: "http://localhost:3000",
});
const server = createAdaptorServer({ fetch: app.fetch }) as import("node:http").Server;
// As main.ts sets it: longer than the client's keep-alive, so no request meets a closing socket.
server.keepAliveTimeout = 65_000;
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

// The uploading tenant: another owner's bot.
const ownerId = "bench-owner";
const [persona] = await db
  .insert(personas)
  .values(toPersonaFields(PersonaSchema.parse({ name: "Bench", avatar: "📚" })))
  .returning({ id: personas.id });
await db.insert(bots).values({ id: "bench-bot", ownerId, personaId: persona!.id, name: "Bench" });
const knowledge = createConsoleKnowledge({
  db,
  logger: silent,
  engine: createEngine(),
  indexes: createBotIndexCache(db),
});

console.log("Building the files…");
const files = {
  xml: { name: "xml-50mb.docx", bytes: buildZipBombDocx(50 * megabyte) },
  pages: { name: "pages-20000.pdf", bytes: buildEmptyPagesPdf(20_000) },
  heavy: { name: "heavy-14mb-xml.docx", bytes: buildDocxWithXml(randomDocumentXml(14 * megabyte)) },
};

type Timings = { health: number[]; chat: number[] };
async function round(into: Timings): Promise<void> {
  let started = performance.now();
  const health = await fetch(`${base}/api/health`);
  await health.arrayBuffer();
  into.health.push(performance.now() - started);
  started = performance.now();
  const chat = await fetch(`${base}/api/bots/demo/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ message: "Is there a free trial?" }),
  });
  await chat.arrayBuffer();
  into.chat.push(performance.now() - started);
  if (!health.ok || !chat.ok) throw new Error(`health ${health.status}, chat ${chat.status}`);
}

/** Rounds of traffic while `work` runs (at least `minRounds`). */
async function measure(work: () => Promise<void>, minRounds = 50) {
  const timings: Timings = { health: [], chat: [] };
  let isDone = false;
  const started = performance.now();
  const running = work().finally(() => {
    isDone = true;
  });
  let workMs = 0;
  void running.then(() => {
    workMs = performance.now() - started;
  });
  while (!isDone || timings.chat.length < minRounds) await round(timings);
  await running;
  return { timings, workMs };
}

const worker = createIngestionWorker({ db, logger: silent, batchSize: 10 });
// The event loop's way: the same ingestion, with extraction called in-process.
const onEventLoop = createIngestionWorker({
  db,
  logger: silent,
  batchSize: 10,
  extractionPool: { extract: extractKnowledge, close: async () => {} },
});
async function upload(inputs: readonly { name: string; bytes: Uint8Array }[], copies: number) {
  for (let copy = 0; copy < copies; copy += 1) {
    for (const input of inputs)
      await knowledge.addFile(ownerId, "bench-bot", { ...input, type: "" });
  }
}
const ingest = (runner: typeof worker) => async () => {
  while ((await runner.runOnce()) > 0) {}
};

// Warm: the first chat turn builds the Demo Bot's index; the first source starts the worker.
await measure(async () => {}, 20);
await upload([{ name: "warm.txt", bytes: new TextEncoder().encode("Warm up.") }], 1);
await ingest(worker)();

// The uploads (other requests, storing the bytes) happen before each measured window.
const scenarios: {
  name: string;
  files: { name: string; bytes: Uint8Array }[];
  copies: number;
  run: () => Promise<void>;
  minRounds?: number;
}[] = [
  { name: "no ingestion", files: [], copies: 0, run: async () => {}, minRounds: 200 },
  {
    name: "50 MB-XML DOCX + 20,000-page PDF ×5 (worker)",
    files: [files.xml, files.pages],
    copies: 5,
    run: ingest(worker),
  },
  { name: "14 MB-XML DOCX ×2 (worker)", files: [files.heavy], copies: 2, run: ingest(worker) },
  {
    name: "14 MB-XML DOCX ×2 (event loop)",
    files: [files.heavy],
    copies: 2,
    run: ingest(onEventLoop),
  },
];

const rows: string[][] = [];
const results: Record<string, unknown>[] = [];
for (const scenario of scenarios) {
  console.log(`Measuring: ${scenario.name}…`);
  await upload(scenario.files, scenario.copies);
  const { timings, workMs } = await measure(scenario.run, scenario.minRounds);
  const figures = {
    scenario: scenario.name,
    rounds: timings.chat.length,
    ingestionMs: Math.round(workMs),
    healthP50: percentile(timings.health, 50),
    healthP99: percentile(timings.health, 99),
    chatP50: percentile(timings.chat, 50),
    chatP99: percentile(timings.chat, 99),
    healthMax: Math.max(...timings.health),
    chatMax: Math.max(...timings.chat),
  };
  results.push(figures);
  rows.push([
    figures.scenario,
    String(figures.rounds),
    String(figures.ingestionMs),
    ms(figures.healthP50),
    ms(figures.healthP99),
    ms(figures.chatP50),
    ms(figures.chatP99),
    ms(Math.max(figures.healthMax, figures.chatMax)),
  ]);
}
const outcomes = await knowledge.list(ownerId, "bench-bot");
const codes = new Map<string, number>();
for (const source of outcomes) {
  const key = `${source.title}: ${source.status}${source.error ? ` (${source.error})` : ""}`;
  codes.set(key, (codes.get(key) ?? 0) + 1);
}

console.log("\nOther tenants' latency while knowledge is ingested (in-memory PGlite, one run)\n");
printTable(
  ["while", "rounds", "ingestion ms", "health p50", "health p99", "chat p50", "chat p99", "max"],
  rows,
);
console.log("\nOutcomes:");
for (const [key, count] of codes) console.log(`  ${count} × ${key}`);
console.log(`\nsaved ${writeResults("ingestion-latency", { results, outcomes: [...codes] })}`);

await worker.stop(5_000);
await new Promise((resolve) => server.close(resolve));
server.closeAllConnections();
await database.close();
