import type { TiktokAction, TiktokWebhookEvent } from "./types";

/**
 * What Jai does with one stored TikTok event, in neutral terms. Pure: the job that processes
 * stored events acts on it (runs a turn, downloads the image, marks the channel).
 *
 * - `im_receive_msg`: a customer's text, image, or shared post (as words with its link, which
 *   the model can read); other types (stickers …) are ignored: TikTok's API documents only
 *   text, images and shared posts (Chatwoot PR #12741, Infobip);
 * - `im_send_msg`: the business's own message (Jai's echoed back, or a person's from the TikTok
 *   app): recorded, never answered, so the bot cannot answer itself;
 * - `authorization.removed`: the account took the app's access away;
 * - anything else (`im_mark_read_msg` …): ignored.
 */
export function tiktokAction(event: TiktokWebhookEvent): TiktokAction {
  if (event.event === "authorization.removed") return { kind: "deauthorized" };
  const m = event.message;
  if (!m) return { kind: "ignore", reason: `event "${event.event}" is not handled` };
  // Our own message, whichever event carries it: the customer is the other side.
  if (event.event === "im_send_msg" || m.from.id === event.businessId) {
    const userId = m.to?.id ?? m.from.id;
    return { kind: "echo", userId, conversationId: m.conversationId, messageId: m.messageId };
  }
  if (event.event !== "im_receive_msg") {
    return { kind: "ignore", reason: `event "${event.event}" is not handled` };
  }
  const base = {
    kind: "message" as const,
    userId: m.from.id,
    displayName: m.from.name,
    conversationId: m.conversationId,
    messageId: m.messageId,
  };
  switch (m.type) {
    case "text": {
      const text = m.text?.trim();
      if (!text) return { kind: "ignore", reason: "a text message without text" };
      return { ...base, content: { type: "text", text, typed: true } };
    }
    case "image":
      if (!m.mediaId || !m.messageId) return { kind: "ignore", reason: "an image without its ids" };
      return { ...base, content: { type: "image", mediaId: m.mediaId } };
    case "share_post":
      return {
        ...base,
        content: {
          type: "text",
          text: m.sharedPostUrl
            ? `[shared TikTok post: ${m.sharedPostUrl}]`
            : "[shared TikTok post]",
          typed: false,
        },
      };
    default:
      return { kind: "ignore", reason: `message of type "${m.type}" is not handled` };
  }
}
