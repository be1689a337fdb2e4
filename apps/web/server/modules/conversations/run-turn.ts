import { createHash, randomUUID } from "node:crypto";
import type { ErrorCode } from "@jai/contracts";
import type {
  ChatCancelReason,
  ChatMessageDto,
  ChatSource,
  ChatTurnIds,
  ChatTurnStatus,
} from "@jai/contracts/chat";
import type { HandoffSettings } from "@jai/contracts/inbox";
import {
  and,
  attachments,
  bots,
  conversations,
  type Db,
  desc,
  eq,
  inArray,
  isDatabaseUnavailableError,
  isNotNull,
  type MessageMedia,
  type MessageSource,
  messages,
  notInArray,
  sql,
} from "@jai/db";
import {
  type ChatMessage,
  type Engine,
  EngineError,
  engineErrorHttp,
  isForgetMeRequest,
  type ParsedImage,
  resolveReplyLanguage,
  type SearchIndex,
  type TurnInput,
  type TurnResult,
  type ValidChatMessage,
  validateChatMessage,
} from "@jai/engine";
import { AppError } from "../../http/errors";
import { describeError, type Logger } from "../../logger";
import type { BotIndexCache } from "../../services/bots/bot-index-cache";
import type { ChatBot } from "../../services/bots/load-chat-bot";
import {
  admitContact,
  type RefusalReason,
  refusedReply,
  refusedTurnErrorKind,
  refusedTurnMessage,
} from "../billing/users-per-month";
import type { DomainEvent, DomainEventSink } from "../events/domain-events";
import { applyTransition, lockConversation, touchLastMessage } from "../inbox/conversation-changes";
import { handoffMessage } from "../inbox/handoff-messages";
import { botHandoffSettings, workspaceBusinessHours } from "../inbox/handoff-settings";
import { recordInboxEvent } from "../inbox/inbox-events";
import type { VectorRanker } from "../knowledge/vector-ranking";
import type { ActiveTurn, ActiveTurns } from "./active-turns";
import { forgetMeTurn } from "./contact-memory";
import { externalIdMaxChars, type TurnParticipant, upsertContact } from "./contacts";
import { curatedTurn, findCuratedAnswer, recordCuratedHit } from "./curated-turn";
import { isUuid } from "./is-uuid";
import { redactSecrets } from "./redact-secrets";
import { toMessageDto } from "./to-message-dto";
import {
  handoffLanguage,
  handoffReason,
  handoffReply,
  isQuestion,
  queueNewConversationAlert,
  recordReplyOnConversation,
  silentReply,
} from "./turn-handoff";

export type { TurnParticipant } from "./contacts";

export type ChatTurnDeps = {
  db: Db;
  engine: Engine;
  indexes: BotIndexCache;
  logger: Logger;
  /** Configured API keys: never logged, even inside a provider's error message. */
  secrets: readonly (string | undefined)[];
  /** This process (see instance-heartbeat.ts), recorded on the reply while it streams. */
  instanceId?: string;
  /** The turns a shutdown waits for, then cancels (see active-turns.ts). */
  activeTurns?: ActiveTurns;
  /** Where `conversation.created`, `contact.created` and `message.created` go (webhooks). */
  events?: DomainEventSink;
  /** Hybrid retrieval: ranks the bot's chunks by embedding (none: BM25 alone). */
  vectors?: VectorRanker;
  /** Called after a team alert was queued (a handoff, a new conversation): wakes its job. */
  onNotificationQueued?: () => void;
};

/** What the person sent, whatever the channel: text, a photo, a shared location. */
export type TurnMessage = {
  /** The text (a channel's sticker arrives as its description, e.g. "[sticker: happy]"). */
  text: string;
  /** A `data:image/…;base64,…` URL, checked like any upload. */
  image?: string | null;
  /** A shared map location; the model reads it as text. */
  location?: { latitude: number; longitude: number; title?: string | null } | null;
};

export type RunTurnInput = {
  chatBot: ChatBot;
  /** Who sent it, on which channel. */
  participant: TurnParticipant;
  message: TurnMessage;
  /** The conversation to continue; none starts one. */
  conversationId?: string | null;
  /**
   * Whose conversations may be continued: the participant's own (browsers, chat apps), or any
   * of the bot's (the API, whose key holder owns the bot). Default "contact".
   */
  conversationScope?: "contact" | "bot";
  /** The page's language ("en"), stored on a new conversation; replies follow the persona. */
  language?: string | null;
  /**
   * The language the contact is known to speak ("th", "en"), learnt by chat-app channels from
   * what they write: the reply follows it (a Thai customer gets Thai even from a persona set to
   * English; a sticker or a photo is answered in the language of their last words). Personas in
   * other languages (Spanish …) keep theirs.
   */
  contactLanguage?: "th" | "en" | null;
  /** Aborted when the client goes away: the provider call stops, the partial reply is kept. */
  signal?: AbortSignal;
  /**
   * The persona builder's live preview of an unsaved draft: the same turn, but nothing is
   * stored (no contact, conversation or message), the history comes with the request, and the
   * engine builds its index from the draft itself.
   */
  preview?: { history: ChatMessage[] };
};

