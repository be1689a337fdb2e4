import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps.ts";

// Owner accounts, kept by better-auth through its drizzle adapter (apps/web/server/auth). The
// adapter addresses each table by the key it is given (`user`, `session` …) and each column by
// its property name, so the property names below are better-auth's field names (camelCase) and
// must not be renamed; the SQL names follow our snake_case convention. Ids are better-auth's
// random strings.

export const userLocales = ["en", "th"] as const;
export type UserLocale = (typeof userLocales)[number];

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    // Always stored lower-cased by better-auth, so a plain unique index is enough.
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    // The language of the pages the owner signed up on: every email to them is written in it.
    locale: text("locale", { enum: userLocales }).notNull().default("en"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_email_idx").on(table.email),
    check("users_locale_check", sql`${table.locale} in ('en', 'th')`),
  ],
);

/** A signed-in browser. The cookie holds `token`; revoking a session deletes its row. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull(),
    // Never filled: client addresses are not stored (see docs/decisions/0006). The column is
    // part of better-auth's session model.
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("sessions_token_idx").on(table.token),
    index("sessions_user_id_idx").on(table.userId),
  ],
);

/** How an owner signs in: provider "credential" holds the password hash (scrypt, by better-auth). */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

/**
 * Short-lived secrets: password-reset tokens, two-factor challenges and their attempt counts.
 * `identifier` is stored hashed (better-auth's `storeIdentifier: "hashed"`), so a copy of the
 * database holds no usable reset link.
 */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** An owner's TOTP factor: the secret and the backup codes, both encrypted by better-auth. */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // False between "enable" and the first correct code.
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // Ours, not better-auth's: the 30-second step of the last accepted code. A code is accepted
    // only for a later step, so a code seen over someone's shoulder cannot be used again.
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
  },
  (table) => [uniqueIndex("two_factors_user_id_idx").on(table.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type VerificationRow = typeof verifications.$inferSelect;
export type TwoFactorRow = typeof twoFactors.$inferSelect;
