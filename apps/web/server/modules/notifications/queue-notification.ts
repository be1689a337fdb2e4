import { type Db, type NotificationKind, notifications } from "@jai/db";

export type NotificationInput = {
  workspaceId: string;
  kind: NotificationKind;
  botId?: string | null;
  conversationId?: string | null;
  /** What the alert says (contact name, channel, a cut of the last message, the reason …). */
  payload?: Record<string, unknown>;
  /** Once per cause, e.g. `handoff:<conversation id>:<waiting since ms>`. */
  dedupeKey: string;
};

/**
 * Queues an alert for the workspace's team, in the caller's transaction: the notifications
 * job (modules/notifications) sends it by each member's chosen means and batches bursts. The
 * same `dedupeKey` queues once. Returns whether it was queued now (wake the job then).
 */
export async function queueNotification(tx: Db, input: NotificationInput): Promise<boolean> {
  const rows = await tx
    .insert(notifications)
    .values({
      workspaceId: input.workspaceId,
      kind: input.kind,
      botId: input.botId ?? null,
      conversationId: input.conversationId ?? null,
      payload: input.payload ?? {},
      dedupeKey: input.dedupeKey,
    })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** The job's name in the jobs registry (producers wake it after queueing). */
export const notificationsJobName = "notifications";
