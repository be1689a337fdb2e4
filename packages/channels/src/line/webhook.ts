import { z } from "@jai/contracts/zod";
import { validateSignature } from "@line/bot-sdk";
import { ChannelInputError } from "../types";

/**
 * LINE's webhook, as the Messaging API documents it (line-openapi `webhook.yml`): a signed JSON
 * body `{ destination, events: [...] }`. `events` may be empty (LINE's "Verify" button). Every
 * event carries a `webhookEventId` (a ULID), a `timestamp` and `deliveryContext.isRedelivery`.
 */

/** Largest body accepted; LINE's are a few kilobytes. */
export const lineWebhookMaxBytes = 1024 * 1024;
/** Most events kept from one request (LINE sends at most a few dozen). */
export const lineWebhookMaxEvents = 100;

/**
 * Whether `signature` (the `x-line-signature` header) is the Base64 HMAC-SHA256 of the raw body
 * with the channel secret. Constant time (the SDK's `timingSafeEqual`); a missing or malformed
 * header is simply false.
 */
export function verifyLineSignature(
  rawBody: Uint8Array,
  channelSecret: string,
  signature: string | null | undefined,
): boolean {
  if (!signature || signature.length > 200 || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) {
    return false;
  }
  return validateSignature(Buffer.from(rawBody), channelSecret, signature);
}

const source = z.object({
  type: z.enum(["user", "group", "room"]),
  userId: z.string().max(100).optional(),
  groupId: z.string().max(100).optional(),
  roomId: z.string().max(100).optional(),
});

const event = z
  .object({
    // LINE's event types are camelCase words ("message", "memberJoined").
    type: z.string().regex(/^[A-Za-z]{1,40}$/),
    // "A string in ULID format": unique per event, the key redeliveries are recognised by.
    webhookEventId: z.string().regex(/^[0-9A-Za-z]{10,64}$/),
    timestamp: z.number().int().positive(),
    // "standby": another channel (a module) answers this chat; the bot stays silent.
    mode: z.enum(["active", "standby"]),
    deliveryContext: z.object({ isRedelivery: z.boolean() }).passthrough(),
    source: source.optional(),
    replyToken: z.string().max(200).optional(),
  })
  .passthrough();

const body = z.object({
  destination: z.string().max(100).optional(),
  events: z.array(event).max(lineWebhookMaxEvents),
});

export type LineWebhookEvent = z.infer<typeof event>;
export type LineSource = z.infer<typeof source>;

/** The events of a verified webhook body, checked for what storing them needs. */
export function parseLineWebhook(json: unknown): LineWebhookEvent[] {
  // A NUL or a lone surrogate anywhere cannot be stored (PostgreSQL's text and jsonb refuse
  // them); LINE never sends one. `JSON.stringify` writes exactly those as \u escapes.
  if (/\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(json) ?? "")) {
    throw new ChannelInputError("not a LINE webhook body", { body: "invalidText" });
  }
  const parsed = body.safeParse(json);
  if (!parsed.success) {
    throw new ChannelInputError("not a LINE webhook body", {
      body: parsed.error.issues[0]?.path.join(".") || "invalid",
    });
  }
  return parsed.data.events;
}

/** Who an event is from: one person's events are processed in order. */
export function lineSourceKey(event: LineWebhookEvent): string {
  const from = event.source;
  return from?.userId ?? from?.groupId ?? from?.roomId ?? "unknown";
}
