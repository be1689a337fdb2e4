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

const botPath = (botId: string) => `/api/bots/${encodeURIComponent(botId)}`;

/** The bot's public profile. Throws ChatApiError (404: no such bot) or a network TypeError. */
export async function fetchPublicBot(botId: string, signal?: AbortSignal): Promise<PublicBot> {
  const response = await fetch(botPath(botId), {
    headers: { Accept: "application/json" },
    signal,
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as PublicBot;
}

/** A stored conversation of this browser's visitor, or null when it is not (or no longer) theirs. */
export async function fetchConversationMessages(
  botId: string,
  conversationId: string,
  signal?: AbortSignal,
): Promise<ConversationMessages | null> {
  const response = await fetch(
    `${botPath(botId)}/conversations/${encodeURIComponent(conversationId)}/messages`,
    { headers: { Accept: "application/json" }, signal, credentials: "same-origin" },
  );
  if (response.status === 404) return null;
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as ConversationMessages;
}

/**
 * Sends a message and yields the reply's events as they stream in (`start`, `token`…, then
 * `done` or `error`). Throws ChatApiError when the server refuses the message.
 */
export async function* streamChatTurn(
  botId: string,
  // The request the server's schema (ChatRequestSchema) reads; typed by it, not parsed here,
  // which would put zod in this page's JavaScript for no gain.
  input: ChatRequest,
  signal?: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const response = await fetch(`${botPath(botId)}/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(input),
    credentials: "same-origin",
    signal,
  });
  if (!response.ok || !response.body) throw await toApiError(response);
  for await (const { event, data } of readSseEvents(response.body)) {
    if (event === "start" || event === "token" || event === "done" || event === "error") {
      yield { event, data: JSON.parse(data) } as ChatStreamEvent;
    }
  }
}

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
