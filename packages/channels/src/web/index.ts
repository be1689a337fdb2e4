import type {
  ChatCancelReason,
  ChatSource,
  ChatStreamEvent,
  ChatTurnIds,
  ChatTurnStatus,
} from "@jai/contracts/chat";
import { ChatRequestSchema } from "@jai/contracts/chat";
import { fieldErrors } from "@jai/contracts/field-errors";
import { ChannelInputError, type InboundEvent } from "../types";

/**
 * The hosted page, /bot/{id}: the browser posts `ChatRequestSchema` JSON and reads the reply on
 * the same request, streamed as Server-Sent Events or whole as JSON. The widget's iframe speaks
 * the same format (see ../widget).
 */

/** The browser's chat request as a neutral message event from `externalId`. */
export function parseBrowserChat(
  body: unknown,
  channel: "web" | "widget",
  sender: { externalId: string; displayName?: string | null; email?: string | null },
): Extract<InboundEvent, { type: "message" }> {
  const parsed = ChatRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw new ChannelInputError("invalid chat request", fieldErrors(parsed.error.issues));
  }
  const request = parsed.data;
  return {
    type: "message",
    channel,
    sender,
    content: { text: request.message, image: request.image },
    conversationId: request.conversationId ?? null,
    language: request.language ?? null,
  };
}

/** How a turn ended, as a live-stream channel tells it. */
export type TurnEnding = ChatTurnIds & {
  status: ChatTurnStatus;
  /** The stored reply: the apology when failed. */
  reply: string;
  reason?: ChatCancelReason;
  /** What the reply was answered from; none when absent. */
  sources?: ChatSource[];
};

/** The last Server-Sent Event of a turn: `done`, or `error` with the apology. */
export function endingEvent(ending: TurnEnding): ChatStreamEvent {
  const ids = {
    conversationId: ending.conversationId,
    userMessageId: ending.userMessageId,
    botMessageId: ending.botMessageId,
  };
  if (ending.status === "failed") {
    return { event: "error", data: { ...ids, code: "PROVIDER_FAILED", message: ending.reply } };
  }
  // A turn the server cancelled (it is stopping) says so: the page asks to send it again.
  return {
    event: "done",
    data: {
      ...ids,
      status: ending.status,
      ...(ending.reason ? { reason: ending.reason } : {}),
      sources: ending.sources ?? [],
    },
  };
}

/** `Accept: application/json` (without text/event-stream) asks for the whole reply at once. */
export function prefersJson(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(",").map((part) => part.split(";")[0]?.trim().toLowerCase());
  return types.includes("application/json") && !types.includes("text/event-stream");
}

export const webChannel = {
  channel: "web",
  parse: (body: unknown, sender: { externalId: string }) => [parseBrowserChat(body, "web", sender)],
  format: (message: { text: string }) => [{ event: "token", data: { text: message.text } }],
} as const;
