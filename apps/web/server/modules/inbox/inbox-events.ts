import type { InboxStreamEvent } from "@jai/contracts/inbox";
import { type Db, type InboxEventKind, inboxEvents, sql } from "@jai/db";

/** The PostgreSQL channel every instance LISTENs on (see modules/realtime). */
export const inboxNotifyChannel = "inbox_events";

/** What a NOTIFY on `inbox_events` carries: ids only (a payload must stay under 8,000 bytes). */
export type InboxNotice = InboxStreamEvent & { workspaceId: string | null };

/**
 * Records a change of a conversation for the real-time inbox and the customer's own stream:
 * a row in `inbox_events` (its id is the SSE event id, so a reconnect backfills from it) and a
 * `pg_notify` that every instance's listener receives when — and only if — the caller's
 * transaction commits. Call it inside the transaction of the change.
 */
export async function recordInboxEvent(
  tx: Db,
  event: {
    workspaceId: string | null;
    conversationId: string;
    kind: InboxEventKind;
    messageId?: string | null;
  },
): Promise<number> {
  const [row] = await tx
    .insert(inboxEvents)
    .values({
      workspaceId: event.workspaceId,
      conversationId: event.conversationId,
      kind: event.kind,
      messageId: event.messageId ?? null,
    })
    .returning({ id: inboxEvents.id });
  const id = row!.id;
  const notice: InboxNotice = {
    id,
    kind: event.kind,
    conversationId: event.conversationId,
    messageId: event.messageId ?? null,
    workspaceId: event.workspaceId,
  };
  await tx.execute(sql`select pg_notify(${inboxNotifyChannel}, ${JSON.stringify(notice)})`);
  return id;
}

/** Reads a NOTIFY payload back; null for anything that is not one of ours. */
export function parseInboxNotice(payload: string | undefined): InboxNotice | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<InboxNotice>;
    if (typeof value.id !== "number" || typeof value.conversationId !== "string") return null;
    return {
      id: value.id,
      kind: value.kind ?? "conversation",
      conversationId: value.conversationId,
      messageId: value.messageId ?? null,
      workspaceId: value.workspaceId ?? null,
    };
  } catch {
    return null;
  }
}
