import { sql } from "drizzle-orm";
import {
  boolean,
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
import { users } from "./auth.ts";
import { bots } from "./bots.ts";
import { bytea } from "./bytea.ts";
import { timestamps } from "./timestamps.ts";

/** Who answers a conversation (the inbox's statuses). */
export const conversationStatuses = ["bot", "pending", "open", "resolved", "snoozed"] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

/** Where a conversation happens. `web` is the hosted page /bot/{id}. */
export const conversationChannels = [
  "web",
  "widget",
  "api",
  "line",
  "messenger",
  "instagram",
  "tiktok",
] as const;
export type ConversationChannel = (typeof conversationChannels)[number];

/** What an owner may store about a contact (set through the API or the inbox). */
export type ContactAttributes = Record<string, string | number | boolean | null>;

/**
 * Someone a bot talks with, on one channel: one row per bot + channel + external id. The
 * external id is the channel's own id for the person (a LINE user id, a page-scoped id) or, for
 * anonymous browsers (`web`, `widget`), a hash of the random token the browser holds, salted
 * with the bot id, so the same browser cannot be linked across bots from the database. An
 * `api` contact is the integrator's own id for their user, or one per API key.
 *
 * This table was `visitors` (migration 0006 renamed it: a visitor's row id, its token hash and
 * its conversations carried over, so old cookies keep their conversations).
 */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: conversationChannels }).notNull().default("web"),
    externalId: text("external_id").notNull(),
    displayName: text("display_name"),
    avatarUrl: text("avatar_url"),
    email: text("email"),
    // What the contact speaks, when known ("th", "en"): the channel's profile, or the page.
    language: text("language"),
    attributes: jsonb("attributes").$type<ContactAttributes>().notNull().default({}),
    // Chat apps: when the person blocked or unfollowed the account (nothing is sent to them
    // until they follow again), and the last permanent delivery failure, in words.
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }),
    deliveryError: text("delivery_error"),
    // Long-term memory: a short summary of durable facts the contact told the bot (name,
    // preferences, past orders), written after a conversation, given to the model in later
    // ones; the owner can edit or clear it, and the contact's "forget me" clears it.
    memory: text("memory"),
    memoryUpdatedAt: timestamp("memory_updated_at", { withTimezone: true }),
    // The team's private notes about the contact (the inbox's contact panel).
    notes: text("notes"),
    // LINE: the reply token of the contact's last message that the bot did not answer (a
    // person answers the conversation) and when that message came; a teammate's reply uses it
    // while fresh (free) and clears it, else it goes as a push (counts against the quota).
    replyToken: text("reply_token"),
    replyTokenAt: timestamp("reply_token_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("contacts_bot_id_channel_external_id_idx").on(
      table.botId,
      table.channel,
      table.externalId,
    ),
    index("contacts_bot_id_last_seen_at_idx").on(table.botId, table.lastSeenAt),
    check(
      "contacts_channel_check",
      sql`${table.channel} in ('web', 'widget', 'api', 'line', 'messenger', 'instagram', 'tiktok')`,
    ),
  ],
);

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    // The contact's channel, copied so lists filter without a join.
    channel: text("channel", { enum: conversationChannels }).notNull().default("web"),
    // The page's language when the conversation started ("en"); replies follow the persona.
    language: text("language"),
    // When the contact's memory was last updated from this conversation (null: not yet).
    memorizedAt: timestamp("memorized_at", { withTimezone: true }),
    // ---- the inbox (see apps/web/server/modules/inbox/conversation-state.ts) ----
    // The workspace (the bot owner's id), copied so the inbox lists across bots by index.
    workspaceId: text("workspace_id"),
    // Who answers: the bot, a person (pending: asked for, open: owned), or nobody for now.
    status: text("status", { enum: conversationStatuses }).notNull().default("bot"),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    // Snoozed: until when (then back to the status it had, see the state machine).
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
    // Pending: since when the customer waits for a person (the SLA clock); null otherwise.
    waitingSince: timestamp("waiting_since", { withTimezone: true }),
    // When the waiting alert went out for the current wait (so it goes once).
    waitingAlertedAt: timestamp("waiting_alerted_at", { withTimezone: true }),
    // Replies in a row the bot could not answer from its FAQs or knowledge.
    unansweredStreak: integer("unanswered_streak").notNull().default(0),
    // The list's last line: when, by whom, what (cut), kept with every message.
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageSender: text("last_message_sender"),
    lastMessagePreview: text("last_message_preview"),
    // The customer's last message: reply windows (Messenger 24 h, TikTok 48 h) and unread.
    lastCustomerMessageAt: timestamp("last_customer_message_at", { withTimezone: true }),
    // Whether any reply of the conversation has feedback (the dashboard issue writes it).
    hasFeedback: boolean("has_feedback").notNull().default(false),
    // CSAT: when the 1–5 question was asked (resolved, or idle), the answer and when it came.
    csatRequestedAt: timestamp("csat_requested_at", { withTimezone: true }),
    csatScore: integer("csat_score"),
    csatAnsweredAt: timestamp("csat_answered_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("conversations_workspace_last_message_idx").on(
      table.workspaceId,
      table.lastMessageAt.desc(),
      table.id.desc(),
    ),
    index("conversations_workspace_status_last_message_idx").on(
      table.workspaceId,
      table.status,
      table.lastMessageAt.desc(),
      table.id.desc(),
    ),
    index("conversations_workspace_assignee_last_message_idx").on(
      table.workspaceId,
      table.assigneeId,
      table.lastMessageAt.desc(),
      table.id.desc(),
    ),
    index("conversations_waiting_since_idx")
      .on(table.waitingSince)
      .where(sql`${table.status} = 'pending'`),
    index("conversations_snoozed_until_idx")
      .on(table.snoozedUntil)
      .where(sql`${table.status} = 'snoozed'`),
    check(
      "conversations_csat_score_check",
      sql`${table.csatScore} is null or ${table.csatScore} between 1 and 5`,
    ),
    index("conversations_csat_answered_at_idx")
      .on(table.csatAnsweredAt)
      .where(sql`${table.csatAnsweredAt} is not null`),
    check(
      "conversations_status_check",
      sql`${table.status} in ('bot', 'pending', 'open', 'resolved', 'snoozed')`,
    ),
    index("conversations_contact_id_idx").on(table.contactId),
    index("conversations_bot_id_created_at_idx").on(table.botId, table.createdAt),
    index("conversations_bot_id_updated_at_idx").on(table.botId, table.updatedAt),
    check(
      "conversations_channel_check",
      sql`${table.channel} in ('web', 'widget', 'api', 'line', 'messenger', 'instagram', 'tiktok')`,
    ),
  ],
);