/** @deprecated the old name of RunTurnInput. */
export type ChatTurnInput = RunTurnInput;

/** How a turn ended, as stored. */
export type ChatTurnOutcome = ChatTurnIds & {
  status: ChatTurnStatus;
  /** The stored reply: the answer, the part streamed before a cancel, or the apology. */
  reply: string;
  botMessage: ChatMessageDto;
  /** For failed turns: what went wrong with the provider (its kind only). */
  errorKind?: string;
  /** For cancelled turns the visitor did not stop: why (the server restarted). */
  reason?: ChatCancelReason;
  /** The language the reply is in ("th", "en" …). */
  language?: string;
  /** Whether the reply drew on the bot's FAQs or knowledge (false: the bot did not know). */
  answered: boolean;
  /** What the reply was answered from, best first (as stored); empty when nothing. */
  sources: ChatSource[];
  /** The reply told the customer a person will answer (the conversation is now pending). */
  handedOff?: boolean;
  /**
   * The bot did not answer: the plan takes no new contact this month ("usersPerMonth") or is
   * paused (trial over, read-only). The reply is the stored polite notice.
   */
  refused?: RefusalReason;
};

export type ChatTurn = {
  ids: ChatTurnIds;
  /** The participant's contact on this bot. */
  contactId: string;
  userMessage: ChatMessageDto;
  /**
   * The reply's text as it streams; returns the stored outcome. Iterate it to the end: stopping
   * early cancels the provider call and stores what came so far as `cancelled`.
   */
  reply: AsyncGenerator<string, ChatTurnOutcome, undefined>;
};

/** History a model sees (the seed's "last 10 messages"). */
const historyMessages = 10;

/** The environment variable that holds each provider's key, for the operator's warning. */
const providerKeyVariables: Record<string, string> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GOOGLE_API_KEY",
};

/**
 * One chat turn with a bot, the way every channel runs it (the hosted page, the widget, the API,
 * chat apps): nothing here knows about HTTP, cookies or a channel's wire format.
 *
 * 1. validate the message (length, a real image) before anything is stored;
 * 2. find or create the participant's contact, and store the user's message (and image) and a
 *    `streaming` bot message in one transaction, so the message survives whatever the provider
 *    does next;
 * 3. load the last 10 messages of the conversation from the database (the client's history is
 *    never trusted) and the bot's cached retrieval index;
 * 4. stream the reply from the engine (which retrieves, builds the prompt and calls the
 *    provider with timeouts, retries and a circuit breaker);
 * 5. store the reply with its status, usage and latency: `failed` turns store the apology,
 *    `cancelled` ones (the client went away) the part streamed so far.
 *
 * Throws AppError before anything is stored: VALIDATION_FAILED, PAYLOAD_TOO_LARGE,
 * UNSUPPORTED_MEDIA_TYPE (the message), NOT_FOUND (a conversation that is not this contact's),
 * SERVICE_UNAVAILABLE (the database, or the server is shutting down).
 *
 * The turn counts in `deps.activeTurns` until its reply is stored, so a shutdown waits for it;
 * when the shutdown stops waiting, the turn ends `cancelled` with the reason `server_restart`.
 */
export async function runTurn(deps: ChatTurnDeps, input: RunTurnInput): Promise<ChatTurn> {
  const { activeTurns } = deps;
  const message = validateMessage(input.message);
  validateParticipant(input.participant);
  if (activeTurns?.isAborted) {
    throw new AppError("SERVICE_UNAVAILABLE", { message: "the server is shutting down" });
  }
  const active = activeTurns?.begin();
  try {
    return await startChatTurn(deps, input, message, active);
  } catch (error) {
    active?.end();
    throw error;
  }
}

