/**
 * The inbox list on PostgreSQL at the size: 100,000 conversations and about 1,000,000
 * messages in the measured workspace (five bots, seven channels, statuses and assignees as a
 * busy shop has them, last activity spread over 90 days), plus a second workspace of 20,000
 * conversations interleaved in time, so the workspace condition has rows to skip. The database is
 * a throw-away one created on the server of `--database-url` (or TEST_DATABASE_URL), migrated
 * with the project's migrations, seeded with `generate_series` (set-based inserts, foreign-key
 * triggers off while seeding: the rows are consistent by construction), analysed, and dropped at
 * the end.
 *
 * Each case (`--cases=first,pending,mine,bot-channel,deep,rare,search-common,search-name`,
 * all by default) calls the inbox service's own `list` (createInbox on the real database, the
 * workspace owner as the actor: zod parsing, the SQL, the row mapping, as the API runs it), a
 * few warm-up calls then `--runs` timed calls one after the other, and prints p50 / p95 / max
 * against the target (p95 ≤ 100 ms). Then `EXPLAIN (ANALYZE, BUFFERS)` of the same SQL
 * (`inboxListSql`, the builder `list` runs) for the first page and the filtered pages (every
 * case with `--explain=all`), and one line per case: how the conversations are read and the
 * server's execution time. `--keep` leaves the seeded database in place (to try plans in psql).
 *
 *   npx tsx bench/inbox-list.ts [--runs=50] [--cases=…] [--explain=all] [--keep] [--database-url=postgres://…]
 */
import "./lib/resolve-drizzle.ts";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";

const { createInbox, inboxListSql } = await import(
  "../apps/web/server/modules/inbox/inbox-service.ts"
);
const { InboxListQuerySchema, inboxLimits } = await import("../packages/contracts/src/inbox.ts");
const { createDatabase, migrate, sql } = await import("../packages/db/src/index.ts");
const { mark, ms, percentile, printTable, writeResults } = await import("./engine-bench-kit.ts");

type InboxListQuery = import("../packages/contracts/src/inbox.ts").InboxListQuery;

const argument = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
if (process.argv.includes("--help")) {
  console.log(
    "npx tsx bench/inbox-list.ts [--runs=50] [--explain=all] [--keep] [--database-url=postgres://…]",
  );
  process.exit(0);
}
const runs = Number(argument("runs") ?? 50);
const explainAll = argument("explain") === "all";
// Leaves the seeded database in place (for psql), instead of dropping it.
const keep = process.argv.includes("--keep");
const databaseUrl = argument("database-url") ?? process.env.TEST_DATABASE_URL;
const targetP95Ms = 100;
const warmUp = 5;
const deepPage = 20;
const migrationsFolder = fileURLToPath(new URL("../packages/db/migrations", import.meta.url));
const silent = { debug() {}, info() {}, warn() {}, error: console.error };

if (!databaseUrl) {
  console.error(
    "Give --database-url=postgres://… or TEST_DATABASE_URL (a server where the bench may create a database).",
  );
  process.exit(1);
}

const owner = "bench-owner";
const actor = { userId: owner, workspaceId: owner, name: "Malee" };

/**
 * The seed, statement by statement (one session: `session_replication_role = replica` skips the
 * foreign-key triggers, a 1,000,000-row insert would otherwise check each row's conversation
 * and bot). `seed_conv` draws every conversation's attributes once; contacts, conversations and
 * messages are derived from it, so a conversation's last message, preview and sender agree with
 * its messages.
 */
