/**
 * From a stored message to the inbox event an SSE client receives: a teammate's message is
 * written (the message row and its inbox event, with the NOTIFY, in one transaction, as the
 * inbox stores a reply), and the clock runs from the start of that transaction until the client
 * connected to `GET /api/console/inbox/stream` over real HTTP has read the event with its id.
 * Two ways, each one message after the other, then in bursts of 10 at once:
 *
 * - PGlite, one instance (the embedded database: NOTIFY is delivered in-process);
 * - PostgreSQL, two instances on one database: the message is stored through instance A (its
 *   pool), the client is connected to instance B (its own LISTEN connection), as behind a load
 *   balancer. Needs `--database-url=postgres://…` or TEST_DATABASE_URL; a throw-away database
 *   is created on that server and dropped at the end.
 *
 * The production app, services and server (createAppServer) run in this process, as does the
 * client; no build needed. Prints p50 / p95 / max per case; issue target p95 ≤ 250 ms.
 *
 *   npx tsx bench/inbox-latency.ts [--messages=250] [--database-url=postgres://…]
 */
import "./lib/resolve-drizzle.ts";
import { randomBytes, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import pg from "pg";

const { createApp } = await import("../apps/web/server/app.ts");
const { createAppServer } = await import("../apps/web/server/create-app-server.ts");
const { createAppServices } = await import("../apps/web/server/services/app-services.ts");
const { recordInboxEvent } = await import("../apps/web/server/modules/inbox/inbox-events.ts");
const { createTestBrowser, linkIn, listAuthEmails } = await import(
  "../apps/web/server/auth/test/auth-test-client.ts"
);
const { readEventStream } = await import("../apps/web/server/test/read-event-stream.ts");
const { bots, contacts, conversations, createDatabase, messages, migrate, personas } = await import(
  "../packages/db/src/index.ts"
);
const { createEngine, PersonaSchema } = await import("../packages/engine/src/index.ts");
const { toPersonaFields } = await import("../apps/web/server/services/bots/persona-row.ts");
const { mark, ms, percentile, printTable, writeResults } = await import("./engine-bench-kit.ts");

type Database = Awaited<ReturnType<typeof createDatabase>>;

const argument = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const messageCount = Number(argument("messages") ?? 250);
const databaseUrl = argument("database-url") ?? process.env.TEST_DATABASE_URL;
const burst = 10;
const targetP95Ms = 250;
const publicUrl = "http://localhost:3000";
const migrationsFolder = fileURLToPath(new URL("../packages/db/migrations", import.meta.url));
const silent = { debug() {}, info() {}, warn() {}, error: console.error };

/** One instance of the service: its services, app and HTTP server on a database of its own handle. */
async function startInstance(database: Database) {
  const services = createAppServices({
    database,
    logger: silent,
    secretKey: "bench-secret-key-that-is-long-enough-0123456789",
    contactTo: "team@example.com",
    publicUrl,
    authLimits: { clientAttempts: 1_000, emailsPerClient: 1_000 },
    chat: { engine: createEngine({ local: { wordDelayMs: 0 } }) },
  });
  await services.realtime.start();
  const app = createApp({
    services,
    handleDocument: async () => new Response("page"),
    logger: silent,
    isHttps: false,
    publicUrl,
  });
  const server = createAppServer({
    services,
    logger: silent,
    shutdownTimeoutMs: 5_000,
    createApp: () => app,
  });
  const { port } = (await server.listen(0, "127.0.0.1")) as AddressInfo;
  return { app, server, baseUrl: `http://127.0.0.1:${port}` };
}

/** Signs an owner up and in (through instance `app`); returns their workspace and cookie. */
async function signIn(app: Parameters<typeof createTestBrowser>[0], database: Database) {
  const browser = createTestBrowser(app);
  const email = `bench-${randomUUID()}@example.com`;
  const password = "correct horse battery";
  await browser.post("/api/auth/sign-up/email", { name: "Bench", email, password });
  const link = linkIn((await listAuthEmails(database.db, email)).at(-1)!.textBody);
  await browser.get(`/api/auth/verify-email?token=${link.searchParams.get("token")}`);
  const signedIn = await browser.post("/api/auth/sign-in/email", { email, password });
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status}`);
  const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return { workspaceId: String(signedIn.body.user.id), cookie };
}

/** A bot of the workspace with one customer conversation, for the messages to belong to. */
async function createConversation(database: Database, ownerId: string) {
  const db = database.db;
  const [persona] = await db
    .insert(personas)
    .values(toPersonaFields(PersonaSchema.parse({ name: "Bench", avatar: "📨" })))
    .returning({ id: personas.id });
  const botId = `bench-${randomBytes(4).toString("hex")}`;
  await db.insert(bots).values({ id: botId, ownerId, personaId: persona!.id, name: "Bench" });
  const [contact] = await db
    .insert(contacts)
    .values({ botId, channel: "web", externalId: randomUUID() })
    .returning({ id: contacts.id });
  const [conversation] = await db
    .insert(conversations)
    .values({ botId, contactId: contact!.id, channel: "web" })
    .returning({ id: conversations.id });
  return { botId, conversationId: conversation!.id };
}

/**
 * Stores `messageCount` messages through `writer`, one after the other, then in bursts, and
 * times each until the stream (connected to `baseUrl`) delivered its event.
 */
async function measure(
  writer: Database,
  reader: { baseUrl: string },
  { workspaceId, cookie }: { workspaceId: string; cookie: string },
) {
  const { botId, conversationId } = await createConversation(writer, workspaceId);
  const response = await fetch(`${reader.baseUrl}/api/console/inbox/stream`, {
    headers: { Cookie: cookie, Origin: publicUrl },
  });
  if (response.status !== 200) throw new Error(`inbox stream: ${response.status}`);
  const stream = readEventStream(response);
  await stream.until((event) => event.event === "ready");

  const arrived = new Map<string, (at: number) => void>();
  const early = new Map<string, number>();
  void (async () => {
    for (let event = await stream.next(); event; event = await stream.next()) {
      if (event.event !== "inbox" || !event.id) continue;
      const at = performance.now();
      const resolve = arrived.get(event.id);
      if (resolve) resolve(at);
      else early.set(event.id, at);
    }
  })();

  async function storeOne(): Promise<number> {
    const started = performance.now();
    const id = await writer.db.transaction(async (tx) => {
      const [message] = await tx
        .insert(messages)
        .values({ conversationId, botId, sender: "human", content: "สวัสดีค่ะ มีอะไรให้ช่วยไหมคะ" })
        .returning({ id: messages.id });
      return recordInboxEvent(tx, {
        workspaceId,
        conversationId,
        kind: "message",
        messageId: message!.id,
      });
    });
    const key = String(id);
    const at =
      early.get(key) ??
      (await new Promise<number>((resolve) => {
        arrived.set(key, resolve);
      }));
    early.delete(key);
    arrived.delete(key);
    return at - started;
  }

  // Warm-up (first queries, JIT), not counted.
  for (let index = 0; index < 10; index++) await storeOne();
  const sequential: number[] = [];
  for (let index = 0; index < messageCount; index++) sequential.push(await storeOne());
  const bursts: number[] = [];
  for (let index = 0; index < Math.ceil(messageCount / burst); index++) {
    bursts.push(...(await Promise.all(Array.from({ length: burst }, storeOne))));
  }
  await stream.close();
  return { sequential, bursts };
}

const summarize = (values: number[]) => ({
  count: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
});

const results: Record<string, ReturnType<typeof summarize>> = {};

// ---- PGlite, one instance ------------------------------------------------------------------
{
  console.log(
    `PGlite, one instance: ${messageCount} messages, then ${messageCount} in bursts of ${burst}…`,
  );
  const database = await createDatabase({ dataDir: "memory" });
  await migrate(database, { migrationsFolder });
  const instance = await startInstance(database);
  const owner = await signIn(instance.app, database);
  const timings = await measure(database, instance, owner);
  results["PGlite, one instance"] = summarize(timings.sequential);
  results[`PGlite, one instance, bursts of ${burst}`] = summarize(timings.bursts);
  await instance.server.shutdown("bench end");
}

// ---- PostgreSQL, two instances -------------------------------------------------------------
if (databaseUrl) {
  console.log(`PostgreSQL, two instances: stored through A, the client on B…`);
  const name = `jai_bench_${process.pid}_${randomBytes(3).toString("hex")}`;
  const maintenance = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await maintenance(`create database "${name}"`);
  try {
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const first = await createDatabase({ databaseUrl: url.href, poolSize: 5 });
    await migrate(first, { migrationsFolder });
    const second = await createDatabase({ databaseUrl: url.href, poolSize: 5 });
    const a = await startInstance(first);
    const b = await startInstance(second);
    const owner = await signIn(a.app, first);
    const timings = await measure(first, b, owner);
    results["PostgreSQL, A → B"] = summarize(timings.sequential);
    results[`PostgreSQL, A → B, bursts of ${burst}`] = summarize(timings.bursts);
    await b.server.shutdown("bench end");
    await a.server.shutdown("bench end");
  } finally {
    await maintenance(`drop database if exists "${name}" with (force)`);
  }
} else {
  console.log("PostgreSQL skipped: give --database-url=postgres://… or TEST_DATABASE_URL.");
}

console.log();
printTable(
  [
    "stored message → SSE event",
    "messages",
    "p50 ms",
    "p95 ms",
    "max ms",
    `p95 ≤ ${targetP95Ms} ms`,
  ],
  Object.entries(results).map(([label, figures]) => [
    label,
    String(figures.count),
    ms(figures.p50),
    ms(figures.p95),
    ms(figures.max),
    mark(figures.p95 <= targetP95Ms),
  ]),
);
console.log(
  `\nSaved ${writeResults("inbox-latency", { messageCount, burst, targetP95Ms, results })}`,
);
process.exit(0);
