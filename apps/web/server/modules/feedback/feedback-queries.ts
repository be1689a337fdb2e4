import { analyticsLimits } from "@jai/contracts/analytics";
import {
  type FeedbackItemDto,
  FeedbackListQuerySchema,
  type FeedbackPageDto,
  feedbackPageSize,
  feedbackTextChars,
} from "@jai/contracts/console";
import { type Db, sql } from "@jai/db";
import { AppError } from "../../http/errors";
import { parseInput } from "../../services/console/parse-input";

const dayMs = 24 * 60 * 60 * 1000;
const defaultTimeZone = "Asia/Bangkok";

/**
 * The team's list of customers' thumbs (`GET /api/console/feedback`): newest first, page by page
 * (keyset on the vote's time and id), in a period of calendar days in the workspace's time zone,
 * optionally one bot (another workspace's bot: NOT_FOUND) and one rating. Each with the reply it
 * rates and the customer's message before it.
 */
export async function listFeedback(
  db: Db,
  workspaceId: string,
  rawQuery: unknown,
  now = new Date(),
): Promise<FeedbackPageDto> {
  const query = parseInput(FeedbackListQuerySchema, rawQuery);
  if (query.botId) {
    const { rows } = await db.execute(
      sql`select 1 from bots where id = ${query.botId} and owner_id = ${workspaceId}`,
    );
    if (rows.length === 0) throw new AppError("NOT_FOUND");
  }
  const timeZone = await workspaceTimeZone(db, workspaceId);
  const { from, to } = periodDays(query, timeZone, now);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const { rows } = await db.execute<{
    message_id: string;
    bot_id: string;
    bot_name: string;
    conversation_id: string;
    channel: string;
    contact_name: string | null;
    rating: "up" | "down";
    reason: string | null;
    reply: string;
    question: string | null;
    at: string;
    sort_key: string;
  }>(sql`
    select f.message_id, f.bot_id, b.name as bot_name, f.conversation_id, f.channel,
      ct.display_name as contact_name, f.rating, f.reason,
      left(m.content, ${feedbackTextChars}) as reply,
      (select left(u.content, ${feedbackTextChars}) from messages u
        where u.conversation_id = f.conversation_id and u.sender = 'user'
          and u.created_at <= m.created_at
        order by u.created_at desc, u.id desc limit 1) as question,
      to_char(f.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
      f.updated_at::text as sort_key
    from message_feedback f
    join bots b on b.id = f.bot_id
    join messages m on m.id = f.message_id
    join conversations c on c.id = f.conversation_id
    join contacts ct on ct.id = c.contact_id
    where b.owner_id = ${workspaceId}
      ${query.botId ? sql`and f.bot_id = ${query.botId}` : sql``}
      ${query.rating ? sql`and f.rating = ${query.rating}` : sql``}
      and f.updated_at >= (${from}::date)::timestamp at time zone ${timeZone}
      and f.updated_at < (${addDays(to, 1)}::date)::timestamp at time zone ${timeZone}
      ${after ? sql`and (f.updated_at, f.message_id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
    order by f.updated_at desc, f.message_id desc
    limit ${feedbackPageSize + 1}`);
  const page = rows.slice(0, feedbackPageSize);
  const last = page.at(-1);
  return {
    items: page.map(
      (row): FeedbackItemDto => ({
        messageId: row.message_id,
        botId: row.bot_id,
        botName: row.bot_name,
        conversationId: row.conversation_id,
        channel: row.channel,
        contactName: row.contact_name,
        rating: row.rating,
        reason: row.reason,
        reply: row.reply,
        question: row.question,
        at: row.at,
      }),
    ),
    nextCursor:
      rows.length > feedbackPageSize && last
        ? encodeCursor({ at: last.sort_key, id: last.message_id })
        : null,
  };
}

/** The workspace's time zone: its business hours' zone, else Bangkok (as the dashboard). */
async function workspaceTimeZone(db: Db, workspaceId: string): Promise<string> {
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

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** The period's first and last day (inclusive) in the time zone. */
export function periodDays(
  query: { period: "today" | "7d" | "30d" | "90d" | "custom"; from?: string; to?: string },
  timeZone: string,
  now: Date,
): { from: string; to: string } {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
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
      const days = Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;
      if (days > analyticsLimits.customPeriodDays) {
        throw new AppError("VALIDATION_FAILED", { fields: { to: "tooLong" } });
      }
      return { from, to };
    }
  }
}

function encodeCursor(cursor: { at: string; id: string }): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(value: string): { at: string; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString()) as {
      at?: unknown;
      id?: unknown;
    };
    if (
      typeof parsed.at === "string" &&
      /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(
        parsed.at,
      ) &&
      typeof parsed.id === "string" &&
      /^[0-9a-f-]{36}$/i.test(parsed.id)
    ) {
      return { at: parsed.at, id: parsed.id };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError("VALIDATION_FAILED", { fields: { cursor: "invalid" } });
}
