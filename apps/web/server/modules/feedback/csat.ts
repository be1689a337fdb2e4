import { randomUUID } from "node:crypto";
import { lineSender } from "@jai/channels/line/index";
import { metaQuickReplyPrefix } from "@jai/channels/meta/index";
import type { MetaOutgoing } from "@jai/channels/meta/types";
import type { CsatDto, FeedbackWebhookData } from "@jai/contracts/analytics";
import { CsatInputSchema } from "@jai/contracts/analytics";
import type { ConversationChannel } from "@jai/contracts/channels";
import {
  and,
  bots,
  channelConnections,
  contacts,
  conversations,
  type Db,
  desc,
  eq,
  isNotNull,
  sql,
} from "@jai/db";
import { AppError } from "../../http/errors";
import type { DeliveryInput } from "../../jobs/enqueue-delivery";
import { describeError } from "../../logger";
import { parseInput } from "../../services/console/parse-input";
import type { LineDeliveryPayload } from "../channels/line/line-events";
import { buildMetaReplyDelivery, type MetaDeliveryPayload } from "../channels/meta/meta-sender";
import {
  buildTiktokReplyDelivery,
  type TiktokDeliveryPayload,
} from "../channels/tiktok/tiktok-sender";
import { type ContactRef, findContactId } from "../conversations/contacts";
import { isUuid } from "../conversations/is-uuid";
import { replyWindows } from "../inbox/composer-state";
import { recordInboxEvent } from "../inbox/inbox-events";
import {
  type CsatLanguage,
  csatLanguage,
  csatPayloadPrefix,
  csatTexts,
  parseCsatAnswer,
} from "./csat-texts";
import type { FeedbackDeps } from "./record-feedback";

/** Channels whose customers see the question (the API's integrators ask in their own way). */
const askedChannels = new Set<string>([
  "web",
  "widget",
  "line",
  "messenger",
  "instagram",
  "tiktok",
]);

export type CsatAsk = {
  asked: boolean;
  /** A chat app's question, to queue once the transaction commits (none on the page, widget). */
  delivery: DeliveryInput | null;
};

const notAsked: CsatAsk = { asked: false, delivery: null };

/**
 * Asks a conversation's CSAT question, once, in the caller's transaction (which holds the
 * conversation's row): only a conversation the customer wrote in, never asked before, on a
 * channel that can show it. The page and the widget show a card (the conversation's messages
 * carry it; the customer's stream tells an open chat); LINE, Messenger and Instagram get a
 * message with the five scores as buttons and TikTok the question as text, queued as a
 * delivery. Messenger and Instagram only inside the 24-hour window and TikTok inside its 48
 * hours (a bot may not write later): outside them, and when the customer cannot be reached,
 * the conversation is not asked (and not stamped).
 */