async function startChatTurn(
  deps: ChatTurnDeps,
  input: RunTurnInput,
  message: ValidChatMessage,
  active: ActiveTurn | undefined,
): Promise<ChatTurn> {
  const { db, engine, logger, activeTurns } = deps;
  const { chatBot } = input;
  const { bot } = chatBot;
  const persona =
    input.contactLanguage && ["auto", "english", "thai"].includes(chatBot.persona.language)
      ? {
          ...chatBot.persona,
          language: input.contactLanguage === "th" ? ("thai" as const) : ("english" as const),
        }
      : chatBot.persona;
  const signal =
    active && input.signal
      ? AbortSignal.any([input.signal, active.signal])
      : (active?.signal ?? input.signal);
  // The owner's key is redacted from logs like the configured ones.
  const turnDeps: ChatTurnDeps = chatBot.providerKey
    ? { ...deps, secrets: [...deps.secrets, chatBot.providerKey] }
    : deps;

  const location = input.message.location ?? null;
  const preview = input.preview;
  const stored = preview
    ? previewUserTurn(message)
    : await storeUserTurn(db, {
        botId: bot.id,
        participant: input.participant,
        conversationId: input.conversationId ?? undefined,
        conversationScope: input.conversationScope ?? "contact",
        language: normalizeLanguage(input.language ?? undefined),
        message,
        location,
        instanceId: deps.instanceId ?? null,
        workspaceId: bot.ownerId,
        handoff: botHandoffSettings(bot.handoff),
        replyLanguage: handoffLanguage(persona.language, message.text),
        gender: persona.gender,
      });
  if (stored.notificationQueued) deps.onNotificationQueued?.();
  const persist = !preview;
  const ids: ChatTurnIds = {
    conversationId: stored.conversationId,
    userMessageId: stored.userMessage.id,
    botMessageId: stored.botMessageId,
  };
  const events = persist ? deps.events : undefined;
  if (events && bot.ownerId) {
    void publishStoredTurn(events, logger, {
      ownerId: bot.ownerId,
      botId: bot.id,
      channel: input.participant.channel,
      stored,
    });
  }

  // A person answers this conversation: the message is stored, the bot stays silent.
  if (stored.mode === "silent") {
    active?.end();
    return {
      ids,
      contactId: stored.contactId,
      userMessage: stored.userMessage,
      reply: silentReply(ids),
    };
  }
  // The plan takes no new contact now (billing/users-per-month.ts): the customer is told so
  // politely (stored with their message, visible in the inbox), no model.
  if (stored.mode === "refused" && stored.handoffReply && stored.refused) {
    active?.end();
    const botMessage = stored.handoffReply;
    if (events && bot.ownerId) {
      void publish(events, logger, [
        messageCreated(bot.ownerId, bot.id, stored.conversationId, botMessage),
      ]);
    }
    return {
      ids,
      contactId: stored.contactId,
      userMessage: stored.userMessage,
      reply: refusedReply(ids, botMessage, stored.replyLanguage, stored.refused),
    };
  }
  // The customer asked for a person: they are told so (stored with their message), no model.
  if (stored.mode === "handoff" && stored.handoffReply) {
    active?.end();
    const botMessage = stored.handoffReply;
    if (events && bot.ownerId) {
      void publish(events, logger, [
        messageCreated(bot.ownerId, bot.id, stored.conversationId, botMessage),
      ]);
    }
    return {
      ids,
      contactId: stored.contactId,
      userMessage: stored.userMessage,
      reply: handoffReply(ids, botMessage, stored.replyLanguage),
    };
  }

  // The owner's curated answer to this question, matched before retrieval while the history
  // and index load (curated-turn.ts; it never fails). Not for "forget me", photos or places.
  const replyLanguage = resolveReplyLanguage(persona.language, message.text).language;
  const curatedLookup =
    preview || isForgetMeRequest(message.text) || message.image || location
      ? null
      : findCuratedAnswer(deps, { botId: bot.id, text: message.text, replyLanguage });
  // Hybrid retrieval's vector ranking, while the history and index load (it never fails).
  const vectorRanking = preview ? undefined : deps.vectors?.rank(chatBot, message.text, signal);
  const history = preview
    ? preview.history
    : await loadHistory(db, ids).catch((error: unknown) => {
        // The message is stored; answering without history beats failing the turn.
        logger.warn("chat history not loaded", { botId: bot.id, ...describeError(error) });
        return [] as ChatMessage[];
      });
  // A draft has no index of its own: the engine builds one from its FAQs and knowledge base.
  const index = preview
    ? null
    : await deps.indexes.get(chatBot).catch((error: unknown): SearchIndex | null => {
        // Without the bot's index the engine falls back to the persona's own FAQs.
        logger.warn("bot index not built", { botId: bot.id, ...describeError(error) });
        return null;
      });

  // "Forget me": the contact's memory is erased and the confirmation stored as the reply,
  // without a provider call (contact-memory.ts).
  const isForgetMe = persist && isForgetMeRequest(message.text);
  // A verbatim curated answer is the reply itself; any other goes to the engine to answer from.
  const curated = await curatedLookup;
  const streamTurn = (turn: TurnInput) =>
    isForgetMe
      ? forgetMeTurn({
          db,
          logger,
          contactId: stored.contactId,
          message: message.text,
          gender: persona.gender,
        })
      : curated?.verbatim
        ? curatedTurn(curated, replyLanguage)
        : engine.streamReply(curated ? { ...turn, curated } : turn);

  const startedAt = performance.now();
  // Cancelled by a shutdown rather than by the visitor: the page asks them to send again.
  const withReason = (outcome: ChatTurnOutcome): ChatTurnOutcome =>
    outcome.status === "cancelled" && activeTurns?.isAborted
      ? { ...outcome, reason: "server_restart" }
      : outcome;

  async function* reply(): AsyncGenerator<string, ChatTurnOutcome, undefined> {
    let streamed = "";
    let result: TurnResult | undefined;
    let outcome: ChatTurnOutcome | undefined;
    try {
      for await (const event of streamTurn({
        bot: {
          name: bot.name,
          description: bot.description,
          purpose: bot.purpose,
          provider: bot.aiProvider,
          model: bot.aiModel,
        },
        persona,
        history,
        message: location ? describeLocation(message.text, location) : message.text,
        image: message.image,
        index,
        vectorRanking: await vectorRanking,
        // The owner's own key, when they gave one; otherwise the server's configured key.
        ...(chatBot.providerKey ? { providerSettings: { apiKey: chatBot.providerKey } } : {}),
        signal,
        seed: `${ids.conversationId}:${history.length}`,
        // What the bot remembers about the contact from earlier conversations.
        memory: stored.memory,
      })) {
        if (event.type === "token") {
          streamed += event.text;
          yield event.text;
        } else {
          result = event.result;
        }
      }
      // Could the bot answer? Small talk needs no knowledge; anything else without a source
      // is a reply that did not know (the streak hands the conversation to a person).
      // A curated answer answers whatever it was written for, small talk included.
      const asked =
        persist &&
        !isForgetMe &&
        result?.status === "completed" &&
        (isQuestion(message, location) || curated !== null);
      const unanswered = asked && result?.sources.length === 0;
      const handoffSettings = botHandoffSettings(bot.handoff);
      const handsOff =
        unanswered &&
        bot.ownerId !== null &&
        handoffSettings.afterUnanswered > 0 &&
        stored.unansweredStreak + 1 >= handoffSettings.afterUnanswered;
      if (handsOff && result) {
        const note = handoffMessage({
          settings: handoffSettings,
          hours: await workspaceBusinessHours(db, bot.ownerId).catch(() => null),
          language: stored.replyLanguage,
          gender: persona.gender,
          at: new Date(),
        });
        const addition = `\n\n${note}`;
        streamed += addition;
        yield addition;
        result = { ...result, reply: `${result.reply}${addition}` };
      }
      outcome = withReason(
        await storeReply(
          turnDeps,
          { ...ids, botId: bot.id },
          result ?? cancelledResult(streamed, bot, startedAt),
          persist,
        ),
      );
      if (events && bot.ownerId && outcome.status !== "failed") {
        void publish(events, logger, [
          messageCreated(bot.ownerId, bot.id, stored.conversationId, outcome.botMessage),
        ]);
      }
      if (persist) {
        await recordReplyOnConversation(turnDeps, {
          conversationId: stored.conversationId,
          messageId: ids.botMessageId,
          reply: outcome.reply,
          status: outcome.status,
          unanswered,
          // The dashboard's answered / unanswered: only replies to questions count.
          asked,
          handsOff,
        });
        const curatedSource = outcome.sources.find((source) => source.kind === "curated");
        if (curatedSource?.sourceId && outcome.status === "completed") {
          void recordCuratedHit(turnDeps, curatedSource.sourceId);
        }
      }
      return handsOff ? { ...outcome, handedOff: true } : outcome;
    } finally {
      try {
        // The caller stopped listening before the end: keep what was streamed, as cancelled.
        if (!outcome) {
          await storeReply(
            turnDeps,
            { ...ids, botId: bot.id },
            cancelledResult(streamed, bot, startedAt),
            persist,
          );
        }
      } finally {
        active?.end();
      }
    }
  }

  return { ids, contactId: stored.contactId, userMessage: stored.userMessage, reply: reply() };
}

