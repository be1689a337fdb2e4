import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { bots } from "./bots.ts";
import { contacts, conversations, messages } from "./conversations.ts";
import { timestamps } from "./timestamps.ts";
import { workspaces } from "./workspaces.ts";

// ---- end-user feedback -------------------------------------------------------------------------

export const feedbackRatings = ["up", "down"] as const;
export type FeedbackRating = (typeof feedbackRatings)[number];

/**
 * A customer's thumbs up / down on one bot reply (one per reply: a second vote changes it),
 * with an optional reason on thumbs down. Conversation, bot, workspace and channel are copied
 * so the dashboard and the inbox read it without joins.
 */
export const messageFeedback = pgTable(
  "message_feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id"),
    channel: text("channel").notNull(),
    rating: text("rating", { enum: feedbackRatings }).notNull(),
    reason: text("reason"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("message_feedback_message_id_idx").on(table.messageId),
    index("message_feedback_bot_id_created_at_idx").on(table.botId, table.createdAt),
    index("message_feedback_updated_at_idx").on(table.updatedAt),
    check("message_feedback_rating_check", sql`${table.rating} in ('up', 'down')`),
  ],
);

// ---- rollups (maintained by the analytics rollup job; always equal to a recount) -------------

/**
 * One bot's traffic on one channel in one UTC hour. Every figure is recomputed from the raw
 * rows for the hours that changed, so a row always equals a recount. Latency figures keep a
 * histogram (`analyticsLatencyBucketsMs` in the contracts) so medians survive summing.
 */
export const analyticsHourly = pgTable(
  "analytics_hourly",
  {
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    workspaceId: text("workspace_id"),
    /** Conversations whose first message is in this hour. */
    conversations: integer("conversations").notNull().default(0),
    userMessages: integer("user_messages").notNull().default(0),
    botMessages: integer("bot_messages").notNull().default(0),
    humanMessages: integer("human_messages").notNull().default(0),
    /** Completed bot replies that answered from the bot's FAQs / knowledge / curated answers. */
    answered: integer("answered").notNull().default(0),
    /** Completed bot replies to a question that the bot could not answer. */
    unanswered: integer("unanswered").notNull().default(0),
    /** Replies given from a curated answer. */
    curatedHits: integer("curated_hits").notNull().default(0),
    handoffs: integer("handoffs").notNull().default(0),
    /** Handoffs (of this hour) that a teammate answered, and the histogram of how long it took. */
    firstHumanReplies: integer("first_human_replies").notNull().default(0),
    firstHumanReplyBuckets: integer("first_human_reply_buckets")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    thumbsUp: integer("thumbs_up").notNull().default(0),
    thumbsDown: integer("thumbs_down").notNull().default(0),
    csatCount: integer("csat_count").notNull().default(0),
    csatSum: integer("csat_sum").notNull().default(0),
    /** Bot reply latency (completed replies): histogram over `analyticsLatencyBucketsMs`. */
    responseBuckets: integer("response_buckets").array().notNull().default(sql`'{}'::integer[]`),
    inputTokens: bigint("input_tokens", { mode: "number" }).notNull().default(0),
    outputTokens: bigint("output_tokens", { mode: "number" }).notNull().default(0),
    /** Estimated provider cost in thousandths of a satang (from the contracts' model prices). */
    costMilliSatang: bigint("cost_milli_satang", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.botId, table.hour, table.channel] }),
    index("analytics_hourly_workspace_hour_idx").on(table.workspaceId, table.hour),
  ],
);

/**
 * Who wrote on which day (the workspace's calendar day when recorded): distinct contacts over
 * any period without scanning messages. `is_new`: the contact's first day with this bot.
 */
export const analyticsContactDays = pgTable(
  "analytics_contact_days",
  {
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    workspaceId: text("workspace_id"),
    isNew: boolean("is_new").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.botId, table.day, table.contactId] }),
    index("analytics_contact_days_workspace_day_idx").on(table.workspaceId, table.day),
  ],
);

/**
 * Customers' questions by meaning: one row per bot, channel, UTC hour and question key (the
 * engine's `questionKey`: the same question written differently, in Thai or English, has one
 * key). Feeds "top questions" and the improvement queue.
 */
export const analyticsQuestions = pgTable(
  "analytics_questions",
  {
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    questionKey: text("question_key").notNull(),
    workspaceId: text("workspace_id"),
    asked: integer("asked").notNull().default(0),
    unanswered: integer("unanswered").notNull().default(0),
    thumbsDown: integer("thumbs_down").notNull().default(0),
    handoffs: integer("handoffs").notNull().default(0),
    /** One customer's wording of the question (the latest in the hour), and its language. */
    example: text("example").notNull(),
    language: text("language"),
  },
  (table) => [
    primaryKey({ columns: [table.botId, table.hour, table.channel, table.questionKey] }),
    index("analytics_questions_bot_key_idx").on(table.botId, table.questionKey),
  ],
);