const seed: Array<[label: string, statement: string]> = [
  ["off", "set session_replication_role = replica"],
  [
    "people, workspaces, bots",
    `insert into users (id, name, email, email_verified) values
       ('bench-owner', 'Malee', 'owner@bench.example', true), ('bench-nok', 'Nok', 'nok@bench.example', true),
       ('bench-ploy', 'Ploy', 'ploy@bench.example', true), ('bench-other', 'Other', 'other@bench.example', true);
     insert into workspaces (id, name) values ('bench-owner', 'ร้านมาลี'), ('bench-other', 'Other shop');
     insert into workspace_members (workspace_id, user_id, role) values
       ('bench-owner', 'bench-owner', 'owner'), ('bench-owner', 'bench-nok', 'admin'),
       ('bench-owner', 'bench-ploy', 'agent'), ('bench-other', 'bench-other', 'owner');
     insert into personas (id, name) select md5('persona-' || b)::uuid, 'Bot ' || b from generate_series(1, 7) b;
     insert into bots (id, owner_id, persona_id, name)
       select case when b <= 5 then 'bench-bot-' || b else 'other-bot-' || (b - 5) end,
              case when b <= 5 then 'bench-owner' else 'bench-other' end, md5('persona-' || b)::uuid, 'Bot ' || b
       from generate_series(1, 7) b`,
  ],
  [
    "conversation attributes",
    // 1..100,000: the measured workspace (bots 1-5, 2-18 messages, 10 on average); the rest:
    // the other workspace (2 bots, 1-9 messages). Status: 70 % resolved, 22 % bot, 3 % pending,
    // 4 % open, 1 % snoozed; open and snoozed have an assignee, as have a quarter of resolved.
    `select setseed(0.14);
     create unlogged table seed_conv as
     with draws as (
       select i, i <= 100000 as mine, random() as r_status, random() as r_channel, random() as r_assignee,
              random() as r_at, random() as r_n, random() as r_name1, random() as r_name2, random() as r_read,
              random() as r_feedback
       from generate_series(1, 120000) i
     ), s as (
       select i, mine, md5('conversation-' || i)::uuid as id, md5('contact-' || i)::uuid as contact_id,
         case when mine then 'bench-owner' else 'bench-other' end as ws,
         case when mine then 'bench-bot-' || (1 + i % 5) else 'other-bot-' || (1 + i % 2) end as bot,
         case when r_channel < 0.35 then 'line' when r_channel < 0.55 then 'web' when r_channel < 0.70 then 'widget'
              when r_channel < 0.82 then 'messenger' when r_channel < 0.90 then 'instagram'
              when r_channel < 0.95 then 'api' else 'tiktok' end as channel,
         case when r_status < 0.70 then 'resolved' when r_status < 0.92 then 'bot' when r_status < 0.95 then 'pending'
              when r_status < 0.99 then 'open' else 'snoozed' end as status,
         r_assignee, now() - r_at * interval '90 days' as last_at,
         case when mine then 2 + floor(r_n * 17)::int else 1 + floor(r_n * 9)::int end as n,
         r_name1, r_name2, r_read, r_feedback < 0.03 as has_feedback
       from draws
     )
     select s.*,
       case when status in ('open', 'snoozed') or (status = 'resolved' and r_assignee < 0.25) then
         case when not mine then 'bench-other' when floor(r_assignee * 3000)::int % 3 = 0 then 'bench-owner'
              when floor(r_assignee * 3000)::int % 3 = 1 then 'bench-nok' else 'bench-ploy' end
       end as assignee
     from s`,
  ],
  [
    "contacts",
    // Names: 20 first names × 50 family names, Thai and English (a full name matches ~0.1 % of
    // contacts); a third of anonymous web / widget / API visitors have none.
    `insert into contacts (id, bot_id, channel, external_id, display_name, language, created_at, last_seen_at, updated_at)
     select contact_id, bot, channel, 'ext-' || i,
       case when channel in ('web', 'widget', 'api') and r_name2 < 0.3 then null
         else (array['สมชาย','สมหญิง','มาลี','ประเสริฐ','วิไลวรรณ','สุดา','อนันต์','กนกวรรณ','ธนพล','ปิยะพงษ์',
                     'Anna','John','Kittisak','Nattapong','Somsak','Emily','Pim','Tanawat','Arisa','David'])[1 + floor(r_name1 * 20)::int]
           || ' ' ||
           (array['ใจดี','สุขสวัสดิ์','ทองดี','ศรีสุข','วงศ์ใหญ่','Smith','Wongsuwan','Chaiyaporn','Srisuk','Tan',
                  'มั่นคง','รุ่งเรือง','บุญมา','แก้วกาญจนา','พรหมมา','Lee','Brown','Sukjai','Rattana','Kaewmanee',
                  'เพชรรัตน์','จันทร์เพ็ญ','อินทร์แก้ว','ศรีวงศ์','สมบูรณ์','Garcia','Nguyen','Müller','Ito','Kim',
                  'ปัญญาดี','สายทอง','บุญเรือง','ทองคำ','ชัยมงคล','Park','Evans','Jones','Boonmee','Chan',
                  'นาคสุข','ศักดิ์ดี','พูลสวัสดิ์','วงศ์สวัสดิ์','แสงทอง','Martin','Wilson','Suzuki','Tanaka','Wang'])[1 + floor(r_name2 * 50)::int]
       end,
       case when r_name1 < 0.5 then 'th' else 'en' end,
       last_at - n * interval '2 minutes', last_at, last_at
     from seed_conv`,
  ],
  [
    "texts",
    // Message k of a conversation: the customer on odd k, the bot on even k; the last one is a
    // teammate's when the conversation has an assignee.
    `create temporary table texts as select
       array['สวัสดีค่ะ อยากสอบถามค่าส่งไปเชียงใหม่ค่ะ','มีไซซ์ M สีดำไหมครับ','โอนเงินแล้วนะคะ แนบสลิปให้แล้ว','ขอคุยกับพนักงานหน่อยครับ',
             'Do you deliver to Phuket?','What time do you open on Sunday?','สั่งไปสามวันแล้วยังไม่ได้ของเลยค่ะ','ราคานี้รวม VAT หรือยังครับ',
             'Can I change my order to size L?','ขอบคุณมากค่ะ ได้รับของแล้ว','มีโปรโมชั่นเดือนนี้ไหมคะ','I want a refund please'] as u,
       array['สวัสดีค่ะ ค่าส่งไปเชียงใหม่ 50 บาท ส่งฟรีเมื่อซื้อครบ 1,000 บาทค่ะ','มีค่ะ ไซซ์ M สีดำเหลือ 3 ตัวค่ะ',
             'ได้รับสลิปแล้วค่ะ ทางร้านจะจัดส่งภายในวันพรุ่งนี้ค่ะ','We deliver anywhere in Thailand within 2-3 days.',
             'We are open 10:00-20:00 every day, Sunday included.','ขออภัยในความล่าช้าค่ะ ขอเลขคำสั่งซื้อด้วยนะคะ',
             'ราคารวม VAT แล้วครับ','Sure, I have noted size L for your order.','ยินดีค่ะ ขอบคุณที่อุดหนุนนะคะ',
             'เดือนนี้ลด 10% ทุกรายการเมื่อซื้อครบ 2 ชิ้นค่ะ','Refunds take 7 days after we receive the item.'] as b,
       array['รับเรื่องแล้วค่ะ เดี๋ยวตรวจสอบให้นะคะ','I have checked with the warehouse: it ships today.','ขอบคุณที่รอนะครับ'] as h;
     create function pg_temp.sender(assignee text, k int, n int) returns text language sql immutable as
       $$ select case when k = n and assignee is not null then 'human' when k % 2 = 1 then 'user' else 'bot' end $$;
     create function pg_temp.body(t texts, sender text, i int, k int) returns text language sql immutable as
       $$ select case sender when 'user' then t.u[1 + (i + k) % 12] when 'bot' then t.b[1 + (i + k) % 11]
                             else t.h[1 + (i + k) % 3] end $$`,
  ],
  [
    "conversations",
    `insert into conversations (id, bot_id, contact_id, channel, workspace_id, status, assignee_id, snoozed_until,
       waiting_since, last_message_at, last_message_sender, last_message_preview, last_customer_message_at,
       has_feedback, created_at, updated_at)
     select s.id, s.bot, s.contact_id, s.channel, s.ws, s.status, s.assignee,
       case when s.status = 'snoozed' then now() + interval '1 day' end,
       case when s.status = 'pending' then s.last_at end,
       s.last_at, last.sender, left(pg_temp.body(t, last.sender, s.i, s.n), 140),
       s.last_at - case when last.sender = 'user' then interval '0' else interval '2 minutes' end,
       s.has_feedback, s.last_at - s.n * interval '2 minutes', s.last_at
     from seed_conv s cross join texts t
       cross join lateral (select pg_temp.sender(s.assignee, s.n, s.n) as sender) last`,
  ],
  [
    "messages",
    `insert into messages (conversation_id, bot_id, sender, content, status, author_id, created_at, completed_at)
     select s.id, s.bot, m.sender, pg_temp.body(t, m.sender, s.i, k), 'completed',
       case when m.sender = 'human' then s.assignee end,
       s.last_at - (s.n - k) * interval '2 minutes', s.last_at - (s.n - k) * interval '2 minutes'
     from seed_conv s cross join texts t cross join lateral generate_series(1, s.n) k
       cross join lateral (select pg_temp.sender(s.assignee, k, s.n) as sender) m`,
  ],
  [
    "reads",
    // The owner has opened 60 % of the conversations (a quarter of those before the customer's
    // last message: unread again), Nok 30 %.
    `insert into conversation_reads (user_id, conversation_id, read_at)
     select u.id, s.id, case when s.r_read < 0.45 then s.last_at else s.last_at - interval '1 hour' end
     from seed_conv s join (values ('bench-owner', 0.6), ('bench-nok', 0.3)) u(id, share)
       on s.ws = 'bench-owner' and s.r_read < u.share;
     drop table seed_conv`,
  ],
  ["on", "set session_replication_role = origin"],
  ["analyze", "analyze"],
];

