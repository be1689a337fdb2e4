import type { ChatMessageDto, ChatTurnIds, ChatTurnStatus } from "@jai/contracts/chat";
import type { HandoffSettings } from "@jai/contracts/inbox";
import { conversations, type Db, eq, messages, sql, workspaces } from "@jai/db";
import {
  classifySmallTalk,
  detectLanguage,
  isHandoffRequest,
  matchesHandoffKeyword,
  type ValidChatMessage,
} from "@jai/engine";
import { describeError } from "../../logger";
import { applyTransition, lockConversation, touchLastMessage } from "../inbox/conversation-changes";
import type { HandoffReason } from "../inbox/conversation-state";
import { talkToStaffLabel } from "../inbox/handoff-settings";
import { recordInboxEvent } from "../inbox/inbox-events";
import { queueNotification } from "../notifications/queue-notification";
import type { ChatTurnDeps, ChatTurnOutcome, TurnMessage } from "./run-turn";

/*
 * The chat turn's side of the inbox (ADR 0015): whether a message hands the conversation to a
 * person, what a turn answers when a person answers instead, and what a stored reply changes
 * on its conversation (the list's last line, the unanswered streak, the handoff it may cause).
 */

/** Why the customer's message hands the conversation to a person, if it does. */
export function handoffReason(text: string, settings: HandoffSettings): HandoffReason | null {
  if (settings.quickReply && Object.values(talkToStaffLabel).includes(text.trim() as never)) {
    return "button";
  }
  if (settings.onRequest && isHandoffRequest(text)) return "request";
  if (matchesHandoffKeyword(text, settings.keywords)) return "keyword";
  return null;
}

/** The language the customer is told things in (the persona's, or their message's). */
export function handoffLanguage(personaLanguage: string, text: string): "th" | "en" {
  if (personaLanguage === "thai") return "th";
  if (personaLanguage === "english") return "en";
  return detectLanguage(text) === "th" ? "th" : "en";
}

/** A silent turn: nothing streams; the outcome says a person answers. */
// biome-ignore lint/correctness/useYield: a silent turn streams nothing; it only ends.
export async function* silentReply(
  ids: ChatTurnIds,
): AsyncGenerator<string, ChatTurnOutcome, undefined> {
  return {
    ...ids,
    status: "silent",
    reply: "",
    botMessage: {
      id: "",
      sender: "bot",
      content: "",
      media: null,
      status: "completed",
      createdAt: new Date().toISOString(),
    },
    answered: false,
    sources: [],
  };
}

/** The handoff notice, already stored, streamed as the reply. */
export async function* handoffReply(
  ids: ChatTurnIds,
  botMessage: ChatMessageDto,
  language: "th" | "en",
): AsyncGenerator<string, ChatTurnOutcome, undefined> {
  yield botMessage.content;
  return {
    ...ids,
    status: "completed",
    reply: botMessage.content,
    botMessage,
    language,
    answered: false,
    sources: [],
    handedOff: true,
  };
}

/** A new conversation's alert, when the workspace asked for them (off by default). */
export async function queueNewConversationAlert(
  tx: Db,
  input: {
    workspaceId: string;
    botId: string;
    conversationId: string;
    channel: string;
    preview: string;
  },
): Promise<boolean> {
  const [row] = await tx
    .select({ alerts: workspaces.alerts })
    .from(workspaces)
    .where(eq(workspaces.id, input.workspaceId));
  if (!row?.alerts?.newConversation) return false;
  return queueNotification(tx, {
    workspaceId: input.workspaceId,
    kind: "new_conversation",
    botId: input.botId,
    conversationId: input.conversationId,
    payload: { channel: input.channel, preview: input.preview },
    dedupeKey: `new_conversation:${input.conversationId}`,
  });
}

/**
 * After a reply is stored: the list's last line, the reply for the real-time views, the
 * unanswered streak, and — when the bot could not answer too many times in a row — the handoff
 * to a person (the customer was told in the reply).
 */
export async function recordReplyOnConversation(
  deps: ChatTurnDeps,
  input: {
    conversationId: string;
    messageId: string;
    reply: string;
    status: ChatTurnStatus;
    unanswered: boolean;
    /** The customer asked something (not small talk): the reply counts as answered or not. */
    asked: boolean;
    handsOff: boolean;
  },
) {
  try {
    let queued = false;
    await deps.db.transaction(async (tx) => {
      const conversation = await lockConversation(tx, input.conversationId);
      if (!conversation) return;
      const at = new Date();
      if (input.reply) {
        await touchLastMessage(tx, input.conversationId, {
          sender: "bot",
          content: input.reply,
          at,
        });
      }
      if (input.status === "completed") {
        await tx
          .update(conversations)
          .set({
            unansweredStreak: input.unanswered ? sql`${conversations.unansweredStreak} + 1` : 0,
            updatedAt: sql`${conversations.updatedAt}`,
          })
          .where(eq(conversations.id, input.conversationId));
        if (input.asked) {
          await tx
            .update(messages)
            .set({ unanswered: input.unanswered })
            .where(eq(messages.id, input.messageId));
        }
      }
      await recordInboxEvent(tx, {
        workspaceId: conversation.workspaceId,
        conversationId: input.conversationId,
        kind: "message_updated",
        messageId: input.messageId,
      });
      if (input.handsOff) {
        const applied = await applyTransition(tx, conversation, {
          type: "handoff_requested",
          reason: "unanswered",
          at: new Date(at.getTime() + 1),
        });
        queued = applied.notificationQueued;
        await tx
          .update(conversations)
          .set({ unansweredStreak: 0 })
          .where(eq(conversations.id, input.conversationId));
      }
    });
    if (queued) deps.onNotificationQueued?.();
  } catch (error) {
    // The reply is stored and on its way; the inbox catches up at the next message.
    deps.logger.error("conversation not updated after a reply", {
      conversationId: input.conversationId,
      ...describeError(error),
    });
  }
}

/**
 * Whether a message asks something a bot should know: words, not small talk ("hi", "thanks"),
 * not a photo, a location or a chat app's sticker ("[sticker: happy]").
 */
export function isQuestion(message: ValidChatMessage, location: TurnMessage["location"]): boolean {
  const text = message.text.trim();
  if (message.image || location || text.startsWith("[")) return false;
  return /\p{L}/u.test(text) && !classifySmallTalk(text);
}