/**
 * `human`: a teammate's reply (`author_id`); `event`: a change of the conversation shown in the
 * transcript ("Nok took over"), never given to the model.
 */
export const messageSenders = ["user", "bot", "human", "event"] as const;
export type MessageSender = (typeof messageSenders)[number];
export const messageStatuses = ["completed", "streaming", "cancelled", "failed"] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** What a message may carry besides text (seed section 3): a photo, or a shared map location. */
export type MessageMedia =
  | { type: "photo"; url: string }
  | { type: "map"; latitude: number; longitude: number; title?: string | null }
  /**
   * A video, a voice message or a file from a chat app: kept as an attachment when it fits
   * (`url` then serves it to the owner), marked in the transcript either way.
   */
  | { type: "file"; kind: "video" | "audio" | "file"; name?: string | null; url?: string | null };

/** How a reply reached a chat app: LINE's free reply token, or a push (counts against quota). */
export const sentVias = ["stream", "reply", "push"] as const;
/** One FAQ or knowledge passage a reply used. */
export type MessageSource = {
  /** The passage's id in the bot's index ("<source id>#<n>", "faq:<n>"). */
  passageId: string;
  /** The knowledge source's id (a knowledge_sources row), when the passage came from one. */
  sourceId: string | null;
  /** `curated`: an answer the owner wrote in the improvement queue (`sourceId` is its id). */
  kind: "faq" | "knowledge" | "curated";
  /** The file name or title shown to the owner ("Delivery policy.pdf", "FAQ"). */
  title: string;
};

export type SentVia = (typeof sentVias)[number];

/** A change of a conversation, as its `event` message records it. */
export type ConversationEventData = {
  type:
    | "handoff_requested"
    | "taken_over"
    | "assigned"
    | "unassigned"
    | "handed_back"
    | "resolved"
    | "reopened"
    | "snoozed"
    | "woke";
  /** Who did it (a teammate's id and name at the time); null: the customer or the system. */
  actorId?: string | null;
  actorName?: string | null;
  /** Assigned: to whom. */
  assigneeId?: string | null;
  assigneeName?: string | null;
  /** Handoff requested: why ("request", "unanswered", "keyword", "feedback", "button"). */
  reason?: string | null;
  /** Snoozed: until when (ISO). */
  until?: string | null;
};

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
    // Replies on chat apps: how the reply went out, and why it could not, in words (a blocked
    // account, an expired token). Null for live-stream channels and until it is sent.
    sentVia: text("sent_via", { enum: sentVias }),
    deliveryError: text("delivery_error"),
    // What a bot reply was answered from (FAQs, knowledge passages), best first; null: nothing.
    sources: jsonb("sources").$type<MessageSource[]>(),
    // Human replies and events: the teammate who wrote it or made the change.
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    // Bot replies: true when the customer asked something the bot could not answer (no FAQ,
    // knowledge or curated answer), false when it could; null for small talk and other senders.
    unanswered: boolean("unanswered"),
    // Bot replies given from a curated answer (the improvement queue).
    curatedAnswerId: uuid("curated_answer_id"),
    // Events: what changed (see ConversationEventData).
    event: jsonb("event").$type<ConversationEventData>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("messages_conversation_id_created_at_idx").on(table.conversationId, table.createdAt),
    index("messages_bot_id_created_at_idx").on(table.botId, table.createdAt),
    // The rollup job reads what arrived since its watermark, across bots.
    index("messages_created_at_idx").on(table.createdAt),
    // The sweep of interrupted replies reads only the few rows still streaming.
    index("messages_streaming_instance_id_idx")
      .on(table.instanceId)
      .where(sql`${table.status} = 'streaming'`),
    check("messages_sender_check", sql`${table.sender} in ('user', 'bot', 'human', 'event')`),
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
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
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
    index("attachments_contact_id_idx").on(table.contactId),
    check(
      "attachments_mime_type_check",
      // Images (checked by their bytes) from every channel; videos, voice messages and files
      // from chat apps, served to the owner only, as downloads.
      sql`${table.mimeType} in ('image/png', 'image/jpeg', 'image/webp', 'image/gif') or ${table.mimeType} ~ '^(video|audio|application|text)/[a-z0-9.+-]{1,100}$'`,
    ),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type AttachmentRow = typeof attachments.$inferSelect;
