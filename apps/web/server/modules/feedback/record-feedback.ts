import type { FeedbackInput, FeedbackWebhookData } from "@jai/contracts/analytics";
import { FeedbackInputSchema } from "@jai/contracts/analytics";
import { and, bots, conversations, type Db, eq, messageFeedback, messages, sql } from "@jai/db";
import { AppError } from "../../http/errors";
import { describeError, type Logger } from "../../logger";
import { parseInput } from "../../services/console/parse-input";
import { markRollupHourDirty } from "../analytics/rollups";
import { type ContactRef, findContactId } from "../conversations/contacts";
import { isUuid } from "../conversations/is-uuid";
import type { DomainEventSink } from "../events/domain-events";
import { applyTransition, lockConversation } from "../inbox/conversation-changes";
import { botHandoffSettings } from "../inbox/handoff-settings";
import { recordInboxEvent } from "../inbox/inbox-events";
import { queueNotification } from "../notifications/queue-notification";

export type FeedbackDeps = {
  db: Db;
  logger: Logger;
  events?: DomainEventSink;
  /** A team alert was queued (the notifications job wakes). */
  onNotificationQueued?: () => void;
};

export type RecordFeedbackInput = {
  botId: string;
  conversationId: string;
  /** Whose conversation it must be; undefined: nobody's (404). */
  contact: ContactRef | undefined;
  input: unknown;
};

export type RecordedFeedback = {
  messageId: string;
  rating: "up" | "down" | null;
  reason: string | null;
};

/**
 * A customer's thumbs on one of the bot's replies in their own conversation (the hosted page,
 * the widget, the API): stored (one per reply: a new vote replaces it, `rating: null` takes it
 * back), the conversation marked as having feedback, the team's open views told, and the owner's
 * `feedback.created` webhook queued. A thumbs down hands the conversation to a person when the
 * bot's handoff settings say so, and alerts the team. Anything that is not a completed bot reply
 * of the contact's own conversation is NOT_FOUND.
 */
export async function recordFeedback(
  deps: FeedbackDeps,
  { botId, conversationId, contact, input }: RecordFeedbackInput,
): Promise<RecordedFeedback> {
  const parsed = parseInput(FeedbackInputSchema, input);
  if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
  const contactId = await findContactId(deps.db, botId, contact);
  if (!contactId) throw new AppError("NOT_FOUND");
  return recordFeedbackFor(deps, { botId, conversationId, contactId, feedback: parsed });
}

/**
 * A thumbs from the owner's software (the public API): on a reply of any conversation of the
 * owner's bots (their integration votes for its users); another owner's is NOT_FOUND.
 */
export async function recordOwnerFeedback(
  deps: FeedbackDeps,
  { ownerId, conversationId, input }: { ownerId: string; conversationId: string; input: unknown },
): Promise<RecordedFeedback> {
  const parsed = parseInput(FeedbackInputSchema, input);
  if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
  const [owned] = await deps.db
    .select({ botId: conversations.botId })
    .from(conversations)
    .innerJoin(bots, eq(bots.id, conversations.botId))
    .where(and(eq(conversations.id, conversationId), eq(bots.ownerId, ownerId)));
  if (!owned) throw new AppError("NOT_FOUND");
  return recordFeedbackFor(deps, {
    botId: owned.botId,
    conversationId,
    contactId: null,
    feedback: parsed,
  });
}

