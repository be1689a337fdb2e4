import type { messagingApi } from "@line/bot-sdk";
import { splitText } from "../split-text";

/** LINE's documented limits (Messaging API reference). */
export const lineLimits = {
  /** A text message, in UTF-16 code units. */
  textUnits: 5_000,
  /** Messages in one reply or push request. */
  messagesPerRequest: 5,
  quickReplyItems: 13,
  /** A quick reply button's label. */
  quickReplyLabel: 20,
  /** The text a message action sends. */
  quickReplyText: 300,
  /** `sender.name`: at most 20 characters, and it may not contain "LINE". */
  senderName: 20,
} as const;

/** A message in LINE's wire format (the SDK's type). */
export type LineMessage = messagingApi.Message;

export type LineSender = { name: string; iconUrl?: string | null };

/**
 * A reply as LINE messages, in requests of at most five: the text cut at paragraph, sentence or
 * word boundaries under 5,000 UTF-16 units; quick replies (at most 13, labels cut to 20
 * characters) on the last message; the bot's name and picture as the sender where LINE allows.
 */
export function formatLineMessages(
  text: string,
  options: { quickReplies?: readonly string[]; sender?: LineSender | null } = {},
): messagingApi.TextMessage[][] {
  const sender = lineSender(options.sender);
  const parts = splitText(text, lineLimits.textUnits);
  if (parts.length === 0) return [];
  const messages: messagingApi.TextMessage[] = parts.map((part) => ({
    type: "text",
    text: part,
    ...(sender ? { sender } : {}),
  }));
  const quickReply = lineQuickReply(options.quickReplies ?? []);
  if (quickReply) messages[messages.length - 1]!.quickReply = quickReply;
  const requests: messagingApi.TextMessage[][] = [];
  for (let i = 0; i < messages.length; i += lineLimits.messagesPerRequest) {
    requests.push(messages.slice(i, i + lineLimits.messagesPerRequest));
  }
  return requests;
}

/** Quick reply buttons that send the question as the user's message. */
export function lineQuickReply(questions: readonly string[]): messagingApi.QuickReply | undefined {
  const items: messagingApi.QuickReplyItem[] = [];
  const seen = new Set<string>();
  for (const raw of questions) {
    const question = raw.replace(/\s+/g, " ").trim();
    if (!question || seen.has(question)) continue;
    seen.add(question);
    items.push({
      type: "action",
      action: {
        type: "message",
        label: cut(question, lineLimits.quickReplyLabel),
        text: cut(question, lineLimits.quickReplyText),
      },
    });
    if (items.length === lineLimits.quickReplyItems) break;
  }
  return items.length > 0 ? { items } : undefined;
}

/** The bot as LINE's `sender`: a name without "LINE" in it, an HTTPS icon only. */
export function lineSender(sender: LineSender | null | undefined): messagingApi.Sender | undefined {
  if (!sender) return undefined;
  const name = cut(
    sender.name.replace(/line/gi, "").replace(/\s+/g, " ").trim(),
    lineLimits.senderName,
  );
  const iconUrl = sender.iconUrl?.startsWith("https://") ? sender.iconUrl : undefined;
  if (!name && !iconUrl) return undefined;
  return { ...(name ? { name } : {}), ...(iconUrl ? { iconUrl } : {}) };
}

/** At most `max` characters (whole code points), "…" at the end when cut. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}
