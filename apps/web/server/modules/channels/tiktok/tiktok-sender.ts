import type { SendResult } from "@jai/channels";
import {
  formatTiktokMessages,
  type TiktokEndpoints,
  type TiktokFailure,
  type TiktokFailureReason,
  type TiktokResult,
} from "@jai/channels/tiktok/index";
import { deliveryProblems } from "@jai/contracts/delivery-problems";
import {
  and,
  attachments,
  channelConnections,
  channelEvents,
  contacts,
  conversations,
  type Db,
  type DeliveryRow,
  deliveries,
  desc,
  eq,
  messages,
  sql,
} from "@jai/db";
import { AppError } from "../../../http/errors";
import type { DeliverySender } from "../../../jobs/delivery-senders";
import type { DeliveryInput } from "../../../jobs/enqueue-delivery";
import type { Logger } from "../../../logger";
import { replyWindows } from "../../inbox/composer-state";
import { type TiktokConnection, tiktokClientFor } from "./tiktok-connections";

/** One TikTok message: text alone, or exactly one image (a teammate's, stored as an attachment). */
export type TiktokOutgoing =
  | { type: "text"; text: string }
  | { type: "image"; attachmentId: string };

/** What a queued TikTok message carries (the `payload` of its delivery). */
export type TiktokDeliveryPayload = {
  /** TikTok's conversation id (every send is addressed to it: the business never writes first). */
  conversationId: string;
  /** The customer's TikTok user id (for the log). */
  userId: string;
  /** The contact it answers (its window is read at send time). */
  contactId: string;
  /** The message it carries (how it went out, or why not, is recorded on it). */
  messageId: string;
  author: "bot" | "human";
  /** TikTok messages, sent one by one in order. */
  parts: TiktokOutgoing[];
  /** How many of `parts` went out (a retry sends the rest). */
  sent?: number;
  /**
   * The media id TikTok gave the image of part `sent`, once uploaded: a retry after a failed
   * send does not upload it again.
   */
  uploadedMediaId?: string;
};

export type TiktokSenderDeps = {
  db: Db;
  logger: Logger;
  endpoints: TiktokEndpoints;
  loadConnection(id: string): Promise<TiktokConnection | null>;
  now?: () => number;
};

/** Why a message was not sent, in the words the inbox and the transcript show the team. */
export const tiktokRefusals = {
  outsideWindow: deliveryProblems.tiktokOutsideWindow.en(),
  neverWrote: deliveryProblems.tiktokNeverWrote.en(),
  disconnected: deliveryProblems.tiktokDisconnected.en(),
  imageGone: deliveryProblems.imageGone.en(),
  auth: deliveryProblems.tiktokAuth.en(),
  notApproved: deliveryProblems.tiktokNotApproved.en(),
} as const;

/**
 * Whether a message may go now: TikTok lets a business answer for 48 hours after the customer's
 * last message, a bot's reply and a person's alike, and never write first.
 */
export function tiktokSendPolicy(input: {
  lastCustomerMessageAt: Date | null;
  now: number;
}): { ok: true } | { ok: false; error: string } {
  if (!input.lastCustomerMessageAt) return { ok: false, error: tiktokRefusals.neverWrote };
  if (input.now - input.lastCustomerMessageAt.getTime() >= replyWindows.tiktokMs) {
    return { ok: false, error: tiktokRefusals.outsideWindow };
  }
  return { ok: true };
}

/** TikTok's refusal in words for the team (never a token: the client's errors have none). */
function refusalWords(reason: TiktokFailureReason, error: string): string {
  switch (reason) {
    case "auth":
      return tiktokRefusals.auth;
    case "not_approved":
      return tiktokRefusals.notApproved;
    case "window":
      return deliveryProblems.tiktokWindow.en({ platform: "TikTok", detail: error });
    default:
      return deliveryProblems.tiktokRefused.en({ platform: "TikTok", detail: error });
  }
}

