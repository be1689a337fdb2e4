import { createHash, randomUUID } from "node:crypto";
import type { LineEndpoints, LineWebhookEvent } from "@jai/channels/line/index";
import {
  formatLineMessages,
  type LineChat,
  type LineSender,
  lineAction,
} from "@jai/channels/line/index";
import { avatarImageId, avatarUrl } from "@jai/contracts/avatar-limits";
import { and, type ChannelEventRow, contacts, type Db, eq } from "@jai/db";
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
import { handleLineStaffGroupEvent } from "../../notifications/line-staff-group";
import { faqSuggestions } from "../faq-suggestions";
import { type LineConnection, lineClientFor } from "./line-connections";
import { lineTextLanguage, lineTexts } from "./line-texts";

/** What a queued LINE reply carries (the `payload` of its delivery). */
export type LineDeliveryPayload = {
  /** Where it goes: the user, group or room. */
  to: string;
  chatType: LineChat["type"];
  /** The contact it answers (a permanent failure is recorded on it). */
  contactId: string;
  /** The bot message it carries (how it went out is recorded on it). */
  messageId: string;
  /** LINE's reply token and when its event happened (ms): free while fresh, else a push. */
  replyToken?: string;
  occurredAt: number;
  /** LINE messages in requests of at most five. */
  requests: unknown[][];
  /** Set once the first request went by reply token (a retry pushes only the rest). */
  replied?: boolean;
};

