import {
  type AnalyticsBotCost,
  type AnalyticsChannelSplit,
  type AnalyticsDayPoint,
  type AnalyticsOverviewDto,
  type AnalyticsQuery,
  type AnalyticsTopQuestion,
  type AnalyticsTopSource,
  type AnalyticsTotals,
  type AttentionItemDto,
  analyticsLatencyBucketsMs,
  analyticsLimits,
  type ForecastDto,
  type Gated,
  hasAnalyticsFeature,
} from "@jai/contracts/analytics";
import { getPlan } from "@jai/contracts/plans";
import { type Db, type SQL, sql } from "@jai/db";
import { forecastDaily, forecastMinHistory, groupQuestions } from "@jai/engine";
import { AppError } from "../../http/errors";
import { isPlanId, loadOwnerPlan } from "../../services/console/console-plan";
import { monthUsage } from "../billing/users-per-month";
import { rollupsFreshAt } from "./rollups";

/**
 * The dashboard's figures for a workspace, read from the rollups only (modules/analytics/
 * rollups.ts), so a period over a million messages reads a few thousand small rows. Days are
 * calendar days in the workspace's time zone (its business hours' zone, else Asia/Bangkok).
 * What the plan's analytics level does not include is left out here, not only hidden on the page.
 */

const dayMs = 24 * 60 * 60 * 1000;
const defaultTimeZone = "Asia/Bangkok";

export async function workspaceTimeZone(db: Db, workspaceId: string): Promise<string> {
  const { rows } = await db.execute<{ tz: string | null }>(
    sql`select business_hours->>'timeZone' as tz from workspaces where id = ${workspaceId}`,
  );
  const tz = rows[0]?.tz;
  if (!tz) return defaultTimeZone;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    return defaultTimeZone;
  }
}

/** The workspace's plan from the catalogue (an unknown id reads as the trial). */
export async function workspacePlan(db: Db, workspaceId: string) {
  const { planId } = await loadOwnerPlan(db, workspaceId);
  return getPlan(isPlanId(planId) ? planId : "free");
}

/** YYYY-MM-DD of an instant in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

/** The period's first and last day (inclusive) in the workspace's time zone. */
export function resolvePeriod(
  query: AnalyticsQuery,
  timeZone: string,
  now = new Date(),
): { from: string; to: string } {
  const today = dayIn(timeZone, now);
  switch (query.period) {
    case "today":
      return { from: today, to: today };
    case "7d":
      return { from: addDays(today, -6), to: today };
    case "30d":
      return { from: addDays(today, -29), to: today };
    case "90d":
      return { from: addDays(today, -89), to: today };
    case "custom": {
      const from = query.from!;
      const to = query.to!;
      if (daysBetween(from, to) > analyticsLimits.customPeriodDays) {
        throw new AppError("VALIDATION_FAILED", { fields: { to: "tooLong" } });
      }
      return { from, to };
    }
  }
}

type Scope = { workspaceId: string; botId?: string; channel?: string; timeZone: string };

/** The bot must be the workspace's (else NOT_FOUND, like a bot that does not exist). */
async function checkBot(db: Db, workspaceId: string, botId: string | undefined) {
  if (!botId) return;
  const { rows } = await db.execute(
    sql`select 1 from bots where id = ${botId} and owner_id = ${workspaceId}`,
  );
  if (rows.length === 0) throw new AppError("NOT_FOUND");
}

function hourRange(scope: Scope, from: string, to: string, column = "hour"): SQL {
  const col = sql.raw(column);
  return sql`${col} >= (${from}::date)::timestamp at time zone ${scope.timeZone}
    and ${col} < (${addDays(to, 1)}::date)::timestamp at time zone ${scope.timeZone}`;
}

function filters(scope: Scope, alias = ""): SQL {
  const prefix = alias ? `${alias}.` : "";
  return sql`${sql.raw(`${prefix}workspace_id`)} = ${scope.workspaceId}
    ${scope.botId ? sql`and ${sql.raw(`${prefix}bot_id`)} = ${scope.botId}` : sql``}
    ${scope.channel ? sql`and ${sql.raw(`${prefix}channel`)} = ${scope.channel}` : sql``}`;
}

