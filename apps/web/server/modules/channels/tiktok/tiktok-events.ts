import { randomUUID } from "node:crypto";
import {
  formatTiktokMessages,
  type TiktokEndpoints,
  type TiktokWebhookEvent,
  tiktokAction,
  tiktokLimits,
} from "@jai/channels/tiktok/index";
import {
  and,
  type ChannelEventRow,
  channelConnections,
  contacts,
  conversations,
  type Db,
  eq,
  sql,
} from "@jai/db";
import { detectLanguage } from "@jai/engine";
import { AppError } from "../../../http/errors";
import type { DeliveryInput } from "../../../jobs/enqueue-delivery";
import type { Logger } from "../../../logger";
import type { ChatBot } from "../../../services/bots/load-chat-bot";
import type { ChatTurn, RunTurnInput, TurnMessage } from "../../conversations/run-turn";
import { currentConversationId, storeNotice } from "../../conversations/store-notice";
import type { DomainEventSink } from "../../events/domain-events";
import { takeChatAppCsatAnswer } from "../../feedback/csat";
import { csatTexts } from "../../feedback/csat-texts";
import { type TiktokConnection, tiktokClientFor } from "./tiktok-connections";
import type { TiktokDeliveryPayload } from "./tiktok-sender";
import { tiktokTextLanguage, tiktokTexts } from "./tiktok-texts";

export type { TiktokDeliveryPayload } from "./tiktok-sender";

export type TiktokEventDeps = {
  db: Db;
  logger: Logger;
  endpoints: TiktokEndpoints;
  publicUrl: string;
  loadConnection(id: string): Promise<TiktokConnection | null>;
  loadChatBot(botId: string): Promise<ChatBot>;
  runTurn(input: RunTurnInput): Promise<ChatTurn>;
  /** Queues deliveries and wakes their job. */
  enqueue(inputs: DeliveryInput[]): Promise<void>;
  /** Where a CSAT answer's `feedback.created` goes (the owner's outgoing webhooks). */
  events?: DomainEventSink;
};

/** What the turn answers for a photo the engine will not read. */
const imageRefusals = new Set<string>([
  "VALIDATION_FAILED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
]);

/** Said on the card when the account took the app's access away (TikTok's authorization.removed). */
export const tiktokDeauthorizedError =
  "TikTok says the business account removed this app's authorization: connect the TikTok channel again";

/**
 * Processes one stored TikTok event, the way line-events.ts does for LINE: a customer's message
 * becomes a turn (text; a photo, downloaded through TikTok at most 5 MB and given to the turn; a
 * shared post as words with its link) and its reply is queued, to TikTok's conversation id; the
 * business's own message (`im_send_msg`: our echo, or a person writing from the TikTok app) is
 * only recorded, never answered, so the bot cannot talk to itself; `authorization.removed` puts
 * the channel in error with the reason in words. The contact is the customer's TikTok user id,
 * named as TikTok shows them; their language is learnt from what they type. A silent turn (a
 * person answers the conversation) sends nothing. TikTok offers no quick replies here: FAQ
 * suggestions are not sent. Throws to be tried again (TikTok or the database unreachable).
 */
