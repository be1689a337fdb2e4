import type {
  ChatCancelReason,
  ChatMedia,
  ChatMessageDto,
  ChatMessageStatus,
  ChatSender,
  ChatTurnIds,
  ConversationMessages,
  PublicBot,
} from "@jai/contracts/chat";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/toaster";
import { type ChatApi, ChatApiError } from "./chat-api";
import { useChatApi, useChatLocale, useChatMessages } from "./chat-context";
import {
  forgetConversationId,
  loadConversationId,
  saveConversationId,
} from "./conversation-storage";
import type { BotChatMessages } from "./messages";
import type { AttachedImage } from "./read-image-file";
import { useConversationEvents } from "./use-conversation-events";

/** One message on screen. */
export type ChatEntry = {
  /** Stable React key (a stored message keeps the key it had while streaming). */
  key: string;
  /** The stored message's id, once known (a turn's messages get theirs when it starts). */
  id?: string;
  sender: ChatSender;
  content: string;
  media: ChatMedia | null;
  status: ChatMessageStatus;
  /** Why a cancelled reply stopped, when the visitor did not stop it. */
  stopReason?: ChatCancelReason;
  /** A teammate's reply: their first name. */
  authorName?: string | null;
  /** A stored bot reply: the visitor's thumbs on it. */
  feedback?: "up" | "down" | null;
};

export type BotLoadState =
  | { phase: "loading" }
  | { phase: "ready"; bot: PublicBot }
  | { phase: "failed"; reason: "notFound" | "unreachable" };

export type BotChat = {
  load: BotLoadState;
  entries: ChatEntry[];
  /** A reply is pending: sending is blocked and the typing indicator shows until text arrives. */
  isReplying: boolean;
  /** The last finished reply, for screen readers (a live region). */
  announcement: string;
  /**
   * The last turn was handed to a person (the bot stayed silent): the chat says a team member
   * will reply here, until one does.
   */
  isWaitingForTeam: boolean;
  /**
   * Sends a message; false when nothing was sent (no bot, nothing to send, a reply pending).
   * The reply streams into `entries`.
   */
  send(text: string, image: AttachedImage | null): boolean;
  retryLoad(): void;
  /** The visitor typed: tells the team (at most every 3 s, once a conversation exists). */
  typing(): void;
  /**
   * The visitor's thumbs on a stored bot reply (null takes it back): shown at once, undone
   * when the server refuses; false when it could not be saved.
   */
  rate(messageId: string, rating: "up" | "down" | null, reason?: string): Promise<boolean>;
  /**
   * The satisfaction question (CSAT), once the team or the idle sweep asked it: its card shows
   * until answered (`score` set, this visit: the card thanks), then goes on the next load.
   */
  csat: ChatCsat | null;
  /** Answers it (1–5); false when it could not be saved. */
  answerCsat(score: number): Promise<boolean>;
};

export type ChatCsat = { score: number | null };

let keyCounter = 0;
const nextKey = () => `local-${++keyCounter}`;

/**
 * A chat's state (the hosted page's or the widget's): the bot (rendered by the server when it
 * gives `initialBot`, else loaded after hydration), this browser's conversation with it restored
 * (or the greeting), messages sent and replies streamed in. `onReply` hears each finished reply
 * (the widget counts unread ones).
 */
