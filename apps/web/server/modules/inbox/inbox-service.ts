import { createHash, randomUUID } from "node:crypto";
import { formatLineMessages } from "@jai/channels/line/index";
import type { ErrorCode } from "@jai/contracts";
import {
  type CannedReplyDto,
  CannedReplySchema,
  defaultHandoffSettings,
  type HandoffSettings,
  HandoffSettingsSchema,
  InboxActionSchema,
  type InboxContactDto,
  InboxContactUpdateSchema,
  type InboxConversationDetailDto,
  type InboxConversationDto,
  type InboxListQuery,
  InboxListQuerySchema,
  type InboxMessageDto,
  type InboxPageDto,
  InboxReplySchema,
  inboxLimits,
} from "@jai/contracts/inbox";
import {
  and,
  attachments,
  bots,
  cannedReplies,
  channelConnections,
  contacts,
  conversationReads,
  conversations,
  type Db,
  deliveries,
  desc,
  eq,
  inArray,
  type MessageMedia,
  messages,
  sql,
} from "@jai/db";
import { EngineError, engineErrorHttp, validateChatMessage } from "@jai/engine";
import { AppError } from "../../http/errors";
import type { DeliveryInput } from "../../jobs/enqueue-delivery";
import type { Logger } from "../../logger";
import { parseInput } from "../../services/console/parse-input";
import type { LineDeliveryPayload } from "../channels/line/line-events";
import { buildMetaReplyDelivery } from "../channels/meta/meta-sender";
import { buildTiktokReplyDelivery } from "../channels/tiktok/tiktok-sender";
import { isUuid } from "../conversations/is-uuid";
import type { DomainEventSink } from "../events/domain-events";
import { askCsat } from "../feedback/csat";
import { composerState } from "./composer-state";
import { applyTransition, lockConversation, touchLastMessage } from "./conversation-changes";
import { type Transition, TransitionError } from "./conversation-state";
import { botHandoffSettings } from "./handoff-settings";
import { recordInboxEvent } from "./inbox-events";
import {
  decodeCursor,
  encodeCursor,
  type InboxActor,
  listRows,
  listTeammates,
  loadCsat,
  loadMessages,
} from "./inbox-queries";
import { signedMediaUrl } from "./media-links";

export { type InboxActor, inboxListSql } from "./inbox-queries";

export type InboxDeps = {
  db: Db;
  logger: Logger;
  publicUrl: string;
  /** Signs the public links LINE fetches a teammate's image from. */
  mediaKey: string;
  /** Queues deliveries and wakes their job. */
  enqueue(inputs: DeliveryInput[]): Promise<void>;
  onNotificationQueued?: () => void;
  /** Where `message.created` goes for a teammate's reply (the owner's outgoing webhooks). */
  events?: DomainEventSink;
  now?: () => Date;
};

/**
 * The team inbox (ADR 0014): every conversation of the workspace's bots, across channels; a
 * teammate's replies go out through the conversation's own channel (the deliveries outbox for
 * chat apps; the customer's page and widget read them from the conversation). Everything is
 * scoped to the actor's workspace: another workspace's ids answer NOT_FOUND, like unknown ones.
 */