export async function askCsat(tx: Db, conversationId: string, at: Date): Promise<CsatAsk> {
  const [row] = await tx
    .select({
      botId: conversations.botId,
      botName: bots.name,
      workspaceId: conversations.workspaceId,
      channel: conversations.channel,
      contactId: conversations.contactId,
      requestedAt: conversations.csatRequestedAt,
      lastCustomerMessageAt: conversations.lastCustomerMessageAt,
      conversationLanguage: conversations.language,
      contactLanguage: contacts.language,
      externalId: contacts.externalId,
      optedOutAt: contacts.optedOutAt,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .innerJoin(bots, eq(bots.id, conversations.botId))
    .where(eq(conversations.id, conversationId));
  if (!row || row.requestedAt || !row.lastCustomerMessageAt || row.optedOutAt) return notAsked;
  if (!askedChannels.has(row.channel)) return notAsked;
  const sinceCustomer = at.getTime() - row.lastCustomerMessageAt.getTime();
  const language = csatLanguage(row.contactLanguage, row.conversationLanguage);
  const target = {
    botId: row.botId,
    botName: row.botName,
    contactId: row.contactId,
    externalId: row.externalId,
    conversationId,
    language,
  };
  let delivery: DeliveryInput | null = null;
  switch (row.channel) {
    case "line":
      delivery = await lineQuestion(tx, target);
      break;
    case "messenger":
    case "instagram":
      if (sinceCustomer >= replyWindows.standardMs) return notAsked;
      delivery = await metaQuestion(tx, row.channel, target);
      break;
    case "tiktok":
      if (sinceCustomer >= replyWindows.tiktokMs) return notAsked;
      delivery = await tiktokQuestion(tx, target);
      break;
  }
  if (row.channel !== "web" && row.channel !== "widget" && !delivery) return notAsked;
  await tx
    .update(conversations)
    .set({ csatRequestedAt: at, updatedAt: sql`${conversations.updatedAt}` })
    .where(eq(conversations.id, conversationId));
  await recordInboxEvent(tx, {
    workspaceId: row.workspaceId,
    conversationId,
    kind: "conversation",
  });
  return { asked: true, delivery };
}

type QuestionTarget = {
  botId: string;
  botName: string;
  contactId: string;
  externalId: string;
  conversationId: string;
  language: CsatLanguage;
};

const scores = [1, 2, 3, 4, 5] as const;

/** LINE: the question with five postback buttons (`csat:N`), pushed to the contact. */
async function lineQuestion(tx: Db, target: QuestionTarget): Promise<DeliveryInput | null> {
  const [connection] = await tx
    .select({ id: channelConnections.id, ownerId: channelConnections.ownerId })
    .from(channelConnections)
    .where(
      and(
        eq(channelConnections.botId, target.botId),
        eq(channelConnections.channel, "line"),
        eq(channelConnections.status, "active"),
      ),
    );
  if (!connection) return null;
  const sender = lineSender({ name: target.botName });
  const message = {
    type: "text",
    text: csatTexts.question(target.language, true),
    ...(sender ? { sender } : {}),
    quickReply: {
      items: scores.map((score) => ({
        type: "action",
        action: {
          type: "postback",
          label: csatTexts.button(score),
          data: `${csatPayloadPrefix}${score}`,
          displayText: csatTexts.button(score),
        },
      })),
    },
  };
  const payload: LineDeliveryPayload = {
    to: target.externalId,
    chatType: "user",
    contactId: target.contactId,
    // No transcript line: the conversation's CSAT shows that it was asked.
    messageId: randomUUID(),
    occurredAt: 0,
    requests: [[message]],
  };
  return {
    kind: "channel_message",
    channel: "line",
    targetId: connection.id,
    ownerId: connection.ownerId,
    botId: target.botId,
    event: "message",
    idempotencyKey: `line:csat:${target.conversationId}`,
    payload: payload as unknown as Record<string, unknown>,
    maxAttempts: 10,
  };
}

/**
 * Messenger and Instagram: the question with five quick replies; their payload is
 * `q:csat:N`, which comes back as the text `csat:N` (meta events read `q:` payloads).
 */
async function metaQuestion(
  tx: Db,
  platform: "messenger" | "instagram",
  target: QuestionTarget,
): Promise<DeliveryInput | null> {
  const text = csatTexts.question(target.language, true);
  const built = await orNull(
    buildMetaReplyDelivery(tx, {
      platform,
      botId: target.botId,
      contactId: target.contactId,
      messageId: randomUUID(),
      text,
      imageUrl: null,
    }),
  );
  if (!built) return null;
  const message: MetaOutgoing = {
    text,
    quick_replies: scores.map((score) => ({
      content_type: "text",
      title: csatTexts.button(score),
      payload: `${metaQuickReplyPrefix}${csatPayloadPrefix}${score}`,
    })),
  };
  const payload = built.payload as unknown as MetaDeliveryPayload;
  return {
    ...built,
    idempotencyKey: `${platform}:csat:${target.conversationId}`,
    payload: { ...payload, author: "bot", messages: [message] } as unknown as Record<
      string,
      unknown
    >,
  };
}

/** TikTok: no buttons; the question asks for a number 1–5 (read back by parseCsatAnswer). */
async function tiktokQuestion(tx: Db, target: QuestionTarget): Promise<DeliveryInput | null> {
  const built = await orNull(
    buildTiktokReplyDelivery(tx, {
      botId: target.botId,
      contactId: target.contactId,
      messageId: randomUUID(),
      text: csatTexts.question(target.language, false),
      attachmentId: null,
    }),
  );
  if (!built) return null;
  const payload = built.payload as unknown as TiktokDeliveryPayload;
  return {
    ...built,
    idempotencyKey: `tiktok:csat:${target.conversationId}`,
    payload: { ...payload, author: "bot" } as unknown as Record<string, unknown>,
  };
}

/** A channel that is no longer connected: not asked. */
async function orNull<T>(built: Promise<T>): Promise<T | null> {
  try {
    return await built;
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") return null;
    throw error;
  }
}

// ---- answers -----------------------------------------------------------------------------------

export type RecordCsatInput = {
  botId: string;
  conversationId: string;
  /** Whose conversation it must be; undefined: nobody's (404). */
  contact: ContactRef | undefined;
  input: unknown;
};

/**
 * A customer's CSAT answer from the hosted page or the widget: their own conversation only
 * (anything else is NOT_FOUND), once it was asked (CONFLICT `notAsked`), once (CONFLICT
 * `answered`).
 */
export async function recordCsat(
  deps: FeedbackDeps,
  { botId, conversationId, contact, input }: RecordCsatInput,
): Promise<CsatDto> {
  const { score } = parseInput(CsatInputSchema, input);
  if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
  const contactId = await findContactId(deps.db, botId, contact);
  if (!contactId) throw new AppError("NOT_FOUND");
  return recordCsatFor(deps, { conversationId, botId, contactId, score, requireAsked: true });
}

/**
 * A CSAT answer from the owner's software (the public API): any conversation of the owner's bots,
 * asked or not (their integration asks its users in its own way); once.
 */
export async function recordOwnerCsat(
  deps: FeedbackDeps,
  { ownerId, conversationId, input }: { ownerId: string; conversationId: string; input: unknown },
): Promise<CsatDto> {
  const { score } = parseInput(CsatInputSchema, input);
  if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
  return recordCsatFor(deps, { conversationId, ownerId, score, requireAsked: false });
}

/**
 * Stores a conversation's CSAT score (once), tells the team's open views and queues the owner's
 * `feedback.created` webhook (kind `csat`). `botId` / `contactId` narrow which conversation may
 * be answered (the caller's scope: NOT_FOUND outside it). The public API may answer a
 * conversation nobody asked (its integrator asks in their own way): `requireAsked: false`.
 */
export async function recordCsatFor(
  deps: FeedbackDeps,
  input: {
    conversationId: string;
    botId?: string;
    ownerId?: string;
    contactId?: string;
    score: number;
    requireAsked: boolean;
    at?: Date;
  },
): Promise<CsatDto> {
  const at = input.at ?? new Date();
  const row = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        botId: conversations.botId,
        workspaceId: conversations.workspaceId,
        channel: conversations.channel,
        contactId: conversations.contactId,
        requestedAt: conversations.csatRequestedAt,
        answeredAt: conversations.csatAnsweredAt,
      })
      .from(conversations)
      .innerJoin(bots, eq(bots.id, conversations.botId))
      .where(
        and(
          eq(conversations.id, input.conversationId),
          ...(input.botId ? [eq(conversations.botId, input.botId)] : []),
          ...(input.ownerId ? [eq(bots.ownerId, input.ownerId)] : []),
          ...(input.contactId ? [eq(conversations.contactId, input.contactId)] : []),
        ),
      )
      .for("update", { of: conversations });
    if (!found) throw new AppError("NOT_FOUND");
    if (found.answeredAt) {
      throw new AppError("CONFLICT", {
        message: "already answered",
        fields: { score: "answered" },
      });
    }
    if (input.requireAsked && !found.requestedAt) {
      throw new AppError("CONFLICT", { message: "not asked", fields: { score: "notAsked" } });
    }
    await tx
      .update(conversations)
      .set({
        csatScore: input.score,
        csatAnsweredAt: at,
        csatRequestedAt: found.requestedAt ?? at,
        updatedAt: sql`${conversations.updatedAt}`,
      })
      .where(eq(conversations.id, input.conversationId));
    await recordInboxEvent(tx, {
      workspaceId: found.workspaceId,
      conversationId: input.conversationId,
      kind: "conversation",
    });
    return found;
  });

  if (row.workspaceId && deps.events) {
    const data: FeedbackWebhookData = {
      kind: "csat",
      botId: row.botId,
      conversationId: input.conversationId,
      contactId: row.contactId,
      channel: row.channel,
      messageId: null,
      rating: null,
      reason: null,
      score: input.score,
      createdAt: at.toISOString(),
    };
    try {
      await deps.events.publish([
        {
          type: "feedback.created",
          id: `feedback.created:csat:${input.conversationId}`,
          ownerId: row.workspaceId,
          botId: row.botId,
          occurredAt: data.createdAt,
          data,
        },
      ]);
    } catch (error) {
      deps.logger.warn("CSAT webhook not queued", { botId: row.botId, ...describeError(error) });
    }
  }
  return {
    requestedAt: (row.requestedAt ?? at).toISOString(),
    score: input.score,
    answeredAt: at.toISOString(),
  };
}