export function useBotChat(
  botId: string,
  {
    initialBot: initial,
    onReply,
  }: { initialBot?: PublicBot | "missing"; onReply?(text: string): void } = {},
): BotChat {
  const initialBot = initial === "missing" ? undefined : initial;
  const m = useChatMessages();
  const api = useChatApi();
  const locale = useChatLocale();
  const greetingOf = (bot: PublicBot): ChatEntry => ({
    key: "greeting",
    sender: "bot",
    content: bot.welcomeMessage || m.defaultGreeting,
    media: null,
    status: "completed",
  });
  const [load, setLoad] = useState<BotLoadState>(
    initialBot
      ? { phase: "ready", bot: initialBot }
      : initial === "missing"
        ? { phase: "failed", reason: "notFound" }
        : { phase: "loading" },
  );
  const [entries, setEntries] = useState<ChatEntry[]>(initialBot ? [greetingOf(initialBot)] : []);
  // What is on screen, for merging fetched messages outside a state update.
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const [isReplying, setIsReplying] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [isWaitingForTeam, setIsWaitingForTeam] = useState(false);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [csat, setCsat] = useState<ChatCsat | null>(null);
  /** Answered during this visit: the card stays to thank, whatever a refetch says. */
  const answeredCsat = useRef<number | null>(null);
  const conversationId = useRef<string | null>(null);
  /** The conversation the event stream follows (state, so the stream opens once it is known). */
  const [liveConversationId, setLiveConversationId] = useState<string | null>(null);
  const isReplyingRef = useRef(false);
  const pendingReply = useRef<AbortController | null>(null);
  /** Messages were stored meanwhile: fetch them once the reply in progress has ended. */
  const isRefreshDue = useRef(false);
  const isRefreshing = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadAttempt re-runs it (Try again)
  useEffect(() => {
    // The server found no such bot: nothing to ask again (Try again is not offered).
    if (initial === "missing") return;
    const controller = new AbortController();
    const { signal } = controller;
    if (!initialBot) setLoad({ phase: "loading" });
    void (async () => {
      let bot: PublicBot;
      try {
        bot = initialBot && loadAttempt === 0 ? initialBot : await api.fetchBot(botId, signal);
      } catch (error) {
        if (signal.aborted) return;
        const isNotFound = error instanceof ChatApiError && error.status === 404;
        setLoad({ phase: "failed", reason: isNotFound ? "notFound" : "unreachable" });
        toast.error(m.errors.loadFailed, {
          description: isNotFound ? m.errors.notFound : m.errors.unreachable,
        });
        return;
      }
      const history = await restoreConversation(api, botId, signal);
      if (signal.aborted) return;
      conversationId.current = history.conversationId;
      setLiveConversationId(history.conversationId);
      setCsat(csatToShow(history.csat, null));
      // The greeting is the bot's first message, every time the page loads (seed section 4).
      setEntries([greetingOf(bot), ...history.entries]);
      setLoad({ phase: "ready", bot });
    })();
    return () => controller.abort();
  }, [botId, loadAttempt]);

  // Leaving the page stops a reply in progress (the server stores it as cancelled).
  useEffect(() => () => pendingReply.current?.abort(), []);

  const bot = load.phase === "ready" ? load.bot : null;

  /**
   * Fetches the conversation and adds the messages the chat does not show yet (by id): a
   * teammate's reply, or a message sent from another tab. Never during a reply of this chat
   * (its own messages get their ids when it starts): then once it has ended.
   */
  const refresh = useCallback(async () => {
    const id = conversationId.current;
    if (!id) return;
    if (isReplyingRef.current || isRefreshing.current) {
      isRefreshDue.current = true;
      return;
    }
    isRefreshing.current = true;
    isRefreshDue.current = false;
    try {
      const result = await api.fetchMessages(botId, id);
      if (!result || conversationId.current !== id || isReplyingRef.current) {
        if (isReplyingRef.current) isRefreshDue.current = true;
        return;
      }
      // The satisfaction question may have been asked meanwhile (a teammate resolved it).
      setCsat(csatToShow(result.csat, answeredCsat.current));
      const shownIds = (current: ChatEntry[]) =>
        new Set(current.map((entry) => entry.id ?? entry.key));
      const shown = shownIds(entriesRef.current);
      const added = result.messages
        .filter((message) => isShown(message) && !shown.has(message.id))
        .map(toEntry);
      if (added.length === 0) return;
      setEntries((current) => {
        const now = shownIds(current);
        return [...current, ...added.filter((entry) => !now.has(entry.key))];
      });
      const last = added.at(-1);
      if (last && last.sender !== "user") {
        if (last.sender === "human") setIsWaitingForTeam(false);
        const from =
          last.sender === "human" ? (last.authorName ?? m.teamMember) : (bot?.name ?? "");
        setAnnouncement(`${from}: ${last.content}`);
        onReply?.(last.content);
      }
    } catch {
      // Offline for a moment: the next event (or reconnect) fetches again.
    } finally {
      isRefreshing.current = false;
      if (isRefreshDue.current && !isReplyingRef.current) void refresh();
    }
  }, [api, botId, bot, m, onReply]);

  useConversationEvents(api, botId, liveConversationId, () => void refresh());

  const send = useCallback(
    (text: string, image: AttachedImage | null): boolean => {
      if (!bot) {
        toast.error(m.errors.notLoaded);
        return false;
      }
      const message = text.trim();
      if ((!message && !image) || isReplyingRef.current) return false;

      isReplyingRef.current = true;
      setIsReplying(true);
      const botKey = nextKey();
      const userKey = nextKey();
      setEntries((current) => [
        ...current,
        {
          key: userKey,
          sender: "user",
          content: message,
          media: image ? { type: "photo", url: image.dataUrl } : null,
          status: "completed",
        },
      ]);
      const controller = new AbortController();
      pendingReply.current = controller;
      let botMessageId = "";
      const showReply = (
        content: string,
        status: ChatMessageStatus,
        stopReason?: ChatCancelReason,
      ) =>
        setEntries((current) => {
          const reply: ChatEntry = { key: botKey, sender: "bot", content, media: null, status };
          if (botMessageId) reply.id = botMessageId;
          if (stopReason) reply.stopReason = stopReason;
          const index = current.findIndex((entry) => entry.key === botKey);
          if (index === -1) return [...current, reply];
          const next = current.slice();
          next[index] = reply;
          return next;
        });

      void (async () => {
        let text = "";
        try {
          const ended = await streamReply({
            api,
            m,
            language: locale,
            botId,
            message,
            image,
            conversationId,
            signal: controller.signal,
            onStart: (ids) => {
              botMessageId = ids.botMessageId;
              setLiveConversationId(ids.conversationId);
              // The stored ids: the conversation's events about them are this reply's own.
              setEntries((current) =>
                current.map((entry) =>
                  entry.key === userKey
                    ? { ...entry, id: ids.userMessageId }
                    : entry.key === botKey && ids.botMessageId
                      ? { ...entry, id: ids.botMessageId }
                      : entry,
                ),
              );
            },
            onToken: (token) => {
              text += token;
              showReply(text, "streaming");
            },
          });
          // The bot answers again (handed back): the note goes.
          setIsWaitingForTeam(ended.status === "silent");
          if (ended.status === "silent") {
            // A person answers this conversation now: no bot bubble; their reply comes later,
            // through the conversation's events.
            setEntries((current) => current.filter((entry) => entry.key !== botKey));
            setAnnouncement(m.teamWillReply);
          } else if (ended.status === "failed") {
            showReply(ended.apology, "failed");
            toast.error(m.errors.replyFailed);
            setAnnouncement(ended.apology);
          } else if (ended.reason === "server_restart") {
            showReply(text, ended.status, ended.reason);
            setAnnouncement(`${bot.name}: ${text} ${m.stoppedByRestart}`);
          } else {
            showReply(text, ended.status);
            setAnnouncement(`${bot.name}: ${text}`);
            onReply?.(text);
          }
        } catch (error) {
          if (controller.signal.aborted) return;
          showReply(m.errors.apology, "failed");
          toast.error(m.errors.replyFailed, {
            description:
              error instanceof ChatApiError
                ? error.status === 429
                  ? m.errors.tooMany
                  : error.message
                : undefined,
          });
          setAnnouncement(m.errors.apology);
        } finally {
          if (pendingReply.current === controller) pendingReply.current = null;
          isReplyingRef.current = false;
          setIsReplying(false);
          if (isRefreshDue.current) void refresh();
        }
      })();
      return true;
    },
    [bot, botId, api, m, locale, onReply, refresh],
  );

  const retryLoad = useCallback(() => setLoadAttempt((attempt) => attempt + 1), []);

  // The visitor's keystrokes, passed on at most every 3 s while a conversation exists (the
  // team sees "typing…" in the inbox; the server throttles too).
  const lastTyping = useRef(0);
  const typing = useCallback(() => {
    const id = conversationId.current;
    const now = Date.now();
    if (!id || now - lastTyping.current < 3_000) return;
    lastTyping.current = now;
    api.reportTyping(botId, id);
  }, [api, botId]);

  const rate = useCallback(
    async (messageId: string, rating: "up" | "down" | null, reason?: string) => {
      const id = conversationId.current;
      if (!id) return false;
      const setRating = (value: "up" | "down" | null | undefined) =>
        setEntries((current) =>
          current.map((entry) => (entry.id === messageId ? { ...entry, feedback: value } : entry)),
        );
      let before: "up" | "down" | null | undefined;
      setEntries((current) => {
        before = current.find((entry) => entry.id === messageId)?.feedback;
        return current;
      });
      setRating(rating);
      try {
        await api.sendFeedback(botId, id, {
          messageId,
          rating,
          ...(reason?.trim() ? { reason: reason.trim() } : {}),
        });
        return true;
      } catch {
        setRating(before ?? null);
        return false;
      }
    },
    [api, botId],
  );

  const answerCsat = useCallback(
    async (score: number) => {
      const id = conversationId.current;
      if (!id) return false;
      try {
        await api.sendCsat(botId, id, score);
      } catch (error) {
        // Answered already (another tab): nothing more to ask.
        if (!(error instanceof ChatApiError && error.status === 409)) return false;
      }
      answeredCsat.current = score;
      setCsat({ score });
      return true;
    },
    [api, botId],
  );

  return {
    load,
    entries,
    isReplying,
    announcement,
    isWaitingForTeam,
    send,
    retryLoad,
    typing,
    rate,
    csat,
    answerCsat,
  };
}

