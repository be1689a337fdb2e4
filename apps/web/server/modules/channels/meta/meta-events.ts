import { createHash, randomUUID } from "node:crypto";
import { formatMetaMessages, metaAction } from "@jai/channels/meta/index";
import type {
  MetaClient,
  MetaEndpoints,
  MetaOutgoing,
  MetaPlatform,
  MetaWebhookEvent,
} from "@jai/channels/meta/types";
import { and, type ChannelEventRow, contacts, conversations, type Db, eq, sql } from "@jai/db";
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
import { botHandoffSettings, talkToStaffLabel } from "../../inbox/handoff-settings";
import { faqSuggestions } from "../faq-suggestions";
import { type MetaConnection, metaClientFor } from "./meta-connections";
import type { MetaDeliveryPayload } from "./meta-sender";
import { metaTextLanguage, metaTexts } from "./meta-texts";

export type MetaEventDeps = {
  db: Db;
  logger: Logger;
  endpoints: MetaEndpoints;
  publicUrl: string;
  loadConnection(id: string): Promise<MetaConnection | null>;
  loadChatBot(botId: string): Promise<ChatBot>;
  runTurn(input: RunTurnInput): Promise<ChatTurn>;
  /** Queues deliveries and wakes their job. */
  enqueue(inputs: DeliveryInput[]): Promise<void>;
  /** `typing_on` is sent again this often while a turn runs (Meta turns it off after ~20 s). */
  typingRenewMs?: number;
  /** Where a CSAT answer's `feedback.created` goes (the owner's outgoing webhooks). */
  events?: DomainEventSink;
};

/** What the turn answers for a photo the engine will not read. */
const imageRefusals = new Set<string>([
  "VALIDATION_FAILED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
]);

/** Largest photo read (the engine's own limit), and largest video / voice / file kept. */
const maxImageBytes = 5 * 1024 * 1024;
const maxFileBytes = 10 * 1024 * 1024;
/** Quick replies Messenger shows at most (13), the last one kept for "Talk to staff". */
const maxFaqButtons = 12;

/**
 * Processes one stored Messenger or Instagram event, the way line-events.ts does for LINE: a
 * message becomes a turn (text, photo, sticker or like as words, a story reply or mention with
 * its context, a tapped quick reply) and its reply is queued; a postback's button title is the
 * message ("Get Started" sends the persona's welcome); a video, voice message or file is kept
 * and answered politely; an echo (the Page's own message, ours or a person's in Meta Business
 * Suite) is only recorded, never answered, so the bot cannot talk to itself. The sender's
 * profile is fetched once and kept on the contact. Throws to be tried again (Meta or the
 * database unreachable).
 */