/** Which knowledge sources / FAQs replies used, per bot, UTC hour and passage's source. */
export const analyticsSources = pgTable(
  "analytics_sources",
  {
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    /** A knowledge_sources id, "faq", or "curated:<id>". */
    sourceKey: text("source_key").notNull(),
    title: text("title").notNull(),
    uses: integer("uses").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.botId, table.hour, table.sourceKey] })],
);

/** How far the rollup job has read (one row per rollup kind). */
export const analyticsWatermarks = pgTable("analytics_watermarks", {
  name: text("name").primaryKey(),
  until: timestamp("until", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- self-improvement ------------------------------------------------------------------------

export const curatedAnswerModes = ["verbatim", "guide"] as const;
export type CuratedAnswerMode = (typeof curatedAnswerModes)[number];
export const curatedAnswerOrigins = [
  "manual",
  "knowledge",
  "human_reply",
  "import",
  "sheets",
] as const;
export type CuratedAnswerOrigin = (typeof curatedAnswerOrigins)[number];

/**
 * An answer the owner wrote (or accepted) for a question the bot got wrong or could not answer.
 * Matched before retrieval in both languages; `verbatim`: sent as it is, `guide`: given to the
 * model as the authoritative answer. Every edit bumps `version` and keeps the old text in
 * `curated_answer_versions`.
 */
export const curatedAnswers = pgTable(
  "curated_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    /** The improvement group it answers (its question key), when it came from the queue. */
    questionKey: text("question_key"),
    question: text("question").notNull(),
    /** Other wordings it must match (the group's examples, the other language's question). */
    variants: text("variants").array().notNull().default(sql`'{}'::text[]`),
    answer: text("answer").notNull(),
    /** "th", "en", or null: any language (the model translates a `guide` answer). */
    language: text("language"),
    mode: text("mode", { enum: curatedAnswerModes }).notNull().default("verbatim"),
    origin: text("origin", { enum: curatedAnswerOrigins }).notNull().default("manual"),
    version: integer("version").notNull().default(1),
    hits: integer("hits").notNull().default(0),
    lastHitAt: timestamp("last_hit_at", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    index("curated_answers_bot_id_idx").on(table.botId),
    index("curated_answers_workspace_id_idx").on(table.workspaceId),
    check("curated_answers_mode_check", sql`${table.mode} in ('verbatim', 'guide')`),
  ],
);

export const curatedAnswerVersions = pgTable(
  "curated_answer_versions",
  {
    curatedAnswerId: uuid("curated_answer_id")
      .notNull()
      .references(() => curatedAnswers.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    question: text("question").notNull(),
    variants: text("variants").array().notNull().default(sql`'{}'::text[]`),
    answer: text("answer").notNull(),
    language: text("language"),
    mode: text("mode").notNull(),
    editedBy: text("edited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.curatedAnswerId, table.version] })],
);

/** Improvement groups the owner dismissed (by question key), and when: new signals after it reopen. */
export const improvementDismissals = pgTable(
  "improvement_dismissals",
  {
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    questionKey: text("question_key").notNull(),
    dismissedBy: text("dismissed_by").references(() => users.id, { onDelete: "set null" }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.botId, table.questionKey] })],
);

// ---- Google Sheets ---------------------------------------------------------------------------

export const sheetSyncKinds = ["faqs", "conversations", "leads"] as const;
export type SheetSyncKind = (typeof sheetSyncKinds)[number];

/**
 * A Google Sheet linked to a bot: `faqs` is read (FAQs synced from it on demand and hourly);
 * `conversations` / `leads` are appended to (new rows only, each once: `sheet_appends`).
 */
export const sheetSyncs = pgTable(
  "sheet_syncs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: sheetSyncKinds }).notNull(),
    spreadsheetId: text("spreadsheet_id").notNull(),
    /** The tab's name ("FAQ", "Leads"). */
    sheetName: text("sheet_name").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** When it is next due (hourly), and how the last run went. */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** Appends: everything created before this has been appended. */
    appendedUntil: timestamp("appended_until", { withTimezone: true }),
    /** Failed attempts in a row (backoff), reset by a success. */
    attempts: integer("attempts").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("sheet_syncs_bot_kind_idx").on(table.botId, table.kind),
    index("sheet_syncs_next_run_at_idx").on(table.nextRunAt),
    check("sheet_syncs_kind_check", sql`${table.kind} in ('faqs', 'conversations', 'leads')`),
  ],
);

/** What has been appended to a sheet (idempotency: a row goes once, whatever the retries). */
export const sheetAppends = pgTable(
  "sheet_appends",
  {
    syncId: uuid("sync_id")
      .notNull()
      .references(() => sheetSyncs.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    appendedAt: timestamp("appended_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.syncId, table.itemId] })],
);

export type MessageFeedbackRow = typeof messageFeedback.$inferSelect;
export type AnalyticsHourlyRow = typeof analyticsHourly.$inferSelect;
export type CuratedAnswerRow = typeof curatedAnswers.$inferSelect;
export type SheetSyncRow = typeof sheetSyncs.$inferSelect;