/** The same, for a caller that already knows the contact (or answers for the owner: null). */
export async function recordFeedbackFor(
  deps: FeedbackDeps,
  {
    botId,
    conversationId,
    contactId,
    feedback,
  }: {
    botId: string;
    conversationId: string;
    contactId: string | null;
    feedback: ReturnType<typeof FeedbackInputSchema.parse> | FeedbackInput;
  },
): Promise<RecordedFeedback> {
  const { db } = deps;
  const rating = feedback.rating ?? null;
  const reason = rating === "down" ? feedback.reason?.trim() || null : null;
  const [row] = await db
    .select({
      workspaceId: conversations.workspaceId,
      channel: conversations.channel,
      contactId: conversations.contactId,
      sender: messages.sender,
      status: messages.status,
      content: messages.content,
      createdAt: messages.createdAt,
      handoff: bots.handoff,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(bots, eq(bots.id, conversations.botId))
    .where(
      and(
        eq(messages.id, feedback.messageId),
        eq(messages.conversationId, conversationId),
        eq(conversations.botId, botId),
        ...(contactId ? [eq(conversations.contactId, contactId)] : []),
      ),
    );
  if (row?.sender !== "bot" || row.status !== "completed") {
    throw new AppError("NOT_FOUND");
  }

  const now = new Date();
  let created = false;
  let notificationQueued = false;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ rating: messageFeedback.rating })
      .from(messageFeedback)
      .where(eq(messageFeedback.messageId, feedback.messageId));
    if (rating === null) {
      await tx.delete(messageFeedback).where(eq(messageFeedback.messageId, feedback.messageId));
      // Nothing is left to show the hour changed: the rollups are told.
      if (before) await markRollupHourDirty(tx, botId, row.createdAt);
    } else {
      await tx
        .insert(messageFeedback)
        .values({
          messageId: feedback.messageId,
          conversationId,
          botId,
          workspaceId: row.workspaceId,
          channel: row.channel,
          rating,
          reason,
        })
        .onConflictDoUpdate({
          target: messageFeedback.messageId,
          set: { rating, reason, updatedAt: now },
        });
      created = before?.rating !== rating || rating === "down";
    }
    await tx
      .update(conversations)
      .set({
        hasFeedback: sql`exists (select 1 from ${messageFeedback} where ${messageFeedback.conversationId} = ${conversationId})`,
        updatedAt: sql`${conversations.updatedAt}`,
      })
      .where(eq(conversations.id, conversationId));
    await recordInboxEvent(tx, {
      workspaceId: row.workspaceId,
      conversationId,
      kind: "message_updated",
      messageId: feedback.messageId,
    });

    const isNewDown = rating === "down" && before?.rating !== "down";
    if (isNewDown && row.workspaceId) {
      // The team hears of it; the conversation goes to a person when the owner asked for that.
      const settings = botHandoffSettings(row.handoff);
      if (settings.onNegativeFeedback) {
        const conversation = await lockConversation(tx, conversationId);
        if (conversation) {
          const applied = await applyTransition(tx, conversation, {
            type: "handoff_requested",
            reason: "feedback",
            at: now,
          });
          notificationQueued ||= applied.notificationQueued;
        }
      }
      notificationQueued =
        (await queueNotification(tx, {
          workspaceId: row.workspaceId,
          kind: "negative_feedback",
          botId,
          conversationId,
          payload: { channel: row.channel, preview: reason ?? row.content.slice(0, 140) },
          dedupeKey: `negative_feedback:${feedback.messageId}`,
        })) || notificationQueued;
    }
  });
  if (notificationQueued) deps.onNotificationQueued?.();

  if (created && rating && row.workspaceId && deps.events) {
    const data: FeedbackWebhookData = {
      kind: "thumbs",
      botId,
      conversationId,
      contactId: row.contactId,
      channel: row.channel,
      messageId: feedback.messageId,
      rating,
      reason,
      score: null,
      createdAt: now.toISOString(),
    };
    try {
      await deps.events.publish([
        {
          type: "feedback.created",
          id: `feedback.created:${feedback.messageId}:${rating}:${now.getTime()}`,
          ownerId: row.workspaceId,
          botId,
          occurredAt: data.createdAt,
          data,
        },
      ]);
    } catch (error) {
      deps.logger.warn("feedback webhook not queued", { botId, ...describeError(error) });
    }
  }
  return { messageId: feedback.messageId, rating, reason };
}
