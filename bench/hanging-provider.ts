/**
 * A provider that hangs (it sends its headers, then nothing): 20 chat requests a second for 60 s
 * against the real app over HTTP, with an OpenAI bot whose base URL is a local fake that never
 * answers. Measures the upstream connections held (most at once, and when the traffic stops) and
 * how long visitors wait for the apology (p50 / p99), with the bulkhead (the defaults: 32 calls in
 * flight, 64 waiting at most 5 s) and without it (as before). The first-token timeout is the
 * default 20 s. One run; prints figures, asserts nothing. Only 127.0.0.1 is contacted.
 *
 *   npx tsx bench/hanging-provider.ts            (BENCH_SECONDS=10 for a shorter run)
 */
import "./lib/resolve-drizzle.ts";
import { fileURLToPath } from "node:url";
import { createAdaptorServer } from "@hono/node-server";

const { createApp } = await import("../apps/web/server/app.ts");
const { createAppServices } = await import("../apps/web/server/services/app-services.ts");
const { toPersonaFields } = await import("../apps/web/server/services/bots/persona-row.ts");
const { bots, createDatabase, migrate, personas } = await import("../packages/db/src/index.ts");
const { bulkheadDefaults, createEngine, PersonaSchema } = await import(
  "../packages/engine/src/index.ts"
);
const { startFakeLlmServer } = await import("../packages/engine/src/testing/fake-llm-server.ts");
const { ms, percentile, printTable, writeResults } = await import("./engine-bench-kit.ts");

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const perSecond = 20;
const silent = { debug() {}, info() {}, warn() {}, error: console.error };

type Figures = {
  scenario: string;
  requests: number;
  maxUpstream: number;
  upstreamAtEnd: number;
  apologyP50: number;
  apologyP99: number;
  failedHttp: number;
};

async function run(scenario: string, bulkhead: { maxConcurrent: number; maxQueued: number }) {
  const fake = await startFakeLlmServer("openai", [{ type: "silent" }]);
  const database = await createDatabase({ dataDir: "memory" });
  await migrate(database, {
    migrationsFolder: fileURLToPath(new URL("../packages/db/migrations", import.meta.url)),
  });
  const [persona] = await database.db
    .insert(personas)
    .values(toPersonaFields(PersonaSchema.parse({ name: "Bench", avatar: "🤖" })))
    .returning({ id: personas.id });
  await database.db.insert(bots).values({
    id: "hanging",
    ownerId: "bench-owner",
    personaId: persona!.id,
    name: "Hanging",
    aiProvider: "openai",
    aiModel: "gpt-4o-mini",
  });
  const services = createAppServices({
    database,
    logger: silent,
    secretKey: "bench-secret-key-that-is-long-enough-0123456789",
    contactTo: "team@example.com",
    chat: {
      engine: createEngine({
        providers: { openai: { baseURL: fake.baseURL, apiKey: "sk-bench" } },
        bulkhead,
      }),
      rateLimits: { visitor: 1_000_000, client: 1_000_000, bot: 1_000_000 },
    },
  });
  const app = createApp({
    services,
    handleDocument: async () => new Response("page"),
    logger: silent,
    isHttps: false,
    publicUrl: "http://localhost:3000",
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as import("node:http").Server;
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };

  const open = () => fake.requests.filter((request) => request.closedAt === undefined).length;
  let maxUpstream = 0;
  const sampler = setInterval(() => {
    maxUpstream = Math.max(maxUpstream, open());
  }, 50);

  const latencies: number[] = [];
  let failedHttp = 0;
  const chat = async () => {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/bots/hanging/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "Hello?" }),
    });
    const body = (await response.json()) as { status?: string };
    if (!response.ok || body.status !== "failed") failedHttp++;
    latencies.push(performance.now() - started);
  };

  console.log(`${scenario}: ${perSecond} requests/s for ${seconds} s…`);
  const pending: Promise<void>[] = [];
  const startedAt = performance.now();
  for (let n = 0; n < seconds * perSecond; n++) {
    const due = startedAt + (n * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(chat());
  }
  const upstreamAtEnd = open();
  await Promise.all(pending);
  clearInterval(sampler);
  server.close();
  server.closeAllConnections();
  await fake.close();
  await database.close();
  return {
    scenario,
    requests: latencies.length,
    maxUpstream,
    upstreamAtEnd,
    apologyP50: percentile(latencies, 50),
    apologyP99: percentile(latencies, 99),
    failedHttp,
  } satisfies Figures;
}

const results = [
  await run("bulkhead (defaults)", bulkheadDefaults),
  await run("no bulkhead (before)", { maxConcurrent: 1_000_000, maxQueued: 0 }),
];
printTable(
  [
    "scenario",
    "requests",
    "upstream max",
    "upstream at end",
    "apology p50",
    "apology p99",
    "not an apology",
  ],
  results.map((row) => [
    row.scenario,
    String(row.requests),
    String(row.maxUpstream),
    String(row.upstreamAtEnd),
    `${ms(row.apologyP50)} ms`,
    `${ms(row.apologyP99)} ms`,
    String(row.failedHttp),
  ]),
);
writeResults("hanging-provider", results);
process.exit(0);
