import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The server processes running on this database, each beating every few seconds
 * (apps/web/server/services/chat/instance-heartbeat.ts). A bot reply left `streaming` by an
 * instance whose heartbeat stopped (it crashed, or was killed) can never finish, so the others
 * close it; replies of instances still beating are left alone, however long they take.
 */
export const instances = pgTable("instances", {
  id: uuid("id").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
});

export type InstanceRow = typeof instances.$inferSelect;
