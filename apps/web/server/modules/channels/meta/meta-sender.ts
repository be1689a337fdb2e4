import type { SendResult } from "@jai/channels";
import { formatMetaMessages } from "@jai/channels/meta/index";
import type {
  MetaEndpoints,
  MetaFailureReason,
  MetaOutgoing,
  MetaPlatform,
  MetaSendOptions,
} from "@jai/channels/meta/types";
import { deliveryProblems } from "@jai/contracts/delivery-problems";
import {
  and,
  channelConnections,
  contacts,
  conversations,
  type Db,
  type DeliveryRow,
  deliveries,
  eq,
  max,
  messages,
  sql,
} from "@jai/db";
import { AppError } from "../../../http/errors";
import type { DeliverySender } from "../../../jobs/delivery-senders";
import type { DeliveryInput } from "../../../jobs/enqueue-delivery";
import type { Logger } from "../../../logger";
import { replyWindows } from "../../inbox/composer-state";
import { type MetaConnection, metaClientFor } from "./meta-connections";

/** What a queued Messenger or Instagram message carries (the `payload` of its delivery). */
export type MetaDeliveryPayload = {
  platform: MetaPlatform;
  /** The customer's page-scoped id (PSID) or Instagram-scoped id (IGSID). */
  recipientId: string;
  /** The contact it answers (its window is read at send time; a block is recorded on it). */
  contactId: string;
  /** The message it carries (how it went out, or why not, is recorded on it). */
  messageId: string;
  /** Who wrote it: only a person's reply may use the HUMAN_AGENT tag. */
  author: "bot" | "human";
  /** Send API messages, sent one by one in order. */
  messages: MetaOutgoing[];
  /** How many of `messages` went out (a retry sends the rest). */
  sent?: number;
};

export type MetaSenderDeps = {
  db: Db;
  logger: Logger;
  endpoints: MetaEndpoints;
  loadConnection(id: string): Promise<MetaConnection | null>;
  now?: () => number;
};

const platformName: Record<MetaPlatform, string> = {
  messenger: "Messenger",
  instagram: "Instagram",
};

/** Why a message was not sent, in the words the inbox and the transcript show the team. */
export const metaRefusals = {
  botOutsideWindow: deliveryProblems.botOutsideWindow.en(),
  humanNeedsTag: deliveryProblems.humanNeedsTag.en(),
  humanOutsideTag: deliveryProblems.humanOutsideTag.en(),
  neverWrote: deliveryProblems.neverWrote.en(),
  optedOut: deliveryProblems.optedOut.en(),
  auth: deliveryProblems.metaAuth.en(),
} as const;

/**
 * How a message may go now, by Meta's messaging windows counted from the customer's last message:
 * inside 24 h as a `RESPONSE`; between 24 h and 7 days only a person's reply, with the
 * HUMAN_AGENT tag, and only when the app has that permission; never a bot's outside 24 h.
 */
export function metaSendPolicy(input: {
  author: "bot" | "human";
  lastCustomerMessageAt: Date | null;
  humanAgentTag: boolean;
  now: number;
}): { ok: true; options: MetaSendOptions } | { ok: false; error: string } {
  if (!input.lastCustomerMessageAt) return { ok: false, error: metaRefusals.neverWrote };
  const age = input.now - input.lastCustomerMessageAt.getTime();
  if (age < replyWindows.standardMs) return { ok: true, options: { messagingType: "RESPONSE" } };
  if (input.author === "bot") return { ok: false, error: metaRefusals.botOutsideWindow };
  if (!input.humanAgentTag) return { ok: false, error: metaRefusals.humanNeedsTag };
  if (age < replyWindows.humanAgentMs) {
    return { ok: true, options: { messagingType: "MESSAGE_TAG", tag: "HUMAN_AGENT" } };
  }
  return { ok: false, error: metaRefusals.humanOutsideTag };
}

/** Meta's refusal in words for the team (never a token: the client's errors have none). */
function refusalWords(
  platform: MetaPlatform,
  reason: MetaFailureReason,
  error: string,
): { words: string; onContact: boolean } {
  const parts = { platform: platformName[platform], detail: error };
  switch (reason) {
    case "auth":
      return { words: metaRefusals.auth, onContact: false };
    case "window":
      return { words: deliveryProblems.metaWindow.en(parts), onContact: false };
    case "user_unavailable":
      return { words: deliveryProblems.unreachable.en(parts), onContact: true };
    case "permission":
      return { words: deliveryProblems.metaPermission.en(parts), onContact: false };
    default:
      return { words: deliveryProblems.metaRefused.en(parts), onContact: false };
  }
}

/**
 * Sends a queued Messenger or Instagram message. The window is read from the database at send
 * time (the latest `last_customer_message_at` of the contact's conversations), since a retry may
 * come hours after the message was queued: a bot's message goes only inside 24 h, a person's
 * up to 7 days with the HUMAN_AGENT tag when the connection has the permission; otherwise it is
 * not sent and the message says why. Messages go one by one, and the delivery records how many
 * went after each, so a retry never sends one twice. 429 and 5xx are retried by the deliveries
 * job (after Meta's `Retry-After` when it sends one); a refused token puts the channel in error
 * (the console asks to connect again); other refusals are recorded in words and not retried.
 */