/** The bucket holding the middle value, as its upper bound (the last bucket: its lower bound). */
export function medianOfBuckets(buckets: readonly number[]): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [index, count] of buckets.entries()) {
    seen += count;
    if (seen * 2 >= total) {
      return analyticsLatencyBucketsMs[index] ?? analyticsLatencyBucketsMs.at(-1)!;
    }
  }
  return analyticsLatencyBucketsMs.at(-1)!;
}

const bucketCount = analyticsLatencyBucketsMs.length + 1;

/** `coalesce(sum(column[1]), 0) as <prefix>1, …`: a histogram column summed bucket by bucket. */
function bucketSums(column: string, prefix: string): SQL {
  return sql.raw(
    Array.from(
      { length: bucketCount },
      (_, index) => `coalesce(sum(${column}[${index + 1}]), 0) as ${prefix}${index + 1}`,
    ).join(", "),
  );
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

async function totalsFor(db: Db, scope: Scope, from: string, to: string): Promise<AnalyticsTotals> {
  const range = hourRange(scope, from, to);
  const where = sql`${filters(scope)} and ${range}`;
  const [sums] = (
    await db.execute<Record<string, string | number | null>>(sql`
      select coalesce(sum(conversations), 0) as conversations,
        coalesce(sum(user_messages), 0) as user_messages,
        coalesce(sum(bot_messages), 0) as bot_messages,
        coalesce(sum(human_messages), 0) as human_messages,
        coalesce(sum(answered), 0) as answered, coalesce(sum(unanswered), 0) as unanswered,
        coalesce(sum(curated_hits), 0) as curated_hits, coalesce(sum(handoffs), 0) as handoffs,
        coalesce(sum(thumbs_up), 0) as thumbs_up, coalesce(sum(thumbs_down), 0) as thumbs_down,
        coalesce(sum(csat_count), 0) as csat_count, coalesce(sum(csat_sum), 0) as csat_sum,
        coalesce(sum(input_tokens), 0) as input_tokens,
        coalesce(sum(output_tokens), 0) as output_tokens,
        coalesce(sum(cost_milli_satang), 0) as cost,
        ${bucketSums("first_human_reply_buckets", "f")}, ${bucketSums("response_buckets", "r")}
      from analytics_hourly where ${where}`)
  ).rows;
  // The histograms, summed bucket by bucket in the same scan.
  const buckets = (prefix: string) =>
    Array.from({ length: bucketCount }, (_, index) => n(`${prefix}${index + 1}`));
  const contactWhere = sql`${filters(scope)} and day >= ${from}::date and day <= ${to}::date`;
  const [people] = (
    await db.execute<{ contacts: string | number; new_contacts: string | number }>(sql`
      select count(distinct contact_id) as contacts,
        count(distinct contact_id) filter (where is_new) as new_contacts
      from analytics_contact_days where ${contactWhere}`)
  ).rows;
  const n = (key: string) => Number(sums?.[key] ?? 0);
  const contacts = Number(people?.contacts ?? 0);
  const newContacts = Number(people?.new_contacts ?? 0);
  const csatCount = n("csat_count");
  return {
    conversations: n("conversations"),
    messages: n("user_messages") + n("bot_messages") + n("human_messages"),
    userMessages: n("user_messages"),
    botMessages: n("bot_messages"),
    humanMessages: n("human_messages"),
    contacts,
    newContacts,
    returningContacts: contacts - newContacts,
    answered: n("answered"),
    unanswered: n("unanswered"),
    unansweredRate: ratio(n("unanswered"), n("answered") + n("unanswered")),
    handoffs: n("handoffs"),
    handoffRate: ratio(n("handoffs"), n("conversations")),
    medianFirstHumanReplyMs: medianOfBuckets(buckets("f")),
    thumbsUp: n("thumbs_up"),
    thumbsDown: n("thumbs_down"),
    thumbsUpRate: ratio(n("thumbs_up"), n("thumbs_up") + n("thumbs_down")),
    csatCount,
    csatAverage: csatCount > 0 ? Math.round((n("csat_sum") / csatCount) * 100) / 100 : null,
    medianResponseMs: medianOfBuckets(buckets("r")),
    curatedHits: n("curated_hits"),
    inputTokens: n("input_tokens"),
    outputTokens: n("output_tokens"),
    // Thousandths of a satang → baht, two decimals.
    costThb: Math.round(n("cost") / 1000) / 100,
  };
}

/** What a plan without basic analytics sees of the totals: the counts. */
function overviewOnly(totals: AnalyticsTotals): AnalyticsTotals {
  return {
    ...totals,
    answered: 0,
    unanswered: 0,
    unansweredRate: null,
    handoffs: 0,
    handoffRate: null,
    medianFirstHumanReplyMs: null,
    thumbsUp: 0,
    thumbsDown: 0,
    thumbsUpRate: null,
    csatCount: 0,
    csatAverage: null,
    medianResponseMs: null,
    curatedHits: 0,
    inputTokens: 0,
    outputTokens: 0,
    costThb: 0,
  };
}

function withoutCost(totals: AnalyticsTotals): AnalyticsTotals {
  return { ...totals, inputTokens: 0, outputTokens: 0, costThb: 0 };
}

const gate = async <T>(
  allowed: boolean,
  requiredPlan: "pro" | "business",
  read: () => Promise<T>,
): Promise<Gated<T>> =>
  allowed ? { locked: false, data: await read() } : { locked: true, requiredPlan };

export async function getAnalyticsOverview(
  db: Db,
  workspaceId: string,
  query: AnalyticsQuery,
  now = new Date(),
): Promise<AnalyticsOverviewDto> {
  await checkBot(db, workspaceId, query.botId);
  const timeZone = await workspaceTimeZone(db, workspaceId);
  const scope: Scope = { workspaceId, botId: query.botId, channel: query.channel, timeZone };
  const { from, to } = resolvePeriod(query, timeZone, now);
  const length = daysBetween(from, to);
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(previousTo, -(length - 1));
  const plan = await workspacePlan(db, workspaceId);
  const level = plan.allowances.analytics;
  const basic = hasAnalyticsFeature(level, "basic");
  const deep = hasAnalyticsFeature(level, "deep");
  const shape = (totals: AnalyticsTotals) =>
    !basic ? overviewOnly(totals) : deep ? totals : withoutCost(totals);

  // Users this month: the contacts the plan counted this Bangkok month, across the workspace's
  // bots (billing/users-per-month.ts), the same figure as the console's plan banner.
  const usedThisMonth = async () => (await monthUsage(db, workspaceId, now)).contacts;

  // The sections are independent reads: on PostgreSQL they run at once on the pool.
  const [totals, previous, used, daily, hours, channels, questions, sources, costs, freshAt] =
    await Promise.all([
      totalsFor(db, scope, from, to),
      totalsFor(db, scope, previousFrom, previousTo),
      usedThisMonth(),
      dailyPoints(db, scope, from, to),
      gate(basic, "pro", () => busiestHours(db, scope, from, to)),
      gate(basic, "pro", () => channelSplit(db, scope, from, to)),
      gate(basic, "pro", () => topQuestions(db, scope, from, to)),
      gate(deep, "business", () => topSources(db, scope, from, to)),
      gate(deep, "business", () => costsPerBot(db, scope, from, to)),
      rollupsFreshAt(db),
    ]);
  return {
    from,
    to,
    timeZone,
    level,
    usersPerMonth: { used, allowance: plan.allowances.usersPerMonth },
    totals: shape(totals),
    previous: shape(previous),
    daily,
    busiestHours: hours,
    channels,
    topQuestions: questions,
    topSources: sources,
    costs,
    freshAt: freshAt?.toISOString() ?? null,
  };
}

async function dailyPoints(
  db: Db,
  scope: Scope,
  from: string,
  to: string,
): Promise<AnalyticsDayPoint[]> {
  const { rows } = await db.execute<Record<string, string | number>>(sql`
    select to_char((hour at time zone ${scope.timeZone})::date, 'YYYY-MM-DD') as day,
      sum(conversations) as conversations,
      sum(user_messages + bot_messages + human_messages) as messages,
      sum(unanswered) as unanswered, sum(handoffs) as handoffs
    from analytics_hourly where ${filters(scope)} and ${hourRange(scope, from, to)}
    group by 1`);
  const { rows: people } = await db.execute<{ day: string; contacts: string | number }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, count(distinct contact_id) as contacts
    from analytics_contact_days
    where ${filters(scope)} and day >= ${from}::date and day <= ${to}::date group by 1`);
  const byDay = new Map(rows.map((row) => [String(row.day), row]));
  const contactsByDay = new Map(people.map((row) => [row.day, Number(row.contacts)]));
  const points: AnalyticsDayPoint[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    points.push({
      day,
      conversations: Number(row?.conversations ?? 0),
      messages: Number(row?.messages ?? 0),
      contacts: contactsByDay.get(day) ?? 0,
      unanswered: Number(row?.unanswered ?? 0),
      handoffs: Number(row?.handoffs ?? 0),
    });
  }
  return points;
}

async function busiestHours(db: Db, scope: Scope, from: string, to: string) {
  const { rows } = await db.execute<{ weekday: number; hour: number; messages: string | number }>(
    sql`
    select extract(dow from hour at time zone ${scope.timeZone})::int as weekday,
      extract(hour from hour at time zone ${scope.timeZone})::int as hour,
      sum(user_messages + bot_messages + human_messages) as messages
    from analytics_hourly where ${filters(scope)} and ${hourRange(scope, from, to)}
    group by 1, 2 order by 1, 2`,
  );
  return rows.map((row) => ({
    weekday: Number(row.weekday),
    hour: Number(row.hour),
    messages: Number(row.messages),
  }));
}

async function channelSplit(
  db: Db,
  scope: Scope,
  from: string,
  to: string,
): Promise<AnalyticsChannelSplit[]> {
  const { rows } = await db.execute<Record<string, string | number>>(sql`
    select channel, sum(conversations) as conversations,
      sum(user_messages + bot_messages + human_messages) as messages
    from analytics_hourly where ${filters(scope)} and ${hourRange(scope, from, to)}
    group by channel order by 3 desc`);
  return rows.map((row) => ({
    channel: String(row.channel),
    conversations: Number(row.conversations),
    messages: Number(row.messages),
  }));
}

async function topQuestions(
  db: Db,
  scope: Scope,
  from: string,
  to: string,
): Promise<AnalyticsTopQuestion[]> {
  const { rows } = await db.execute<{
    key: string;
    asked: string | number;
    unanswered: string | number;
    example: string;
  }>(sql`
    select question_key as key, sum(asked) as asked, sum(unanswered) as unanswered,
      max(example) as example
    from analytics_questions where ${filters(scope)} and ${hourRange(scope, from, to)}
    group by question_key order by 2 desc, 1 limit 200`);
  const unansweredByKey = new Map(rows.map((row) => [row.key, Number(row.unanswered)]));
  return groupQuestions(
    rows.map((row) => ({ key: row.key, example: row.example, count: Number(row.asked) })),
  )
    .slice(0, analyticsLimits.topQuestions)
    .map((group) => ({
      key: group.key,
      example: group.examples[0] ?? "",
      examples: group.examples.slice(0, 5),
      asked: group.count,
      unanswered: group.keys.reduce((sum, key) => sum + (unansweredByKey.get(key) ?? 0), 0),
    }));
}

async function topSources(
  db: Db,
  scope: Scope,
  from: string,
  to: string,
): Promise<AnalyticsTopSource[]> {
  const { rows } = await db.execute<{ key: string; title: string; uses: string | number }>(sql`
    select s.source_key as key, max(s.title) as title, sum(s.uses) as uses
    from analytics_sources s join bots b on b.id = s.bot_id
    where b.owner_id = ${scope.workspaceId}
      ${scope.botId ? sql`and s.bot_id = ${scope.botId}` : sql``}
      and ${hourRange(scope, from, to, "s.hour")}
    group by s.source_key order by 3 desc limit ${analyticsLimits.topSources}`);
  return rows.map((row) => ({ sourceKey: row.key, title: row.title, uses: Number(row.uses) }));
}

async function costsPerBot(
  db: Db,
  scope: Scope,
  from: string,
  to: string,
): Promise<AnalyticsBotCost[]> {
  const { rows } = await db.execute<Record<string, string | number>>(sql`
    select h.bot_id, b.name, sum(h.input_tokens) as input_tokens,
      sum(h.output_tokens) as output_tokens, sum(h.cost_milli_satang) as cost
    from analytics_hourly h join bots b on b.id = h.bot_id
    where ${filters(scope, "h")} and ${hourRange(scope, from, to, "h.hour")}
    group by h.bot_id, b.name order by 5 desc, 2`);
  return rows.map((row) => ({
    botId: String(row.bot_id),
    botName: String(row.name),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    costThb: Math.round(Number(row.cost) / 1000) / 100,
  }));
}

/** Conversations per day of one bot over up to a year, and the next 14 days' forecast. */
export async function getForecast(
  db: Db,
  workspaceId: string,
  botId: string | undefined,
  now = new Date(),
): Promise<ForecastDto> {
  await checkBot(db, workspaceId, botId);
  const level = (await workspacePlan(db, workspaceId)).allowances.analytics;
  if (!hasAnalyticsFeature(level, "deep")) return { status: "locked", requiredPlan: "business" };
  const timeZone = await workspaceTimeZone(db, workspaceId);
  const scope: Scope = { workspaceId, botId, timeZone };
  const to = addDays(dayIn(timeZone, now), -1);
  const from = addDays(to, -364);
  const { rows } = await db.execute<{ day: string; conversations: string | number }>(sql`
    select to_char((hour at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
      sum(conversations) as conversations
    from analytics_hourly where ${filters(scope)} and ${hourRange(scope, from, to)}
    group by 1 order by 1`);
  if (rows.length === 0) {
    return { status: "not_enough_history", historyDays: 0, neededDays: forecastMinHistory };
  }
  // From the first day with traffic to yesterday (today is not over), gaps as zeros.
  const byDay = new Map(rows.map((row) => [row.day, Number(row.conversations)]));
  const history: { day: string; value: number }[] = [];
  for (let day = rows[0]!.day; day <= to; day = addDays(day, 1)) {
    history.push({ day, value: byDay.get(day) ?? 0 });
  }
  const result = forecastDaily(
    history.map((point) => point.value),
    analyticsLimits.forecastDays,
  );
  if (!result) {
    return {
      status: "not_enough_history",
      historyDays: history.length,
      neededDays: forecastMinHistory,
    };
  }
  return {
    status: "ready",
    model: result.model,
    fellBack: result.fellBack,
    mape: Math.round(result.mape * 10) / 10,
    naiveMape: Math.round(result.naiveMape * 10) / 10,
    history: history.slice(-56),
    points: result.points.map((point, index) => ({
      day: addDays(to, index + 1),
      value: Math.round(point.value * 10) / 10,
      low: Math.round(point.low * 10) / 10,
      high: Math.round(point.high * 10) / 10,
    })),
  };
}

/** What deserves a look this morning: each item says where to act. */
export async function getAttention(
  db: Db,
  workspaceId: string,
  now = new Date(),
): Promise<AttentionItemDto[]> {
  const level = (await workspacePlan(db, workspaceId)).allowances.analytics;
  const items: AttentionItemDto[] = [];
  const { rows: waiting } = await db.execute<{ n: string | number }>(sql`
    select count(*) as n from conversations
    where workspace_id = ${workspaceId} and status = 'pending'`);
  const waitingCount = Number(waiting[0]?.n ?? 0);
  if (waitingCount > 0) {
    items.push({
      kind: "handoffs_waiting",
      botId: null,
      botName: null,
      figures: { waiting: waitingCount },
      subject: null,
      href: "/app/inbox?status=pending",
    });
  }
  if (!hasAnalyticsFeature(level, "deep")) return items;
  const recent = new Date(now.getTime() - 7 * dayMs).toISOString();
  const before = new Date(now.getTime() - 14 * dayMs).toISOString();
  const { rows: trends } = await db.execute<Record<string, string | number>>(sql`
    select h.bot_id, b.name,
      sum(h.unanswered) filter (where h.hour >= ${recent}::timestamptz) as unanswered_now,
      sum(h.unanswered) filter (where h.hour < ${recent}::timestamptz) as unanswered_before,
      sum(h.answered + h.unanswered) filter (where h.hour >= ${recent}::timestamptz) as asked_now,
      sum(h.answered + h.unanswered) filter (where h.hour < ${recent}::timestamptz) as asked_before,
      sum(h.thumbs_down) filter (where h.hour >= ${recent}::timestamptz) as down_now,
      sum(h.thumbs_down) filter (where h.hour < ${recent}::timestamptz) as down_before,
      sum(h.csat_sum) filter (where h.hour >= ${recent}::timestamptz) as csat_sum_now,
      sum(h.csat_count) filter (where h.hour >= ${recent}::timestamptz) as csat_count_now,
      sum(h.csat_sum) filter (where h.hour < ${recent}::timestamptz) as csat_sum_before,
      sum(h.csat_count) filter (where h.hour < ${recent}::timestamptz) as csat_count_before
    from analytics_hourly h join bots b on b.id = h.bot_id
    where h.workspace_id = ${workspaceId} and h.hour >= ${before}::timestamptz
    group by h.bot_id, b.name`);
  for (const row of trends) {
    const n = (key: string) => Number(row[key] ?? 0);
    const botId = String(row.bot_id);
    const botName = String(row.name);
    const rateNow = ratio(n("unanswered_now"), n("asked_now")) ?? 0;
    const rateBefore = ratio(n("unanswered_before"), n("asked_before")) ?? 0;
    // Enough questions to mean something, and clearly worse.
    if (n("asked_now") >= 10 && n("unanswered_now") >= 3 && rateNow > rateBefore * 1.25) {
      items.push({
        kind: "unanswered_rising",
        botId,
        botName,
        figures: { now: n("unanswered_now"), before: n("unanswered_before") },
        subject: null,
        href: `/app/improve?botId=${encodeURIComponent(botId)}`,
      });
    }
    if (n("down_now") >= 3 && n("down_now") > n("down_before") * 1.5) {
      items.push({
        kind: "thumbs_down_rising",
        botId,
        botName,
        figures: { now: n("down_now"), before: n("down_before") },
        subject: null,
        href: `/app/improve?botId=${encodeURIComponent(botId)}`,
      });
    }
    const csatNow = n("csat_count_now") >= 3 ? n("csat_sum_now") / n("csat_count_now") : null;
    const csatBefore =
      n("csat_count_before") >= 3 ? n("csat_sum_before") / n("csat_count_before") : null;
    if (csatNow !== null && csatBefore !== null && csatNow <= csatBefore - 0.5) {
      items.push({
        kind: "csat_dropping",
        botId,
        botName,
        figures: {
          now: Math.round(csatNow * 10) / 10,
          before: Math.round(csatBefore * 10) / 10,
        },
        subject: null,
        href: `/app/inbox`,
      });
    }
  }
  // Knowledge sources no reply used in 30 days, on bots that were asked enough.
  const month = new Date(now.getTime() - 30 * dayMs).toISOString();
  const { rows: unused } = await db.execute<{ bot_id: string; name: string; title: string }>(sql`
    select k.bot_id, b.name, k.title from knowledge_sources k join bots b on b.id = k.bot_id
    where b.owner_id = ${workspaceId} and k.status = 'ready'
      and k.created_at < ${month}::timestamptz
      and (select coalesce(sum(h.answered + h.unanswered), 0) from analytics_hourly h
           where h.bot_id = k.bot_id and h.hour >= ${month}::timestamptz) >= 20
      and not exists (select 1 from analytics_sources s
           where s.bot_id = k.bot_id and s.source_key = k.id::text and s.hour >= ${month}::timestamptz)
    limit 10`);
  for (const row of unused) {
    items.push({
      kind: "source_unused",
      botId: row.bot_id,
      botName: row.name,
      figures: { days: 30 },
      subject: row.title,
      href: `/app/bots/${encodeURIComponent(row.bot_id)}`,
    });
  }
  return items;
}
