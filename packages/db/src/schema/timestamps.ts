import { timestamp } from "drizzle-orm/pg-core";

/**
 * `created_at` / `updated_at` for every table. Spread into a table definition. Both are
 * `timestamptz` so instants stay unambiguous whatever the server's time zone; `updated_at` is
 * refreshed by drizzle on every `update()` (there is no trigger, so raw SQL updates must set it).
 */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
