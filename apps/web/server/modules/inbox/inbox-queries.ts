import type { CsatDto } from "@jai/contracts/analytics";
import type { ChatMedia } from "@jai/contracts/chat";
import {
  type ConversationEventDto,
  type InboxConversationDto,
  type InboxListQuerySchema,
  type InboxMessageDto,
  inboxLimits,
} from "@jai/contracts/inbox";
import {
  and,
  conversations,
  type Db,
  deliveries,
  desc,
  eq,
  inArray,
  type MessageMedia,
  messageFeedback,
  messages,
  type SQL,
  sql,
  users,
  workspaceMembers,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { isUuid } from "../conversations/is-uuid";

/*
 * The inbox's reads (inbox-service.ts answers with them): the list's query, exported for the
 * benchmark's EXPLAIN; the transcript; the teammates; the list's cursor.
 */

/** Who acts: the signed-in teammate in the workspace the request acts in. */
export type InboxActor = { userId: string; workspaceId: string; name: string };

type ListFilters = ReturnType<typeof InboxListQuerySchema.parse>;

type ListOptions = {
  filters?: ListFilters;
  cursor?: { at: string; id: string } | null;
  limit?: number;
  ids?: string[];
};

/**
 * The list's query (a page, or given ids), newest activity first. Exported so that
 * bench/inbox-list.ts times and explains the very query the inbox runs.
 */
export function inboxListSql(actor: InboxActor, options: ListOptions): SQL {
  const f = options.filters ?? {};
  const conditions = [sql`c.workspace_id = ${actor.workspaceId}`];
  if (options.ids) {
    conditions.push(
      sql`c.id in (${sql.join(
        options.ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  }
  const status = f.status;
  if (!options.ids) {
    if (status === undefined) conditions.push(sql`c.status <> 'resolved'`);
    else if (status === "human") conditions.push(sql`c.status in ('pending', 'open')`);
    else if (status !== "all") conditions.push(sql`c.status = ${status}`);
  }
  if (f.botId) conditions.push(sql`c.bot_id = ${f.botId}`);
  if (f.channel) conditions.push(sql`c.channel = ${f.channel}`);
  if (f.assignee === "mine") conditions.push(sql`c.assignee_id = ${actor.userId}`);
  if (f.assignee === "unassigned") conditions.push(sql`c.assignee_id is null`);
  if (f.feedback) conditions.push(sql`c.has_feedback`);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(ct.display_name ilike ${like} or c.last_message_preview ilike ${like} or exists (select 1 from messages m where m.conversation_id = c.id and m.content ilike ${like}))`,
    );
  }
  if (options.cursor) {
    conditions.push(
      sql`(c.last_message_at, c.id) < (${options.cursor.at}::timestamptz, ${options.cursor.id}::uuid)`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const limit = options.limit ?? 1000;
  // `nulls last`, as the conversations_workspace_* indexes are built (drizzle's default for a
  // descending index column): with plain `desc` (nulls first) no index gives this order, so
  // every page read and sorted all the workspace's matching rows (bench/inbox-list.ts, 100,000
  // conversations: first page 157 ms on the server, now under 1 ms). Both columns are not
  // null: the order is the same.
  return sql`
    select c.id, c.bot_id, b.name as bot_name, c.channel, c.status, c.contact_id,
      ct.display_name as contact_name, ct.avatar_url, c.assignee_id, u.name as assignee_name,
      to_char(c.last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_message_at,
      c.last_message_at::text as sort_key,
      c.last_message_sender, c.last_message_preview,
      (c.last_customer_message_at is not null
        and (r.read_at is null or r.read_at < c.last_customer_message_at)) as unread,
      to_char(c.waiting_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as waiting_since,
      to_char(c.snoozed_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as snoozed_until,
      c.has_feedback
    from conversations c
    join bots b on b.id = c.bot_id
    join contacts ct on ct.id = c.contact_id
    left join users u on u.id = c.assignee_id
    left join conversation_reads r on r.conversation_id = c.id and r.user_id = ${actor.userId}
    where ${where}
    order by c.last_message_at desc nulls last, c.id desc nulls last
    limit ${limit}`;
}

/** The list's rows (a page, or given ids), newest activity first. */
export async function listRows(
  db: Db,
  actor: InboxActor,
  options: ListOptions,
): Promise<Array<InboxConversationDto & { sortKey: string }>> {
  const result = await db.execute<{
    id: string;
    bot_id: string;
    bot_name: string;
    channel: InboxConversationDto["channel"];
    status: InboxConversationDto["status"];
    contact_id: string;
    contact_name: string | null;
    avatar_url: string | null;
    assignee_id: string | null;
    assignee_name: string | null;
    last_message_at: string;
    sort_key: string;
    last_message_sender: InboxConversationDto["lastMessage"]["sender"];
    last_message_preview: string | null;
    unread: boolean;
    waiting_since: string | null;
    snoozed_until: string | null;
    has_feedback: boolean;
  }>(inboxListSql(actor, options));
  return result.rows.map((row) => ({
    id: row.id,
    botId: row.bot_id,
    botName: row.bot_name,
    channel: row.channel,
    status: row.status,
    contact: { id: row.contact_id, name: row.contact_name, avatarUrl: row.avatar_url },
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? "" } : null,
    lastMessage: {
      at: row.last_message_at,
      sender: row.last_message_sender,
      preview: row.last_message_preview ?? "",
    },
    unread: row.unread === true,
    waitingSince: row.waiting_since,
    snoozedUntil: row.snoozed_until,
    hasFeedback: row.has_feedback === true,
    sortKey: row.sort_key,
  }));
}

/** The transcript as the inbox shows it (the newest 500, oldest first). */
export async function loadMessages(
  db: Db,
  botId: string | null,
  conversationId: string,
  only?: string[],
): Promise<InboxMessageDto[]> {
  const rows = await db
    .select({
      id: messages.id,
      botId: messages.botId,
      sender: messages.sender,
      content: messages.content,
      status: messages.status,
      media: messages.media,
      authorId: messages.authorId,
      authorName: users.name,
      event: messages.event,
      sentVia: messages.sentVia,
      channel: conversations.channel,
      deliveryError: messages.deliveryError,
      sources: messages.sources,
      createdAt: messages.createdAt,
      deliveryStatus: deliveries.status,
      deliveryLastError: deliveries.lastError,
      feedbackRating: messageFeedback.rating,
      feedbackReason: messageFeedback.reason,
      feedbackAt: messageFeedback.updatedAt,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(users, eq(users.id, messages.authorId))
    .leftJoin(messageFeedback, eq(messageFeedback.messageId, messages.id))
    // A chat app's message is delivered under "<channel>:<message id>".
    .leftJoin(
      deliveries,
      sql`${deliveries.idempotencyKey} in (${sql.join(
        ["line", "messenger", "instagram", "tiktok"].map(
          (channel) => sql`${`${channel}:`} || ${messages.id}::text`,
        ),
        sql`, `,
      )})`,
    )
    .where(
      and(
        eq(messages.conversationId, conversationId),
        only ? inArray(messages.id, only) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(inboxLimits.transcriptMessages);
  return rows.reverse().map((row) => {
    const delivery =
      row.deliveryStatus === null
        ? null
        : row.deliveryStatus === "delivered"
          ? ("sent" as const)
          : row.deliveryStatus === "dead" || row.deliveryError
            ? ("failed" as const)
            : ("pending" as const);
    return {
      id: row.id,
      sender: row.sender,
      content: row.content,
      status: row.status,
      media: inboxMedia(botId ?? row.botId, row.media),
      author: row.authorId ? { id: row.authorId, name: row.authorName ?? "" } : null,
      event: row.event ? toEventDto(row.event) : null,
      delivery,
      // Reply token or push (counted against the quota) is LINE's distinction only.
      sentVia:
        row.channel === "line" && (row.sentVia === "reply" || row.sentVia === "push")
          ? row.sentVia
          : null,
      deliveryError:
        row.deliveryError ?? (delivery === "failed" ? (row.deliveryLastError ?? null) : null),
      sources: row.sources ?? [],
      createdAt: row.createdAt.toISOString(),
      // The customer's thumbs on a bot reply (and why, on a thumbs down).
      feedback:
        row.feedbackRating && row.feedbackAt
          ? {
              rating: row.feedbackRating,
              reason: row.feedbackReason,
              at: row.feedbackAt.toISOString(),
            }
          : null,
    };
  });
}

/** A conversation's satisfaction question and answer (CSAT), as the inbox shows them. */
export async function loadCsat(db: Db, conversationId: string): Promise<CsatDto> {
  const [row] = await db
    .select({
      requestedAt: conversations.csatRequestedAt,
      score: conversations.csatScore,
      answeredAt: conversations.csatAnsweredAt,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return {
    requestedAt: row?.requestedAt?.toISOString() ?? null,
    score: row?.score ?? null,
    answeredAt: row?.answeredAt?.toISOString() ?? null,
  };
}

function toEventDto(
  event: NonNullable<(typeof messages.$inferSelect)["event"]>,
): ConversationEventDto {
  return {
    type: event.type,
    actorName: event.actorName ?? null,
    assigneeName: event.assigneeName ?? null,
    reason: event.reason ?? null,
    until: event.until ?? null,
  };
}

/** Media as the console serves it (the console's attachment address, not the customer's). */
function inboxMedia(botId: string, media: MessageMedia | null): ChatMedia | null {
  if (!media) return null;
  if (media.type === "photo" || (media.type === "file" && media.url)) {
    const id = media.url?.split("/").pop() ?? "";
    const url = `/api/console/bots/${botId}/attachments/${id}`;
    return media.type === "photo" ? { type: "photo", url } : { ...media, url };
  }
  return media;
}

export async function listTeammates(db: Db, workspaceId: string) {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(users.name);
  return rows;
}

const timestampText =
  /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

export function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [string, string];
    // PostgreSQL's own text for the instant (microseconds kept, so paging never skips a row).
    if (typeof at === "string" && timestampText.test(at) && isUuid(id)) return { at, id };
  } catch {
    // falls through
  }
  throw new AppError("VALIDATION_FAILED", { fields: { cursor: "invalid" } });
}
