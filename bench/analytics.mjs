// The dashboard's analytics at a busy shop's size: 1,000,000 messages over 90 days (a few bots
// and channels, every sender, answered and unanswered replies, sources, curated answers, thumbs,
// CSAT, handoffs and teammates' replies), seeded with `generate_series`, on PostgreSQL (a
// throw-away database created and dropped on `--database-url`) and on embedded PGlite (in
// memory). For each database:
//   1. Rebuild: `rebuildRollups` over everything, ms per 1,000 messages.
//   2. Incremental pass: `refreshRollups` with nothing new (the lag window is re-read), then after
//      10,000 new messages in the last 10 minutes: ms and (bot, hour) pairs redone.
//   3. `/overview`: `getAnalyticsOverview` (what the endpoint runs, Business plan: every section)
//      for 7, 30 and 90 days, a few warm-up calls then `--runs` timed ones: p50 / p95 against the
//      target p95 ≤ 300 ms (PostgreSQL).
//   4. Forecast: `getForecast` per bot (a year of daily conversations and Holt-Winters), ms.
//
// Usage: npx tsx bench/analytics.mjs [--messages=1000000] [--runs=30]
//        [--database-url=postgres://postgres@127.0.0.1:5432/] [--skip-pglite] [--skip-postgres] [--keep]
// (`--keep` leaves the PostgreSQL database in place, to try plans in psql.)
import "./lib/resolve-drizzle.ts";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { mark, parseArgs, printTable, writeResults } from "./lib/report.mjs";

const { rebuildRollups, refreshRollups } = await import(
  "../apps/web/server/modules/analytics/rollups.ts"
);
const { getAnalyticsOverview, getForecast } = await import(
  "../apps/web/server/modules/analytics/analytics-queries.ts"
);
const { AnalyticsQuerySchema } = await import("../packages/contracts/src/analytics.ts");
const { createDatabase, migrate, sql } = await import("../packages/db/src/index.ts");

const args = parseArgs(
  "npx tsx bench/analytics.mjs [--messages=1000000] [--runs=30] [--database-url=postgres://…/] [--skip-pglite] [--skip-postgres]\n" +
    "  Analytics rollups (rebuild, incremental pass), the dashboard's overview query and forecasts.",
  ["messages", "runs", "database-url", "skip-pglite", "skip-postgres", "keep"],
);
const targetMessages = Number(args.messages ?? 1_000_000);
const runs = Number(args.runs ?? 30);
const serverUrl = String(args["database-url"] ?? "postgres://postgres@127.0.0.1:5432/");
const warmUp = 3;
const targetP95Ms = 300;
const workspaceId = "bench-owner";
const benchBots = ["bench-bot-1", "bench-bot-2", "bench-bot-3"];
const migrationsFolder = fileURLToPath(new URL("../packages/db/migrations", import.meta.url));

/** 10 messages a conversation on average; two conversations a contact. */
const conversationCount = Math.round(targetMessages / 10);
const contactCount = Math.max(4, Math.round(conversationCount / 2));

/**
 * The seed (multi-statement strings, run as they are). `seed_conv` draws each conversation once
 * (bot and channel follow its contact: contact j → bot j % 4, channel (j / 4) % 5; bot 4 is
 * another workspace's); messages are derived from it: the customer on odd k, the bot on even k,
 * and in one conversation in ten a handoff event then a teammate's reply as the last two.
 */