export function createInbox(deps: InboxDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireConversation(actor: InboxActor, conversationId: string) {
    if (!isUuid(conversationId)) throw new AppError("NOT_FOUND");
    const [row] = await db
      .select({ id: conversations.id, channel: conversations.channel })
      .from(conversations)
      .where(
        and(eq(conversations.id, conversationId), eq(conversations.workspaceId, actor.workspaceId)),
      );
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }

  async function summaries(actor: InboxActor, ids: string[]): Promise<InboxConversationDto[]> {
    if (ids.length === 0) return [];
    const rows = await listRows(db, actor, { ids });
    return ids.map((id) => rows.find((row) => row.id === id)).filter((row) => row !== undefined);
  }

  return {
    async list(actor: InboxActor, query: InboxListQuery): Promise<InboxPageDto> {
      const parsed = parseInput(InboxListQuerySchema, query);
      const cursor = parsed.cursor ? decodeCursor(parsed.cursor) : null;
      const rows = await listRows(db, actor, {
        filters: parsed,
        cursor,
        limit: inboxLimits.pageSize + 1,
      });
      const page = rows.slice(0, inboxLimits.pageSize);
      const last = page.at(-1);
      return {
        conversations: page,
        nextCursor:
          rows.length > inboxLimits.pageSize && last ? encodeCursor(last.sortKey, last.id) : null,
      };
    },

    async get(actor: InboxActor, conversationId: string): Promise<InboxConversationDetailDto> {
      await requireConversation(actor, conversationId);
      const [conversation] = await summaries(actor, [conversationId]);
      if (!conversation) throw new AppError("NOT_FOUND");
      const [contactRow] = await db
        .select()
        .from(contacts)
        .where(eq(contacts.id, conversation.contact.id));
      const contact = contactRow!;
      const [messageRows, past, teammates, composer, csat] = await Promise.all([
        loadMessages(db, conversation.botId, conversationId),
        db
          .select({
            id: conversations.id,
            status: conversations.status,
            lastMessageAt: conversations.lastMessageAt,
            preview: conversations.lastMessagePreview,
          })
          .from(conversations)
          .where(
            and(
              eq(conversations.contactId, contact.id),
              sql`${conversations.id} <> ${conversationId}`,
            ),
          )
          .orderBy(desc(conversations.lastMessageAt))
          .limit(inboxLimits.pastConversations),
        listTeammates(db, actor.workspaceId),
        composerFor(conversationId),
        loadCsat(db, conversationId),
      ]);
      const contactDto: InboxContactDto = {
        id: contact.id,
        name: contact.displayName,
        avatarUrl: contact.avatarUrl,
        channel: contact.channel,
        language: contact.language,
        firstSeenAt: contact.createdAt.toISOString(),
        lastSeenAt: contact.lastSeenAt.toISOString(),
        email: contact.email,
        attributes: contact.attributes,
        notes: contact.notes,
        memory: contact.memory,
        pastConversations: past.map((row) => ({
          id: row.id,
          status: row.status,
          lastMessageAt: row.lastMessageAt.toISOString(),
          preview: row.preview ?? "",
        })),
      };
      return {
        conversation,
        messages: messageRows,
        contact: contactDto,
        composer,
        teammates,
        csat,
      };
    },

    /**
     * A teammate's reply: stored with their id (the conversation becomes theirs: open), then
     * sent through the conversation's channel. Sending the same `clientId` again stores it
     * once. Refused with CONFLICT (and the reason) when the channel's window is closed or
     * the customer cannot be reached.
     */
    async reply(
      actor: InboxActor,
      conversationId: string,
      input: unknown,
    ): Promise<InboxMessageDto> {
      const parsed = parseInput(InboxReplySchema, input);
      await requireConversation(actor, conversationId);
      const image = parseImage(parsed.text, parsed.image ?? null);
      const messageId = parsed.clientId;
      const at = now();
      let queued = false;
      const delivery = await db.transaction(async (tx) => {
        const conversation = (await lockConversation(tx, conversationId))!;
        // The same send again (a retried request): the message stored the first time.
        const [existing] = await tx
          .select({ conversationId: messages.conversationId, authorId: messages.authorId })
          .from(messages)
          .where(eq(messages.id, messageId));
        if (existing) {
          if (existing.conversationId !== conversationId || existing.authorId !== actor.userId) {
            throw new AppError("CONFLICT", { message: "clientId already used" });
          }
          return null;
        }
        const composer = await composerFor(conversationId, tx);
        if (!composer.canReply) {
          throw new AppError("CONFLICT", {
            message: composer.refusal ?? "cannot reply",
            fields: { text: composer.refusal ?? "window_closed" },
          });
        }
        if (image && !composer.images) {
          throw new AppError("UNSUPPORTED_MEDIA_TYPE", { fields: { image: "notOnChannel" } });
        }
        const taken = await applyTransition(tx, conversation, {
          type: "human_reply",
          actorId: actor.userId,
          at,
        });
        queued = taken.notificationQueued;
        // After the event it caused ("Nok took over"), in the transcript's order.
        const messageAt = new Date(at.getTime() + 1);
        const attachmentId = image ? randomUUID() : null;
        const media: MessageMedia | null = attachmentId
          ? { type: "photo", url: `/api/bots/${conversation.botId}/attachments/${attachmentId}` }
          : null;
        await tx.insert(messages).values({
          id: messageId,
          conversationId,
          botId: conversation.botId,
          sender: "human",
          content: parsed.text,
          media,
          status: "completed",
          authorId: actor.userId,
          createdAt: messageAt,
          completedAt: messageAt,
        });
        if (image && attachmentId) {
          await tx.insert(attachments).values({
            id: attachmentId,
            botId: conversation.botId,
            contactId: conversation.contactId,
            messageId,
            mimeType: image.mediaType,
            byteSize: image.bytes.byteLength,
            sha256: createHash("sha256").update(image.bytes).digest("hex"),
            data: image.bytes,
          });
        }
        await touchLastMessage(tx, conversationId, {
          sender: "human",
          content: parsed.text,
          at: messageAt,
          hasMedia: media !== null,
        });
        await recordInboxEvent(tx, {
          workspaceId: conversation.workspaceId,
          conversationId,
          kind: "message",
          messageId,
        });
        // The chat apps' replies go through the deliveries outbox; the page, the widget and
        // the API read them from the transcript (and its live stream).
        switch (conversation.channel) {
          case "line":
            return lineDelivery(tx, {
              conversation,
              messageId,
              text: parsed.text,
              attachmentId,
              senderName: actor.name,
            });
          case "messenger":
          case "instagram":
            return buildMetaReplyDelivery(tx, {
              platform: conversation.channel,
              botId: conversation.botId,
              contactId: conversation.contactId,
              messageId,
              text: parsed.text,
              imageUrl: attachmentId
                ? signedMediaUrl(deps.publicUrl, deps.mediaKey, attachmentId)
                : null,
            });
          case "tiktok":
            return buildTiktokReplyDelivery(tx, {
              botId: conversation.botId,
              contactId: conversation.contactId,
              messageId,
              text: parsed.text,
              attachmentId,
            });
          default:
            return null;
        }
      });
      if (queued) deps.onNotificationQueued?.();
      if (delivery) await deps.enqueue([delivery]);
      const [stored] = await loadMessages(db, null, conversationId, [messageId]);
      if (!stored) throw new AppError("NOT_FOUND");
      await publishReply(actor, conversationId, stored);
      return stored;
    },

    /** Sends a failed reply again (its delivery starts over). */
    async retry(actor: InboxActor, conversationId: string, messageId: string) {
      const conversation = await requireConversation(actor, conversationId);
      if (!isUuid(messageId)) throw new AppError("NOT_FOUND");
      // The delivery of a chat app's message is keyed "<channel>:<message id>".
      const key = `${conversation.channel}:${messageId}`;
      const [row] = await db
        .update(deliveries)
        .set({
          status: "pending",
          attempts: 0,
          nextAttemptAt: now(),
          lockedUntil: null,
          lastError: null,
        })
        .where(and(eq(deliveries.idempotencyKey, key), eq(deliveries.status, "dead")))
        .returning({ id: deliveries.id });
      if (!row) throw new AppError("CONFLICT", { message: "nothing to retry" });
      await db.transaction(async (tx) => {
        await tx.update(messages).set({ deliveryError: null }).where(eq(messages.id, messageId));
        await recordInboxEvent(tx, {
          workspaceId: actor.workspaceId,
          conversationId,
          kind: "message_updated",
          messageId,
        });
      });
      await deps.enqueue([]);
      const [stored] = await loadMessages(db, null, conversationId, [messageId]);
      return stored!;
    },

    /** Take over, assign, resolve, snooze, hand back, reopen (the state machine decides). */
    async act(
      actor: InboxActor,
      conversationId: string,
      input: unknown,
    ): Promise<InboxConversationDto> {
      const action = parseInput(InboxActionSchema, input);
      await requireConversation(actor, conversationId);
      const at = now();
      let change: Transition;
      switch (action.action) {
        case "take_over":
          change = { type: "take_over", actorId: actor.userId, at };
          break;
        case "assign": {
          const members = await listTeammates(db, actor.workspaceId);
          if (!members.some((member) => member.id === action.assigneeId)) {
            throw new AppError("VALIDATION_FAILED", { fields: { assigneeId: "notMember" } });
          }
          change = { type: "assign", actorId: actor.userId, assigneeId: action.assigneeId, at };
          break;
        }
        case "unassign":
          change = { type: "unassign", actorId: actor.userId, at };
          break;
        case "resolve":
          change = { type: "resolve", actorId: actor.userId, at };
          break;
        case "hand_back":
          change = { type: "hand_back", actorId: actor.userId, at };
          break;
        case "snooze": {
          const until = new Date(action.until);
          const latest = at.getTime() + inboxLimits.snoozeDays * 24 * 60 * 60 * 1000;
          if (until.getTime() <= at.getTime() || until.getTime() > latest) {
            throw new AppError("VALIDATION_FAILED", { fields: { until: "outOfRange" } });
          }
          change = { type: "snooze", actorId: actor.userId, until, at };
          break;
        }
        case "reopen":
          change = { type: "reopen", actorId: actor.userId, at };
          break;
      }
      let queued = false;
      const csatQuestions: DeliveryInput[] = [];
      try {
        await db.transaction(async (tx) => {
          const conversation = (await lockConversation(tx, conversationId))!;
          const applied = await applyTransition(tx, conversation, change);
          queued = applied.notificationQueued;
          // Resolved by a teammate: the customer is asked how it went (modules/feedback/csat.ts).
          if (change.type === "resolve" && applied.event) {
            const { delivery } = await askCsat(tx, conversationId, at);
            if (delivery) csatQuestions.push(delivery);
          }
        });
      } catch (error) {
        if (error instanceof TransitionError) {
          throw new AppError("CONFLICT", {
            message: error.message,
            fields: { action: `notFrom_${error.status}` },
          });
        }
        throw error;
      }
      if (queued) deps.onNotificationQueued?.();
      if (csatQuestions.length > 0) await deps.enqueue(csatQuestions);
      const [summary] = await summaries(actor, [conversationId]);
      return summary!;
    },

    async markRead(actor: InboxActor, conversationId: string) {
      await requireConversation(actor, conversationId);
      const at = now();
      await db
        .insert(conversationReads)
        .values({ userId: actor.userId, conversationId, readAt: at })
        .onConflictDoUpdate({
          target: [conversationReads.userId, conversationReads.conversationId],
          set: { readAt: sql`greatest(${conversationReads.readAt}, excluded.read_at)` },
        });
    },

    async updateContact(actor: InboxActor, contactId: string, input: unknown) {
      const parsed = parseInput(InboxContactUpdateSchema, input);
      if (!isUuid(contactId)) throw new AppError("NOT_FOUND");
      const [row] = await db
        .update(contacts)
        .set({
          ...(parsed.name !== undefined ? { displayName: parsed.name || null } : {}),
          ...(parsed.notes !== undefined ? { notes: parsed.notes || null } : {}),
          updatedAt: now(),
        })
        .where(
          and(
            eq(contacts.id, contactId),
            inArray(
              contacts.botId,
              db.select({ id: bots.id }).from(bots).where(eq(bots.ownerId, actor.workspaceId)),
            ),
          ),
        )
        .returning({ id: contacts.id });
      if (!row) throw new AppError("NOT_FOUND");
      const [conversation] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.contactId, contactId))
        .orderBy(desc(conversations.lastMessageAt))
        .limit(1);
      if (!conversation) throw new AppError("NOT_FOUND");
      return (await this.get(actor, conversation.id)).contact;
    },

    // ---- canned replies ----
    async listCanned(workspaceId: string): Promise<CannedReplyDto[]> {
      const rows = await db
        .select()
        .from(cannedReplies)
        .where(eq(cannedReplies.workspaceId, workspaceId))
        .orderBy(cannedReplies.shortcut);
      return rows.map(toCanned);
    },
    async createCanned(workspaceId: string, input: unknown): Promise<CannedReplyDto> {
      const parsed = parseInput(CannedReplySchema, input);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from workspaces where id = ${workspaceId} for update`);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(cannedReplies)
          .where(eq(cannedReplies.workspaceId, workspaceId));
        if ((count?.n ?? 0) >= inboxLimits.cannedReplies) {
          throw new AppError("PLAN_LIMIT_REACHED", {
            message: `at most ${inboxLimits.cannedReplies} canned replies`,
          });
        }
        const [row] = await tx
          .insert(cannedReplies)
          .values({ workspaceId, shortcut: parsed.shortcut, body: parsed.body })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError("CONFLICT", { fields: { shortcut: "taken" } });
        return toCanned(row);
      });
    },
    async updateCanned(workspaceId: string, id: string, input: unknown): Promise<CannedReplyDto> {
      const parsed = parseInput(CannedReplySchema, input);
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      try {
        const [row] = await db
          .update(cannedReplies)
          .set({ shortcut: parsed.shortcut, body: parsed.body })
          .where(and(eq(cannedReplies.id, id), eq(cannedReplies.workspaceId, workspaceId)))
          .returning();
        if (!row) throw new AppError("NOT_FOUND");
        return toCanned(row);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError("CONFLICT", { fields: { shortcut: "taken" } });
        throw error;
      }
    },
    async deleteCanned(workspaceId: string, id: string) {
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      const [row] = await db
        .delete(cannedReplies)
        .where(and(eq(cannedReplies.id, id), eq(cannedReplies.workspaceId, workspaceId)))
        .returning({ id: cannedReplies.id });
      if (!row) throw new AppError("NOT_FOUND");
    },

    // ---- a bot's handoff settings ----
    async getHandoff(workspaceId: string, botId: string): Promise<HandoffSettings> {
      const [row] = await db
        .select({ handoff: bots.handoff })
        .from(bots)
        .where(and(eq(bots.id, botId), eq(bots.ownerId, workspaceId)));
      if (!row) throw new AppError("NOT_FOUND");
      return botHandoffSettings(row.handoff);
    },
    async updateHandoff(
      workspaceId: string,
      botId: string,
      input: unknown,
    ): Promise<HandoffSettings> {
      const parsed = parseInput(HandoffSettingsSchema, {
        ...defaultHandoffSettings,
        ...(input as object),
      });
      const keywords = [...new Set(parsed.keywords.map((keyword) => keyword.trim()))];
      const settings = { ...parsed, keywords };
      const [row] = await db
        .update(bots)
        .set({ handoff: settings })
        .where(and(eq(bots.id, botId), eq(bots.ownerId, workspaceId)))
        .returning({ id: bots.id });
      if (!row) throw new AppError("NOT_FOUND");
      return settings;
    },
  };

  /** A teammate's reply as the owner's webhooks hear of it (`message.created`, sender human). */
  async function publishReply(actor: InboxActor, conversationId: string, message: InboxMessageDto) {
    if (!deps.events) return;
    const [row] = await db
      .select({ botId: conversations.botId })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    if (!row) return;
    try {
      await deps.events.publish([
        {
          type: "message.created",
          id: `message.created:${message.id}`,
          ownerId: actor.workspaceId,
          botId: row.botId,
          occurredAt: message.createdAt,
          data: {
            conversationId,
            botId: row.botId,
            message: {
              id: message.id,
              sender: "human",
              content: message.content,
              media: message.media,
              status: message.status,
              createdAt: message.createdAt,
            },
          },
        },
      ]);
    } catch {
      // The reply is stored and on its way; a webhook problem is the sink's to log.
    }
  }

  /** What the composer shows for a conversation now (and what `reply` enforces). */
  async function composerFor(conversationId: string, tx: Db = db) {
    const [row] = await tx
      .select({
        channel: conversations.channel,
        botId: conversations.botId,
        lastCustomerMessageAt: conversations.lastCustomerMessageAt,
        replyToken: contacts.replyToken,
        replyTokenAt: contacts.replyTokenAt,
        optedOutAt: contacts.optedOutAt,
      })
      .from(conversations)
      .innerJoin(contacts, eq(contacts.id, conversations.contactId))
      .where(eq(conversations.id, conversationId));
    const facts = row!;
    let connectionActive = true;
    let humanAgentTag = false;
    if (!["web", "widget", "api"].includes(facts.channel)) {
      const [connection] = await tx
        .select({ status: channelConnections.status, settings: channelConnections.settings })
        .from(channelConnections)
        .where(
          and(
            eq(channelConnections.botId, facts.botId),
            eq(channelConnections.channel, facts.channel as "line"),
          ),
        );
      connectionActive = connection?.status === "active";
      humanAgentTag = connection?.settings?.humanAgentTag === true;
    }
    return composerState(
      {
        channel: facts.channel,
        lastCustomerMessageAt: facts.lastCustomerMessageAt,
        replyToken: facts.replyToken,
        replyTokenAt: facts.replyTokenAt,
        optedOut: facts.optedOutAt !== null,
        connectionActive,
        humanAgentTag,
        // LINE and Meta fetch images themselves, from a public HTTPS address (TikTok's are
        // uploaded).
        imagesAllowed: ["line", "messenger", "instagram"].includes(facts.channel)
          ? deps.publicUrl.startsWith("https://")
          : true,
      },
      now(),
    );
  }

  /** A teammate's reply to a LINE contact, as a delivery: by the free reply token while fresh. */
  async function lineDelivery(
    tx: Db,
    input: {
      conversation: { id: string; botId: string; contactId: string; workspaceId: string | null };
      messageId: string;
      text: string;
      attachmentId: string | null;
      senderName: string;
    },
  ): Promise<DeliveryInput> {
    const { conversation } = input;
    // The token is used once: taken from the contact now, whoever sends next pushes (the
    // conversation's row is locked, so two replies at once take it one after the other).
    const [token] = await tx
      .select({ token: contacts.replyToken, at: contacts.replyTokenAt })
      .from(contacts)
      .where(eq(contacts.id, conversation.contactId));
    if (token?.token) {
      await tx
        .update(contacts)
        .set({ replyToken: null, replyTokenAt: null, updatedAt: sql`${contacts.updatedAt}` })
        .where(eq(contacts.id, conversation.contactId));
    }
    const [target] = await tx
      .select({
        externalId: contacts.externalId,
        connectionId: channelConnections.id,
        ownerId: channelConnections.ownerId,
      })
      .from(contacts)
      .innerJoin(
        channelConnections,
        and(eq(channelConnections.botId, contacts.botId), eq(channelConnections.channel, "line")),
      )
      .where(eq(contacts.id, conversation.contactId));
    if (!target) throw new AppError("CONFLICT", { fields: { text: "channel_disconnected" } });
    const sender = { name: input.senderName.slice(0, 20) || "Staff" };
    const requests: unknown[][] = input.text ? formatLineMessages(input.text, { sender }) : [];
    if (input.attachmentId) {
      const url = signedMediaUrl(deps.publicUrl, deps.mediaKey, input.attachmentId);
      const image = { type: "image", originalContentUrl: url, previewImageUrl: url, sender };
      const last = requests.at(-1);
      if (last && last.length < 5) last.push(image);
      else requests.push([image]);
    }
    const tokenAt = token?.at ? new Date(token.at) : null;
    const payload: LineDeliveryPayload = {
      to: target.externalId,
      chatType: "user",
      contactId: conversation.contactId,
      messageId: input.messageId,
      ...(token?.token ? { replyToken: token.token } : {}),
      occurredAt: tokenAt?.getTime() ?? 0,
      requests,
    };
    return {
      kind: "channel_message",
      channel: "line",
      targetId: target.connectionId,
      ownerId: target.ownerId,
      botId: conversation.botId,
      event: "message",
      idempotencyKey: `line:${input.messageId}`,
      payload: payload as unknown as Record<string, unknown>,
      maxAttempts: 10,
    };
  }
}

export type Inbox = ReturnType<typeof createInbox>;

function toCanned(row: typeof cannedReplies.$inferSelect): CannedReplyDto {
  return {
    id: row.id,
    shortcut: row.shortcut,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function parseImage(text: string, image: string | null) {
  if (!image) return null;
  try {
    return validateChatMessage({ text: text || "image", image }).image;
  } catch (error) {
    if (error instanceof EngineError) {
      throw new AppError(engineErrorHttp[error.code].apiCode as ErrorCode, {
        message: error.message,
        fields: { image: error.code === "IMAGE_TOO_LARGE" ? "tooLarge" : "invalid" },
      });
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}