export type LineEventDeps = {
  db: Db;
  logger: Logger;
  endpoints: LineEndpoints;
  publicUrl: string;
  loadConnection(id: string): Promise<LineConnection | null>;
  loadChatBot(botId: string): Promise<ChatBot>;
  runTurn(input: RunTurnInput): Promise<ChatTurn>;
  /** Queues deliveries and wakes their job. */
  enqueue(inputs: DeliveryInput[]): Promise<void>;
  /** The loading animation is renewed this often while a turn runs (LINE shows it ≤ 60 s). */
  loadingRenewMs?: number;
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

/**
 * Processes one stored LINE event: a message becomes a turn (text, photo, sticker words,
 * location, postback data) and its reply is queued; a follow creates the contact from the LINE
 * profile and queues the persona's welcome; an unfollow marks the contact (nothing is sent to
 * them until they follow again); a video, voice message or file is kept and answered politely.
 * Group and room messages count only when they mention the bot. Throws to be tried again
 * (LINE or the database unreachable).
 */
export function createLineEventProcessor(deps: LineEventDeps) {
  const { db, logger } = deps;
  const loadingRenewMs = deps.loadingRenewMs ?? 50_000;

  return async function processLineEvent(row: ChannelEventRow): Promise<void> {
    const connection = await deps.loadConnection(row.connectionId);
    if (!connection?.active || !connection.secrets) return; // disconnected since: dropped
    // The account joined or left a group: the workspace's LINE staff group (alerts).
    if (await handleLineStaffGroupEvent(deps, connection, row.payload)) return;
    const action = lineAction(row.payload as LineWebhookEvent);
    if (action.kind === "ignore") {
      logger.debug("LINE event ignored", { id: row.id, reason: action.reason });
      return;
    }
    if (action.kind === "unfollow") {
      await db
        .update(contacts)
        .set({ optedOutAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(contacts.botId, connection.botId),
            eq(contacts.channel, "line"),
            eq(contacts.externalId, action.userId),
          ),
        );
      return;
    }

    let chatBot: ChatBot;
    try {
      chatBot = await deps.loadChatBot(connection.botId);
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") return; // paused since
      throw error;
    }
    const client = lineClientFor(connection, deps.endpoints);
    const known = await findContact(db, connection.botId, action.userId);
    // The LINE profile once per contact (its name and picture for the console), not per event.
    let profile: { displayName?: string; avatarUrl?: string; language?: string } = {};
    if (!known?.displayName || action.kind === "follow") {
      const result = await client.profile(action.userId);
      if (result.ok) {
        profile = {
          displayName: result.value.displayName,
          ...(result.value.pictureUrl ? { avatarUrl: result.value.pictureUrl } : {}),
          ...(result.value.language ? { language: result.value.language } : {}),
        };
      }
    }
    const sender = botSender(chatBot, deps.publicUrl);
    const faqQuestions = (language: "th" | "en") => faqSuggestions(chatBot.persona.faqs, language);

    if (action.kind === "follow") {
      const language = lineTextLanguage(profile.language ?? known?.language);
      const welcome =
        chatBot.persona.welcomeMessage.trim() ||
        lineTexts.defaultWelcome(language, chatBot.bot.name);
      const participant = {
        channel: "line" as const,
        externalId: action.userId,
        ...profile,
        language: known?.language ?? language,
      };
      await db
        .update(contacts)
        .set({ optedOutAt: null })
        .where(
          and(
            eq(contacts.botId, connection.botId),
            eq(contacts.channel, "line"),
            eq(contacts.externalId, action.userId),
          ),
        );
      const stored = await storeNotice(db, {
        botId: chatBot.bot.id,
        participant,
        botText: welcome,
      });
      await queueReply(connection, row, action.chat, action.replyToken, stored, welcome, {
        quickReplies: faqQuestions(language),
        sender,
      });
      return;
    }

    // A message. The contact's language is learnt from what they write.
    const content = action.content;
    // Only what they typed teaches it: a sticker's keywords are English whoever sends it.
    const learnt =
      content.type === "text" && content.typed && /\p{L}/u.test(content.text)
        ? detectLanguage(content.text)
        : null;
    const language = learnt ?? known?.language ?? lineTextLanguage(profile.language);
    const participant = {
      channel: "line" as const,
      externalId: action.userId,
      ...profile,
      language,
    };
    const textLanguage = lineTextLanguage(language);

    // A tapped CSAT score (or a bare 1–5 right after the question): stored, thanked, no turn.
    if (content.type === "text" && action.chat.type === "user") {
      const csat = await takeChatAppCsatAnswer(deps, {
        botId: connection.botId,
        channel: "line",
        externalId: action.userId,
        text: content.text,
        at: row.occurredAt,
      });
      if (csat) {
        if (csat.stored) {
          const thanks = csatTexts.thanks(textLanguage);
          await queueReply(
            connection,
            row,
            action.chat,
            action.replyToken,
            { contactId: csat.contactId, botMessageId: randomUUID() },
            thanks,
            { sender },
          );
        }
        return;
      }
    }

    const stopLoading = action.chat.type === "user" ? startLoading(action.userId) : () => {};
    try {
      let message: TurnMessage;
      if (content.type === "text") {
        message = { text: content.text };
      } else if (content.type === "location") {
        message = {
          text: "",
          location: {
            latitude: content.latitude,
            longitude: content.longitude,
            title: content.title,
          },
        };
      } else if (content.type === "image") {
        const downloaded = await client.content(action.messageId, maxImageBytes);
        if (!downloaded.ok) {
          if (downloaded.retryable) throw new Error(downloaded.error);
          // Gone from LINE (content is kept for a limited time): say so rather than guess.
          const stored = await storeNotice(db, {
            botId: chatBot.bot.id,
            participant,
            userMessage: { text: "", media: null },
            botText: lineTexts.imageUnreadable(textLanguage),
          });
          await queueReply(
            connection,
            row,
            action.chat,
            action.replyToken,
            stored,
            lineTexts.imageUnreadable(textLanguage),
            { sender },
          );
          return;
        }
        if ("tooLarge" in downloaded.value) {
          const text = lineTexts.imageUnreadable(textLanguage);
          const stored = await storeNotice(db, {
            botId: chatBot.bot.id,
            participant,
            userMessage: { text: "[image too large]", media: null },
            botText: text,
          });
          await queueReply(connection, row, action.chat, action.replyToken, stored, text, {
            sender,
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
        const downloaded = await client.content(action.messageId, maxFileBytes);
        if (!downloaded.ok && downloaded.retryable) throw new Error(downloaded.error);
        const file =
          downloaded.ok && !("tooLarge" in downloaded.value)
            ? {
                bytes: downloaded.value.bytes,
                mimeType: safeMimeType(downloaded.value.mimeType, content.kind),
                sha256: createHash("sha256").update(downloaded.value.bytes).digest("hex"),
              }
            : null;
        const text = lineTexts.fileReceived(textLanguage, content.kind);
        const stored = await storeNotice(db, {
          botId: chatBot.bot.id,
          participant,
          userMessage: {
            text: "",
            media: { type: "file", kind: content.kind, name: content.name, url: null },
            file,
          },
          botText: text,
        });
        await queueReply(connection, row, action.chat, action.replyToken, stored, text, { sender });
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
          const text = lineTexts.imageUnreadable(textLanguage);
          const stored = await storeNotice(db, {
            botId: chatBot.bot.id,
            participant,
            botText: text,
          });
          await queueReply(connection, row, action.chat, action.replyToken, stored, text, {
            sender,
          });
          return;
        }
        throw error;
      }
      let step = await turn.reply.next();
      while (!step.done) step = await turn.reply.next();
      const outcome = step.value;
      if (outcome.status === "silent") {
        // A person answers this conversation: their reply may use this free reply token
        // while it is fresh (the inbox's composer says so), else it goes as a push.
        if (action.replyToken && action.chat.type === "user") {
          await db
            .update(contacts)
            .set({ replyToken: action.replyToken, replyTokenAt: row.occurredAt })
            .where(eq(contacts.id, turn.contactId));
        }
        return;
      }
      // "Talk to staff" is offered under the bot's replies when the owner wants it (a tap
      // sends the words, which hand the conversation to a person).
      const staffButton =
        chatBot.bot.ownerId &&
        !outcome.handedOff &&
        !outcome.refused &&
        botHandoffSettings(chatBot.bot.handoff).quickReply
          ? [talkToStaffLabel[textLanguage]]
          : [];
      await queueReply(
        connection,
        row,
        action.chat,
        action.replyToken,
        { contactId: turn.contactId, botMessageId: outcome.botMessageId },
        outcome.reply,
        // After "I don't know", the questions the bot can answer.
        {
          sender,
          quickReplies: [
            ...(outcome.answered || outcome.handedOff || outcome.refused
              ? []
              : faqQuestions(textLanguage).slice(0, 12)),
            ...staffButton,
          ],
        },
      );
    } finally {
      stopLoading();
    }

    function startLoading(userId: string): () => void {
      const show = () =>
        void client.showLoading(userId, 60).then((result) => {
          if (!result.ok) logger.debug("LINE loading animation not shown", { error: result.error });
        });
      show();
      const timer = setInterval(show, loadingRenewMs);
      timer.unref();
      return () => clearInterval(timer);
    }
  };

  async function queueReply(
    connection: LineConnection,
    row: ChannelEventRow,
    chat: LineChat,
    replyToken: string | undefined,
    stored: { contactId: string; botMessageId: string },
    text: string,
    options: { quickReplies?: string[]; sender?: LineSender | null },
  ): Promise<void> {
    const requests = formatLineMessages(text, options);
    if (requests.length === 0) return;
    const payload: LineDeliveryPayload = {
      to: chat.id,
      chatType: chat.type,
      contactId: stored.contactId,
      messageId: stored.botMessageId,
      ...(replyToken ? { replyToken } : {}),
      occurredAt: row.occurredAt.getTime(),
      requests,
    };
    await deps.enqueue([
      {
        kind: "channel_message",
        channel: "line",
        targetId: connection.id,
        ownerId: connection.ownerId,
        botId: connection.botId,
        event: "message",
        idempotencyKey: `line:${stored.botMessageId}`,
        payload,
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
      and(eq(contacts.botId, botId), eq(contacts.channel, "line"), eq(contacts.externalId, userId)),
    );
  return row;
}

/** The bot's name and picture as LINE's sender (LINE wants an HTTPS picture). */
function botSender(chatBot: ChatBot, publicUrl: string): LineSender {
  const imageId = avatarImageId(chatBot.persona.avatar ?? "");
  const iconUrl =
    imageId && publicUrl.startsWith("https://")
      ? `${publicUrl.replace(/\/$/, "")}${avatarUrl(imageId)}`
      : null;
  return { name: chatBot.bot.name, iconUrl };
}

/** A stored file's type: LINE's, when it is a plain media type of the expected family. */
function safeMimeType(declared: string, kind: "video" | "audio" | "file"): string {
  const type = declared.split(";")[0]!.trim().toLowerCase();
  if (/^(video|audio|application|text)\/[a-z0-9.+-]{1,100}$/.test(type)) return type;
  return kind === "video"
    ? "video/mp4"
    : kind === "audio"
      ? "audio/mp4"
      : "application/octet-stream";
}
