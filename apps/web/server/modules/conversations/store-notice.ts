import { randomUUID } from "node:crypto";
import {
  and,
  attachments,
  contacts,
  conversations,
  type Db,
  desc,
  eq,
  gt,
  type MessageMedia,
  messages,
} from "@jai/db";
import { type TurnParticipant, upsertContact } from "./contacts";

/** A conversation continues while its last message is younger than this; then a new one starts. */
export const conversationIdleMs = 24 * 3_600_000;

/**
 * The conversation a chat-app message continues: the contact's latest one on this bot, if it
 * was active within `conversationIdleMs`; none (start a new one) otherwise. Chat apps have no
 * "new chat" button, so a day of silence is what separates conversations.
 */
export async function currentConversationId(
  db: Db,
  botId: string,
  participant: Pick<TurnParticipant, "channel" | "externalId">,
  now = new Date(),
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(
      and(
        eq(conversations.botId, botId),
        eq(contacts.botId, botId),
        eq(contacts.channel, participant.channel),
        eq(contacts.externalId, participant.externalId),
        gt(conversations.updatedAt, new Date(now.getTime() - conversationIdleMs)),
      ),
    )
    .orderBy(desc(conversations.updatedAt))
    .limit(1);
  return row?.id;
}

export type NoticeInput = {
  botId: string;
  participant: TurnParticipant;
  /** What the person sent, when the notice answers something (a video, a file). */
  userMessage?: {
    text: string;
    media: MessageMedia | null;
    /** Kept as an attachment (served to the owner); `media.url` is filled in. */
    file?: { bytes: Uint8Array; mimeType: string; sha256: string } | null;
  };
  /** The bot's words: a welcome, or a polite "I can only read text and photos". */
  botText: string;
};

/**
 * A turn the model takes no part in, stored like any other: the contact, the conversation (the
 * current one, or a new one), the person's message if any, and the bot's. For a chat app's
 * welcome on follow, or the answer to content the bot cannot read.
 */
export async function storeNotice(
  db: Db,
  input: NoticeInput,
): Promise<{ conversationId: string; contactId: string; botMessageId: string }> {
  const conversationId = await currentConversationId(db, input.botId, input.participant);
  const now = new Date();
  return db.transaction(async (tx) => {
    const contact = await upsertContact(tx, input.botId, input.participant, now);
    let id = conversationId;
    if (id) {
      await tx.update(conversations).set({ updatedAt: now }).where(eq(conversations.id, id));
    } else {
      const [created] = await tx
        .insert(conversations)
        .values({
          botId: input.botId,
          contactId: contact.id,
          channel: input.participant.channel,
          language: input.participant.language ?? null,
        })
        .returning({ id: conversations.id });
      id = created!.id;
    }
    const user = input.userMessage;
    if (user) {
      const userMessageId = randomUUID();
      const attachmentId = user.file ? randomUUID() : undefined;
      const media: MessageMedia | null =
        attachmentId && user.media?.type === "file"
          ? { ...user.media, url: `/api/console/bots/${input.botId}/attachments/${attachmentId}` }
          : user.media;
      await tx.insert(messages).values({
        id: userMessageId,
        conversationId: id,
        botId: input.botId,
        sender: "user",
        content: user.text,
        media,
        status: "completed",
        createdAt: now,
        completedAt: now,
      });
      if (attachmentId && user.file) {
        await tx.insert(attachments).values({
          id: attachmentId,
          botId: input.botId,
          contactId: contact.id,
          messageId: userMessageId,
          mimeType: user.file.mimeType,
          byteSize: user.file.bytes.byteLength,
          sha256: user.file.sha256,
          data: user.file.bytes,
        });
      }
    }
    const botMessageId = randomUUID();
    const botAt = new Date(now.getTime() + 1);
    await tx.insert(messages).values({
      id: botMessageId,
      conversationId: id,
      botId: input.botId,
      sender: "bot",
      content: input.botText,
      status: "completed",
      provider: "system",
      createdAt: botAt,
      completedAt: botAt,
    });
    return { conversationId: id, contactId: contact.id, botMessageId };
  });
}