export function createTiktokEventProcessor(deps: TiktokEventDeps) {
  const { db, logger } = deps;

  return async function processTiktokEvent(row: ChannelEventRow): Promise<void> {
    const connection = await deps.loadConnection(row.connectionId);
    if (!connection?.active || !connection.secrets || !connection.settings) return; // since gone
    const action = tiktokAction(row.payload as unknown as TiktokWebhookEvent);
    if (action.kind === "ignore") {
      logger.debug("TikTok event ignored", { id: row.id, reason: action.reason });
      return;
    }
    if (action.kind === "echo") {
      // The stored event is the record; answering it would loop.
      logger.debug("TikTok echo recorded", { id: row.id });
      return;
    }
    if (action.kind === "deauthorized") {
      await db
        .update(channelConnections)
        .set({ status: "error", lastError: tiktokDeauthorizedError, updatedAt: new Date() })
        .where(eq(channelConnections.id, connection.id));
      logger.warn("TikTok authorization removed", { connectionId: connection.id });
      return;
    }

    let chatBot: ChatBot;
    try {
      chatBot = await deps.loadChatBot(connection.botId);
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") return; // paused since
      throw error;
    }
    const known = await findContact(db, connection.botId, action.userId);
    const content = action.content;
    // Only what they typed teaches the language: a shared post's link is not theirs.
    const learnt =
      content.type === "text" && content.typed && /\p{L}/u.test(content.text)
        ? detectLanguage(content.text)
        : null;
    const language = learnt ?? known?.language ?? null;
    const participant = {
      channel: "tiktok" as const,
      externalId: action.userId,
      // The name TikTok shows for them, once (the owner may rename the contact in the console).
      ...(!known?.displayName && action.displayName ? { displayName: action.displayName } : {}),
      ...(language ? { language } : {}),
    };
    const textLanguage = tiktokTextLanguage(language);
    const queue = (stored: { contactId: string; botMessageId: string }, text: string) =>
      queueReply(connection, action.conversationId, action.userId, stored, text);

    /** A reply the model takes no part in, with what the customer sent stored before it. */
    const notice = async (
      botText: string,
      userMessage: Parameters<typeof storeNotice>[1]["userMessage"],
    ) => {
      const stored = await storeNotice(db, {
        botId: chatBot.bot.id,
        participant,
        userMessage,
        botText,
      });
      await recordCustomerMessage(stored.conversationId, row.occurredAt);
      await queue(stored, botText);
    };

    // A number 1–5 right after the CSAT question (TikTok has no buttons): stored, thanked, no turn.
    if (content.type === "text") {
      const csat = await takeChatAppCsatAnswer(deps, {
        botId: connection.botId,
        channel: "tiktok",
        externalId: action.userId,
        text: content.text,
        at: row.occurredAt,
      });
      if (csat) {
        if (csat.stored) {
          await queue(
            { contactId: csat.contactId, botMessageId: randomUUID() },
            csatTexts.thanks(textLanguage),
          );
        }
        return;
      }
    }

    let message: TurnMessage;
    if (content.type === "text") {
      message = { text: content.text };
    } else {
      const client = tiktokClientFor(connection, deps.endpoints);
      const downloaded = await client.downloadMedia(
        connection.settings.businessId,
        {
          conversationId: action.conversationId,
          messageId: action.messageId ?? "",
          mediaId: content.mediaId,
        },
        tiktokLimits.imageMaxBytes,
      );
      if (!downloaded.ok) {
        if (downloaded.retryable) throw new Error(downloaded.error);
        // Gone from TikTok, or refused: say so rather than guess.
        await notice(tiktokTexts.imageUnreadable(textLanguage), { text: "", media: null });
        return;
      }
      if ("tooLarge" in downloaded.value) {
        await notice(tiktokTexts.imageUnreadable(textLanguage), {
          text: "[image too large]",
          media: null,
        });
        return;
      }
      const { bytes, mimeType } = downloaded.value;
      message = {
        text: "",
        image: `data:${mimeType};base64,${Buffer.from(bytes).toString("base64")}`,
      };
    }

    const conversationId = await currentConversationId(db, chatBot.bot.id, participant);
    let turn: ChatTurn;
    try {
      turn = await deps.runTurn({
        chatBot,
        participant,
        message,
        conversationId: conversationId ?? null,
        language,
        contactLanguage: textLanguage,
      });
    } catch (error) {
      // The photo is not one the engine reads (type, size): answer so, nothing else to do.
      if (error instanceof AppError && imageRefusals.has(error.code) && content.type === "image") {
        await notice(tiktokTexts.imageUnreadable(textLanguage), undefined);
        return;
      }
      throw error;
    }
    let step = await turn.reply.next();
    while (!step.done) step = await turn.reply.next();
    const outcome = step.value;
    // A person answers this conversation: the bot says nothing (the inbox replies).
    if (outcome.status === "silent") return;
    await queue({ contactId: turn.contactId, botMessageId: outcome.botMessageId }, outcome.reply);
  };

  /**
   * The customer wrote at `at`: TikTok's 48-hour window counts from it. A turn records it
   * itself; a notice (the answer to a photo the bot cannot read) does not.
   */
  async function recordCustomerMessage(conversationId: string, at: Date): Promise<void> {
    await db
      .update(conversations)
      .set({
        lastCustomerMessageAt: sql`greatest(${conversations.lastCustomerMessageAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(eq(conversations.id, conversationId));
  }

  async function queueReply(
    connection: TiktokConnection,
    conversationId: string,
    userId: string,
    stored: { contactId: string; botMessageId: string },
    text: string,
  ): Promise<void> {
    const parts = formatTiktokMessages(text);
    if (parts.length === 0) return;
    const payload: TiktokDeliveryPayload = {
      conversationId,
      userId,
      contactId: stored.contactId,
      messageId: stored.botMessageId,
      author: "bot",
      parts: parts.map((part) => ({ type: "text", text: part })),
    };
    await deps.enqueue([
      {
        kind: "channel_message",
        channel: "tiktok",
        targetId: connection.id,
        ownerId: connection.ownerId,
        botId: connection.botId,
        event: "message",
        idempotencyKey: `tiktok:${stored.botMessageId}`,
        payload: payload as unknown as Record<string, unknown>,
        maxAttempts: 10,
      },
    ]);
  }
}

async function findContact(db: Db, botId: string, userId: string) {
  const [row] = await db
    .select({ id: contacts.id, displayName: contacts.displayName, language: contacts.language })
    .from(contacts)
    .where(
      and(
        eq(contacts.botId, botId),
        eq(contacts.channel, "tiktok"),
        eq(contacts.externalId, userId),
      ),
    );
  return row;
}