function seedStatements(conversations, contactTotal, newOnly = false) {
  const table = newOnly ? "seed_new" : "seed_conv";
  // The new traffic: the last 10 minutes; the seed: 90 days up to 20 minutes ago.
  const start = newOnly
    ? "now() - interval '10 minutes' + r_at * interval '9 minutes' - n * interval '1 minute' / 2"
    : "now() - interval '20 minutes' - r_at * interval '90 days'";
  const step = newOnly ? "interval '1 minute' / 2" : "interval '1 minute'";
  const offset = newOnly ? 10_000_000 : 0;
  return [
    [
      "conversation draws",
      `select setseed(${newOnly ? 0.61 : 0.16});
       drop table if exists ${table};
       create table ${table} as
       with draws as (
         select i, 1 + (i - 1) % ${contactTotal} as j, random() as r_at, 4 + floor(random() * 13)::int as n,
                random() as r_handoff, random() as r_csat, random() as r_score
         from generate_series(${offset + 1}, ${offset + conversations}) i
       )
       select i, j, md5('conversation-' || i)::uuid as id, md5('contact-' || j)::uuid as contact_id,
         case when j % 4 = 3 then 'other-bot-1' else 'bench-bot-' || (1 + j % 4) end as bot,
         case when j % 4 = 3 then 'bench-other' else 'bench-owner' end as ws,
         (array['line', 'web', 'widget', 'messenger', 'instagram'])[1 + (j / 4) % 5] as channel,
         n, r_handoff < 0.1 as handoff, r_csat < 0.2 as csat,
         1 + floor(r_score * 5)::int as score, ${start} as started_at
       from draws`,
    ],
    ...(newOnly
      ? []
      : [
          [
            "contacts",
            `insert into contacts (id, bot_id, channel, external_id, display_name, created_at, last_seen_at, updated_at)
             select contact_id, min(bot), min(channel), 'ext-' || j, 'Contact ' || j, min(started_at),
               max(started_at), max(started_at)
             from seed_conv group by contact_id, j`,
          ],
        ]),
    [
      "conversations",
      `insert into conversations (id, bot_id, contact_id, channel, workspace_id, status, last_message_at,
         last_message_sender, csat_score, csat_requested_at, csat_answered_at, created_at, updated_at)
       select id, bot, contact_id, channel, ws, case when handoff then 'open' else 'resolved' end,
         started_at + n * ${step}, 'bot',
         case when csat and ${newOnly ? "false" : "true"} then score end,
         case when csat and ${newOnly ? "false" : "true"} then started_at + n * ${step} + interval '1 minute' end,
         case when csat and ${newOnly ? "false" : "true"} then started_at + n * ${step} + interval '2 minutes' end,
         started_at, started_at
       from ${table}`,
    ],
    [
      "messages",
      `insert into messages (conversation_id, bot_id, sender, content, status, provider, model, input_tokens,
         output_tokens, latency_ms, sources, unanswered, curated_answer_id, event, created_at, completed_at)
       select s.id, s.bot, m.sender,
         case m.sender
           when 'user' then (array['ร้านเปิดกี่โมงคะ', 'What time do you open?', 'ส่งของกี่วันถึง',
             'How long does delivery take?', 'มีไซซ์ M สีดำไหมครับ', 'ราคานี้รวม VAT หรือยังครับ',
             'Do you deliver to Phuket?', 'มีโปรโมชั่นเดือนนี้ไหมคะ', 'I want a refund please',
             'ขอคุยกับพนักงานหน่อยครับ', 'โอนเงินแล้วนะคะ', 'Can I change my order to size L?',
             'ค่าส่งไปเชียงใหม่เท่าไหร่', 'Is there parking?', 'รับบัตรเครดิตไหม', 'ok'])[1 + (s.i * 7 + k) % 16]
           when 'bot' then 'ขอบคุณที่สอบถามค่ะ รายละเอียดตามนี้นะคะ'
           when 'human' then 'รับเรื่องแล้วค่ะ เดี๋ยวตรวจสอบให้นะคะ'
           else '' end,
         'completed',
         case when m.sender = 'bot' then case when s.bot = 'bench-bot-3' then 'local' else 'openai' end end,
         case when m.sender = 'bot' then case when s.bot = 'bench-bot-2' then 'gpt-4.1-mini' else 'gpt-4o-mini' end end,
         case when m.sender = 'bot' then 600 + (s.i * 13 + k * 7) % 1400 end,
         case when m.sender = 'bot' then 40 + (s.i * 11 + k * 3) % 260 end,
         case when m.sender = 'bot' then 300 + (s.i * 37 + k * 101) % 4500 end,
         case when m.sender = 'bot' and m.r < 0.55 then jsonb_build_array(jsonb_build_object(
                'passageId', 'p#1', 'kind', 'knowledge', 'title', 'Document ' || (s.i + k) % 6,
                'sourceId', md5(s.bot || '-source-' || (s.i + k) % 6)::uuid::text))
              when m.sender = 'bot' and m.r < 0.75 then jsonb_build_array(jsonb_build_object(
                'passageId', 'faq:1', 'kind', 'faq', 'title', 'FAQ', 'sourceId', null)) end,
         case when m.sender = 'bot' then case when m.r < 0.72 then false when m.r < 0.87 then true end end,
         case when m.sender = 'bot' and m.r >= 0.98 then md5(s.bot || '-curated')::uuid end,
         case when m.sender = 'event' then '{"type": "handoff_requested", "reason": "request"}'::jsonb end,
         s.started_at + k * ${step}, s.started_at + k * ${step}
       from ${table} s cross join lateral generate_series(1, s.n) k
         cross join lateral (select case
             when s.handoff and k = s.n - 1 then 'event' when s.handoff and k = s.n then 'human'
             when k % 2 = 1 then 'user' else 'bot' end as sender,
           ((s.i * 2654435761 + k * 40503) % 100000) / 100000.0 as r) m`,
    ],
    [
      "thumbs",
      // 4 % of bot replies rated (a third of them down), a minute after the reply.
      `insert into message_feedback (message_id, conversation_id, bot_id, workspace_id, channel, rating, created_at, updated_at)
       select m.id, m.conversation_id, m.bot_id, s.ws, s.channel,
         case when random() < 0.33 then 'down' else 'up' end,
         m.created_at + interval '1 minute', m.created_at + interval '1 minute'
       from ${table} s join messages m on m.conversation_id = s.id
       where m.sender = 'bot' and random() < 0.04`,
    ],
    ["analyze", "analyze"],
  ];
}