/**
 * What the chat shows of the satisfaction question: its card while asked and unanswered, the
 * thanks once answered during this visit, nothing otherwise.
 */
function csatToShow(
  csat: ConversationMessages["csat"] | undefined,
  answeredNow: number | null,
): ChatCsat | null {
  if (answeredNow !== null) return { score: answeredNow };
  if (!csat?.asked || csat.score !== null) return null;
  return { score: null };
}

type StreamReplyInput = {
  api: ChatApi;
  m: BotChatMessages;
  /** The chat's language, stored with a new conversation. */
  language: string;
  botId: string;
  message: string;
  image: AttachedImage | null;
  conversationId: { current: string | null };
  signal: AbortSignal;
  /** The turn's stored ids (the first event). */
  onStart(ids: ChatTurnIds): void;
  onToken(text: string): void;
};

type ReplyEnd =
  | { status: "completed" | "cancelled" | "silent"; reason?: ChatCancelReason }
  | { status: "failed"; apology: string };

/**
 * One turn through the streaming API. A remembered conversation the server no longer knows
 * (another browser profile, cleared cookies) is forgotten and the message sent again as a new
 * conversation. Throws ChatApiError or a network error when no reply came.
 */
async function streamReply(input: StreamReplyInput): Promise<ReplyEnd> {
  const { api, m, botId, conversationId } = input;
  for (let attempt = 0; ; attempt++) {
    try {
      for await (const event of api.streamTurn(
        botId,
        {
          message: input.message,
          image: input.image?.dataUrl ?? null,
          conversationId: conversationId.current,
          language: input.language,
        },
        input.signal,
      )) {
        switch (event.event) {
          case "start":
            conversationId.current = event.data.conversationId;
            saveConversationId(api, botId, event.data.conversationId);
            input.onStart(event.data);
            break;
          case "token":
            input.onToken(event.data.text);
            break;
          case "done":
            if (event.data.status === "failed")
              return { status: "failed", apology: m.errors.apology };
            // Cut short by a server restart: the page asks to send the message again.
            return event.data.reason
              ? { status: event.data.status, reason: event.data.reason }
              : { status: event.data.status };
          case "error":
            return { status: "failed", apology: event.data.message };
        }
      }
      throw new Error("The reply ended before it was complete");
    } catch (error) {
      const isUnknownConversation =
        error instanceof ChatApiError && error.status === 404 && conversationId.current !== null;
      if (!isUnknownConversation || attempt > 0) throw error;
      forgetConversationId(api, botId);
      conversationId.current = null;
    }
  }
}

