import {
  analyticsLatencyBucketsMs,
  defaultModelPriceThb,
  modelPricesThb,
} from "@jai/contracts/analytics";
import type { Db } from "@jai/db";
import { sql } from "@jai/db";
import { detectLanguage, questionKey } from "@jai/engine";

/**
 * The dashboard's rollups (`analytics_hourly`, `analytics_contact_days`, `analytics_questions`,
 * `analytics_sources`), kept equal to a recount of the raw rows: each pass finds the (bot, UTC
 * hour) pairs whose rows changed since the watermark — new messages, feedback given or changed,
 * CSAT answers, a teammate's first reply after a handoff, markers left by withdrawn feedback —
 * and recomputes exactly those from scratch, deleting and inserting in one transaction. Nothing
 * runs in the chat turn. A transaction can commit with an older `created_at` than the watermark,
 * so every pass re-reads the last `lagMs` too (recomputing is idempotent).
 */

export const rollupLagMs = 10 * 60 * 1000;
const watermarkName = "rollups";
/** Markers in `analytics_watermarks` for hours to recompute that left no row to find. */
const dirtyPrefix = "dirty:";
/** (bot, hour) pairs recomputed per statement. */
const chunkSize = 200;
/** Every pass holds this advisory lock: two instances never recompute the same rows at once. */
const lockKey = 748_213_901;

type Pair = { botId: string; hour: string };

/**
 * Marks an hour of a bot for recomputation when nothing in the raw rows would show it changed
 * (a withdrawn vote deletes its row).
 */
export async function markRollupHourDirty(db: Db, botId: string, at: Date): Promise<void> {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  await db.execute(sql`
    insert into analytics_watermarks (name, until)
    values (${`${dirtyPrefix}${botId}|${hour.toISOString()}`}, ${hour.toISOString()}::timestamptz)
    on conflict (name) do nothing`);
}

/** One incremental pass: what changed since the watermark (minus the lag). Returns the pairs redone. */
export async function refreshRollups(db: Db, options: { now?: Date } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    await lockPass(tx);
    const now = options.now ?? (await dbNow(tx));
    const [mark] = (
      await tx.execute<{ until: string | Date }>(
        sql`select until from analytics_watermarks where name = ${watermarkName}`,
      )
    ).rows;
    const since = mark ? new Date(new Date(mark.until).getTime() - rollupLagMs) : new Date(0);
    const pairs = await changedPairs(tx, since);
    await recompute(tx, pairs);
    await tx.execute(sql`delete from analytics_watermarks where name like ${`${dirtyPrefix}%`}`);
    await tx.execute(sql`
      insert into analytics_watermarks (name, until, updated_at)
      values (${watermarkName}, ${now.toISOString()}::timestamptz, now())
      on conflict (name) do update set until = excluded.until, updated_at = now()`);
    return pairs.length;
  });
}

/** Recomputes every hour of one bot (or of all bots) from the raw rows. Returns the pairs. */
export async function rebuildRollups(db: Db, options: { botId?: string } = {}): Promise<number> {
  const ofBot = options.botId ? sql`and bot_id = ${options.botId}` : sql``;
  // Every hour with raw rows: messages (feedback and handoffs count in their message's hour),
  // and CSAT answers, which can fall in an hour without a message.
  const pairs = (
    await db.execute<Pair>(sql`
      select distinct "botId", hour from (
        select bot_id as "botId", ${hourText("created_at")} as hour
          from messages where true ${ofBot}
        union all
        select bot_id, ${hourText("csat_answered_at")}
          from conversations where csat_answered_at is not null ${ofBot}
      ) changed
      order by 1, 2`)
  ).rows;
  for (let start = 0; start < pairs.length; start += chunkSize * 5) {
    await db.transaction(async (tx) => {
      await lockPass(tx);
      await recompute(tx, pairs.slice(start, start + chunkSize * 5));
    });
  }
  return pairs.length;
}

/** When the rollups were last brought up to date (null: never). */
export async function rollupsFreshAt(db: Db): Promise<Date | null> {
  const [row] = (
    await db.execute<{ updated_at: string | Date }>(
      sql`select updated_at from analytics_watermarks where name = ${watermarkName}`,
    )
  ).rows;
  return row ? new Date(row.updated_at) : null;
}

/**
 * Takes the passes' lock for the transaction, and turns JIT compilation off for it: the pass's
 * statements look costly to the planner (a subquery per pair) but read few rows, and compiling
 * them took longer than running them.
 */