export type ChatAppCsatAnswer = {
  /** The conversation it answered, and its contact (a thank-you goes to them). */
  conversationId: string;
  contactId: string;
  /** False when it was answered already (a second tap): nothing more to say. */
  stored: boolean;
};

/**
 * A chat app's message that answers the CSAT question: a tapped score (`csat:N`, never a chat
 * turn, whatever else happened), or a bare number 1–5 the customer typed right after the
 * question (nothing else written since). Stores the score on the contact's latest asked
 * conversation and counts the message for the reply windows. Null: not an answer (the message
 * is a turn like any other).
 */
export async function takeChatAppCsatAnswer(
  deps: FeedbackDeps,
  input: {
    botId: string;
    channel: ConversationChannel;
    externalId: string;
    text: string;
    at: Date;
  },
): Promise<ChatAppCsatAnswer | null> {
  const parsed = parseCsatAnswer(input.text);
  if (!parsed) return null;
  const [asked] = await deps.db
    .select({
      id: conversations.id,
      contactId: conversations.contactId,
      requestedAt: conversations.csatRequestedAt,
      answeredAt: conversations.csatAnsweredAt,
      lastCustomerMessageAt: conversations.lastCustomerMessageAt,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(
      and(
        eq(conversations.botId, input.botId),
        eq(contacts.botId, input.botId),
        eq(contacts.channel, input.channel),
        eq(contacts.externalId, input.externalId),
        isNotNull(conversations.csatRequestedAt),
      ),
    )
    .orderBy(desc(conversations.csatRequestedAt))
    .limit(1);
  if (parsed.from === "number") {
    const isAwaited =
      asked?.requestedAt &&
      !asked.answeredAt &&
      (!asked.lastCustomerMessageAt || asked.lastCustomerMessageAt <= asked.requestedAt);
    if (!isAwaited) return null;
  }
  // A tapped button with no question behind it (a very old one): nothing to store, no turn.
  if (!asked) return { conversationId: "", contactId: "", stored: false };
  await deps.db
    .update(conversations)
    .set({
      lastCustomerMessageAt: sql`greatest(${conversations.lastCustomerMessageAt}, ${input.at.toISOString()}::timestamptz)`,
    })
    .where(eq(conversations.id, asked.id));
  if (asked.answeredAt)
    return { conversationId: asked.id, contactId: asked.contactId, stored: false };
  try {
    await recordCsatFor(deps, {
      conversationId: asked.id,
      botId: input.botId,
      score: parsed.score,
      requireAsked: true,
      at: input.at,
    });
  } catch (error) {
    // Answered meanwhile (two taps at once): the first counts.
    if (error instanceof AppError && error.code === "CONFLICT") {
      return { conversationId: asked.id, contactId: asked.contactId, stored: false };
    }
    throw error;
  }
  return { conversationId: asked.id, contactId: asked.contactId, stored: true };
}
