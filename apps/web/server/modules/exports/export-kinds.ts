import type { ExportKind } from "@jai/contracts/analytics";
import type { Locale } from "@jai/contracts/locale";
import { type Db, type SQL, sql } from "@jai/db";
import type { ExportScope } from "./export-scope";

/** A cell of an export: text, a number, or empty. */
export type ExportCell = string | number | null;

export type ExportColumn = {
  /** The header in each language. */
  header: Record<Locale, string>;
  /** Numbers are numbers in XLSX (text in CSV, as always). */
  type: "text" | "number";
  /** Column width in XLSX, in characters. */
  width: number;
};

/** Rows read per query: a page, then the next after its last row (keyset, never OFFSET). */
export const exportPageRows = 2000;

type Row = Record<string, unknown>;

const text = (en: string, th: string, width = 18): ExportColumn => ({
  header: { en, th },
  type: "text",
  width,
});
const number = (en: string, th: string, width = 12): ExportColumn => ({
  header: { en, th },
  type: "number",
  width,
});

const id = (en: string, th: string) => text(en, th, 38);
const when = (en: string, th: string): ExportColumn[] => [
  text(`${en} (UTC)`, `${th} (เวลาสากล)`, 22),
  text(`${en} (local time)`, `${th} (เวลาท้องถิ่น)`, 20),
];

/**
 * The columns of each export, in order. Values are the stored codes (channel `line`, status
 * `resolved`, sender `bot`): stable for filters and formulas whatever the language; times are
 * given twice, ISO 8601 in UTC and the workspace's local time (`YYYY-MM-DD HH:MM:SS`).
 */
export const exportColumns: Record<ExportKind, ExportColumn[]> = {
  conversations: [
    id("Conversation ID", "รหัสบทสนทนา"),
    text("Bot ID", "รหัสบอท", 14),
    text("Bot", "บอท"),
    text("Channel", "ช่องทาง", 11),
    text("Status", "สถานะ", 10),
    id("Contact ID", "รหัสผู้ติดต่อ"),
    text("Contact name", "ชื่อผู้ติดต่อ", 22),
    text("Language", "ภาษา", 9),
    ...when("Started", "เริ่มเมื่อ"),
    ...when("Last message", "ข้อความล่าสุดเมื่อ"),
    number("Messages", "จำนวนข้อความ"),
    text("First question", "คำถามแรก", 40),
    number("CSAT", "คะแนนความพึงพอใจ"),
    text("Has feedback", "มีความคิดเห็น", 10),
  ],
  messages: [
    id("Message ID", "รหัสข้อความ"),
    id("Conversation ID", "รหัสบทสนทนา"),
    text("Bot ID", "รหัสบอท", 14),
    text("Channel", "ช่องทาง", 11),
    ...when("Sent", "ส่งเมื่อ"),
    text("Sender", "ผู้ส่ง", 9),
    text("Status", "สถานะ", 10),
    text("Text", "ข้อความ", 60),
    text("Unanswered", "ตอบไม่ได้", 10),
    text("Feedback", "ความคิดเห็น", 10),
    number("Input tokens", "โทเค็นขาเข้า"),
    number("Output tokens", "โทเค็นขาออก"),
    number("Response time (ms)", "เวลาตอบกลับ (มิลลิวินาที)", 14),
  ],
  contacts: [
    id("Contact ID", "รหัสผู้ติดต่อ"),
    text("Bot ID", "รหัสบอท", 14),
    text("Channel", "ช่องทาง", 11),
    text("Name", "ชื่อ", 22),
    text("Email", "อีเมล", 26),
    text("Phone", "โทรศัพท์", 16),
    text("Language", "ภาษา", 9),
    ...when("First seen", "พบครั้งแรกเมื่อ"),
    ...when("Last seen", "พบล่าสุดเมื่อ"),
    number("Conversations", "จำนวนบทสนทนา"),
  ],
  feedback: [
    text("Kind", "ประเภท", 8),
    ...when("Given", "ให้เมื่อ"),
    text("Bot ID", "รหัสบอท", 14),
    text("Channel", "ช่องทาง", 11),
    id("Conversation ID", "รหัสบทสนทนา"),
    id("Message ID", "รหัสข้อความ"),
    text("Rating", "ถูกใจ / ไม่ถูกใจ", 10),
    text("Reason", "เหตุผล", 30),
    number("CSAT", "คะแนนความพึงพอใจ"),
    text("Bot reply", "คำตอบของบอท", 60),
  ],
  analytics: [
    text("Day", "วันที่", 12),
    number("Conversations", "บทสนทนา"),
    number("Messages", "ข้อความ"),
    number("Contacts", "ผู้ติดต่อ"),
    number("Answered", "ตอบได้"),
    number("Unanswered", "ตอบไม่ได้"),
    number("Handoffs", "การส่งต่อให้เจ้าหน้าที่", 16),
    number("Thumbs up", "ถูกใจ"),
    number("Thumbs down", "ไม่ถูกใจ"),
    number("CSAT answers", "จำนวนคะแนนความพึงพอใจ", 16),
    number("CSAT average", "คะแนนความพึงพอใจเฉลี่ย", 16),
  ],
};