function validateMessage(message: TurnMessage): ValidChatMessage {
  const location = message.location;
  if (
    location &&
    !(
      Number.isFinite(location.latitude) &&
      Math.abs(location.latitude) <= 90 &&
      Number.isFinite(location.longitude) &&
      Math.abs(location.longitude) <= 180
    )
  ) {
    throw new AppError("VALIDATION_FAILED", { fields: { location: "invalid" } });
  }
  try {
    return validateChatMessage({
      // A location alone is a message: the model reads it as text.
      text: message.text.trim() || !location ? message.text : (location.title ?? "📍"),
      image: message.image ?? null,
    });
  } catch (error) {
    if (error instanceof EngineError) {
      throw new AppError(engineErrorHttp[error.code].apiCode as ErrorCode, {
        message: error.message,
        fields: engineErrorFields[error.code],
      });
    }
    throw error;
  }
}

/** Which request field each engine error is about, and what is wrong with it. */
const engineErrorFields: Record<EngineError["code"], Record<string, string>> = {
  MESSAGE_EMPTY: { message: "missing" },
  MESSAGE_TOO_LONG: { message: "tooLong" },
  IMAGE_INVALID: { image: "invalid" },
  IMAGE_TOO_LARGE: { image: "tooLarge" },
  IMAGE_UNSUPPORTED_TYPE: { image: "unsupportedType" },
  PERSONA_INVALID: { persona: "invalid" },
};