/** The cases: a name, the list's query, and whether its plan is printed by default. */
const allCases: Array<{
  id: string;
  label: string;
  query: InboxListQuery;
  explain: boolean;
  deep?: boolean;
}> = [
  { id: "first", label: "first page (not resolved)", query: {}, explain: true },
  { id: "pending", label: "status = pending", query: { status: "pending" }, explain: true },
  { id: "mine", label: "assignee = mine", query: { assignee: "mine" }, explain: false },
  {
    id: "bot-channel",
    label: "bot + channel (Instagram)",
    query: { botId: "bench-bot-3", channel: "instagram" },
    explain: true,
  },
  { id: "deep", label: `page ${deepPage} (cursor)`, query: {}, explain: false, deep: true },
  {
    id: "rare",
    label: "rare: bot + TikTok + feedback",
    query: { botId: "bench-bot-4", channel: "tiktok", feedback: "1" },
    explain: false,
  },
  {
    id: "search-common",
    label: "search: common name (สมชาย)",
    query: { q: "สมชาย" },
    explain: false,
  },
  {
    id: "search-name",
    label: "search: full name (Kittisak Wongsuwan)",
    query: { q: "Kittisak Wongsuwan" },
    explain: false,
  },
];
const only = argument("cases")?.split(",");
const cases = allCases.filter((entry) => !only || only.includes(entry.id));