export function createMetaSender(deps: MetaSenderDeps): DeliverySender {
  const { db, logger } = deps;
  const now = deps.now ?? Date.now;

  return {
    async send(row: DeliveryRow): Promise<SendResult> {
      const payload = row.payload as unknown as MetaDeliveryPayload;
      const connection = await deps.loadConnection(row.targetId);
      if (!connection?.active || !connection.secrets) {
        // Disconnected, the bot paused, or the token refused since the message was queued.
        const error = deliveryProblems.inactive.en({
          platform: platformName[payload.platform] ?? "Meta",
          detail: "",
        });
        await recordFailure(payload, error, false);
        return { ok: false, retryable: false, error };
      }
      const [contact] = await db
        .select({ optedOutAt: contacts.optedOutAt })
        .from(contacts)
        .where(eq(contacts.id, payload.contactId));
      if (contact?.optedOutAt) {
        await recordFailure(payload, metaRefusals.optedOut, false);
        return { ok: false, retryable: false, error: metaRefusals.optedOut };
      }
      // The window runs from the customer's last message in any of their conversations.
      const [latest] = await db
        .select({ at: max(conversations.lastCustomerMessageAt) })
        .from(conversations)
        .where(eq(conversations.contactId, payload.contactId));
      const last = latest?.at ? new Date(latest.at) : null;
      const policy = metaSendPolicy({
        author: payload.author,
        lastCustomerMessageAt: last,
        humanAgentTag: connection.settings?.humanAgentTag === true,
        now: now(),
      });
      if (!policy.ok) {
        await recordFailure(payload, policy.error, false);
        return { ok: false, retryable: false, error: policy.error };
      }

      const client = metaClientFor(connection, deps.endpoints);
      const all = payload.messages;
      for (let index = payload.sent ?? 0; index < all.length; index++) {
        const sent = await client.send(payload.recipientId, all[index]!, policy.options);
        if (!sent.ok) {
          if (sent.retryable) {
            return {
              ok: false,
              retryable: true,
              error: sent.error,
              ...(sent.statusCode ? { statusCode: sent.statusCode } : {}),
              ...(sent.retryAfterSeconds !== undefined
                ? { retryAfterSeconds: sent.retryAfterSeconds }
                : {}),
            };
          }
          return permanent(connection, payload, sent.reason, sent.error, sent.statusCode);
        }
        if (index + 1 < all.length) {
          // Recorded before the next one goes: a crash or a retry resumes after it.
          await db
            .update(deliveries)
            .set({ payload: { ...payload, sent: index + 1 } as unknown as Record<string, unknown> })
            .where(eq(deliveries.id, row.id));
        }
      }
      // The Send API has no free reply token: every message is sent like LINE's push (the
      // console counts them as the channel's messages this month).
      await db
        .update(messages)
        .set({ sentVia: "push", deliveryError: null })
        .where(eq(messages.id, payload.messageId));
      logger.debug("Meta message sent", {
        deliveryId: row.id,
        platform: payload.platform,
        messagingType: policy.options.messagingType,
      });
      return { ok: true, statusCode: 200 };
    },
  };

  async function permanent(
    connection: MetaConnection,
    payload: MetaDeliveryPayload,
    reason: MetaFailureReason,
    error: string,
    statusCode: number | undefined,
  ): Promise<SendResult> {
    const { words, onContact } = refusalWords(payload.platform, reason, error);
    await recordFailure(payload, words, onContact);
    if (reason === "auth") {
      await db
        .update(channelConnections)
        .set({ status: "error", lastError: words, updatedAt: new Date() })
        .where(eq(channelConnections.id, connection.id));
    }
    return { ok: false, retryable: false, error: words, ...(statusCode ? { statusCode } : {}) };
  }

  async function recordFailure(payload: MetaDeliveryPayload, error: string, onContact: boolean) {
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

/**
 * A teammate's reply from the inbox as a Messenger or Instagram delivery (called inside the
 * reply's transaction): to the contact's id on the bot's connection for the platform, text
 * first then the photo. Throws CONFLICT (`channel_disconnected`) when the bot has no active
 * connection for it. The window is checked when it is sent (meta-sender), not here.
 */
export async function buildMetaReplyDelivery(
  tx: Db,
  input: {
    platform: MetaPlatform;
    botId: string;
    contactId: string;
    messageId: string;
    text: string;
    imageUrl: string | null;
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
        eq(channelConnections.channel, input.platform),
        eq(channelConnections.status, "active"),
      ),
    )
    .where(
      and(
        eq(contacts.id, input.contactId),
        eq(contacts.botId, input.botId),
        eq(contacts.channel, input.platform),
      ),
    );
  if (!target) throw new AppError("CONFLICT", { fields: { text: "channel_disconnected" } });
  const outgoing: MetaOutgoing[] = input.text.trim()
    ? formatMetaMessages(input.platform, input.text)
    : [];
  if (input.imageUrl) {
    outgoing.push({ attachment: { type: "image", payload: { url: input.imageUrl } } });
  }
  const payload: MetaDeliveryPayload = {
    platform: input.platform,
    recipientId: target.externalId,
    contactId: input.contactId,
    messageId: input.messageId,
    author: "human",
    messages: outgoing,
  };
  return {
    kind: "channel_message",
    channel: input.platform,
    targetId: target.connectionId,
    ownerId: target.ownerId,
    botId: input.botId,
    event: "message",
    idempotencyKey: `${input.platform}:${input.messageId}`,
    payload: payload as unknown as Record<string, unknown>,
    maxAttempts: 10,
  };
}