/** This browser's stored conversation with the bot, if the server still has it for us. */
async function restoreConversation(
  api: ChatApi,
  botId: string,
  signal: AbortSignal,
): Promise<{
  conversationId: string | null;
  entries: ChatEntry[];
  csat?: ConversationMessages["csat"];
}> {
  const stored = loadConversationId(api, botId);
  if (!stored) return { conversationId: null, entries: [] };
  try {
    const result = await api.fetchMessages(botId, stored, signal);
    if (!result) {
      forgetConversationId(api, botId);
      return { conversationId: null, entries: [] };
    }
    return {
      conversationId: stored,
      entries: result.messages.filter(isShown).map(toEntry),
      csat: result.csat,
    };
  } catch {
    // Unreachable just now: start with the greeting, and keep the conversation for the next message.
    return { conversationId: stored, entries: [] };
  }
}

/** A stored message worth a bubble (a reply cancelled before its first word is not). */
function isShown(message: ChatMessageDto): boolean {
  return message.content.trim() !== "" || message.media !== null;
}

function toEntry(message: ChatMessageDto): ChatEntry {
  const entry: ChatEntry = {
    key: message.id,
    id: message.id,
    sender: message.sender,
    content: message.content,
    media: message.media,
    status: message.status,
  };
  if (message.authorName) entry.authorName = message.authorName;
  if (message.sender === "bot") entry.feedback = message.feedback ?? null;
  return entry;
}
