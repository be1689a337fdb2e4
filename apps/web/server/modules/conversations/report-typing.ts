import { and, conversations, type Db, eq } from "@jai/db";
import { AppError } from "../../http/errors";
import { recordInboxEvent } from "../inbox/inbox-events";
import { type ContactRef, findContactId } from "./contacts";
import { isUuid } from "./is-uuid";

/** A customer's typing is passed on at most this often per conversation (and instance). */
export const typingIntervalMs = 3_000;
/** Conversations remembered for the throttle; the oldest are forgotten beyond it. */
const remembered = 10_000;
const lastReported = new Map<string, number>();

/**
 * The customer is typing (the hosted page and the widget say so; LINE and the others do not
 * tell): a `typing` event for the team's inbox, only for the contact's own conversation with a
 * workspace's bot, at most every 3 seconds. Another contact's or an unknown conversation is
 * NOT_FOUND, like the messages it would read.
 */
export async function reportTyping(
  db: Db,
  input: { botId: string; conversationId: string; contact: ContactRef | undefined },
  now = Date.now(),
): Promise<void> {
  const { botId, conversationId } = input;
  if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
  const contactId = await findContactId(db, botId, input.contact);
  if (!contactId) throw new AppError("NOT_FOUND");
  const [conversation] = await db
    .select({ workspaceId: conversations.workspaceId })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.botId, botId),
        eq(conversations.contactId, contactId),
      ),
    );
  if (!conversation) throw new AppError("NOT_FOUND");
  // The Demo Bot has no team to tell; a burst of keystrokes is one event.
  if (!conversation.workspaceId) return;
  const last = lastReported.get(conversationId);
  if (last !== undefined && now - last < typingIntervalMs) return;
  lastReported.delete(conversationId);
  lastReported.set(conversationId, now);
  if (lastReported.size > remembered) {
    lastReported.delete(lastReported.keys().next().value!);
  }
  await recordInboxEvent(db, {
    workspaceId: conversation.workspaceId,
    conversationId,
    kind: "typing",
  });
}
