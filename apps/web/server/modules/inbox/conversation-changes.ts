import { randomUUID } from "node:crypto";
import {
  type ConversationEventData,
  conversations,
  type Db,
  eq,
  inArray,
  messages,
  sql,
  users,
} from "@jai/db";
import { queueNotification } from "../notifications/queue-notification";
import {
  type ConversationState,
  type Transition,
  type TransitionResult,
  transition,
} from "./conversation-state";
import { recordInboxEvent } from "./inbox-events";

/** A conversation locked for a change (`FOR UPDATE`), with what the state machine needs. */
export type LockedConversation = ConversationState & {
  id: string;
  botId: string;
  workspaceId: string | null;
  contactId: string;
  channel: string;
  unansweredStreak: number;
};

/**
 * Locks a conversation's row for the rest of the transaction: two teammates (or a teammate and
 * the customer's next message) changing it at once are applied one after the other, each on
 * the state the other left.
 */
export async function lockConversation(tx: Db, id: string): Promise<LockedConversation | null> {
  const [row] = await tx
    .select({
      id: conversations.id,
      botId: conversations.botId,
      workspaceId: conversations.workspaceId,
      contactId: conversations.contactId,
      channel: conversations.channel,
      status: conversations.status,
      assigneeId: conversations.assigneeId,
      snoozedUntil: conversations.snoozedUntil,
      waitingSince: conversations.waitingSince,
      unansweredStreak: conversations.unansweredStreak,
    })
    .from(conversations)
    .where(eq(conversations.id, id))
    .for("update");
  return row ?? null;
}

export type AppliedChange = TransitionResult & {
  /** The transcript's event message, when one was written. */
  eventMessageId: string | null;
  /** A handoff alert was queued now (wake the notifications job). */
  notificationQueued: boolean;
};

/**
 * Applies one transition to a locked conversation and stores everything it means, in the
 * caller's transaction: the new state, an event message in the transcript (with the names of
 * the teammates at the time), an inbox event for the real-time views, and — when the customer
 * now waits for a person — a handoff alert for the team. Throws TransitionError when the
 * change does not apply; a change that changes nothing writes nothing.
 */
export async function applyTransition(
  tx: Db,
  conversation: LockedConversation,
  change: Transition,
  options: { alert?: Record<string, unknown> } = {},
): Promise<AppliedChange> {
  const result = transition(conversation, change);
  if (!result.event) {
    return { ...result, eventMessageId: null, notificationQueued: false };
  }
  const { state } = result;
  await tx
    .update(conversations)
    .set({
      status: state.status,
      assigneeId: state.assigneeId,
      snoozedUntil: state.snoozedUntil,
      waitingSince: state.waitingSince,
      // A new wait gets its own "waiting too long" alert.
      ...(state.waitingSince?.getTime() !== conversation.waitingSince?.getTime()
        ? { waitingAlertedAt: null }
        : {}),
      updatedAt: change.at,
    })
    .where(eq(conversations.id, conversation.id));
  Object.assign(conversation, state);

  const event = await withNames(tx, result.event);
  const eventMessageId = randomUUID();
  await tx.insert(messages).values({
    id: eventMessageId,
    conversationId: conversation.id,
    botId: conversation.botId,
    sender: "event",
    content: "",
    status: "completed",
    authorId: event.actorId ?? null,
    event,
    createdAt: change.at,
    completedAt: change.at,
  });
  await recordInboxEvent(tx, {
    workspaceId: conversation.workspaceId,
    conversationId: conversation.id,
    kind: "conversation",
    messageId: eventMessageId,
  });

  let notificationQueued = false;
  if (result.handoff && conversation.workspaceId && state.waitingSince) {
    notificationQueued = await queueNotification(tx, {
      workspaceId: conversation.workspaceId,
      kind: "handoff",
      botId: conversation.botId,
      conversationId: conversation.id,
      payload: { reason: event.reason ?? null, channel: conversation.channel, ...options.alert },
      dedupeKey: `handoff:${conversation.id}:${state.waitingSince.getTime()}`,
    });
  }
  return { ...result, event, eventMessageId, notificationQueued };
}

/** The event with the teammates' names as they are now (the transcript keeps them). */
async function withNames(tx: Db, event: ConversationEventData): Promise<ConversationEventData> {
  const ids = [event.actorId, event.assigneeId].filter((id): id is string => Boolean(id));
  if (ids.length === 0) return { ...event, actorId: event.actorId ?? null };
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  const name = (id: string | null | undefined) =>
    id ? (rows.find((row) => row.id === id)?.name ?? null) : null;
  return {
    ...event,
    actorId: event.actorId ?? null,
    actorName: name(event.actorId),
    ...(event.assigneeId !== undefined ? { assigneeName: name(event.assigneeId) } : {}),
  };
}

/** The list's last line and the unread clock, kept with every stored message. */
export async function touchLastMessage(
  tx: Db,
  conversationId: string,
  message: { sender: "user" | "bot" | "human"; content: string; at: Date; hasMedia?: boolean },
) {
  const preview = message.content.trim()
    ? message.content.replace(/\s+/g, " ").trim().slice(0, 140)
    : message.hasMedia
      ? "📎"
      : "";
  await tx
    .update(conversations)
    .set({
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${message.at.toISOString()}::timestamptz)`,
      lastMessageSender: message.sender,
      lastMessagePreview: preview,
      ...(message.sender === "user" ? { lastCustomerMessageAt: message.at } : {}),
      // A bot reply belongs to the customer's turn, which moved `updated_at` already (the
      // memory job compares it with `memorized_at`: a forget-me confirmation must not count).
      updatedAt: message.sender === "bot" ? sql`${conversations.updatedAt}` : message.at,
    })
    .where(eq(conversations.id, conversationId));
}