const prelude = `
  insert into users (id, name, email, email_verified) values
    ('bench-owner', 'Malee', 'owner@bench.example', true), ('bench-other', 'Other', 'other@bench.example', true);
  insert into workspaces (id, name) values ('bench-owner', 'ร้านมาลี'), ('bench-other', 'Other shop');
  insert into workspace_members (workspace_id, user_id, role) values
    ('bench-owner', 'bench-owner', 'owner'), ('bench-other', 'bench-other', 'owner');
  insert into owner_plans (owner_id, plan_id) values ('bench-owner', 'business'), ('bench-other', 'business');
  insert into personas (id, name) select md5('persona-' || b)::uuid, 'Bot ' || b from generate_series(1, 4) b;
  insert into bots (id, owner_id, persona_id, name)
    select case when b <= 3 then 'bench-bot-' || b else 'other-bot-1' end,
           case when b <= 3 then 'bench-owner' else 'bench-other' end, md5('persona-' || b)::uuid, 'Bot ' || b
    from generate_series(1, 4) b`;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const fixed = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const seconds = (started) => ((performance.now() - started) / 1000).toFixed(1);

/** Runs one database through the whole measurement; `exec` runs a multi-statement string. */
async function measure(label, database, exec) {
  const { db } = database;
  console.log(`\n== ${label} ==`);
  const seedStarted = performance.now();
  await exec("set session_replication_role = replica");
  await exec(prelude);
  for (const [step, statement] of seedStatements(conversationCount, contactCount)) {
    const started = performance.now();
    await exec(statement);
    console.log(`  seed ${step}: ${seconds(started)} s`);
  }
  await exec("set session_replication_role = origin");
  const count = async (statement) => Number((await db.execute(sql.raw(statement))).rows[0].n ?? 0);
  const messageTotal = await count("select count(*) as n from messages");
  console.log(
    `  ${messageTotal.toLocaleString("en")} messages, ${conversationCount.toLocaleString("en")} conversations, seeded in ${seconds(seedStarted)} s`,
  );

  // 1. Rebuild everything.
  let started = performance.now();
  const rebuiltPairs = await rebuildRollups(db);
  const rebuildMs = performance.now() - started;
  const perThousand = rebuildMs / (messageTotal / 1000);
  console.log(
    `  rebuild: ${(rebuildMs / 1000).toFixed(1)} s for ${rebuiltPairs.toLocaleString("en")} (bot, hour) pairs: ${fixed(perThousand)} ms per 1,000 messages`,
  );
  const hourlyRows = await count("select count(*) as n from analytics_hourly");
  const questionRows = await count("select count(*) as n from analytics_questions");
  const contactDayRows = await count("select count(*) as n from analytics_contact_days");

  // 2. Incremental passes (the watermark is set as a pass would leave it: the rebuild covered all).
  await db.execute(sql`
    insert into analytics_watermarks (name, until) values ('rollups', now())
    on conflict (name) do update set until = excluded.until`);
  started = performance.now();
  const idlePairs = await refreshRollups(db);
  const idleMs = performance.now() - started;
  const newConversations = 1000;
  const before = messageTotal;
  await exec("set session_replication_role = replica");
  for (const [, statement] of seedStatements(newConversations, contactCount, true)) {
    await exec(statement);
  }
  await exec("drop table seed_new; set session_replication_role = origin");
  const added = (await count("select count(*) as n from messages")) - before;
  started = performance.now();
  const busyPairs = await refreshRollups(db);
  const busyMs = performance.now() - started;
  console.log(
    `  incremental pass: nothing new ${fixed(idleMs)} ms (${idlePairs} pairs); after ${added.toLocaleString("en")} new messages ${fixed(busyMs)} ms (${busyPairs} pairs)`,
  );

  // 3. The overview query.
  const overview = [];
  for (const period of ["7d", "30d", "90d"]) {
    const query = AnalyticsQuerySchema.parse({ period });
    for (let index = 0; index < warmUp; index++) {
      await getAnalyticsOverview(db, workspaceId, query);
    }
    const timings = [];
    for (let index = 0; index < runs; index++) {
      const at = performance.now();
      await getAnalyticsOverview(db, workspaceId, query);
      timings.push(performance.now() - at);
    }
    const oneBot = AnalyticsQuerySchema.parse({ period, botId: "bench-bot-1" });
    const botTimings = [];
    for (let index = 0; index < Math.max(5, Math.round(runs / 3)); index++) {
      const at = performance.now();
      await getAnalyticsOverview(db, workspaceId, oneBot);
      botTimings.push(performance.now() - at);
    }
    overview.push({
      period,
      p50: percentile(timings, 50),
      p95: percentile(timings, 95),
      max: Math.max(...timings),
      botP95: percentile(botTimings, 95),
    });
  }
  printTable(
    [
      { key: "period", label: "/overview (workspace)", align: "left" },
      { key: "p50", label: "p50 ms" },
      { key: "p95", label: "p95 ms" },
      { key: "max", label: "max ms" },
      { key: "botP95", label: "one bot p95 ms" },
      { key: "target", label: `p95 ≤ ${targetP95Ms}` },
    ],
    overview.map((row) => ({
      period: row.period,
      p50: fixed(row.p50),
      p95: fixed(row.p95),
      max: fixed(row.max),
      botP95: fixed(row.botP95),
      target: mark(row.p95 <= targetP95Ms),
    })),
  );

  // 4. Forecasts.
  const forecasts = [];
  for (const botId of benchBots) {
    await getForecast(db, workspaceId, botId);
    const at = performance.now();
    const result = await getForecast(db, workspaceId, botId);
    forecasts.push({
      botId,
      ms: performance.now() - at,
      status: result.status,
      model: result.status === "ready" ? result.model : "",
    });
  }
  console.log(
    `  forecast per bot: ${forecasts.map((row) => `${row.botId} ${fixed(row.ms)} ms (${row.status} ${row.model})`.trim()).join(", ")}`,
  );
  return {
    messages: messageTotal,
    rebuild: { ms: rebuildMs, pairs: rebuiltPairs, msPerThousandMessages: perThousand },
    rows: { hourly: hourlyRows, questions: questionRows, contactDays: contactDayRows },
    incremental: { idleMs, idlePairs, added, busyMs, busyPairs },
    overview,
    forecasts,
  };
}

const results = {};

if (!args["skip-postgres"]) {
  const name = `jai_bench_analytics_${process.pid}_${randomBytes(3).toString("hex")}`;
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
        ...(await measure(`PostgreSQL ${version}`, database, (text) => seeder.query(text))),
      };
    } finally {
      await seeder.end();
      await database.close();
    }
  } finally {
    if (args.keep) console.log(`Kept the database ${name}`);
    else await maintenance(`drop database if exists "${name}" with (force)`);
  }
}

if (!args["skip-pglite"]) {
  const database = await createDatabase({ dataDir: "memory" });
  try {
    await migrate(database, { migrationsFolder });
    results.pglite = await measure("PGlite (in memory)", database, (text) =>
      database.client.exec(text),
    );
  } finally {
    await database.close();
  }
}

console.log(`\nSaved ${writeResults("analytics", { targetMessages, runs, results })}`);
