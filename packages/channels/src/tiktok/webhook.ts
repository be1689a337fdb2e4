import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "@jai/contracts/zod";
import { ChannelInputError } from "../types";
import type { TiktokDirectMessage, TiktokWebhookEvent } from "./types";

/**
 * TikTok's webhook (developers.tiktok.com/doc/webhooks-overview): one event per POST, a JSON
 * envelope `{ client_key, event, create_time, user_openid, content }` whose `content` is itself a
 * JSON string; signed with `TikTok-Signature: t=<unix seconds>,s=<hex HMAC-SHA256(client
 * secret, "<t>.<raw body>")>`. Delivery is at least once (TikTok retries for up to 72 h), so
 * every event carries the key a redelivery is recognised by.
 */

/** Largest body accepted; TikTok's are a few kilobytes. */
export const tiktokWebhookMaxBytes = 1024 * 1024;

/** Seconds a signature's timestamp may be ahead of our clock (TikTok's clock runs ahead a bit). */
const futureSkewSeconds = 2;

/**
 * Whether `header` (`TikTok-Signature`) signs `rawBody` with the app's client secret, and is
 * recent: "invalid" for a missing, malformed or wrong signature; "stale" for a right signature
 * whose timestamp is older than `toleranceSeconds` or more than 2 s ahead (a replay). The
 * comparison is constant time; the timestamp is judged only after the signature matched (an
 * unsigned request learns nothing about the clock).
 *
 * TikTok's documentation asks for 5 s; like ChatbotX (`handlers/webhook.ts`) Jai allows 300 s
 * back and 2 s ahead, because 5 s is too tight once a request has waited for a busy server.
 */
export function verifyTiktokSignature(
  rawBody: Uint8Array,
  clientSecret: string,
  header: string | null | undefined,
  nowMs: number,
  toleranceSeconds = 300,
): "ok" | "invalid" | "stale" {
  if (!header || header.length > 500 || !clientSecret) return "invalid";
  let timestamp: string | undefined;
  let signature: string | undefined;
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) return "invalid";
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t") {
      if (timestamp !== undefined) return "invalid";
      timestamp = value;
    } else if (key === "s") {
      if (signature !== undefined) return "invalid";
      signature = value;
    }
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return "invalid";
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return "invalid";
  const expected = createHmac("sha256", clientSecret)
    .update(`${timestamp}.`)
    .update(rawBody)
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) return "invalid";
  const age = nowMs / 1000 - Number(timestamp);
  if (age > toleranceSeconds || age < -futureSkewSeconds) return "stale";
  return "ok";
}

// TikTok's ids are strings, but some of its events send 19-digit ids as JSON numbers, which
// `JSON.parse` rounds (ChatbotX `schema.ts`): such ids are quoted before parsing.
const numericIds =
  /"(conversation_id|message_id|media_id|id|video_id)"\s*:\s*(\d{1,40})(?=\s*[,}])/g;

const id = z
  .string()
  .trim()
  .min(1)
  .max(256)
  .regex(/^[\w.:=+/@-]+$/);
const user = z.object({ id, role: z.string().max(64).optional() }).passthrough();
const name = z.string().max(200).optional();

const directMessage = z
  .object({
    conversation_id: id,
    message_id: id.optional(),
    timestamp: z.number().int().positive().max(1e14).optional(),
    type: z.string().regex(/^[a-z_]{1,40}$/),
    text: z
      .object({ body: z.string().max(10_000) })
      .passthrough()
      .optional(),
    image: z.object({ media_id: id }).passthrough().optional(),
    // A shape we did not expect costs the link, never the message (ChatbotX does the same).
    share_post: z
      .object({
        embed_url: z.string().max(2_000).optional(),
        video_id: z.string().max(256).optional(),
      })
      .passthrough()
      .optional()
      .catch(undefined),
    from: name,
    from_user: user,
    to: name,
    to_user: user.optional(),
  })
  .passthrough();

const envelope = z
  .object({
    client_key: z.string().max(200).optional(),
    event: z.string().regex(/^[a-z][a-z_.]{0,63}$/),
    create_time: z.number().int().positive().max(1e11),
    user_openid: id,
    content: z.string().max(100_000),
  })
  .passthrough();

/** Events whose `content` is a direct message. */
const messageEvents = new Set(["im_receive_msg", "im_send_msg"]);

/**
 * A verified webhook body, checked for what storing and answering it needs; throws
 * ChannelInputError (and nothing else) for anything that is not TikTok's shape.
 */
export function parseTiktokWebhook(json: unknown): TiktokWebhookEvent {
  // A NUL or a lone surrogate cannot be stored (PostgreSQL's text and jsonb refuse them);
  // `JSON.stringify` writes exactly those as \u escapes.
  if (hasUnstorableText(json)) {
    throw new ChannelInputError("not a TikTok webhook body", { body: "invalidText" });
  }
  const parsed = envelope.safeParse(json);
  if (!parsed.success) {
    throw new ChannelInputError("not a TikTok webhook body", {
      body: parsed.error.issues[0]?.path.join(".") || "invalid",
    });
  }
  const body = parsed.data;
  let message: TiktokDirectMessage | null = null;
  if (messageEvents.has(body.event)) {
    let content: unknown;
    try {
      content = JSON.parse(body.content.replace(numericIds, '"$1":"$2"'));
    } catch {
      throw new ChannelInputError("not a TikTok webhook body", { content: "notJson" });
    }
    if (hasUnstorableText(content)) {
      throw new ChannelInputError("not a TikTok webhook body", { content: "invalidText" });
    }
    const dm = directMessage.safeParse(content);
    if (!dm.success) {
      throw new ChannelInputError("not a TikTok webhook body", {
        content: dm.error.issues[0]?.path.join(".") || "invalid",
      });
    }
    const m = dm.data;
    message = {
      conversationId: m.conversation_id,
      messageId: m.message_id ?? null,
      timestamp: m.timestamp ?? body.create_time * 1000,
      type: m.type,
      text: m.text?.body ?? null,
      mediaId: m.image?.media_id ?? null,
      sharedPostUrl: httpsUrl(m.share_post?.embed_url),
      from: { id: m.from_user.id, name: m.from?.trim() || null },
      to: m.to_user ? { id: m.to_user.id, name: m.to?.trim() || null } : null,
    };
  }
  return {
    event: body.event,
    clientKey: body.client_key ?? null,
    createTime: body.create_time,
    businessId: body.user_openid,
    message,
    eventId: message?.messageId
      ? `${body.event}:${message.messageId}`
      : `${body.event}:${body.create_time}:${createHash("sha256").update(body.content).digest("hex").slice(0, 32)}`,
  };
}

/**
 * Who an event is about: one person's events are processed in order. The customer is the sender
 * of what they wrote and the recipient of the business's own messages; account events are the
 * business's.
 */
export function tiktokSourceKey(event: TiktokWebhookEvent): string {
  const m = event.message;
  if (!m) return event.businessId;
  if (event.event === "im_send_msg" || m.from.id === event.businessId) {
    return m.to?.id ?? m.from.id;
  }
  return m.from.id;
}

/** When the event happened (ms): the message's own time, else the envelope's. */
export function tiktokOccurredAt(event: TiktokWebhookEvent): number {
  return event.message?.timestamp ?? event.createTime * 1000;
}

function hasUnstorableText(value: unknown): boolean {
  return /\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(value) ?? "");
}

function httpsUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}
