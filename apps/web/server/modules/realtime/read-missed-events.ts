import type { InboxStreamEvent } from "@jai/contracts/inbox";
import { and, asc, type Db, eq, gt, type InboxEventKind, inArray, inboxEvents, sql } from "@jai/db";
import type { SubscriptionScope } from "./realtime-hub";

/** Most events a reconnecting stream is sent; beyond that the page reloads what it shows. */
export const backfillLimit = 500;

export type MissedEvents =
  | { kind: "events"; events: InboxStreamEvent[] }
  /** Too many were missed, or some are gone (swept): reload, then resume from `cursor`. */
  | { kind: "reset"; cursor: number };

/**
 * What a stream missed since `after` (its Last-Event-ID), oldest first: the scope's events in
 * `inbox_events` with a greater id, at most `limit`. A reset instead when more were missed, when
 * rows after `after` may have been swept (the oldest row left is newer), or when `after` is
 * beyond the newest row (another database, or a made-up id).
 */
export async function readMissedEvents(
  db: Db,
  {
    scope,
    after,
    kinds,
    limit = backfillLimit,
  }: {
    scope: SubscriptionScope;
    after: number;
    kinds?: readonly InboxEventKind[];
    limit?: number;
  },
): Promise<MissedEvents> {
  const bounds = await readEventBounds(db);
  if (bounds.newest < after || (bounds.oldest !== null && after < bounds.oldest - 1)) {
    return { kind: "reset", cursor: bounds.newest };
  }
  const rows = await db
    .select({
      id: inboxEvents.id,
      kind: inboxEvents.kind,
      conversationId: inboxEvents.conversationId,
      messageId: inboxEvents.messageId,
    })
    .from(inboxEvents)
    .where(
      and(
        "workspaceId" in scope
          ? eq(inboxEvents.workspaceId, scope.workspaceId)
          : eq(inboxEvents.conversationId, scope.conversationId),
        gt(inboxEvents.id, after),
        kinds ? inArray(inboxEvents.kind, [...kinds]) : undefined,
      ),
    )
    .orderBy(asc(inboxEvents.id))
    .limit(limit + 1);
  if (rows.length > limit) return { kind: "reset", cursor: bounds.newest };
  return { kind: "events", events: rows };
}

/**
 * The oldest and newest event ids of every workspace (the primary key answers both at once).
 * `newest` is 0 on an empty table: a stream starting then resumes from 0.
 */
export async function readEventBounds(db: Db): Promise<{ oldest: number | null; newest: number }> {
  const result = await db.execute<{
    oldest: string | number | null;
    newest: string | number | null;
  }>(
    sql`select min(${inboxEvents.id}) as oldest, max(${inboxEvents.id}) as newest from ${inboxEvents}`,
  );
  const row = result.rows[0];
  return {
    oldest: row?.oldest == null ? null : Number(row.oldest),
    newest: row?.newest == null ? 0 : Number(row.newest),
  };
}
