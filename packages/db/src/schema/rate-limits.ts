import { bigint, integer, pgTable, varchar } from "drizzle-orm/pg-core";

/**
 * Counters of rate-limiter-flexible's PostgreSQL store, shared by every instance on one
 * database (apps/web/server/http/rate-limit.ts). The columns are the ones that store reads and
 * writes: `key` is "<limit name>:<hashed client key>", `expire` a Unix time in milliseconds.
 * Only used on PostgreSQL; the embedded database counts in memory (one instance).
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

export type RateLimitRow = typeof rateLimits.$inferSelect;
