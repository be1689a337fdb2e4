import type { ChatMedia } from "@jai/contracts/chat";
import {
  type ConversationSummaryDto,
  consoleLimits,
  type TranscriptMessageDto,
} from "@jai/contracts/console";
import { safeText } from "@jai/contracts/text";
import { z } from "@jai/contracts/zod";
import {
  and,
  asc,
  attachments,
  bots,
  contacts,
  conversations,
  type Db,
  desc,
  eq,
  type MessageMedia,
  messageFeedback,
  messages,
  ne,
  type SQL,
  sql,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { botIdPattern } from "../bots/get-public-bot";
import { isUuid } from "./console-personas";
import type { ConsoleServices } from "./console-services";
import { csvBom, toCsvRow } from "./csv";
import { parseInput } from "./parse-input";

/** Stored media as the console shows it: photos through the console's own attachment route. */
function consoleMedia(botId: string, media: MessageMedia | null): ChatMedia | null {
  if (!media) return null;
  if (media.type === "photo") {
    const id = media.url.split("/").pop() ?? "";
    return { type: "photo", url: `/api/console/bots/${botId}/attachments/${id}` };
  }
  return media;
}

const SearchSchema = z.object({
  // Query strings follow the text rule too: `?search=%00` is a 422, not a failed query.
  search: safeText().trim().max(consoleLimits.conversationSearch).optional(),
  cursor: safeText().max(200).optional(),
});

const csvColumns = [
  "conversation_id",
  "conversation_started_at",
  "message_id",
  "sent_at",
  "sender",
  "status",
  "content",
] as const;

/** Rows fetched per query while a CSV export streams. */
const csvBatchRows = 1000;
const previewChars = 200;

/** An instant as "2026-01-31T09:15:00.123Z", computed by the database (same on every driver). */
const isoText = (column: { getSQL(): SQL }) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The substring pattern for `ilike`, with the owner's %, _ and \ matched literally. */
export function toLikePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The opaque cursor: the last row's sort key (timestamp text keeps microseconds) and id. */
type Cursor = { at: string; id: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

function decodeCursor(value: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as unknown[];
    if (
      typeof at === "string" &&
      /^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/.test(at) &&
      typeof id === "string" &&
      isUuid(id)
    ) {
      return { at, id };
    }
  } catch {
    // falls through
  }
  throw new AppError("VALIDATION_FAILED", { fields: { cursor: "invalid" } });
}

export function createConsoleConversations(db: Db): ConsoleServices["conversations"] {
  async function requireBot(ownerId: string, botId: string): Promise<void> {
    if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
    const [row] = await db
      .select({ id: bots.id })
      .from(bots)
      .where(and(eq(bots.id, botId), eq(bots.ownerId, ownerId)));
    if (!row) throw new AppError("NOT_FOUND");
  }

  /** Conversations with a message containing `search` (case-insensitive), or all of them. */
  function matching(botId: string, search: string | undefined): SQL {
    const ofBot = eq(conversations.botId, botId);
    if (!search) return ofBot;
    return and(
      ofBot,
      sql`exists (select 1 from ${messages} m where m.conversation_id = "conversations"."id" and m.content ilike ${toLikePattern(search)} escape '\\')`,
    )!;
  }

  // Subqueries name the outer table in full: drizzle leaves columns unqualified when a query
  // reads one table, and `"id"` inside a subquery would be the subquery's own.
  const lastMessageAt = sql`coalesce((select max(m.created_at) from ${messages} m where m.conversation_id = "conversations"."id"), "conversations"."created_at")`;
  const summaryColumns = {
    id: conversations.id,
    language: conversations.language,
    createdAt: isoText(conversations.createdAt),
    lastMessageAt: isoText(lastMessageAt),
    sortKey: sql<string>`${lastMessageAt}::text`,
    messageCount: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = "conversations"."id")`,
    preview: sql<
      string | null
    >`(select left(m.content, ${previewChars}) from ${messages} m where m.conversation_id = "conversations"."id" and m.sender = 'user' order by m.created_at, m.id limit 1)`,
  };
  type SummaryRow = {
    id: string;
    language: string | null;
    createdAt: string;
    lastMessageAt: string;
    messageCount: number;
    preview: string | null;
  };
  const toSummary = (row: SummaryRow): ConversationSummaryDto => ({
    id: row.id,
    language: row.language,
    messageCount: Number(row.messageCount),
    preview: row.preview ?? "",
    createdAt: row.createdAt,
    lastMessageAt: row.lastMessageAt,
  });

  return {
    async list(ownerId, botId, query) {
      await requireBot(ownerId, botId);
      const { search, cursor } = parseInput(SearchSchema, query);
      const after = cursor ? decodeCursor(cursor) : undefined;
      const pageSize = consoleLimits.conversationsPageSize;
      const rows = await db
        .select(summaryColumns)
        .from(conversations)
        .where(
          and(
            matching(botId, search || undefined),
            after
              ? sql`(${lastMessageAt}, "conversations"."id") < (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(lastMessageAt), desc(conversations.id))
        .limit(pageSize + 1);
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return {
        conversations: page.map(toSummary),
        nextCursor:
          rows.length > pageSize && last ? encodeCursor({ at: last.sortKey, id: last.id }) : null,
      };
    },

    async transcript(ownerId, botId, conversationId) {
      await requireBot(ownerId, botId);
      if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
      const [conversation] = await db
        .select({
          ...summaryColumns,
          contactId: conversations.contactId,
          channel: conversations.channel,
          memory: contacts.memory,
          memoryUpdatedAt: isoText(contacts.memoryUpdatedAt),
          csatRequestedAt: isoText(conversations.csatRequestedAt),
          csatScore: conversations.csatScore,
          csatAnsweredAt: isoText(conversations.csatAnsweredAt),
        })
        .from(conversations)
        .innerJoin(contacts, eq(contacts.id, conversations.contactId))
        .where(and(eq(conversations.id, conversationId), eq(conversations.botId, botId)));
      if (!conversation) throw new AppError("NOT_FOUND");
      const rows = await db
        .select({
          id: messages.id,
          sender: messages.sender,
          content: messages.content,
          status: messages.status,
          media: messages.media,
          sentVia: messages.sentVia,
          deliveryError: messages.deliveryError,
          sources: messages.sources,
          createdAt: isoText(messages.createdAt),
          feedbackRating: messageFeedback.rating,
          feedbackReason: messageFeedback.reason,
          feedbackAt: isoText(messageFeedback.updatedAt),
        })
        .from(messages)
        .leftJoin(messageFeedback, eq(messageFeedback.messageId, messages.id))
        .where(and(eq(messages.conversationId, conversationId), ne(messages.sender, "event")))
        .orderBy(asc(messages.createdAt), asc(messages.id));
      return {
        conversation: toSummary(conversation),
        contact: {
          contactId: conversation.contactId,
          memory: conversation.memory,
          // to_char of a null instant is null.
          updatedAt: conversation.memoryUpdatedAt ?? null,
        },
        csat: {
          requestedAt: conversation.csatRequestedAt ?? null,
          score: conversation.csatScore,
          answeredAt: conversation.csatAnsweredAt ?? null,
        },
        messages: rows.map(
          (row): TranscriptMessageDto => ({
            id: row.id,
            sender: row.sender === "event" ? "bot" : row.sender,
            content: row.content,
            status: row.status,
            hasImage: row.media?.type === "photo",
            media: consoleMedia(botId, row.media),
            // Reply token or push (counted against the quota) is LINE's distinction only.
            sentVia:
              conversation.channel === "line" && (row.sentVia === "reply" || row.sentVia === "push")
                ? row.sentVia
                : null,
            deliveryError: row.deliveryError,
            sources: row.sources ?? [],
            createdAt: row.createdAt,
            feedback:
              row.feedbackRating && row.feedbackAt
                ? { rating: row.feedbackRating, reason: row.feedbackReason, at: row.feedbackAt }
                : null,
          }),
        ),
      };
    },

    async attachment(ownerId, botId, attachmentId) {
      await requireBot(ownerId, botId);
      if (!isUuid(attachmentId)) throw new AppError("NOT_FOUND");
      const [row] = await db
        .select({
          id: attachments.id,
          mimeType: attachments.mimeType,
          byteSize: attachments.byteSize,
          data: attachments.data,
        })
        .from(attachments)
        .where(and(eq(attachments.id, attachmentId), eq(attachments.botId, botId)));
      if (!row) throw new AppError("NOT_FOUND");
      return row;
    },

    async exportCsv(ownerId, botId, query) {
      await requireBot(ownerId, botId);
      const { search } = parseInput(SearchSchema, query);
      const where = matching(botId, search || undefined);
      const encoder = new TextEncoder();
      let after: Cursor | undefined;
      let written = 0;
      let isHeaderSent = false;

      // Pulled batch by batch (keyset on the message's time and id), so a large export never
      // sits in memory whole and a client that stops reading stops the queries.
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!isHeaderSent) {
            isHeaderSent = true;
            controller.enqueue(encoder.encode(csvBom + toCsvRow(csvColumns)));
            return;
          }
          const limit = Math.min(csvBatchRows, consoleLimits.csvMaxRows - written);
          if (limit <= 0) {
            controller.close();
            return;
          }
          const rows = await db
            .select({
              conversationId: conversations.id,
              conversationStartedAt: isoText(conversations.createdAt),
              messageId: messages.id,
              sentAt: isoText(messages.createdAt),
              sortKey: sql<string>`${messages.createdAt}::text`,
              sender: messages.sender,
              status: messages.status,
              content: messages.content,
            })
            .from(messages)
            .innerJoin(conversations, eq(conversations.id, messages.conversationId))
            .where(
              and(
                eq(messages.botId, botId),
                where,
                after
                  ? sql`(${messages.createdAt}, ${messages.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
                  : undefined,
              ),
            )
            .orderBy(asc(messages.createdAt), asc(messages.id))
            .limit(limit);
          const text = rows
            .map((row) =>
              toCsvRow([
                row.conversationId,
                row.conversationStartedAt,
                row.messageId,
                row.sentAt,
                row.sender,
                row.status,
                row.content,
              ]),
            )
            .join("");
          if (text) controller.enqueue(encoder.encode(text));
          written += rows.length;
          const last = rows.at(-1);
          if (!last || rows.length < limit) controller.close();
          else after = { at: last.sortKey, id: last.messageId };
        },
      });
    },
  };
}