/**
 * Sends a queued TikTok message. The window is read from the database at send time (the latest
 * `last_customer_message_at` of the contact's conversations), since a retry may come hours after
 * the message was queued: outside 48 hours nothing is sent and the message says why. Messages go
 * one by one (text, or one image: uploaded, then sent by its media id), and the delivery records
 * its progress after each step, so a retry never sends one twice nor uploads an image again.
 * 429, 5xx and TikTok's "too many requests" are retried by the deliveries job (after TikTok's
 * `Retry-After` when it sends one); a refused token or a lost approval puts the channel in
 * error (the console asks to connect again); other refusals are recorded in words, not retried.
 */
export function createTiktokSender(deps: TiktokSenderDeps): DeliverySender {
  const { db, logger } = deps;
  const now = deps.now ?? Date.now;

  return {
    async send(row: DeliveryRow): Promise<SendResult> {
      let payload = row.payload as unknown as TiktokDeliveryPayload;
      const connection = await deps.loadConnection(row.targetId);
      if (!connection?.active || !connection.secrets || !connection.settings) {
        await recordFailure(payload, tiktokRefusals.disconnected);
        return { ok: false, retryable: false, error: tiktokRefusals.disconnected };
      }
      const [contact] = await db
        .select({ last: sql<string | Date | null>`max(${conversations.lastCustomerMessageAt})` })
        .from(conversations)
        .where(eq(conversations.contactId, payload.contactId));
      const last = contact?.last ? new Date(contact.last) : null;
      const policy = tiktokSendPolicy({ lastCustomerMessageAt: last, now: now() });
      if (!policy.ok) {
        await recordFailure(payload, policy.error);
        return { ok: false, retryable: false, error: policy.error };
      }

      const client = tiktokClientFor(connection, deps.endpoints);
      const { businessId } = connection.settings;
      /** Keeps the progress on the delivery before the next step (a crash or retry resumes). */
      const save = async (next: TiktokDeliveryPayload) => {
        payload = next;
        await db
          .update(deliveries)
          .set({ payload: next as unknown as Record<string, unknown> })
          .where(eq(deliveries.id, row.id));
      };
      const parts = payload.parts;
      for (let index = payload.sent ?? 0; index < parts.length; index++) {
        const part = parts[index]!;
        let result: TiktokResult<unknown>;
        if (part.type === "text") {
          result = await client.sendText(businessId, payload.conversationId, part.text);
        } else {
          let mediaId = payload.uploadedMediaId;
          if (!mediaId) {
            const [image] = await db
              .select({ data: attachments.data, mimeType: attachments.mimeType })
              .from(attachments)
              .where(eq(attachments.id, part.attachmentId));
            if (!image) {
              await recordFailure(payload, tiktokRefusals.imageGone);
              return { ok: false, retryable: false, error: tiktokRefusals.imageGone };
            }
            const uploaded = await client.uploadImage(businessId, {
              bytes: new Uint8Array(image.data),
              mimeType: image.mimeType,
            });
            if (!uploaded.ok) return failed(connection, payload, uploaded);
            mediaId = uploaded.value.mediaId;
            await save({ ...payload, uploadedMediaId: mediaId });
          }
          result = await client.sendImage(businessId, payload.conversationId, mediaId);
        }
        if (!result.ok) return failed(connection, payload, result);
        if (index + 1 < parts.length) {
          const { uploadedMediaId: _, ...rest } = payload;
          await save({ ...rest, sent: index + 1 });
        }
      }
      // TikTok has no free reply token: every message counts like LINE's push (the console
      // shows the month's count).
      await db
        .update(messages)
        .set({ sentVia: "push", deliveryError: null })
        .where(eq(messages.id, payload.messageId));
      logger.debug("TikTok message sent", { deliveryId: row.id, parts: parts.length });
      return { ok: true, statusCode: 200 };
    },
  };

  async function failed(
    connection: TiktokConnection,
    payload: TiktokDeliveryPayload,
    result: TiktokFailure,
  ): Promise<SendResult> {
    const statusCode = result.statusCode ? { statusCode: result.statusCode } : {};
    if (result.retryable) {
      return {
        ok: false,
        retryable: true,
        error: `TikTok did not take the message (${result.error})`,
        ...statusCode,
        ...(result.retryAfterSeconds === undefined
          ? {}
          : { retryAfterSeconds: result.retryAfterSeconds }),
      };
    }
    const words = refusalWords(result.reason, result.error);
    await recordFailure(payload, words);
    // Nothing more can go out until the owner connects again: the card says why.
    if (result.reason === "auth" || result.reason === "not_approved") {
      await db
        .update(channelConnections)
        .set({ status: "error", lastError: words, updatedAt: new Date() })
        .where(eq(channelConnections.id, connection.id));
    }
    return { ok: false, retryable: false, error: words, ...statusCode };
  }

  async function recordFailure(payload: TiktokDeliveryPayload, error: string) {
    await db
      .update(messages)
      .set({ deliveryError: error.slice(0, 500) })
      .where(eq(messages.id, payload.messageId));
  }
}

