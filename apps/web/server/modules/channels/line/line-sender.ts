import { createHash } from "node:crypto";
import type { SendResult } from "@jai/channels";
import type { LineEndpoints, LineMessage } from "@jai/channels/line/index";
import { deliveryProblems } from "@jai/contracts/delivery-problems";
import {
  channelConnections,
  contacts,
  type Db,
  type DeliveryRow,
  deliveries,
  eq,
  messages,
  sql,
} from "@jai/db";
import type { DeliverySender } from "../../../jobs/delivery-senders";
import type { Logger } from "../../../logger";
import { type LineConnection, lineClientFor } from "./line-connections";
import type { LineDeliveryPayload } from "./line-events";

export type LineSenderDeps = {
  db: Db;
  logger: Logger;
  endpoints: LineEndpoints;
  loadConnection(id: string): Promise<LineConnection | null>;
  /**
   * How long after its event a reply token is used (LINE: "within one minute"; measured
   * lifetimes were shorter): older ones are not tried, the reply is pushed.
   */
  replyTokenMaxAgeMs?: number;
  now?: () => number;
};

/**
 * Sends a queued LINE reply: by the free reply token while it is fresh (all messages in one
 * request of at most five), else by push with `X-Line-Retry-Key` (the delivery's id, so a
 * retried push is never delivered twice: LINE answers 409 to a key it has accepted). A reply
 * token LINE says is invalid falls back to a push in the same attempt. 429 and 5xx are retried
 * by the deliveries job (after LINE's `Retry-After` when it sends one); a permanent refusal
 * (the person blocked the account, the token was revoked) is recorded in words on the message
 * and the contact, or on the channel, and not retried.
 */
export function createLineSender(deps: LineSenderDeps): DeliverySender {
  const { db, logger } = deps;
  const maxAge = deps.replyTokenMaxAgeMs ?? 50_000;
  const now = deps.now ?? Date.now;

  return {
    async send(row: DeliveryRow): Promise<SendResult> {
      const payload = row.payload as unknown as LineDeliveryPayload;
      const connection = await deps.loadConnection(row.targetId);
      if (!connection?.active || !connection.secrets) {
        const error = deliveryProblems.lineDisconnected.en();
        await recordFailure(payload, error, false);
        return { ok: false, retryable: false, error };
      }
      const [contact] = await db
        .select({ optedOutAt: contacts.optedOutAt })
        .from(contacts)
        .where(eq(contacts.id, payload.contactId));
      if (contact?.optedOutAt) {
        const error = deliveryProblems.lineBlocked.en();
        await recordFailure(payload, error, false);
        return { ok: false, retryable: false, error };
      }

      const client = lineClientFor(connection, deps.endpoints);
      const requests = payload.requests as LineMessage[][];
      // An earlier attempt sent the first request by reply token: the rest go by push.
      let via: "reply" | "push" = payload.replied ? "reply" : "push";
      let first = payload.replied ? 1 : 0;
      const fresh =
        !payload.replied &&
        payload.replyToken !== undefined &&
        now() - payload.occurredAt < maxAge &&
        row.attempts <= 3;
      if (fresh && payload.replyToken) {
        const replied = await client.reply(payload.replyToken, requests[0] ?? []);
        if (replied.ok) {
          via = "reply";
          first = 1;
          if (requests.length > 1) {
            await db
              .update(deliveries)
              .set({ payload: { ...payload, replied: true } })
              .where(eq(deliveries.id, row.id));
          }
        } else if (replied.reason !== "invalid_reply_token") {
          if (replied.retryable) return replied;
          return permanent(connection, payload, replied.error, replied.reason, replied.statusCode);
        }
        // An expired or used token: the same messages go by push below.
      }
      for (let index = first; index < requests.length; index++) {
        const pushed = await client.push(payload.to, requests[index]!, retryKey(row.id, index));
        // 409: LINE already accepted a push with this key (an earlier attempt got through).
        if (pushed.ok || pushed.reason === "conflict") continue;
        if (pushed.retryable) return pushed;
        return permanent(connection, payload, pushed.error, pushed.reason, pushed.statusCode);
      }
      await db
        .update(messages)
        .set({ sentVia: via, deliveryError: null })
        .where(eq(messages.id, payload.messageId));
      logger.debug("LINE reply sent", { deliveryId: row.id, via });
      return { ok: true, statusCode: 200 };
    },
  };

  async function permanent(
    connection: LineConnection,
    payload: LineDeliveryPayload,
    error: string,
    reason: string,
    statusCode: number | undefined,
  ): Promise<SendResult> {
    const words =
      reason === "auth"
        ? deliveryProblems.lineAuth.en()
        : deliveryProblems.lineRefused.en({ platform: "LINE", detail: error });
    await recordFailure(payload, words, true);
    if (reason === "auth") {
      await db
        .update(channelConnections)
        .set({ status: "error", lastError: words, updatedAt: new Date() })
        .where(eq(channelConnections.id, connection.id));
    }
    return { ok: false, retryable: false, error: words, ...(statusCode ? { statusCode } : {}) };
  }

  async function recordFailure(payload: LineDeliveryPayload, error: string, onContact: boolean) {
    await db
      .update(messages)
      .set({ deliveryError: error.slice(0, 500) })
      .where(eq(messages.id, payload.messageId));
    if (onContact) {
      await db
        .update(contacts)
        .set({ deliveryError: error.slice(0, 500), updatedAt: sql`now()` })
        .where(eq(contacts.id, payload.contactId));
    }
  }
}

/** A UUID for LINE's `X-Line-Retry-Key`: the delivery's id, or one derived from it per request. */
export function retryKey(deliveryId: string, index: number): string {
  if (index === 0) return deliveryId;
  const hex = createHash("sha256").update(`${deliveryId}:${index}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
