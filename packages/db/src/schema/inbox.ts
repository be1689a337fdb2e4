import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { bots } from "./bots.ts";
import { conversations } from "./conversations.ts";
import { timestamps } from "./timestamps.ts";
import { workspaces } from "./workspaces.ts";

/** A saved reply a teammate inserts with "/shortcut" in the composer. */
export const cannedReplies = pgTable(
  "canned_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    shortcut: text("shortcut").notNull(),
    body: text("body").notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("canned_replies_workspace_id_shortcut_idx").on(table.workspaceId, table.shortcut),
  ],
);

/** Up to when a teammate has read a conversation (the inbox's unread marker). */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.conversationId] })],
);

export const inboxEventKinds = ["message", "message_updated", "conversation", "typing"] as const;
export type InboxEventKind = (typeof inboxEventKinds)[number];

/**
 * The real-time log of the inbox: one row per change (a stored message, a reply completed, a
 * status change), written in the transaction of the change with a `pg_notify` on
 * `inbox_events`; its id is the SSE event id, so a client that reconnects with `Last-Event-ID`
 * gets what it missed from here. Rows older than a day are swept.
 */
export const inboxEvents = pgTable(
  "inbox_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Null for bots without an owner (the Demo Bot): only the customer's own stream sees them.
    workspaceId: text("workspace_id"),
    conversationId: uuid("conversation_id").notNull(),
    kind: text("kind", { enum: inboxEventKinds }).notNull(),
    messageId: uuid("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("inbox_events_workspace_id_id_idx").on(table.workspaceId, table.id),
    index("inbox_events_conversation_id_id_idx").on(table.conversationId, table.id),
    index("inbox_events_created_at_idx").on(table.createdAt),
  ],
);

/** A browser a member allowed notifications in (Web Push, VAPID). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    lastError: text("last_error"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(table.endpoint),
    index("push_subscriptions_user_id_idx").on(table.userId),
  ],
);

export const notificationKinds = [
  "handoff",
  "new_conversation",
  "waiting",
  "negative_feedback",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * Something the team should hear about, stored with the change that caused it; the
 * notifications job sends it by each member's means (email batched, Web Push, the LINE staff
 * group) and marks it processed.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    botId: text("bot_id").references(() => bots.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id").references(() => conversations.id, {
      onDelete: "cascade",
    }),
    // What the alert says: the contact's name, the channel, the last message (cut) …
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    // Once per cause: e.g. "handoff:<conversation id>:<waiting since>".
    dedupeKey: text("dedupe_key").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("notifications_dedupe_key_idx").on(table.dedupeKey),
    index("notifications_unprocessed_idx")
      .on(table.workspaceId, table.createdAt)
      .where(sql`${table.processedAt} is null`),
    check(
      "notifications_kind_check",
      sql`${table.kind} in ('handoff', 'new_conversation', 'waiting', 'negative_feedback')`,
    ),
  ],
);

export type CannedReplyRow = typeof cannedReplies.$inferSelect;
export type InboxEventRow = typeof inboxEvents.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