export function createMetaEventProcessor(deps: MetaEventDeps) {
  const { db, logger } = deps;
  const typingRenewMs = deps.typingRenewMs ?? 15_000;

  return async function processMetaEvent(row: ChannelEventRow): Promise<void> {
    const connection = await deps.loadConnection(row.connectionId);
    if (!connection?.active || !connection.secrets) return; // disconnected since: dropped
    const platform: MetaPlatform = connection.channel;
    const action = metaAction(row.payload as unknown as MetaWebhookEvent);
    if (action.kind === "ignore") {
      logger.debug("Meta event ignored", { id: row.id, reason: action.reason });
      return;
    }
    if (action.kind === "echo") {
      // The stored event is the record; answering it would loop.
      logger.debug("Meta echo recorded", { id: row.id, appId: action.appId });
      return;
    }

    let chatBot: ChatBot;
    try {
      chatBot = await deps.loadChatBot(connection.botId);
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") return; // paused since
      throw error;
    }
    const client = metaClientFor(connection, deps.endpoints);
    const known = await findContact(db, connection.botId, platform, action.userId);
    // The profile once per contact (its name and picture for the console), not per event.
    // Meta may refuse it (230: no consent yet, 9010: no such user): the contact goes without.
    let profile: { displayName?: string; avatarUrl?: string } = {};
    if (!known?.displayName) {
      const result = await client.profile(platform, action.userId);
      if (result.ok) {
        profile = {
          ...(result.value.name ? { displayName: result.value.name } : {}),
          ...(result.value.pictureUrl ? { avatarUrl: result.value.pictureUrl } : {}),
        };
      } else {
        logger.debug("Meta profile not read", { id: row.id, reason: result.reason });
      }
    }
    const queue = (
      stored: { contactId: string; botMessageId: string },
      text: string,
      quickReplies: string[] = [],
    ) => queueReply(connection, action.userId, stored, text, quickReplies);

    // The contact's language is learnt from what they type (not from a tapped button's words,
    // a sticker or a story mention, which are not theirs).
    const content =
      action.kind === "postback"
        ? { type: "text" as const, text: action.text, typed: false }
        : action.content;
    const learnt =
      content.type === "text" && content.typed && /\p{L}/u.test(content.text)
        ? detectLanguage(content.text)
        : null;
    const language = learnt ?? known?.language ?? null;
    const participant = {
      channel: platform,
      externalId: action.userId,
      ...profile,
      ...(language ? { language } : {}),
    };
    const textLanguage = metaTextLanguage(language);
    const faqQuestions = faqSuggestions(chatBot.persona.faqs, language ? textLanguage : null);

    // A tapped CSAT score (or a bare 1–5 right after the question): stored, thanked, no turn.
    if (content.type === "text" && !(action.kind === "postback" && action.getStarted)) {
      const csat = await takeChatAppCsatAnswer(deps, {
        botId: connection.botId,
        channel: platform,
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

    if (action.kind === "postback" && action.getStarted) {
      const welcome =
        chatBot.persona.welcomeMessage.trim() ||
        metaTexts.defaultWelcome(textLanguage, chatBot.bot.name);
      const stored = await storeNotice(db, {
        botId: chatBot.bot.id,
        participant,
        botText: welcome,
      });
      await recordCustomerMessage(stored.conversationId, row.occurredAt);
      await queue(stored, welcome, faqQuestions.slice(0, maxFaqButtons));
      return;
    }

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

    const stopTyping = startTyping(client, action.userId);
    try {
      let message: TurnMessage;
      if (content.type === "text") {
        message = { text: content.text };
      } else if (content.type === "image") {
        const downloaded = await client.download(content.url, maxImageBytes);
        if (!downloaded.ok) {
          if (downloaded.retryable) throw new Error(downloaded.error);
          // Gone from Meta's CDN (its links expire), or not from Meta: say so rather than guess.
          await notice(metaTexts.imageUnreadable(textLanguage), { text: "", media: null });
          return;
        }
        if ("tooLarge" in downloaded.value) {
          await notice(metaTexts.imageUnreadable(textLanguage), {
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
      } else {
        // A video, voice message or file: kept for the owner when it fits, answered politely.
        const downloaded = content.url ? await client.download(content.url, maxFileBytes) : null;
        if (downloaded && !downloaded.ok && downloaded.retryable) {
          throw new Error(downloaded.error);
        }
        const file =
          downloaded?.ok && !("tooLarge" in downloaded.value)
            ? {
                bytes: downloaded.value.bytes,
                mimeType: safeMimeType(downloaded.value.mimeType, content.kind),
                sha256: createHash("sha256").update(downloaded.value.bytes).digest("hex"),
              }
            : null;
        await notice(metaTexts.fileReceived(textLanguage, content.kind), {
          text: "",
          media: { type: "file", kind: content.kind, name: null, url: null },
          file,
        });
        return;
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
        if (
          error instanceof AppError &&
          imageRefusals.has(error.code) &&
          content.type === "image"
        ) {
          await notice(metaTexts.imageUnreadable(textLanguage), undefined);
          return;
        }
        throw error;
      }
      let step = await turn.reply.next();
      while (!step.done) step = await turn.reply.next();
      const outcome = step.value;
      // A person answers this conversation: the bot says nothing (the inbox replies).
      if (outcome.status === "silent") return;
      // "Talk to staff" is offered under the bot's replies when the owner wants it (a tap
      // sends the words, which hand the conversation to a person).
      const staffButton =
        chatBot.bot.ownerId &&
        !outcome.handedOff &&
        !outcome.refused &&
        botHandoffSettings(chatBot.bot.handoff).quickReply
          ? [talkToStaffLabel[textLanguage]]
          : [];
      await queue(
        { contactId: turn.contactId, botMessageId: outcome.botMessageId },
        outcome.reply,
        // After "I don't know", the questions the bot can answer.
        [
          ...(outcome.answered || outcome.handedOff || outcome.refused
            ? []
            : faqQuestions.slice(0, maxFaqButtons)),
          ...staffButton,
        ],
      );
    } finally {
      stopTyping();
    }
  };

  /** "Typing…" in the customer's chat while the turn runs; a failure only costs the dots. */
  function startTyping(client: MetaClient, userId: string): () => void {
    const show = () =>
      void client.senderAction(userId, "typing_on").then((result) => {
        if (!result.ok) logger.debug("Meta typing indicator not shown", { error: result.error });
      });
    show();
    const timer = setInterval(show, typingRenewMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * The customer wrote (or tapped a button) at `at`: the reply windows count from it. A turn
   * records it itself; a notice (a welcome, an answer to a file) does not.
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
    connection: MetaConnection,
    recipientId: string,
    stored: { contactId: string; botMessageId: string },
    text: string,
    quickReplies: string[],
  ): Promise<void> {
    const messages: MetaOutgoing[] = formatMetaMessages(connection.channel, text, { quickReplies });
    if (messages.length === 0) return;
    const payload: MetaDeliveryPayload = {
      platform: connection.channel,
      recipientId,
      contactId: stored.contactId,
      messageId: stored.botMessageId,
      author: "bot",
      messages,
    };
    await deps.enqueue([
      {
        kind: "channel_message",
        channel: connection.channel,
        targetId: connection.id,
        ownerId: connection.ownerId,
        botId: connection.botId,
        event: "message",
        idempotencyKey: `${connection.channel}:${stored.botMessageId}`,
        payload: payload as unknown as Record<string, unknown>,
        maxAttempts: 10,
      },
    ]);
  }
}

async function findContact(db: Db, botId: string, channel: MetaPlatform, userId: string) {
  const [row] = await db
    .select({ id: contacts.id, displayName: contacts.displayName, language: contacts.language })
    .from(contacts)
    .where(
      and(
        eq(contacts.botId, botId),
        eq(contacts.channel, channel),
        eq(contacts.externalId, userId),
      ),
    );
  return row;
}

/** A stored file's type: Meta's, when it is a plain media type of the expected family. */
function safeMimeType(declared: string, kind: "video" | "audio" | "file"): string {
  const type = declared.split(";")[0]!.trim().toLowerCase();
  if (/^(video|audio|application|text)\/[a-z0-9.+-]{1,100}$/.test(type)) return type;
  return kind === "video"
    ? "video/mp4"
    : kind === "audio"
      ? "audio/mp4"
      : "application/octet-stream";
}
