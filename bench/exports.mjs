// Exports at a busy shop's size: 100,000 messages (10,000 conversations over 30 days, two bots,
// Thai text), seeded with `generate_series` on PostgreSQL (a throw-away database created and
// dropped on `--database-url`) and on embedded PGlite (in memory). For each database and each
// format (CSV, XLSX), the messages export of the console and the public API (`createExport`,
// the module both endpoints call) is read to its end:
//   - rows per second (and MB/s of file), for the whole 30 days (100,000 rows) and for the last
//     6 days (about 20,000 rows);
//   - the process's peak RSS above what it was before the export (sampled every 10 ms, after a
//     GC): an export streams page by page, so the peak must not grow with the rows.
// Figures include the database's own work (in this process for PGlite).
//
// Usage: node --expose-gc --import tsx bench/exports.mjs [--messages=100000]
//        [--database-url=postgres://postgres@127.0.0.1:5432/] [--skip-pglite] [--skip-postgres]
import "./lib/resolve-drizzle.ts";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { parseArgs, printTable, writeResults } from "./lib/report.mjs";

const { createExport } = await import("../apps/web/server/modules/exports/create-export.ts");
const { createDatabase, migrate, sql } = await import("../packages/db/src/index.ts");

const args = parseArgs(
  "node --expose-gc --import tsx bench/exports.mjs [--messages=100000] [--database-url=postgres://…/] [--skip-pglite] [--skip-postgres]\n" +
    "  CSV and XLSX export throughput (rows/s) and peak RSS, PostgreSQL and PGlite.",
  ["messages", "database-url", "skip-pglite", "skip-postgres"],
);
const targetMessages = Number(args.messages ?? 100_000);
const serverUrl = String(args["database-url"] ?? "postgres://postgres@127.0.0.1:5432/");
const migrationsFolder = fileURLToPath(new URL("../packages/db/migrations", import.meta.url));
const workspaceId = "bench-owner";
const perConversation = 10;
const conversations = Math.round(targetMessages / perConversation);
const contacts = Math.max(2, Math.round(conversations / 2));
const logger = { debug() {}, info() {}, warn: console.warn, error: console.error };

if (!globalThis.gc) console.warn("(run with node --expose-gc for steadier RSS baselines)");

/** The seed: 30 days of conversations up to now, ten messages each, Thai text. */
const seed = `
  insert into users (id, name, email, email_verified) values ('bench-owner', 'Malee', 'owner@bench.example', true);
  insert into workspaces (id, name) values ('bench-owner', 'ร้านมาลี');
  insert into owner_plans (owner_id, plan_id) values ('bench-owner', 'business');
  insert into personas (id, name) values (md5('persona')::uuid, 'Mali');
  insert into bots (id, owner_id, persona_id, name) values
    ('bench-bot-1', 'bench-owner', md5('persona')::uuid, 'ร้านส้มตำ'),
    ('bench-bot-2', 'bench-owner', md5('persona')::uuid, 'ร้านกาแฟ');
  insert into contacts (id, bot_id, channel, external_id, display_name, created_at, last_seen_at)
    select md5('contact-' || i)::uuid, 'bench-bot-' || (1 + i % 2),
      (array['line', 'widget', 'web'])[1 + i % 3], 'ext-' || i, 'ลูกค้า ' || i,
      now() - interval '31 days', now()
    from generate_series(1, ${contacts}) i;
  insert into conversations (id, bot_id, contact_id, channel, workspace_id, created_at, last_message_at)
    select md5('conversation-' || j)::uuid, c.bot_id, c.id, c.channel, 'bench-owner', at, at
    from (select j, now() - interval '30 days' + (j::float / ${conversations}) * interval '30 days' - interval '20 minutes' as at,
            md5('contact-' || (1 + j % ${contacts}))::uuid as contact_id
          from generate_series(1, ${conversations}) j) s
    join contacts c on c.id = s.contact_id;
  insert into messages (conversation_id, bot_id, sender, content, status, unanswered, created_at)
    select v.id, v.bot_id, case when k % 2 = 1 then 'user' else 'bot' end,
      case when k % 2 = 1 then 'สวัสดีค่ะ ส้มตำไทยราคาเท่าไหร่คะ ส่งถึงบ้านไหม (' || k || ')'
           else 'ส้มตำไทยจานละ 50 บาทค่ะ ส่งฟรีในระยะ 5 กิโลเมตร, สั่งได้ทุกวัน 9:00–17:00' end,
      'completed', case when k % 2 = 0 then k % 8 = 0 end,
      v.created_at + k * interval '1 minute'
    from conversations v, generate_series(1, ${perConversation}) k;
  analyze`;

