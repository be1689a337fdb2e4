import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bots } from "./bots.ts";
import { bytea } from "./bytea.ts";
import { timestamps } from "./timestamps.ts";

/**
 * Someone chatting with one bot, without an account: the browser holds a random 256-bit token
 * (an HttpOnly cookie) and only a hash of it, salted with the bot id, is stored. So a visitor is
 * per bot, and the same browser cannot be linked across bots from the database.
 */
export const visitors = pgTable(
  "visitors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("visitors_token_hash_idx").on(table.tokenHash),
    index("visitors_bot_id_idx").on(table.botId),
  ],
);

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    visitorId: uuid("visitor_id")
      .notNull()
      .references(() => visitors.id, { onDelete: "cascade" }),
    // The page's language when the conversation started ("en"); replies follow the persona.
    language: text("language"),
    ...timestamps,
  },
  (table) => [
    index("conversations_visitor_id_idx").on(table.visitorId),
    index("conversations_bot_id_created_at_idx").on(table.botId, table.createdAt),
  ],
);

export const messageSenders = ["user", "bot", "human"] as const;
export type MessageSender = (typeof messageSenders)[number];
export const messageStatuses = ["completed", "streaming", "cancelled", "failed"] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** What a message may carry besides text (seed section 3): a photo, or a shared map location. */
export type MessageMedia =
  | { type: "photo"; url: string }
  | { type: "map"; latitude: number; longitude: number };

/**
 * Every message of a conversation. A turn writes the user's message and a `streaming` bot
 * message in one transaction before any provider is called (nothing is lost if the model
 * fails), then completes the bot message with the reply, usage and latency.
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    // Denormalised for per-bot analytics without a join.
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    sender: text("sender", { enum: messageSenders }).notNull(),
    content: text("content").notNull().default(""),
    media: jsonb("media").$type<MessageMedia>(),
    status: text("status", { enum: messageStatuses }).notNull().default("completed"),
    // Bot replies: who answered and what it cost.
    provider: text("provider"),
    model: text("model"),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    firstTokenMs: integer("first_token_ms"),
    latencyMs: integer("latency_ms"),
    // Failed replies: the provider error's kind ("timeout", "auth" …), never its details.
    errorKind: text("error_kind"),
    // Bot replies: the server instance that runs the turn (see instances.ts), so a reply left
    // `streaming` by an instance that died can be told from one still running elsewhere. No
    // foreign key: instance rows come and go, the message keeps the id. Null on older rows.
    instanceId: uuid("instance_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("messages_conversation_id_created_at_idx").on(table.conversationId, table.createdAt),
    index("messages_bot_id_created_at_idx").on(table.botId, table.createdAt),
    // The sweep of interrupted replies reads only the few rows still streaming.
    index("messages_streaming_instance_id_idx")
      .on(table.instanceId)
      .where(sql`${table.status} = 'streaming'`),
    check("messages_sender_check", sql`${table.sender} in ('user', 'bot', 'human')`),
    check(
      "messages_status_check",
      sql`${table.status} in ('completed', 'streaming', 'cancelled', 'failed')`,
    ),
  ],
);

/**
 * Images users attach, kept in the database (not on local disk) so every instance on one
 * PostgreSQL serves them. Only PNG, JPEG, WebP and GIF, checked by their bytes; `mime_type` is
 * what the bytes are, whatever the upload claimed.
 */
export const attachments = pgTable(
  "attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    // Who may read it back.
    visitorId: uuid("visitor_id")
      .notNull()
      .references(() => visitors.id, { onDelete: "cascade" }),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("attachments_message_id_idx").on(table.messageId),
    index("attachments_visitor_id_idx").on(table.visitorId),
    check(
      "attachments_mime_type_check",
      sql`${table.mimeType} in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')`,
    ),
  ],
);

export type VisitorRow = typeof visitors.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type AttachmentRow = typeof attachments.$inferSelect;
