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
  uuid,
} from "drizzle-orm/pg-core";
import { personas } from "./personas.ts";
import { timestamps } from "./timestamps.ts";

export const botProviders = ["local", "openai", "anthropic", "google"] as const;
export type BotProvider = (typeof botProviders)[number];
export const botStatuses = ["active", "paused"] as const;
export type BotStatus = (typeof botStatuses)[number];

/**
 * A bot (seed section 3): what the public chat page at /bot/{id} talks to. Its personality,
 * welcome message and FAQs come from its persona; its knowledge from `knowledge_sources`.
 */
/** Per-bot handoff settings (validated by the contracts' `handoffSettingsSchema`). */
export type BotHandoffSettings = {
  /** The customer asks for a person ("ขอคุยกับพนักงาน", "talk to a human"). */
  onRequest: boolean;
  /** The bot could not answer this many times in a row (0: never). */
  afterUnanswered: number;
  /** The customer's negative feedback on a reply (once feedback exists). */
  onNegativeFeedback: boolean;
  /** Words or phrases that hand the conversation to a person, in any language. */
  keywords: string[];
  /** What the customer is told, per language; empty: the built-in text. */
  message: { th: string; en: string };
  /** What the customer is told outside business hours; "{time}" is when someone will reply. */
  offHoursMessage: { th: string; en: string };
  /** A resolved conversation the customer writes to again goes back to the bot (else pending). */
  reopenToBot: boolean;
  /** Offer a "Talk to staff" quick reply on channels that have them. */
  quickReply: boolean;
};

export const bots = pgTable(
  "bots",
  {
    // "demo" for the seeded Demo Bot, otherwise a random URL-safe id: it is in public URLs.
    id: text("id").primaryKey(),
    ownerId: text("owner_id"),
    personaId: uuid("persona_id")
      .notNull()
      .references(() => personas.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    description: text("description"),
    purpose: text("purpose"),
    aiProvider: text("ai_provider", { enum: botProviders }).notNull().default("local"),
    // Null: the provider's default model.
    aiModel: text("ai_model"),
    status: text("status", { enum: botStatuses }).notNull().default("active"),
    // The owner's own key for `ai_provider`, encrypted with the server's key (AES-256-GCM,
    // see apps/web/server/services/console/secret-box.ts); null: the server's configured key.
    providerKeyCiphertext: text("provider_key_ciphertext"),
    // The key's last four characters, the only part ever shown again.
    providerKeyHint: text("provider_key_hint"),
    // Bumped whenever the bot's knowledge sources change: cached retrieval indexes are keyed by
    // it (with the persona's updated_at, which covers its FAQs and knowledge-base text).
    knowledgeVersion: integer("knowledge_version").notNull().default(1),
    // For bots the server seeds itself (the Demo Bot): a hash of the content it was seeded
    // from, so a changed seed updates the rows in place at the next boot.
    seedHash: text("seed_hash"),
    // Whether search engines may index the bot's public page (the owner's choice; off by default).
    indexable: boolean("indexable").notNull().default(false),
    // The provider's health as customers meet it: the last turn's failure that the owner must
    // fix (a refused key, used-up quota, a missing key), in words, and when; null once a turn
    // succeeds again. The console shows it in red.
    providerError: text("provider_error"),
    providerErrorKind: text("provider_error_kind"),
    providerErrorAt: timestamp("provider_error_at", { withTimezone: true }),
    // Human handoff: when a conversation goes to a person, and what the customer is told
    // (null: the defaults, see packages/contracts/src/inbox.ts `defaultHandoffSettings`).
    handoff: jsonb("handoff").$type<BotHandoffSettings>(),
    ...timestamps,
  },
  (table) => [
    index("bots_owner_id_idx").on(table.ownerId),
    index("bots_persona_id_idx").on(table.personaId),
    check(
      "bots_ai_provider_check",
      sql`${table.aiProvider} in ('local', 'openai', 'anthropic', 'google')`,
    ),
    check("bots_status_check", sql`${table.status} in ('active', 'paused')`),
    // Ids appear in URLs: letters, digits, - and _ only.
    check("bots_id_check", sql`${table.id} ~ '^[A-Za-z0-9_-]{1,64}$'`),
  ],
);

export type BotRow = typeof bots.$inferSelect;
export type NewBotRow = typeof bots.$inferInsert;
