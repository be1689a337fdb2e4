import type {
  ChatRequest,
  ChatStreamEvent,
  ConversationMessages,
  PublicBot,
} from "@jai/contracts/chat";
import { readSseEvents } from "~/lib/read-sse-events";

/** An API answer other than success: its status, and the server's code and message if any. */
export class ChatApiError extends Error {
  override name = "ChatApiError";
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The endpoints one chat surface talks to: the hosted page's (/api/bots) or the widget's. */
export type ChatApi = {
  /** The bot's public profile. Throws ChatApiError (404: no such bot) or a network TypeError. */
  fetchBot(botId: string, signal?: AbortSignal): Promise<PublicBot>;
  /** A stored conversation of this browser's contact, or null when it is not (or no longer) theirs. */
  fetchMessages(
    botId: string,
    conversationId: string,
    signal?: AbortSignal,
  ): Promise<ConversationMessages | null>;
  /**
   * Sends a message and yields the reply's events as they stream in (`start`, `token`…, then
   * `done` or `error`). Throws ChatApiError when the server refuses the message.
   */
  streamTurn(
    botId: string,
    input: ChatRequest,
    signal?: AbortSignal,
  ): AsyncGenerator<ChatStreamEvent>;
  /**
   * The conversation's event stream (new messages, e.g. a teammate's reply): yields each event's
   * kind and id until the server ends it. `lastEventId` resumes after a disconnect. Throws
   * ChatApiError when the server refuses (404: not this contact's conversation).
   */
  streamEvents(
    botId: string,
    conversationId: string,
    lastEventId: string | null,
    signal?: AbortSignal,
  ): AsyncGenerator<ConversationEvent>;
  /**
   * Tells the team the visitor is typing (their inbox shows it). Fire and forget: a failure
   * changes nothing for the visitor.
   */
  reportTyping(botId: string, conversationId: string): void;
  /**
   * The visitor's thumbs on a bot reply (`null` takes it back), with an optional reason on a
   * thumbs down. Throws ChatApiError when the server refuses.
   */
  sendFeedback(
    botId: string,
    conversationId: string,
    input: { messageId: string; rating: "up" | "down" | null; reason?: string },
  ): Promise<void>;
  /**
   * The visitor's answer to the satisfaction question (1–5). Throws ChatApiError when the server
   * refuses (409: not asked, or answered already).
   */
  sendCsat(botId: string, conversationId: string, score: number): Promise<void>;
  /** Where the surface remembers each bot's conversation. */
  storagePrefix: string;
  storage: KeyValueStorage;
};

/**
 * One event of a conversation's stream: `inbox` (something was stored: fetch the messages),
 * `ready` (live; on a first connection, fetch once to cover the moment before), `reset` (too
 * much was missed: fetch). `id` is where a reconnect resumes.
 */
export type ConversationEvent = { event: "inbox" | "ready" | "reset"; id: string };

/** Where a chat surface keeps small values between page loads. */
export type KeyValueStorage = {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
};

/** The browser's localStorage; when storage is blocked, values last as long as the page. */
export const browserStorage: KeyValueStorage = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage disabled (privacy settings).
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // See set.
    }
  },
};

export type ChatApiOptions = {
  /** The API's base path for a bot: "/api/bots/{id}". */
  basePath(botId: string): string;
  /** Headers every request carries (the widget's session and contact). */
  headers?(): Record<string, string>;
  /** Sees every response (the widget keeps the contact token the server issues). */
  onResponse?(response: Response): void;
  storagePrefix: string;
  /** Where the conversation is remembered (the browser's localStorage unless given). */
  storage?: KeyValueStorage;
};

/** A chat API on `basePath` (the hosted page's is `pageChatApi`). */
export function createChatApi(options: ChatApiOptions): ChatApi {
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      headers: { Accept: "application/json", ...options.headers?.(), ...init.headers },
      credentials: "same-origin",
    });
    options.onResponse?.(response);
    return response;
  };
  return {
    storagePrefix: options.storagePrefix,
    storage: options.storage ?? browserStorage,
    async fetchBot(botId, signal) {
      const response = await request(options.basePath(botId), { signal });
      if (!response.ok) throw await toApiError(response);
      return (await response.json()) as PublicBot;
    },
    async fetchMessages(botId, conversationId, signal) {
      const response = await request(
        `${options.basePath(botId)}/conversations/${encodeURIComponent(conversationId)}/messages`,
        { signal },
      );
      if (response.status === 404) return null;
      if (!response.ok) throw await toApiError(response);
      return (await response.json()) as ConversationMessages;
    },
    async *streamEvents(botId, conversationId, lastEventId, signal) {
      // fetch, not EventSource: the widget's calls carry its session and contact in headers.
      const response = await request(
        `${options.basePath(botId)}/conversations/${encodeURIComponent(conversationId)}/events`,
        {
          headers: {
            Accept: "text/event-stream",
            ...(lastEventId ? { "Last-Event-ID": lastEventId } : {}),
          },
          signal,
        },
      );
      if (!response.ok || !response.body) throw await toApiError(response);
      for await (const { event, data } of readSseEvents(response.body)) {
        if (event !== "inbox" && event !== "ready" && event !== "reset") continue;
        const parsed = JSON.parse(data) as { id?: number; cursor?: number };
        yield { event, id: String(parsed.id ?? parsed.cursor ?? "") };
      }
    },
    reportTyping(botId, conversationId) {
      void request(
        `${options.basePath(botId)}/conversations/${encodeURIComponent(conversationId)}/typing`,
        { method: "POST" },
      ).catch(() => {});
    },
    async sendFeedback(botId, conversationId, input) {
      const response = await request(
        `${options.basePath(botId)}/conversations/${encodeURIComponent(conversationId)}/feedback`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(input),
        },
      );
      if (!response.ok) throw await toApiError(response);
    },
    async sendCsat(botId, conversationId, score) {
      const response = await request(
        `${options.basePath(botId)}/conversations/${encodeURIComponent(conversationId)}/csat`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ score }),
        },
      );
      if (!response.ok) throw await toApiError(response);
    },
    async *streamTurn(botId, input, signal) {
      // The request the server's schema (ChatRequestSchema) reads; typed by it, not parsed here,
      // which would put zod in this page's JavaScript for no gain.
      const response = await request(`${options.basePath(botId)}/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify(input),
        signal,
      });
      if (!response.ok || !response.body) throw await toApiError(response);
      for await (const { event, data } of readSseEvents(response.body)) {
        if (event === "start" || event === "token" || event === "done" || event === "error") {
          yield { event, data: JSON.parse(data) } as ChatStreamEvent;
        }
      }
    },
  };
}

/** The hosted page /bot/{id}: the visitor cookie names the contact. */
export const pageChatApi = createChatApi({
  basePath: (botId) => `/api/bots/${encodeURIComponent(botId)}`,
  storagePrefix: "jai.bot-chat",
});

async function toApiError(response: Response): Promise<ChatApiError> {
  let code: string | undefined;
  let message = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    code = body.error?.code;
    if (body.error?.message) message = body.error.message;
  } catch {
    // Not our JSON (a proxy's error page): the status says enough.
  }
  return new ChatApiError(response.status, code, message);
}
