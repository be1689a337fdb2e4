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
import { bytea } from "./bytea.ts";
import { personas } from "./personas.ts";
import { timestamps } from "./timestamps.ts";

/**
 * An owner's plan: one row per owner, created with the account (a 7-day trial). Plan ids are the
 * catalogue's (packages/contracts/src/plans.ts). `requested_plan_id` remembers the plan the
 * owner picked on the pricing page before signing up, for sales / checkout to follow up.
 */
export const ownerPlans = pgTable(
  "owner_plans",
  {
    ownerId: text("owner_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull().default("free"),
    billingCycle: text("billing_cycle"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    requestedPlanId: text("requested_plan_id"),
    // ---- the subscription (billing, ADR 0018) ----
    /**
     * trialing: the free trial (over when trial_ends_at has passed); active: paid up;
     * past_due: a renewal is unpaid and being retried (service continues); read_only: dunning
     * or the PromptPay grace ended, or the owner cancelled and the period ended (every datum
     * kept, bots answer nobody new, console edits refused) until a payment.
     */
    status: text("status", { enum: ["trialing", "active", "past_due", "read_only"] })
      .notNull()
      .default("trialing"),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** The owner cancelled: the plan stays active until current_period_end, then read_only. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** A downgrade (or cycle change) taking effect at current_period_end. */
    pendingPlanId: text("pending_plan_id"),
    pendingBillingCycle: text("pending_billing_cycle"),
    provider: text("provider", { enum: ["omise", "stripe"] }),
    providerCustomerId: text("provider_customer_id"),
    /** How renewals are paid: card (charged automatically) or promptpay (an invoice with a QR). */
    paymentMethod: text("payment_method", { enum: ["card", "promptpay"] }),
    /** The saved card, for display: { brand, last4, expMonth, expYear }. */
    card: jsonb("card"),
    /** Dunning: failed renewal tries so far and when the next one is due. */
    dunningAttempts: integer("dunning_attempts").notNull().default(0),
    nextRetryAt: timestamp("next_retry_at", { withTimezone: true }),
    readOnlySince: timestamp("read_only_since", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check(
      "owner_plans_plan_id_check",
      sql`${table.planId} in ('free', 'starter', 'pro', 'business', 'enterprise')`,
    ),
  ],
);

/**
 * Keys for the public API. Only a SHA-256 of the whole key is stored; `prefix` (the first
 * characters, e.g. "jai_k3Xp9a") identifies it in lists. Revoked keys stay for the record.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("api_keys_key_hash_idx").on(table.keyHash),
    index("api_keys_owner_id_idx").on(table.ownerId),
  ],
);

/**
 * Persona avatars uploaded in the builder, resized on upload and served from
 * /api/avatars/{id}. `owner_id` is null for a signed-out visitor's upload (the builder works
 * without an account); such rows are swept when no persona refers to them after a day.
 */
export const avatarImages = pgTable(
  "avatar_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("avatar_images_owner_id_idx").on(table.ownerId),
    check(
      "avatar_images_mime_type_check",
      sql`${table.mimeType} in ('image/png', 'image/jpeg', 'image/webp')`,
    ),
  ],
);

export const marketplaceCategories = ["ecommerce", "education", "solopreneur", "other"] as const;
export type MarketplaceCategory = (typeof marketplaceCategories)[number];
export const marketplaceStatuses = ["pending", "approved", "rejected"] as const;
export type MarketplaceStatus = (typeof marketplaceStatuses)[number];

/**
 * A persona submitted to the marketplace. `persona` is a snapshot taken at submission (what
 * was reviewed is what is listed and cloned), so later edits of the owner's persona do not
 * change an approved listing; resubmitting makes a new pending listing.
 */
export const marketplaceListings = pgTable(
  "marketplace_listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    personaId: uuid("persona_id").references(() => personas.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    summary: text("summary").notNull().default(""),
    category: text("category", { enum: marketplaceCategories }).notNull(),
    language: text("language").notNull(),
    status: text("status", { enum: marketplaceStatuses }).notNull().default("pending"),
    persona: jsonb("persona").$type<Record<string, unknown>>().notNull(),
    reviewNote: text("review_note"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    cloneCount: integer("clone_count").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index("marketplace_listings_owner_id_idx").on(table.ownerId),
    index("marketplace_listings_status_idx").on(table.status, table.reviewedAt),
    check(
      "marketplace_listings_category_check",
      sql`${table.category} in ('ecommerce', 'education', 'solopreneur', 'other')`,
    ),
    check(
      "marketplace_listings_status_check",
      sql`${table.status} in ('pending', 'approved', 'rejected')`,
    ),
  ],
);

export type OwnerPlanRow = typeof ownerPlans.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type AvatarImageRow = typeof avatarImages.$inferSelect;
export type MarketplaceListingRow = typeof marketplaceListings.$inferSelect;