const name = `jai_bench_inbox_${process.pid}_${randomBytes(3).toString("hex")}`;
async function maintenance(statement: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const summarize = (values: number[]) => ({
  count: values.length,
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
});

await maintenance(`create database "${name}"`);
try {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.href, poolSize: 2 });
  await migrate(database, { migrationsFolder });

  console.log(`Seeding ${name}…`);
  const seeder = new pg.Client({ connectionString: url.href });
  await seeder.connect();
  const seedStarted = performance.now();
  for (const [label, statement] of seed) {
    const started = performance.now();
    await seeder.query(statement);
    if (label !== "off" && label !== "on") {
      console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  const { rows: sizes } = await seeder.query<{
    ws: string;
    conversations: string;
    messages: string;
  }>(
    `select c.workspace_id as ws, count(distinct c.id) as conversations, count(m.id) as messages
     from conversations c join messages m on m.conversation_id = c.id group by 1 order by 1 desc`,
  );
  await seeder.end();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  for (const size of sizes) {
    console.log(
      `  workspace ${size.ws}: ${Number(size.conversations).toLocaleString("en")} conversations, ${Number(size.messages).toLocaleString("en")} messages`,
    );
  }
  console.log(`  seeded in ${seedSeconds.toFixed(0)} s`);

  const inbox = createInbox({
    db: database.db,
    logger: silent,
    publicUrl: "http://localhost:3000",
    mediaKey: "bench-media-key",
    enqueue: async () => {},
  });

  // Follows the cursors from the first page (also checks the paging: no conversation twice,
  // none of the other workspace, newest first).
  const seen = new Set<string>();
  let cursor: string | undefined;
  let previous = Number.POSITIVE_INFINITY;
  for (let page = 1; page < deepPage; page++) {
    const result = await inbox.list(actor, { cursor });
    for (const row of result.conversations) {
      const at = Date.parse(row.lastMessage.at);
      if (seen.has(row.id) || !row.botId.startsWith("bench-bot-") || at > previous) {
        throw new Error(`paging is wrong at page ${page}: ${row.id}`);
      }
      seen.add(row.id);
      previous = at;
    }
    cursor = result.nextCursor ?? undefined;
    if (!cursor) throw new Error(`only ${page} pages`);
  }
  const deepCursor = cursor!;

  const results: Record<string, ReturnType<typeof summarize> & { rows: number }> = {};
  for (const entry of cases) {
    const query = entry.deep ? { ...entry.query, cursor: deepCursor } : entry.query;
    process.stdout.write(`${entry.label}: ${runs} runs…`);
    let rows = 0;
    for (let index = 0; index < warmUp; index++)
      rows = (await inbox.list(actor, query)).conversations.length;
    const timings: number[] = [];
    for (let index = 0; index < runs; index++) {
      const started = performance.now();
      await inbox.list(actor, query);
      timings.push(performance.now() - started);
    }
    results[entry.label] = { ...summarize(timings), rows };
    console.log(` p95 ${ms(results[entry.label]!.p95)} ms`);
  }

  /** EXPLAIN (ANALYZE, BUFFERS) of the SQL `list` runs for the query (the same parameters). */
  async function explain(query: InboxListQuery, deep: boolean) {
    const filters = InboxListQuerySchema.parse(query);
    // The cursor's format is list's own (base64url of [PostgreSQL's text of the instant, id]).
    const [at, id] = deep
      ? (JSON.parse(Buffer.from(deepCursor, "base64url").toString()) as [string, string])
      : [];
    const statement = inboxListSql(actor, {
      filters,
      cursor: at && id ? { at, id } : null,
      limit: inboxLimits.pageSize + 1,
    });
    const result = await database.db.execute<{ "QUERY PLAN": string }>(
      sql`explain (analyze, buffers) ${statement}`,
    );
    return result.rows.map((row) => row["QUERY PLAN"]);
  }

  const plans: Record<string, string[]> = {};
  const planSummary: string[][] = [];
  for (const entry of cases) {
    const plan = await explain(entry.query, entry.deep === true);
    plans[entry.label] = plan;
    if (entry.explain || explainAll) {
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS), ${entry.label}:`);
      for (const line of plan) console.log(`  ${line}`);
    }
    // The node that reads conversations, the rows it kept and those its filter threw away.
    const at = plan.findIndex((line) => / on conversations c\b/.test(line));
    const details = plan.slice(at + 1);
    const end = details.findIndex((line) => line.includes("->"));
    const removed = details
      .slice(0, end < 0 ? undefined : end)
      .map((line) => /Rows Removed by Filter: (\d+)/.exec(line)?.[1])
      .find((value) => value !== undefined);
    const scan = plan[at] ?? "";
    planSummary.push([
      entry.label,
      scan
        .trim()
        .replace(/^->\s*/, "")
        .replace(/\s+\(cost.*$/, ""),
      /actual time=\S+ rows=(\d+) loops=(\d+)/.exec(scan)?.slice(1).join(" × ") ?? "",
      removed ?? "0",
      /Execution Time: ([\d.]+)/.exec(plan.at(-1) ?? "")?.[1] ?? "",
    ]);
  }

  console.log();
  printTable(
    [
      "inbox.list (30 a page)",
      "rows",
      "runs",
      "p50 ms",
      "p95 ms",
      "max ms",
      `p95 ≤ ${targetP95Ms} ms`,
    ],
    Object.entries(results).map(([label, figures]) => [
      label,
      String(figures.rows),
      String(figures.count),
      ms(figures.p50),
      ms(figures.p95),
      ms(figures.max),
      mark(figures.p95 <= targetP95Ms),
    ]),
  );
  console.log();
  printTable(
    ["plan (EXPLAIN ANALYZE once)", "conversations read by", "kept", "filtered out", "server ms"],
    planSummary,
  );
  console.log(
    `\nSaved ${writeResults("inbox-list", { runs, seedSeconds, sizes, targetP95Ms, results, plans })}`,
  );
  await database.close();
} finally {
  if (keep) console.log(`Kept the database ${name}: drop it with \`drop database "${name}"\`.`);
  else await maintenance(`drop database if exists "${name}" with (force)`);
}
process.exit(0);