/**
 * A teammate's reply from the inbox as a TikTok delivery (called inside the reply's
 * transaction): to the conversation TikTok opened for the contact (the one named by the contact's
 * latest stored event), text first then the photo, each its own message. Throws CONFLICT
 * (`channel_disconnected`) when the bot has no active TikTok connection or TikTok never named a
 * conversation for the contact. The window is checked when it is sent (tiktok-sender), and by
 * the inbox's composer before.
 */
export async function buildTiktokReplyDelivery(
  tx: Db,
  input: {
    botId: string;
    contactId: string;
    messageId: string;
    text: string;
    attachmentId: string | null;
  },
): Promise<DeliveryInput> {
  const [target] = await tx
    .select({
      externalId: contacts.externalId,
      connectionId: channelConnections.id,
      ownerId: channelConnections.ownerId,
    })
    .from(contacts)
    .innerJoin(
      channelConnections,
      and(
        eq(channelConnections.botId, contacts.botId),
        eq(channelConnections.channel, "tiktok"),
        eq(channelConnections.status, "active"),
      ),
    )
    .where(
      and(
        eq(contacts.id, input.contactId),
        eq(contacts.botId, input.botId),
        eq(contacts.channel, "tiktok"),
      ),
    );
  if (!target) throw new AppError("CONFLICT", { fields: { text: "channel_disconnected" } });
  const conversationId = sql<
    string | null
  >`${channelEvents.payload} -> 'message' ->> 'conversationId'`;
  const [latest] = await tx
    .select({ conversationId })
    .from(channelEvents)
    .where(
      and(
        eq(channelEvents.connectionId, target.connectionId),
        eq(channelEvents.sourceKey, target.externalId),
        sql`${conversationId} is not null`,
      ),
    )
    .orderBy(desc(channelEvents.occurredAt))
    .limit(1);
  if (!latest?.conversationId) {
    throw new AppError("CONFLICT", { fields: { text: "channel_disconnected" } });
  }
  const parts: TiktokOutgoing[] = formatTiktokMessages(input.text).map((text) => ({
    type: "text",
    text,
  }));
  if (input.attachmentId) parts.push({ type: "image", attachmentId: input.attachmentId });
  const payload: TiktokDeliveryPayload = {
    conversationId: latest.conversationId,
    userId: target.externalId,
    contactId: input.contactId,
    messageId: input.messageId,
    author: "human",
    parts,
  };
  return {
    kind: "channel_message",
    channel: "tiktok",
    targetId: target.connectionId,
    ownerId: target.ownerId,
    botId: input.botId,
    event: "message",
    idempotencyKey: `tiktok:${input.messageId}`,
    payload: payload as unknown as Record<string, unknown>,
    maxAttempts: 10,
  };
}
