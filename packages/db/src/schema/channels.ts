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
import { timestamps } from "./timestamps.ts";

/** Channels an owner connects to a bot. The hosted page and the API need no connection. */
export const connectableChannels = ["widget", "line", "messenger", "instagram", "tiktok"] as const;
export type ConnectableChannel = (typeof connectableChannels)[number];
export const channelConnectionStatuses = ["active", "paused", "error"] as const;
export type ChannelConnectionStatus = (typeof channelConnectionStatuses)[number];

/**
 * A bot's place on one channel: the website widget, a LINE official account, a Facebook page …
 * One per bot and channel. `settings` is the channel's own (the widget's colour and allowed
 * origins; a LINE channel id), never secret; secrets (the widget's identity key, a LINE channel
 * secret and token) are sealed together with the server's key (AES-256-GCM, the secret box) in
 * `secrets_sealed`, a JSON object before sealing. Active connections count against the plan's
 * channel allowance.
 */
export const channelConnections = pgTable(
  "channel_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: connectableChannels }).notNull(),
    status: text("status", { enum: channelConnectionStatuses }).notNull().default("active"),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    secretsSealed: text("secrets_sealed"),
    // Why the connection is in `error` (a refused token …), for the console; never a secret.
    lastError: text("last_error"),
    // Chat apps: when the platform's webhook verification (or first signed event) arrived, and
    // when a request arrived whose signature did not match the channel secret.
    webhookVerifiedAt: timestamp("webhook_verified_at", { withTimezone: true }),
    signatureFailedAt: timestamp("signature_failed_at", { withTimezone: true }),
    // Events that arrived while the connection was paused or disconnected: counted, not kept.
    ignoredEvents: integer("ignored_events").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("channel_connections_bot_id_channel_idx").on(table.botId, table.channel),
    index("channel_connections_owner_id_idx").on(table.ownerId),
    check(
      "channel_connections_channel_check",
      sql`${table.channel} in ('widget', 'line', 'messenger', 'instagram', 'tiktok')`,
    ),
    check(
      "channel_connections_status_check",
      sql`${table.status} in ('active', 'paused', 'error')`,
    ),
  ],
);

export const deliveryStatuses = ["pending", "sending", "delivered", "dead"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
export const deliveryKinds = ["channel_message", "webhook"] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];

/**
 * The outbox of everything sent to another system that is not a live HTTP stream: replies to
 * channels (LINE, Messenger …) and outgoing webhooks. Producers insert a row (with the record it
 * belongs to, in one transaction where they can); workers on any instance claim due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, send through the channel's adapter, and retry with
 * backoff. After `max_attempts` a row is `dead`, its last error kept for the console.
 * `idempotency_key` is unique: producing the same message twice queues it once.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: deliveryKinds }).notNull(),
    // The adapter that sends it: a channel ("line") or "webhook".
    channel: text("channel").notNull(),
    // What it is sent through: a channel connection's id or a webhook endpoint's id.
    targetId: uuid("target_id").notNull(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    botId: text("bot_id").references(() => bots.id, { onDelete: "cascade" }),
    // For webhooks: the event ("message.created"); for channel messages: "message".
    event: text("event").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: deliveryStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // The last failure: a short text and the HTTP status, when there was one (no secrets).
    lastError: text("last_error"),
    lastStatusCode: integer("last_status_code"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("deliveries_idempotency_key_idx").on(table.idempotencyKey),
    index("deliveries_status_next_attempt_at_idx").on(table.status, table.nextAttemptAt),
    index("deliveries_target_id_created_at_idx").on(table.targetId, table.createdAt),
    check("deliveries_kind_check", sql`${table.kind} in ('channel_message', 'webhook')`),
    check(
      "deliveries_status_check",
      sql`${table.status} in ('pending', 'sending', 'delivered', 'dead')`,
    ),
  ],
);

/**
 * An owner's outgoing webhook: a URL subscribed to events. Each delivery is signed with the
 * endpoint's secret (HMAC-SHA256, `X-Jai-Signature`), shown once at creation and kept sealed.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description"),
    events: jsonb("events").$type<string[]>().notNull(),
    secretSealed: text("secret_sealed").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    ...timestamps,
  },
  (table) => [index("webhook_endpoints_owner_id_idx").on(table.ownerId)],
);

export const channelEventStatuses = ["pending", "processing", "done", "dead"] as const;
export type ChannelEventStatus = (typeof channelEventStatuses)[number];

/**
 * Events received from a chat app's webhook (a LINE message, a follow …), stored as they came
 * before the webhook answers, then processed by the channel-events job: a crash after the
 * answer loses nothing. `event_id` is the platform's id for the event (LINE's
 * `webhookEventId`): unique per connection, so a redelivered event is stored, and processed,
 * once. `source_key` is who it is from (a LINE user id): one person's events are processed in
 * the order they arrived. Claimed like deliveries (`FOR UPDATE SKIP LOCKED` and a lease).
 */
export const channelEvents = pgTable(
  "channel_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => channelConnections.id, { onDelete: "cascade" }),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: connectableChannels }).notNull(),
    eventId: text("event_id").notNull(),
    sourceKey: text("source_key").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    // When the platform says the event happened (a reply token's age is counted from it).
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: channelEventStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("channel_events_connection_id_event_id_idx").on(table.connectionId, table.eventId),
    index("channel_events_status_next_attempt_at_idx").on(table.status, table.nextAttemptAt),
    // "Is an earlier event of this person still waiting?", asked for every claim.
    index("channel_events_open_source_idx")
      .on(table.connectionId, table.sourceKey, table.occurredAt)
      .where(sql`${table.status} in ('pending', 'processing')`),
    check(
      "channel_events_status_check",
      sql`${table.status} in ('pending', 'processing', 'done', 'dead')`,
    ),
  ],
);

export type ChannelEventRow = typeof channelEvents.$inferSelect;
export type ChannelConnectionRow = typeof channelConnections.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;
export type NewDeliveryRow = typeof deliveries.$inferInsert;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