/** The sheet's name in the XLSX (at most 31 characters). */
export const exportSheetNames: Record<ExportKind, Record<Locale, string>> = {
  conversations: { en: "Conversations", th: "บทสนทนา" },
  messages: { en: "Messages", th: "ข้อความ" },
  contacts: { en: "Contacts", th: "ผู้ติดต่อ" },
  feedback: { en: "Feedback", th: "ความคิดเห็น" },
  analytics: { en: "Analytics", th: "การวิเคราะห์" },
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
const local = (column: string, timeZone: string) =>
  sql`to_char(${sql.raw(column)} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
const channelFilter = (scope: ExportScope, column: string): SQL =>
  scope.channel ? sql`and ${sql.raw(column)} = ${scope.channel}` : sql``;
const yesNo = (value: unknown) => (value === true ? "yes" : value === false ? "no" : null);
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const str = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Where a bot's keyset pages continue: after this row (its time as the database writes it). */
type After = { at: string; id: string } | null;

/**
 * Reads one bot's rows page by page in (time, id) order, on the bot's (bot_id, created_at)
 * index: each page starts after the previous page's last row, so a page costs the same at the
 * start and the end of a million rows.
 */
type BotPager = (db: Db, scope: ExportScope, botId: string, after: After) => Promise<Row[]>;

const pagers: Record<Exclude<ExportKind, "analytics">, BotPager> = {
  async conversations(db, scope, botId, after) {
    const { rows } = await db.execute<Row>(sql`
      select c.id, c.bot_id, c.channel, c.status, c.contact_id, ct.display_name, c.language,
        ${iso("c.created_at")} as started_iso, ${local("c.created_at", scope.timeZone)} as started_local,
        ${iso("c.last_message_at")} as last_iso,
        ${local("c.last_message_at", scope.timeZone)} as last_local,
        (select count(*) from messages m
          where m.conversation_id = c.id and m.sender <> 'event')::int as messages,
        (select m.content from messages m
          where m.conversation_id = c.id and m.sender = 'user'
          order by m.created_at, m.id limit 1) as first_question,
        c.csat_score, c.has_feedback, c.created_at::text as sort_key
      from conversations c
      join contacts ct on ct.id = c.contact_id
      where c.bot_id = ${botId}
        and c.created_at >= ${scope.start.toISOString()}::timestamptz
        and c.created_at < ${scope.end.toISOString()}::timestamptz
        ${channelFilter(scope, "c.channel")}
        ${after ? sql`and c.created_at >= ${after.at}::timestamptz and (c.created_at, c.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by c.created_at, c.id
      limit ${exportPageRows}`);
    return rows;
  },
  async messages(db, scope, botId, after) {
    const { rows } = await db.execute<Row>(sql`
      select m.id, m.conversation_id, m.bot_id, c.channel,
        ${iso("m.created_at")} as sent_iso, ${local("m.created_at", scope.timeZone)} as sent_local,
        m.sender, m.status, m.content, m.unanswered, f.rating, m.input_tokens, m.output_tokens,
        m.latency_ms, m.created_at::text as sort_key
      from messages m
      join conversations c on c.id = m.conversation_id
      left join message_feedback f on f.message_id = m.id
      where m.bot_id = ${botId}
        and m.created_at >= ${scope.start.toISOString()}::timestamptz
        and m.created_at < ${scope.end.toISOString()}::timestamptz
        and m.sender <> 'event'
        ${channelFilter(scope, "c.channel")}
        ${after ? sql`and m.created_at >= ${after.at}::timestamptz and (m.created_at, m.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by m.created_at, m.id
      limit ${exportPageRows}`);
    return rows;
  },
  async contacts(db, scope, botId, after) {
    // Contacts met during the period: first seen before its end, last seen after its start.
    const { rows } = await db.execute<Row>(sql`
      select ct.id, ct.bot_id, ct.channel, ct.display_name,
        coalesce(ct.email, ct.attributes->>'email') as email,
        coalesce(ct.attributes->>'phone', ct.attributes->>'phone_number', ct.attributes->>'tel',
          ct.attributes->>'mobile') as phone,
        ct.language,
        ${iso("ct.created_at")} as first_iso, ${local("ct.created_at", scope.timeZone)} as first_local,
        ${iso("ct.last_seen_at")} as last_iso, ${local("ct.last_seen_at", scope.timeZone)} as last_local,
        (select count(*) from conversations c where c.contact_id = ct.id)::int as conversations,
        ct.created_at::text as sort_key
      from contacts ct
      where ct.bot_id = ${botId}
        and ct.created_at < ${scope.end.toISOString()}::timestamptz
        and ct.last_seen_at >= ${scope.start.toISOString()}::timestamptz
        ${channelFilter(scope, "ct.channel")}
        ${after ? sql`and ct.created_at >= ${after.at}::timestamptz and (ct.created_at, ct.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by ct.created_at, ct.id
      limit ${exportPageRows}`);
    return rows;
  },
  async feedback(db, scope, botId, after) {
    // Thumbs on replies and CSAT answers, one list in time order.
    const start = scope.start.toISOString();
    const end = scope.end.toISOString();
    const { rows } = await db.execute<Row>(sql`
      select x.*, ${iso("x.at")} as at_iso, ${local("x.at", scope.timeZone)} as at_local,
        x.at::text as sort_key
      from (
        select 'thumbs' as kind, f.id, f.created_at as at, f.bot_id, f.channel, f.conversation_id,
          f.message_id, f.rating, f.reason, null::int as score, m.content as reply
        from message_feedback f
        join messages m on m.id = f.message_id
        where f.bot_id = ${botId}
          and f.created_at >= ${start}::timestamptz and f.created_at < ${end}::timestamptz
          ${channelFilter(scope, "f.channel")}
        union all
        select 'csat', c.id, c.csat_answered_at, c.bot_id, c.channel, c.id, null, null, null,
          c.csat_score, null
        from conversations c
        where c.bot_id = ${botId} and c.csat_score is not null
          and c.csat_answered_at >= ${start}::timestamptz
          and c.csat_answered_at < ${end}::timestamptz
          ${channelFilter(scope, "c.channel")}
      ) x
      where true
        ${after ? sql`and x.at >= ${after.at}::timestamptz and (x.at, x.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by x.at, x.id
      limit ${exportPageRows}`);
    return rows;
  },
};

/** A row of each kind as the export's cells, in the columns' order. */
const toCells: Record<
  Exclude<ExportKind, "analytics">,
  (row: Row, scope: ExportScope) => ExportCell[]
> = {
  conversations: (row, scope) => [
    str(row.id),
    str(row.bot_id),
    scope.bots.get(String(row.bot_id)) ?? null,
    str(row.channel),
    str(row.status),
    str(row.contact_id),
    str(row.display_name),
    str(row.language),
    str(row.started_iso),
    str(row.started_local),
    str(row.last_iso),
    str(row.last_local),
    num(row.messages),
    str(row.first_question),
    num(row.csat_score),
    yesNo(row.has_feedback),
  ],
  messages: (row) => [
    str(row.id),
    str(row.conversation_id),
    str(row.bot_id),
    str(row.channel),
    str(row.sent_iso),
    str(row.sent_local),
    str(row.sender),
    str(row.status),
    str(row.content),
    yesNo(row.unanswered),
    str(row.rating),
    num(row.input_tokens),
    num(row.output_tokens),
    num(row.latency_ms),
  ],
  contacts: (row) => [
    str(row.id),
    str(row.bot_id),
    str(row.channel),
    str(row.display_name),
    str(row.email),
    str(row.phone),
    str(row.language),
    str(row.first_iso),
    str(row.first_local),
    str(row.last_iso),
    str(row.last_local),
    num(row.conversations),
  ],
  feedback: (row) => [
    str(row.kind),
    str(row.at_iso),
    str(row.at_local),
    str(row.bot_id),
    str(row.channel),
    str(row.conversation_id),
    str(row.message_id),
    str(row.rating),
    str(row.reason),
    num(row.score),
    str(row.reply),
  ],
};

/**
 * The export's rows, a page at a time (`exportPageRows`), at most `scope.maxRows`: bot after bot
 * (in the order they were created), each bot's rows in time order. Nothing but the page in hand
 * is kept, so memory stays flat whatever the size; a consumer that stops pulling stops the reads.
 */
export async function* readExportPages(db: Db, scope: ExportScope): AsyncGenerator<ExportCell[][]> {
  if (scope.kind === "analytics") {
    yield await readAnalyticsDays(db, scope);
    return;
  }
  const pager = pagers[scope.kind];
  const cells = toCells[scope.kind];
  let left = scope.maxRows;
  for (const botId of scope.bots.keys()) {
    let after: After = null;
    while (left > 0) {
      const rows = await pager(db, scope, botId, after);
      const page = rows.slice(0, left);
      if (page.length > 0) yield page.map((row) => cells(row, scope));
      left -= page.length;
      const last = rows.at(-1);
      if (!last || rows.length < exportPageRows) break;
      after = { at: String(last.sort_key), id: String(last.id) };
    }
    if (left <= 0) break;
  }
}

/** The daily table of the dashboard: one row per day of the period (days without traffic: 0). */
async function readAnalyticsDays(db: Db, scope: ExportScope): Promise<ExportCell[][]> {
  const botIds = [...scope.bots.keys()];
  const inBots = botIds.length
    ? sql`bot_id in (${sql.join(
        botIds.map((botId) => sql`${botId}`),
        sql`, `,
      )})`
    : sql`false`;
  const { rows } = await db.execute<Row>(sql`
    with days as (
      select generate_series(${scope.from}::date, ${scope.to}::date, interval '1 day')::date as day
    ), hourly as (
      select (hour at time zone ${scope.timeZone})::date as day,
        sum(conversations) as conversations,
        sum(user_messages + bot_messages + human_messages) as messages,
        sum(answered) as answered, sum(unanswered) as unanswered, sum(handoffs) as handoffs,
        sum(thumbs_up) as thumbs_up, sum(thumbs_down) as thumbs_down,
        sum(csat_count) as csat_count, sum(csat_sum) as csat_sum
      from analytics_hourly
      where ${inBots}
        and hour >= ${scope.start.toISOString()}::timestamptz
        and hour < ${scope.end.toISOString()}::timestamptz
        ${channelFilter(scope, "channel")}
      group by 1
    ), people as (
      select day, count(distinct contact_id) as contacts
      from analytics_contact_days
      where ${inBots} and day >= ${scope.from}::date and day <= ${scope.to}::date
        ${channelFilter(scope, "channel")}
      group by day
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
      coalesce(h.conversations, 0) as conversations, coalesce(h.messages, 0) as messages,
      coalesce(p.contacts, 0) as contacts, coalesce(h.answered, 0) as answered,
      coalesce(h.unanswered, 0) as unanswered, coalesce(h.handoffs, 0) as handoffs,
      coalesce(h.thumbs_up, 0) as thumbs_up, coalesce(h.thumbs_down, 0) as thumbs_down,
      coalesce(h.csat_count, 0) as csat_count, h.csat_sum
    from days d
    left join hourly h on h.day = d.day
    left join people p on p.day = d.day
    order by d.day`);
  return rows.map((row) => {
    const csatCount = Number(row.csat_count);
    return [
      str(row.day),
      Number(row.conversations),
      Number(row.messages),
      Number(row.contacts),
      Number(row.answered),
      Number(row.unanswered),
      Number(row.handoffs),
      Number(row.thumbs_up),
      Number(row.thumbs_down),
      csatCount,
      csatCount > 0 ? Math.round((Number(row.csat_sum) / csatCount) * 100) / 100 : null,
    ];
  });
}