function validateParticipant(participant: TurnParticipant) {
  const id = participant.externalId;
  if (!id || id.length > externalIdMaxChars || id.trim() !== id) {
    throw new AppError("VALIDATION_FAILED", { fields: { contact: "invalid" } });
  }
}

type StoredUserTurn = {
  conversationId: string;
  contactId: string;
  contactCreated: boolean;
  conversationCreated: boolean;
  userMessage: ChatMessageDto;
  /** "" when the bot does not reply (silent). */
  botMessageId: string;
  /** What the bot remembers about the contact (contacts.memory); null for a preview. */
  memory: string | null;
  /**
   * Who answers: the bot (a model turn follows), nobody now (`silent`: a person answers the
   * conversation), or the handoff notice just stored (`handoff`, in `handoffReply`), or the
   * plan's polite refusal just stored (`refused`, in `handoffReply`, why in `refused`).
   */
  mode: "bot" | "silent" | "handoff" | "refused";
  handoffReply?: ChatMessageDto;
  refused?: RefusalReason;
  /** Replies in a row the bot could not answer, before this turn. */
  unansweredStreak: number;
  replyLanguage: "th" | "en";
  /** A team alert was queued with the message (wake the notifications job). */
  notificationQueued: boolean;
};

async function storeUserTurn(
  db: Db,
  input: {
    botId: string;
    participant: TurnParticipant;
    conversationId: string | undefined;
    conversationScope: "contact" | "bot";
    language: string | null;
    message: ValidChatMessage;
    location: TurnMessage["location"];
    instanceId: string | null;
    /** The bot's owner (its workspace); null for the Demo Bot, which has no team. */
    workspaceId: string | null;
    handoff: HandoffSettings;
    /** The language the customer is told things in when no model writes the reply. */
    replyLanguage: "th" | "en";
    gender: string;
  },
): Promise<StoredUserTurn> {
  const { botId, message, location, participant } = input;
  const userMessageId = randomUUID();
  const botMessageId = randomUUID();
  const attachmentId = message.image ? randomUUID() : undefined;
  // The photo's address is the hosted page's; each channel's API serves it to its own contact.
  const media: MessageMedia | null = attachmentId
    ? { type: "photo", url: `/api/bots/${botId}/attachments/${attachmentId}` }
    : location
      ? { type: "map", latitude: location.latitude, longitude: location.longitude }
      : null;
  // Set here rather than by the database: both rows are written in one transaction (one now()),
  // and the reply must sort after the message it answers.
  const userCreatedAt = new Date();
  const botCreatedAt = new Date(userCreatedAt.getTime() + 1);

  try {
    return await db.transaction(async (tx) => {
      const contact = await upsertContact(tx, botId, participant, userCreatedAt);
      const contactId = contact.id;

      let conversationId = input.conversationId;
      let conversationCreated = false;
      if (conversationId) {
        const [owned] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(
            and(
              eq(conversations.id, conversationId),
              eq(conversations.botId, botId),
              input.conversationScope === "bot"
                ? undefined
                : eq(conversations.contactId, contactId),
            ),
          );
        // Someone else's conversation (or none): the same answer either way.
        if (!owned) throw new AppError("NOT_FOUND", { message: "conversation not found" });
      } else {
        const [created] = await tx
          .insert(conversations)
          .values({
            botId,
            contactId,
            channel: participant.channel,
            language: input.language,
            workspaceId: input.workspaceId,
            lastMessageAt: userCreatedAt,
          })
          .returning({ id: conversations.id });
        conversationId = created!.id;
        conversationCreated = true;
      }
      // Who answers (the inbox's state machine, conversation-state.ts), decided under a lock
      // so a teammate taking over at this moment is seen by this message, or sees it.
      const conversation = (await lockConversation(tx, conversationId))!;
      const unansweredStreak = conversation.unansweredStreak;

      const [userRow] = await tx
        .insert(messages)
        .values({
          id: userMessageId,
          conversationId,
          botId,
          sender: "user",
          content: message.text,
          media,
          status: "completed",
          createdAt: userCreatedAt,
          completedAt: userCreatedAt,
        })
        .returning();
      if (attachmentId && message.image) {
        await tx.insert(attachments).values({
          id: attachmentId,
          botId,
          contactId,
          messageId: userMessageId,
          mimeType: message.image.mediaType,
          byteSize: message.image.bytes.byteLength,
          sha256: sha256Hex(message.image),
          data: message.image.bytes,
        });
      }
      await touchLastMessage(tx, conversationId, {
        sender: "user",
        content: message.text,
        at: userCreatedAt,
        hasMedia: media !== null,
      });
      await recordInboxEvent(tx, {
        workspaceId: input.workspaceId,
        conversationId,
        kind: "message",
        messageId: userMessageId,
      });
      // Users per month and paused plans (billing/users-per-month.ts); never the Demo Bot.
      const admission = input.workspaceId
        ? await admitContact(tx, { ownerId: input.workspaceId, contactId, now: userCreatedAt })
        : ({ admitted: true } as const);

      // The customer's message may bring the conversation back (resolved, snoozed) or ask
      // for a person; each change is an event in the transcript, after the message.
      let eventAt = botCreatedAt.getTime();
      const at = () => new Date(eventAt++);
      const customer = await applyTransition(tx, conversation, {
        type: "customer_message",
        reopenToBot: input.handoff.reopenToBot,
        at: at(),
      });
      let notificationQueued = customer.notificationQueued;
      const reason =
        conversation.status === "bot" && input.workspaceId && admission.admitted
          ? handoffReason(message.text, input.handoff)
          : null;
      if (reason) {
        const requested = await applyTransition(
          tx,
          conversation,
          { type: "handoff_requested", reason, at: at() },
          { alert: { preview: message.text.slice(0, 140) } },
        );
        notificationQueued ||= requested.notificationQueued;
      }
      if (conversationCreated && input.workspaceId) {
        notificationQueued ||= await queueNewConversationAlert(tx, {
          workspaceId: input.workspaceId,
          botId,
          conversationId,
          channel: participant.channel,
          preview: message.text.slice(0, 140),
        });
      }

      const base = {
        conversationId,
        contactId,
        contactCreated: contact.created,
        conversationCreated,
        userMessage: toMessageDto(userRow!),
        memory: contact.memory,
        unansweredStreak,
        replyLanguage: input.replyLanguage,
        notificationQueued,
      };
      if (!admission.admitted && conversation.status === "bot") {
        // Not the bot's to answer now: the customer is told politely, the team sees it all.
        const text = refusedTurnMessage(input.replyLanguage, input.gender);
        const replyAt = at();
        const [botRow] = await tx
          .insert(messages)
          .values({
            id: botMessageId,
            conversationId,
            botId,
            sender: "bot",
            content: text,
            status: "completed",
            provider: "system",
            errorKind: refusedTurnErrorKind[admission.reason],
            createdAt: replyAt,
            completedAt: replyAt,
          })
          .returning();
        await touchLastMessage(tx, conversationId, { sender: "bot", content: text, at: replyAt });
        await recordInboxEvent(tx, {
          workspaceId: input.workspaceId,
          conversationId,
          kind: "message",
          messageId: botMessageId,
        });
        return {
          ...base,
          mode: "refused" as const,
          botMessageId,
          handoffReply: toMessageDto(botRow!),
          refused: admission.reason,
        };
      }
      if (conversation.status !== "bot") {
        if (!reason) return { ...base, mode: "silent" as const, botMessageId: "" };
        // Asked for a person just now: the customer is told so, in their language.
        const text = handoffMessage({
          settings: input.handoff,
          hours: await workspaceBusinessHours(tx, input.workspaceId),
          language: input.replyLanguage,
          gender: input.gender,
          at: userCreatedAt,
        });
        const replyAt = at();
        const [botRow] = await tx
          .insert(messages)
          .values({
            id: botMessageId,
            conversationId,
            botId,
            sender: "bot",
            content: text,
            status: "completed",
            provider: "system",
            createdAt: replyAt,
            completedAt: replyAt,
          })
          .returning();
        await touchLastMessage(tx, conversationId, { sender: "bot", content: text, at: replyAt });
        await recordInboxEvent(tx, {
          workspaceId: input.workspaceId,
          conversationId,
          kind: "message",
          messageId: botMessageId,
        });
        return {
          ...base,
          mode: "handoff" as const,
          botMessageId,
          handoffReply: toMessageDto(botRow!),
        };
      }
      await tx.insert(messages).values({
        id: botMessageId,
        conversationId,
        botId,
        sender: "bot",
        content: "",
        status: "streaming",
        instanceId: input.instanceId,
        createdAt: at(),
      });
      return { ...base, mode: "bot" as const, botMessageId };
    });
  } catch (error) {
    if (isDatabaseUnavailableError(error)) {
      throw new AppError("SERVICE_UNAVAILABLE", { message: "database unavailable", cause: error });
    }
    throw error;
  }
}

