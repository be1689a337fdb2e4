import { and, conversations, type Db, eq } from "@jai/db";
import type { Context } from "hono";
import { AppError } from "../../http/errors";
import type { Logger } from "../../logger";
import { type ContactRef, findContactId } from "../conversations/contacts";
import { isUuid } from "../conversations/is-uuid";
import type { RealtimeHub } from "./realtime-hub";
import { respondWithEventStream } from "./respond-with-event-stream";

/** Streams one conversation may have open on one instance (the customer's tabs). */
export const customerStreamsPerConversation = 5;

/**
 * A customer's own conversation's stream (the hosted page's and the widget's): its `message`
 * events, so a teammate's reply shows without the customer writing first. The client refetches
 * the messages and merges them by id, so a message of its own turn is never shown twice.
 * Whoever does not own the conversation (another contact, no cookie or token, another bot, an
 * unknown id) gets 404, exactly like the messages endpoint.
 */
export async function respondWithCustomerStream(
  c: Context,
  {
    hub,
    db,
    logger,
    botId,
    conversationId,
    contact,
    isStillAllowed,
  }: {
    hub: RealtimeHub;
    db: Db;
    logger: Logger;
    botId: string;
    conversationId: string;
    contact: ContactRef | undefined;
    /** The widget: its session may expire while the stream is open. */
    isStillAllowed?: () => Promise<boolean>;
  },
): Promise<Response> {
  await requireOwnConversation(db, { botId, conversationId, contact });
  return respondWithEventStream(c, {
    hub,
    db,
    logger,
    scope: { conversationId },
    // `conversation`: its satisfaction question was asked (the chat shows the card).
    kinds: ["message", "conversation"],
    limit: { key: `conversation:${conversationId}`, max: customerStreamsPerConversation },
    isStillAllowed,
  });
}

/** The same ownership rule as the conversation's messages (list-conversation-messages.ts). */
async function requireOwnConversation(
  db: Db,
  {
    botId,
    conversationId,
    contact,
  }: { botId: string; conversationId: string; contact: ContactRef | undefined },
): Promise<void> {
  if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
  const contactId = await findContactId(db, botId, contact);
  if (!contactId) throw new AppError("NOT_FOUND");
  const [conversation] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.botId, botId),
        eq(conversations.contactId, contactId),
      ),
    );
  if (!conversation) throw new AppError("NOT_FOUND");
}