async function lockPass(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey})`);
  await tx.execute(sql`set local jit = off`);
}

async function dbNow(db: Db): Promise<Date> {
  const [row] = (await db.execute<{ now: string | Date }>(sql`select now() as now`)).rows;
  return new Date(row!.now);
}

const hourText = (column: string) =>
  sql.raw(
    `to_char(date_trunc('hour', ${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"')`,
  );

async function changedPairs(db: Db, since: Date): Promise<Pair[]> {
  const at = since.toISOString();
  const { rows } = await db.execute<Pair>(sql`
    select distinct "botId", hour from (
      select bot_id as "botId", ${hourText("created_at")} as hour
        from messages where created_at >= ${at}::timestamptz
      union all
      select m.bot_id, ${hourText("m.created_at")}
        from message_feedback f join messages m on m.id = f.message_id
        where f.updated_at >= ${at}::timestamptz
      union all
      select bot_id, ${hourText("csat_answered_at")}
        from conversations where csat_answered_at >= ${at}::timestamptz
      union all
      -- A teammate's reply answers the handoff before it, perhaps hours earlier.
      select e.bot_id, ${hourText("e.created_at")}
        from messages h
        join lateral (
          select bot_id, created_at from messages e
          where e.conversation_id = h.conversation_id and e.sender = 'event'
            and e.event->>'type' = 'handoff_requested' and e.created_at <= h.created_at
          order by e.created_at desc limit 1
        ) e on true
        where h.sender = 'human' and h.created_at >= ${at}::timestamptz
      union all
      select split_part(substr(name, ${dirtyPrefix.length + 1}), '|', 1),
             split_part(substr(name, ${dirtyPrefix.length + 1}), '|', 2)
        from analytics_watermarks where name like ${`${dirtyPrefix}%`}
    ) changed
    order by 1, 2`);
  return rows;
}

/**
 * The rows of `table` (alias `alias`) of each pair's bot and hour, as a lateral subquery read
 * through the (bot_id, `column`) index pair by pair. `offset 0` keeps PostgreSQL from flattening
 * it into a join, which it would plan as a scan of the whole table hashed against the pairs (a
 * pass would then cost as much as the table, whatever its size).
 */
function inHour(table: "messages" | "conversations", alias: string, column: string) {
  return sql.raw(`cross join lateral (
    select * from ${table} ${alias}
    where ${alias}.bot_id = p.bot_id and ${alias}.${column} >= p.hour
      and ${alias}.${column} < p.hour + interval '1 hour'
    offset 0
  ) ${alias}`);
}

/**
 * The messages of the pairs, with their pair's `hour`, as a subquery planned on its own (`offset
 * 0` again): joined to conversations outside it, so that join is planned once for the whole
 * chunk and not repeated (a scan of conversations) for every pair.
 */
function messagesOf(pairs: ReturnType<typeof sql>) {
  return sql`(select p.hour, m.* from ${pairs} p ${inHour("messages", "m", "created_at")} offset 0)`;
}

async function recompute(db: Db, given: readonly Pair[]): Promise<void> {
  // One row per (bot, hour) whatever the text of the hour ("…T09:00:00Z" from SQL, "…T09:00:00.000Z"
  // from a marker): a pair listed twice would be counted twice.
  const unique = new Map<string, Pair>();
  for (const pair of given) {
    const hour = new Date(pair.hour).toISOString();
    unique.set(`${pair.botId}|${hour}`, { botId: pair.botId, hour });
  }
  const pairs = [...unique.values()].sort(
    (a, b) => a.botId.localeCompare(b.botId) || a.hour.localeCompare(b.hour),
  );
  for (let start = 0; start < pairs.length; start += chunkSize) {
    const chunk = pairs.slice(start, start + chunkSize);
    const json = JSON.stringify(chunk.map((pair) => ({ bot_id: pair.botId, hour: pair.hour })));
    const pairsSql = sql`(select bot_id, hour from jsonb_to_recordset(${json}::jsonb) as p(bot_id text, hour timestamptz))`;
    await recomputeHourly(db, pairsSql);
    await recomputeSources(db, pairsSql);
    await recomputeQuestions(db, pairsSql);
    await recomputeContactDays(db, chunk);
  }
}

/** `count(*) filter (…)` per histogram bucket of `value` (ms), as integer columns b0…bN. */
function bucketColumns(value: string, prefix: string, condition: string): string {
  const bounds = analyticsLatencyBucketsMs;
  const columns = bounds.map((bound, index) => {
    const lower = index === 0 ? "" : ` and ${value} > ${bounds[index - 1]}`;
    return `count(*) filter (where ${condition} and ${value} <= ${bound}${lower})::int as ${prefix}${index}`;
  });
  columns.push(
    `count(*) filter (where ${condition} and ${value} > ${bounds.at(-1)})::int as ${prefix}${bounds.length}`,
  );
  return columns.join(",\n");
}

const zeroBuckets = (prefix: string) =>
  Array.from({ length: analyticsLatencyBucketsMs.length + 1 }, (_, i) => `0 as ${prefix}${i}`).join(
    ", ",
  );
const sumArray = (prefix: string) =>
  `array[${Array.from(
    { length: analyticsLatencyBucketsMs.length + 1 },
    (_, i) => `sum(${prefix}${i})::int`,
  ).join(", ")}]`;

/** Estimated cost of one bot message in thousandths of a satang (THB per 1M tokens × 0.1). */
function costExpression(): string {
  const price = (input: number, output: number) =>
    `(coalesce(m.input_tokens, 0) * ${input * 0.1} + coalesce(m.output_tokens, 0) * ${output * 0.1})`;
  const cases = modelPricesThb
    .map(
      ({ prefix, input, output }) =>
        `when m.model like '${prefix.replace(/'/g, "''")}%' then ${price(input, output)}`,
    )
    .join(" ");
  return `case when m.provider is null or m.provider = 'local' then 0 ${cases} else ${price(
    defaultModelPriceThb.input,
    defaultModelPriceThb.output,
  )} end`;
}

async function recomputeHourly(db: Db, pairs: ReturnType<typeof sql>): Promise<void> {
  await db.execute(
    sql`delete from analytics_hourly h using ${pairs} p where h.bot_id = p.bot_id and h.hour = p.hour`,
  );
  await db.execute(sql`
    insert into analytics_hourly (
      bot_id, channel, hour, workspace_id, conversations, user_messages, bot_messages,
      human_messages, answered, unanswered, curated_hits, handoffs, first_human_replies,
      first_human_reply_buckets, thumbs_up, thumbs_down, csat_count, csat_sum, response_buckets,
      input_tokens, output_tokens, cost_milli_satang, updated_at)
    select bot_id, channel, hour, max(workspace_id), sum(conversations)::int, sum(user_messages)::int,
      sum(bot_messages)::int, sum(human_messages)::int, sum(answered)::int, sum(unanswered)::int,
      sum(curated_hits)::int, sum(handoffs)::int, sum(first_human_replies)::int,
      ${sql.raw(sumArray("f"))}, sum(thumbs_up)::int, sum(thumbs_down)::int, sum(csat_count)::int,
      sum(csat_sum)::int, ${sql.raw(sumArray("r"))}, sum(input_tokens)::bigint,
      sum(output_tokens)::bigint, round(sum(cost))::bigint, now()
    from (
      select m.bot_id, c.channel, m.hour, c.workspace_id,
        0 as conversations,
        count(*) filter (where m.sender = 'user')::int as user_messages,
        count(*) filter (where m.sender = 'bot' and m.status <> 'streaming')::int as bot_messages,
        count(*) filter (where m.sender = 'human')::int as human_messages,
        count(*) filter (where m.sender = 'bot' and m.unanswered = false)::int as answered,
        count(*) filter (where m.sender = 'bot' and m.unanswered = true)::int as unanswered,
        count(*) filter (where m.curated_answer_id is not null)::int as curated_hits,
        count(*) filter (where m.sender = 'event' and m.event->>'type' = 'handoff_requested')::int as handoffs,
        count(fh.at) filter (where m.sender = 'event' and m.event->>'type' = 'handoff_requested')::int as first_human_replies,
        ${sql.raw(
          bucketColumns(
            "extract(epoch from (fh.at - m.created_at)) * 1000",
            "f",
            "m.sender = 'event' and fh.at is not null",
          ),
        )},
        count(f.rating) filter (where f.rating = 'up')::int as thumbs_up,
        count(f.rating) filter (where f.rating = 'down')::int as thumbs_down,
        0 as csat_count, 0 as csat_sum,
        ${sql.raw(
          bucketColumns(
            "m.latency_ms",
            "r",
            "m.sender = 'bot' and m.status = 'completed' and m.latency_ms is not null",
          ),
        )},
        coalesce(sum(m.input_tokens) filter (where m.sender = 'bot'), 0) as input_tokens,
        coalesce(sum(m.output_tokens) filter (where m.sender = 'bot'), 0) as output_tokens,
        coalesce(sum(${sql.raw(costExpression())}) filter (where m.sender = 'bot'), 0) as cost
      from ${messagesOf(pairs)} m
      join conversations c on c.id = m.conversation_id
      left join message_feedback f on f.message_id = m.id
      left join lateral (
        select min(h.created_at) as at from messages h
        where m.sender = 'event' and m.event->>'type' = 'handoff_requested'
          and h.conversation_id = m.conversation_id and h.sender = 'human'
          and h.created_at >= m.created_at
      ) fh on true
      where m.status <> 'streaming' or m.sender <> 'bot'
      group by m.bot_id, c.channel, m.hour, c.workspace_id
      union all
      select c.bot_id, c.channel, p.hour, c.workspace_id, count(*)::int, 0, 0, 0, 0, 0, 0, 0, 0,
        ${sql.raw(zeroBuckets("f"))}, 0, 0, 0, 0, ${sql.raw(zeroBuckets("r"))}, 0, 0, 0
      from ${pairs} p
      ${inHour("conversations", "c", "created_at")}
      group by c.bot_id, c.channel, p.hour, c.workspace_id
      union all
      select c.bot_id, c.channel, p.hour, c.workspace_id, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ${sql.raw(zeroBuckets("f"))}, 0, 0, count(*)::int, sum(c.csat_score)::int,
        ${sql.raw(zeroBuckets("r"))}, 0, 0, 0
      from ${pairs} p
      ${inHour("conversations", "c", "csat_answered_at")}
      where c.csat_score is not null
      group by c.bot_id, c.channel, p.hour, c.workspace_id
    ) parts
    group by bot_id, channel, hour`);
}

async function recomputeSources(db: Db, pairs: ReturnType<typeof sql>): Promise<void> {
  await db.execute(
    sql`delete from analytics_sources s using ${pairs} p where s.bot_id = p.bot_id and s.hour = p.hour`,
  );
  await db.execute(sql`
    insert into analytics_sources (bot_id, hour, source_key, title, uses)
    select bot_id, hour, source_key, max(title), count(distinct message_id)::int
    from (
      select m.bot_id, p.hour, m.id as message_id,
        case s->>'kind'
          when 'knowledge' then coalesce(s->>'sourceId', 'knowledge')
          when 'curated' then 'curated:' || coalesce(s->>'sourceId', '')
          else 'faq' end as source_key,
        coalesce(s->>'title', '') as title
      from ${pairs} p
      ${inHour("messages", "m", "created_at")}
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(m.sources) = 'array' then m.sources else '[]'::jsonb end) s
      where m.sender = 'bot' and m.status = 'completed'
    ) used
    group by bot_id, hour, source_key`);
}

type QuestionRow = {
  bot_id: string;
  channel: string;
  hour: string;
  workspace_id: string | null;
  content: string;
  unanswered: boolean | null;
  rating: string | null;
  handoff: boolean;
};

async function recomputeQuestions(db: Db, pairs: ReturnType<typeof sql>): Promise<void> {
  const { rows } = await db.execute<QuestionRow>(sql`
    select m.bot_id, c.channel, to_char(m.hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') as hour,
      c.workspace_id, m.content, b.unanswered, f.rating,
      exists (
        select 1 from messages e
        where e.conversation_id = m.conversation_id and e.sender = 'event'
          and e.event->>'type' = 'handoff_requested' and e.created_at >= m.created_at
          and not exists (
            select 1 from messages u
            where u.conversation_id = m.conversation_id and u.sender = 'user'
              and u.created_at > m.created_at and u.created_at < e.created_at)
      ) as handoff
    from ${messagesOf(pairs)} m
    join conversations c on c.id = m.conversation_id
    left join lateral (
      select b.id, b.unanswered from messages b
      where b.conversation_id = m.conversation_id and b.sender = 'bot'
        and b.created_at >= m.created_at and b.id <> m.id
      order by b.created_at, b.id limit 1
    ) b on true
    left join message_feedback f on f.message_id = b.id
    where m.sender = 'user'
    order by m.created_at`);
  await db.execute(
    sql`delete from analytics_questions q using ${pairs} p where q.bot_id = p.bot_id and q.hour = p.hour`,
  );
  const groups = new Map<
    string,
    {
      botId: string;
      channel: string;
      hour: string;
      key: string;
      workspaceId: string | null;
      asked: number;
      unanswered: number;
      thumbsDown: number;
      handoffs: number;
      example: string;
    }
  >();
  for (const row of rows) {
    const key = questionKey(row.content);
    if (!key) continue;
    const id = `${row.bot_id}\u0000${row.channel}\u0000${row.hour}\u0000${key}`;
    const group = groups.get(id) ?? {
      botId: row.bot_id,
      channel: row.channel,
      hour: row.hour,
      key,
      workspaceId: row.workspace_id,
      asked: 0,
      unanswered: 0,
      thumbsDown: 0,
      handoffs: 0,
      example: row.content,
    };
    group.asked += 1;
    if (row.unanswered === true) group.unanswered += 1;
    if (row.rating === "down") group.thumbsDown += 1;
    if (row.handoff) group.handoffs += 1;
    // The latest wording (rows come oldest first).
    group.example = row.content.slice(0, 500);
    groups.set(id, group);
  }
  const values = [...groups.values()].map((group) => ({
    bot_id: group.botId,
    channel: group.channel,
    hour: group.hour,
    question_key: group.key,
    workspace_id: group.workspaceId,
    asked: group.asked,
    unanswered: group.unanswered,
    thumbs_down: group.thumbsDown,
    handoffs: group.handoffs,
    example: group.example,
    language: detectLanguage(group.example),
  }));
  for (let start = 0; start < values.length; start += 500) {
    const json = JSON.stringify(values.slice(start, start + 500));
    await db.execute(sql`
      insert into analytics_questions (bot_id, channel, hour, question_key, workspace_id, asked,
        unanswered, thumbs_down, handoffs, example, language)
      select * from jsonb_to_recordset(${json}::jsonb) as q(bot_id text, channel text,
        hour timestamptz, question_key text, workspace_id text, asked int, unanswered int,
        thumbs_down int, handoffs int, example text, language text)`);
  }
}

/**
 * Who wrote on which calendar day of the workspace's time zone. The days touched by the
 * changed hours are recounted whole (a day spans 24 hours, any of which may have changed).
 */
async function recomputeContactDays(db: Db, pairs: readonly Pair[]): Promise<void> {
  const json = JSON.stringify(pairs.map((pair) => ({ bot_id: pair.botId, hour: pair.hour })));
  const { rows: days } = await db.execute<{ bot_id: string; day: string; tz: string }>(sql`
    select distinct p.bot_id, to_char((p.hour at time zone tz.name)::date, 'YYYY-MM-DD') as day,
      tz.name as tz
    from jsonb_to_recordset(${json}::jsonb) as p(bot_id text, hour timestamptz)
    join bots b on b.id = p.bot_id
    left join workspaces w on w.id = b.owner_id
    cross join lateral (
      select coalesce(nullif(w.business_hours->>'timeZone', ''), 'Asia/Bangkok') as name
    ) tz`);
  if (days.length === 0) return;
  const daysJson = JSON.stringify(days);
  const daySet = sql`(select bot_id, day::date as day, tz from jsonb_to_recordset(${daysJson}::jsonb) as d(bot_id text, day text, tz text))`;
  await db.execute(
    sql`delete from analytics_contact_days a using ${daySet} d where a.bot_id = d.bot_id and a.day = d.day`,
  );
  await db.execute(sql`
    insert into analytics_contact_days (bot_id, day, contact_id, channel, workspace_id, is_new)
    select distinct on (m.bot_id, m.day, c.contact_id) m.bot_id, m.day, c.contact_id, c.channel,
      c.workspace_id, (k.created_at at time zone m.tz)::date = m.day
    from (
      select d.day, d.tz, m.bot_id, m.conversation_id
      from ${daySet} d
      cross join lateral (
        select m.bot_id, m.conversation_id from messages m
        where m.bot_id = d.bot_id and m.sender = 'user'
          and m.created_at >= (d.day::timestamp at time zone d.tz)
          and m.created_at < ((d.day + 1)::timestamp at time zone d.tz)
        offset 0
      ) m
      offset 0
    ) m
    join conversations c on c.id = m.conversation_id
    join contacts k on k.id = c.contact_id
    order by m.bot_id, m.day, c.contact_id`);
}