const day = (daysAgo) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** Reads one export to its end: rows, bytes, time, and the peak RSS above the start. */
async function runExport(db, format, fromDaysAgo) {
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const file = await createExport(
    db,
    workspaceId,
    {
      kind: "messages",
      query: { format, period: "custom", from: day(fromDaysAgo), to: day(0) },
      locale: "th",
    },
    { logger },
  );
  let bytes = 0;
  let lines = 0;
  for await (const chunk of file.body) {
    bytes += chunk.length;
    if (format === "csv") for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, bytes, csvRows: lines - 1, peakRssDelta: peak - before, rssBefore: before };
}

async function measure(label, database, exec) {
  console.log(`\n== ${label} ==`);
  const started = performance.now();
  await exec(seed);
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const rows = [];
  const results = [];
  for (const fromDaysAgo of [6, 30]) {
    const { rows: counted } = await database.db.execute(
      sql`select count(*)::int as n from messages
        where created_at >= (${day(fromDaysAgo)}::date)::timestamp at time zone 'Asia/Bangkok'`,
    );
    const expected = Number(counted[0]?.n ?? 0);
    for (const format of ["csv", "xlsx"]) {
      // A first, unmeasured pass of the small one warms the caches and the modules.
      if (fromDaysAgo === 6 && format === "csv") await runExport(database.db, format, fromDaysAgo);
      const result = await runExport(database.db, format, fromDaysAgo);
      if (format === "csv" && result.csvRows !== expected) {
        throw new Error(`CSV has ${result.csvRows} rows, expected ${expected}`);
      }
      const row = {
        format,
        rows: expected.toLocaleString("en"),
        seconds: (result.ms / 1000).toFixed(2),
        rowsPerSecond: Math.round(expected / (result.ms / 1000)).toLocaleString("en"),
        fileMb: mb(result.bytes),
        peakRssMb: mb(result.peakRssDelta),
      };
      rows.push(row);
      results.push({ format, rows: expected, ...result });
    }
  }
  printTable(
    [
      { key: "format", label: "format", align: "left" },
      { key: "rows", label: "rows" },
      { key: "seconds", label: "s" },
      { key: "rowsPerSecond", label: "rows/s" },
      { key: "fileMb", label: "file MB" },
      { key: "peakRssMb", label: "peak RSS +MB" },
    ],
    rows,
  );
  return results;
}

const results = {};

if (!args["skip-postgres"]) {
  const name = `jai_bench_exports_${process.pid}_${randomBytes(3).toString("hex")}`;
  const maintenance = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await maintenance(`create database "${name}"`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await createDatabase({ databaseUrl: url.href, poolSize: 4 });
    await migrate(database, { migrationsFolder });
    const seeder = new pg.Client({ connectionString: url.href });
    await seeder.connect();
    try {
      const version = (await seeder.query("show server_version")).rows[0].server_version;
      results.postgres = {
        version,
        runs: await measure(`PostgreSQL ${version}`, database, (text) => seeder.query(text)),
      };
    } finally {
      await seeder.end();
      await database.close();
    }
  } finally {
    await maintenance(`drop database if exists "${name}" with (force)`);
  }
}

if (!args["skip-pglite"]) {
  const database = await createDatabase({ dataDir: "memory" });
  try {
    await migrate(database, { migrationsFolder });
    results.pglite = {
      runs: await measure("PGlite (in memory, in this process)", database, (text) =>
        database.client.exec(text),
      ),
    };
  } finally {
    await database.close();
  }
}

console.log(`\nSaved ${writeResults("exports", { targetMessages, results })}`);