/** A preview's user turn: ids and the message as a DTO, nothing written. */
function previewUserTurn(message: ValidChatMessage): StoredUserTurn {
  const now = new Date();
  const userMessage: ChatMessageDto = {
    id: randomUUID(),
    sender: "user",
    content: message.text,
    media: null,
    status: "completed",
    createdAt: now.toISOString(),
  };
  return {
    conversationId: randomUUID(),
    contactId: "",
    contactCreated: false,
    conversationCreated: false,
    userMessage,
    botMessageId: randomUUID(),
    memory: null,
    mode: "bot",
    unansweredStreak: 0,
    replyLanguage: "en",
    notificationQueued: false,
  };
}

/**
 * The conversation before this turn, oldest first, as the model should see it: completed and
 * cancelled (partial) replies, never failed turns' apologies or replies still streaming.
 */
async function loadHistory(db: Db, ids: ChatTurnIds): Promise<ChatMessage[]> {
  const rows = await db
    .select({ sender: messages.sender, content: messages.content, media: messages.media })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, ids.conversationId),
        inArray(messages.status, ["completed", "cancelled"]),
        // The team's events ("Nok took over") are not part of the conversation.
        inArray(messages.sender, ["user", "bot", "human"]),
        notInArray(messages.id, [ids.userMessageId, ids.botMessageId]),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(historyMessages);
  const history: ChatMessage[] = [];
  for (const row of rows.reverse()) {
    const content =
      row.content.trim() || (row.media?.type === "photo" ? "[The user shared an image]" : "");
    if (!content) continue;
    history.push({ role: row.sender === "user" ? "user" : "assistant", content });
  }
  return history;
}

