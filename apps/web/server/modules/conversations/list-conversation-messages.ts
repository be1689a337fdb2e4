import type { ConversationMessages } from "@jai/contracts/chat";
import {
  and,
  conversations,
  type Db,
  desc,
  eq,
  messageFeedback,
  messages,
  ne,
  users,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { type ContactRef, findContactId } from "./contacts";
import { isUuid } from "./is-uuid";
import { toMessageDto } from "./to-message-dto";

/** The most messages one request returns (the latest ones). */
export const conversationMessagesLimit = 200;

/**
 * A conversation's messages, oldest first, for the contact who owns it. Anyone else (another
 * contact, no cookie, another bot, an unknown id) gets NOT_FOUND: whether a conversation exists
 * is not disclosed. Replies still streaming are left out (they arrive with their turn).
 */
export async function listConversationMessages(
  db: Db,
  {
    botId,
    conversationId,
    contact,
  }: {
    botId: string;
    conversationId: string;
    /** Whose it is; undefined (no cookie, no token): nobody's. */
    contact: ContactRef | undefined;
  },
): Promise<ConversationMessages> {
  if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
  const contactId = await findContactId(db, botId, contact);
  if (!contactId) throw new AppError("NOT_FOUND");
  const [conversation] = await db
    .select({
      id: conversations.id,
      csatRequestedAt: conversations.csatRequestedAt,
      csatScore: conversations.csatScore,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.botId, botId),
        eq(conversations.contactId, contactId),
      ),
    );
  if (!conversation) throw new AppError("NOT_FOUND");
  const rows = await db
    .select({
      id: messages.id,
      sender: messages.sender,
      content: messages.content,
      media: messages.media,
      status: messages.status,
      createdAt: messages.createdAt,
      authorName: users.name,
      feedback: messageFeedback.rating,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .leftJoin(messageFeedback, eq(messageFeedback.messageId, messages.id))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.status, "streaming"),
        // The team's events ("Nok took over") are for the inbox, not the customer.
        ne(messages.sender, "event"),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(conversationMessagesLimit);
  return {
    conversationId,
    // The satisfaction question, once asked: the chat shows its card until answered.
    csat: { asked: conversation.csatRequestedAt !== null, score: conversation.csatScore },
    messages: rows.reverse().map(({ authorName, feedback, ...row }) => ({
      ...toMessageDto(row),
      ...(row.sender === "bot" ? { feedback: feedback ?? null } : {}),
      // A teammate's reply carries their first name ("Nok"), never more.
      ...(row.sender === "human" ? { authorName: authorName?.trim().split(/\s+/)[0] ?? null } : {}),
    })),
  };
}
