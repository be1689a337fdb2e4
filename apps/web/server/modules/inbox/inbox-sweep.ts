import { and, conversations, type Db, eq, inboxEvents, lte, sql } from "@jai/db";
import { createPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import type { Logger } from "../../logger";
import { applyTransition, lockConversation } from "./conversation-changes";

/** inbox_events are kept this long: enough for any reconnect (Last-Event-ID) to backfill. */
export const inboxEventsRetentionMs = 24 * 60 * 60 * 1000;

/**
 * The inbox's clock: snoozed conversations whose time came go back to their owner (or to the
 * team's queue, with an alert), and real-time events older than a day are deleted. Each wake-up
 * is its own transaction with the row locked (`SKIP LOCKED` when choosing), so instances share
 * the work and a conversation a teammate is changing is left for the next round.
 */
export function createInboxSweep(deps: {
  db: Db;
  logger: Logger;
  onNotificationQueued?: () => void;
  pollIntervalMs?: number;
  now?: () => Date;
}): PollingWorker & { runOnce(): Promise<number> } {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const batchSize = 50;

  async function runOnce(): Promise<number> {
    const at = now();
    const due = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.status, "snoozed"), lte(conversations.snoozedUntil, at)))
      .limit(batchSize);
    let woken = 0;
    let queued = false;
    for (const { id } of due) {
      await db.transaction(async (tx) => {
        const [free] = await tx
          .execute<{ id: string }>(
            sql`select id from conversations where id = ${id} for update skip locked`,
          )
          .then((result) => result.rows);
        if (!free) return;
        const conversation = await lockConversation(tx, id);
        if (!conversation) return;
        const applied = await applyTransition(tx, conversation, { type: "wake", at });
        if (applied.event) woken++;
        queued ||= applied.notificationQueued;
      });
    }
    if (queued) deps.onNotificationQueued?.();
    await db
      .delete(inboxEvents)
      .where(lte(inboxEvents.createdAt, new Date(at.getTime() - inboxEventsRetentionMs)));
    return woken;
  }

  const worker = createPollingWorker({
    name: "inbox sweep",
    logger: deps.logger,
    runOnce,
    batchSize,
    pollIntervalMs: deps.pollIntervalMs ?? 30_000,
    inFlightWork: "the wake-ups in flight",
  });
  return { ...worker, runOnce };
}