async function storeReply(
  deps: ChatTurnDeps,
  { botId, ...ids }: ChatTurnIds & { botId: string },
  result: TurnResult,
  persist: boolean,
): Promise<ChatTurnOutcome> {
  const { db, logger } = deps;
  const completedAt = new Date();
  // An apology was built from nothing; a partial (cancelled) reply from what the model was given.
  const sources = result.status === "failed" ? [] : toMessageSources(result.sources);
  const values = {
    content: result.reply,
    status: result.status,
    provider: result.provider,
    model: result.model || null,
    inputTokens: result.usage?.inputTokens ?? null,
    outputTokens: result.usage?.outputTokens ?? null,
    firstTokenMs:
      result.latency.firstTokenMs === undefined ? null : Math.round(result.latency.firstTokenMs),
    latencyMs: Math.round(result.latency.totalMs),
    errorKind: result.error?.kind ?? null,
    sources: sources.length > 0 ? sources : null,
    // Replies given from one of the owner's curated answers (the dashboard counts them).
    curatedAnswerId: sources.find((source) => source.kind === "curated")?.sourceId ?? null,
    completedAt,
  };
  let createdAt = completedAt;
  try {
    const [row] = !persist
      ? []
      : await db
          .update(messages)
          .set(values)
          .where(eq(messages.id, ids.botMessageId))
          .returning({ createdAt: messages.createdAt });
    if (row) createdAt = row.createdAt;
  } catch (error) {
    // The visitor has the reply on screen; the row stays `streaming` until a sweep closes it
    // (see markInterruptedTurns).
    logger.error("chat reply not stored", { ...ids, ...describeError(error) });
  }
  if (persist) await recordProviderHealth(deps, botId, result);

  if (result.status === "failed") logFailure(deps, ids, result);
  else
    logger.debug("chat turn", {
      ...ids,
      status: result.status,
      provider: result.provider,
      latencyMs: values.latencyMs,
    });

  return {
    ...ids,
    status: result.status,
    reply: result.reply,
    botMessage: {
      id: ids.botMessageId,
      sender: "bot",
      content: result.reply,
      media: null,
      status: result.status,
      createdAt: createdAt.toISOString(),
    },
    ...(result.error ? { errorKind: result.error.kind } : {}),
    ...(result.language ? { language: result.language } : {}),
    answered: result.status === "completed" && sources.length > 0,
    sources,
  };
}

/**
 * What a reply was built from, as stored on the message: the passage's id, its knowledge
 * source's id (the part of "<source id>#<n>" before "#", when it is one), kind and title. A
 * curated answer ("curated:<id>") has its id as the source's.
 */
export function toMessageSources(used: TurnResult["sources"] | undefined): MessageSource[] {
  return (used ?? []).map((source) => {
    if (source.kind === "curated") {
      const id = source.id.slice("curated:".length);
      return {
        passageId: source.id,
        sourceId: isUuid(id) ? id : null,
        kind: "curated",
        title: source.source,
      };
    }
    const sourceId = source.id.split("#")[0] ?? "";
    return {
      passageId: source.id,
      sourceId: source.id.includes("#") && isUuid(sourceId) ? sourceId : null,
      kind: source.kind,
      title: source.source,
    };
  });
}

/** Failures customers keep meeting until the owner acts: the console shows them in red. */
const ownerProblemKinds = new Set(["auth", "quota", "config"]);

/**
 * Keeps `bots.provider_error` in step with what customers meet: a failure the owner must fix
 * (a refused key, a used-up quota, no key) sets it, in words without any key; a completed turn
 * clears it (one update that touches no row while it is clear). Other failures (a timeout, the
 * provider down) pass by themselves and leave it as it is. `updated_at` is the owner's edits:
 * kept.
 */
