import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "@jai/contracts/zod";
import { ChannelInputError } from "../types";
import type { MetaWebhookEvent } from "./types";

/**
 * Meta's webhook for Messenger and Instagram messaging: a JSON body `{ object, entry: [{ id,
 * time, messaging: [...] }] }` signed with the app secret (`X-Hub-Signature-256`). Meta batches:
 * one POST may carry several entries, each with several messaging items, and every one counts.
 */

/** Largest body accepted; Meta's are a few kilobytes, a batch a few dozen. */
export const metaWebhookMaxBytes = 1024 * 1024;
/** Most messaging items (all entries together) taken from one request. */
export const metaWebhookMaxItems = 1000;

/**
 * Whether `header` (`X-Hub-Signature-256`) is `sha256=` and the hex HMAC-SHA256 of the raw body
 * with the app secret. Constant time; a missing or malformed header is simply false.
 */
export function verifyMetaSignature(
  rawBody: Uint8Array,
  appSecret: string,
  header: string | null | undefined,
): boolean {
  if (!header || !appSecret) return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  const received = Buffer.from(match[1]!, "hex");
  return received.length === expected.length && timingSafeEqual(received, expected);
}

const id = z.string().min(1).max(100);
const party = z.object({ id }).passthrough();
const url = z.string().max(4000);

const attachment = z
  .object({
    type: z.string().max(100),
    payload: z
      .object({
        url: url.nullish(),
        title: z.string().max(2000).nullish(),
        sticker_id: z.union([z.number(), z.string().max(100)]).nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

const message = z
  .object({
    mid: z.string().min(1).max(1000),
    text: z.string().optional(),
    is_echo: z.boolean().optional(),
    is_deleted: z.boolean().optional(),
    is_unsupported: z.boolean().optional(),
    app_id: z.union([z.number(), z.string().max(100)]).nullish(),
    sticker_id: z.union([z.number(), z.string().max(100)]).nullish(),
    quick_reply: z
      .object({ payload: z.string().max(2000) })
      .passthrough()
      .optional(),
    attachments: z.array(attachment).max(100).optional(),
    reply_to: z
      .object({
        mid: z.string().max(1000).optional(),
        story: z
          .object({ url: url.nullish(), id: z.string().max(200).nullish() })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

const postback = z
  .object({
    mid: z.string().min(1).max(1000).optional(),
    title: z.string().max(2000).optional(),
    payload: z.string().max(2000).optional(),
  })
  .passthrough();

const item = z
  .object({
    sender: party,
    recipient: party,
    // Milliseconds since the epoch.
    timestamp: z.number().int().nonnegative(),
    message: message.optional(),
    postback: postback.optional(),
    referral: z.object({}).passthrough().optional(),
    optin: z.object({}).passthrough().optional(),
  })
  .passthrough();

const entry = z
  .object({
    id,
    time: z.number().optional(),
    // Items are checked one by one below: an unknown kind (read, delivery …) is not an error.
    messaging: z.array(z.unknown()).max(metaWebhookMaxItems).optional(),
  })
  .passthrough();

const body = z.object({
  object: z.enum(["page", "instagram"]),
  entry: z.array(entry).max(metaWebhookMaxItems),
});

/** One messaging item as checked (what `metaAction` reads). */
export type MetaMessagingItem = z.infer<typeof item>;
export const metaMessagingItemSchema = item;

/**
 * Every actionable messaging item of a verified webhook body, in order: messages (echoes too),
 * postbacks, referrals and opt-ins. Deliveries, reads, reactions and unknown kinds are left out.
 * Throws ChannelInputError on a body that is not Meta's (and nothing else, whatever the JSON).
 */
export function parseMetaWebhook(json: unknown): MetaWebhookEvent[] {
  // A NUL or a lone surrogate anywhere cannot be stored (PostgreSQL's text and jsonb refuse
  // them); Meta never sends one. `JSON.stringify` writes exactly those as \u escapes.
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(json);
  } catch {
    serialized = undefined;
  }
  if (serialized === undefined || /\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(serialized)) {
    throw new ChannelInputError("not a Meta webhook body", { body: "invalidText" });
  }
  const parsed = body.safeParse(json);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.path);
  const total = parsed.data.entry.reduce((sum, e) => sum + (e.messaging?.length ?? 0), 0);
  if (total > metaWebhookMaxItems) {
    throw new ChannelInputError("not a Meta webhook body", { entry: "tooManyItems" });
  }
  const events: MetaWebhookEvent[] = [];
  parsed.data.entry.forEach((e, entryIndex) => {
    (e.messaging ?? []).forEach((raw, itemIndex) => {
      const checked = item.safeParse(raw);
      if (!checked.success) {
        throw invalid([
          "entry",
          entryIndex,
          "messaging",
          itemIndex,
          ...(checked.error.issues[0]?.path ?? []),
        ]);
      }
      const event = eventOf(parsed.data.object, e.id, checked.data);
      if (event) events.push(event);
    });
  });
  return events;
}

/** Whose events are processed in order: the customer's. */
export function metaSourceKey(event: MetaWebhookEvent): string {
  return event.userId;
}

function eventOf(
  object: "page" | "instagram",
  entryId: string,
  checked: MetaMessagingItem,
): MetaWebhookEvent | null {
  const sender = checked.sender.id;
  const base = {
    object,
    entryId,
    timestamp: checked.timestamp,
    item: checked as Record<string, unknown>,
  };
  if (checked.message) {
    const echo = checked.message.is_echo === true;
    return {
      ...base,
      eventId: checked.message.mid,
      userId: echo ? checked.recipient.id : sender,
    };
  }
  const stable = (kind: string, detail: string) =>
    `${kind}:${sender}:${checked.timestamp}:${createHash("sha256").update(detail).digest("hex").slice(0, 16)}`;
  if (checked.postback) {
    const eventId = checked.postback.mid ?? stable("postback", checked.postback.payload ?? "");
    return { ...base, eventId, userId: sender };
  }
  if (checked.referral) {
    return {
      ...base,
      eventId: stable("referral", JSON.stringify(checked.referral)),
      userId: sender,
    };
  }
  if (checked.optin) {
    return { ...base, eventId: stable("optin", JSON.stringify(checked.optin)), userId: sender };
  }
  return null;
}

function invalid(path: readonly PropertyKey[] | undefined): ChannelInputError {
  return new ChannelInputError("not a Meta webhook body", {
    body: path?.map(String).join(".") || "invalid",
  });
}
