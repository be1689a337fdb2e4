import type { MetaAction, MetaContent, MetaWebhookEvent } from "./types";
import { type MetaMessagingItem, metaMessagingItemSchema } from "./webhook";

/**
 * Messenger's "like" (the thumbs-up button): one sticker in three sizes, sent as an image
 * attachment with `sticker_id`.
 */
export const messengerLikeStickerIds = new Set([369239263222822, 369239343222814, 369239383222810]);

/** What our quick replies carry: `"q:" + the full question` (format.ts). */
export const metaQuickReplyPrefix = "q:";

/** Messenger's "Get Started" button's payload, as Jai sets it. */
export const metaGetStartedPayload = "GET_STARTED";

type Message = NonNullable<MetaMessagingItem["message"]>;
type Attachment = NonNullable<Message["attachments"]>[number];

/**
 * A stored messaging item turned into what the bot should do, in neutral terms. Pure, and never
 * throws: the item was checked when it arrived, and is checked again here (it comes back from the
 * database).
 */
export function metaAction(event: MetaWebhookEvent): MetaAction {
  const parsed = metaMessagingItemSchema.safeParse(event.item);
  if (!parsed.success) return { kind: "ignore", reason: "not a messaging item" };
  const item = parsed.data;
  const userId = event.userId;
  if (item.message) {
    const m = item.message;
    if (m.is_echo) {
      return {
        kind: "echo",
        userId,
        mid: m.mid,
        appId: m.app_id === undefined || m.app_id === null ? null : String(m.app_id),
        text: m.text ?? "",
      };
    }
    if (m.is_deleted) return { kind: "ignore", reason: "the person deleted the message" };
    if (m.is_unsupported) return { kind: "ignore", reason: "a message Meta does not pass on" };
    const content = contentOf(m);
    if (!content) return { kind: "ignore", reason: "a message without text or attachment" };
    return { kind: "message", userId, mid: m.mid, content };
  }
  if (item.postback) {
    const payload = item.postback.payload ?? "";
    const text = (item.postback.title ?? "").trim() || payload.trim();
    if (!text) return { kind: "ignore", reason: "a postback without title or payload" };
    return {
      kind: "postback",
      userId,
      text,
      payload,
      getStarted: payload === metaGetStartedPayload,
    };
  }
  if (item.referral) return { kind: "ignore", reason: "a referral (m.me link or ad), no message" };
  if (item.optin) return { kind: "ignore", reason: "an opt-in, no message" };
  return { kind: "ignore", reason: "a messaging item of an unknown kind" };
}

function contentOf(m: Message): MetaContent | null {
  const text = m.text?.trim() ?? "";
  // A tapped quick reply: ours carry the full question (the title may have been cut).
  if (m.quick_reply) {
    const payload = m.quick_reply.payload;
    const tapped = payload.startsWith(metaQuickReplyPrefix)
      ? payload.slice(metaQuickReplyPrefix.length).trim()
      : text;
    return tapped ? { type: "text", text: tapped, typed: false } : null;
  }
  // A reply to the account's story: the person's words, with what they answer.
  if (m.reply_to?.story && text) {
    return { type: "text", text: `[replied to your story] ${text}`, typed: true };
  }
  for (const attachment of m.attachments ?? []) {
    const content = attachmentContent(attachment, m, text);
    if (content) return content;
  }
  return text ? { type: "text", text, typed: true } : null;
}

/** One attachment as content; null when it says nothing (the text, if any, is used instead). */
function attachmentContent(a: Attachment, m: Message, text: string): MetaContent | null {
  const url = a.payload?.url?.trim() || null;
  switch (a.type.toLowerCase()) {
    case "image": {
      const sticker = a.payload?.sticker_id ?? m.sticker_id;
      if (sticker !== undefined && sticker !== null) {
        const like = messengerLikeStickerIds.has(Number(sticker));
        return { type: "text", text: like ? "👍" : "[sticker]", typed: false };
      }
      return url ? { type: "image", url } : null;
    }
    case "video":
    case "audio":
    case "file":
      return { type: "file", kind: a.type.toLowerCase() as "video" | "audio" | "file", url };
    case "like_heart":
      return { type: "text", text: "❤️", typed: false };
    case "story_mention":
      return { type: "text", text: "[mentioned you in their story]", typed: false };
    case "share":
    case "ig_post":
    case "reel":
    case "ig_reel":
    case "template":
    case "fallback": {
      const kind = a.type.toLowerCase().includes("reel") ? "a reel" : "a post";
      const title = a.payload?.title?.trim();
      const link = url ? `: ${url}` : title ? `: ${title}` : "";
      const shared = `[shared ${kind}${link}]`;
      return text
        ? { type: "text", text: `${text} ${shared}`, typed: true }
        : { type: "text", text: shared, typed: false };
    }
    default:
      return null;
  }
}