async function recordProviderHealth(deps: ChatTurnDeps, botId: string, result: TurnResult) {
  const kind = result.error?.kind;
  const isProblem = result.status === "failed" && kind !== undefined && ownerProblemKinds.has(kind);
  if (!isProblem && result.status !== "completed") return;
  // A reply no provider wrote (a forget-me confirmation) proves nothing about the provider.
  if (!isProblem && result.provider === "system") return;
  try {
    if (isProblem) {
      await deps.db
        .update(bots)
        .set({
          providerError: failureReason(result).slice(0, 300),
          providerErrorKind: kind,
          providerErrorAt: new Date(),
          updatedAt: sql`${bots.updatedAt}`,
        })
        .where(eq(bots.id, botId));
    } else {
      await deps.db
        .update(bots)
        .set({
          providerError: null,
          providerErrorKind: null,
          providerErrorAt: null,
          updatedAt: sql`${bots.updatedAt}`,
        })
        .where(and(eq(bots.id, botId), isNotNull(bots.providerError)));
    }
  } catch (error) {
    // The reply is stored and sent; the console learns at the next turn.
    deps.logger.error("provider health not recorded", { botId, ...describeError(error) });
  }
}

function logFailure(deps: ChatTurnDeps, ids: ChatTurnIds, result: TurnResult) {
  const { logger, secrets } = deps;
  const error = result.error;
  const fields = {
    ...ids,
    provider: result.provider,
    model: result.model,
    errorKind: error?.kind,
    httpStatus: error?.status,
    attempts: result.attempts,
    error: error ? redactSecrets(error.message, secrets).slice(0, 500) : undefined,
  };
  logger.warn(`chat turn failed: ${failureReason(result)}`, fields);
}

/** Why a turn failed, in words an operator and an owner read (never a key or a provider's text). */
function failureReason(result: TurnResult): string {
  const kind = result.error?.kind ?? "";
  if (kind === "config") {
    const variable = providerKeyVariables[result.provider];
    return variable
      ? `the bot uses provider "${result.provider}" but ${variable} is not set`
      : `provider "${result.provider}" is not configured`;
  }
  return failureMessages[kind] ?? "the provider did not answer";
}

/** What went wrong, for the kinds an operator reads differently from "the provider is down". */
const failureMessages: Record<string, string> = {
  auth: "the provider refused the key (the bot owner's or the server's)",
  quota: "the key's quota or credit is used up",
  overloaded: "too many calls to the provider in flight (bulkhead full)",
  circuit_open: "the provider failed too often just now (circuit open)",
};

/** The outcome when the engine never said how the turn ended (its consumer stopped early). */
function cancelledResult(text: string, bot: ChatBot["bot"], startedAt: number): TurnResult {
  return {
    status: "cancelled",
    reply: text,
    text,
    latency: { totalMs: performance.now() - startedAt },
    provider: bot.aiProvider,
    model: bot.aiModel ?? "",
    attempts: 0,
    language: "en",
    sources: [],
  };
}

/** A shared location as the model reads it: the place, then what the person wrote. */
function describeLocation(text: string, location: NonNullable<TurnMessage["location"]>): string {
  const place = `[The user shared a location: ${location.title ? `${location.title}, ` : ""}${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}]`;
  return text.trim() && text !== location.title ? `${place}\n${text}` : place;
}

/** The events of a stored user turn: a new contact, a new conversation, the message. */
function publishStoredTurn(
  events: DomainEventSink,
  logger: Logger,
  turn: {
    ownerId: string;
    botId: string;
    channel: TurnParticipant["channel"];
    stored: StoredUserTurn;
  },
) {
  const { ownerId, botId, channel, stored } = turn;
  const now = new Date().toISOString();
  const list: DomainEvent[] = [];
  if (stored.contactCreated) {
    list.push({
      type: "contact.created",
      id: `contact.created:${stored.contactId}`,
      ownerId,
      botId,
      occurredAt: now,
      data: { contact: { id: stored.contactId, botId, channel } },
    });
  }
  if (stored.conversationCreated) {
    list.push({
      type: "conversation.created",
      id: `conversation.created:${stored.conversationId}`,
      ownerId,
      botId,
      occurredAt: now,
      data: {
        conversation: {
          id: stored.conversationId,
          botId,
          channel,
          contactId: stored.contactId,
        },
      },
    });
  }
  list.push(messageCreated(ownerId, botId, stored.conversationId, stored.userMessage));
  return publish(events, logger, list);
}

function messageCreated(
  ownerId: string,
  botId: string,
  conversationId: string,
  message: ChatMessageDto,
): DomainEvent {
  return {
    type: "message.created",
    id: `message.created:${message.id}`,
    ownerId,
    botId,
    occurredAt: message.createdAt,
    data: { conversationId, botId, message },
  };
}

/** Webhooks must never fail or slow a turn: the sink only queues, and errors are logged. */
async function publish(events: DomainEventSink, logger: Logger, list: DomainEvent[]) {
  try {
    await events.publish(list);
  } catch (error) {
    logger.error("events not queued", { types: list.map((e) => e.type), ...describeError(error) });
  }
}

/** What the page says it speaks ("en", "th-TH"); anything else is not kept. */
function normalizeLanguage(value: string | undefined): string | null {
  const language = value?.trim();
  return language && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(language) ? language : null;
}

function sha256Hex(image: ParsedImage): string {
  return createHash("sha256").update(image.bytes).digest("hex");
}
