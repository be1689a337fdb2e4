import { endingEvent, prefersJson } from "@jai/channels";
import type { ChatReply, ChatStreamEvent } from "@jai/contracts/chat";
import { apologyMessages } from "@jai/engine";
import type { Context } from "hono";
import { describeError, type Logger } from "../logger";
import type { ChatTurn, ChatTurnOutcome } from "../modules/conversations/run-turn";
import { createSseStream, sseHeaders } from "./sse-stream";

/**
 * Answers a chat turn on the open request, the way every live-stream channel (the hosted page,
 * the widget, the API) does: Server-Sent Events (`start`, a `token` per piece of text, then
 * `done` or `error`), or the whole reply as JSON when the client asks with
 * `Accept: application/json`.
 *
 * `start` runs the turn with the signal to honour: the client going away (the connection closes,
 * or it stops reading the stream) cancels the provider call, and the partial reply is stored as
 * cancelled. Errors thrown by `start` (validation, rate limits, NOT_FOUND) propagate before
 * anything is sent.
 */
export async function respondWithTurn<T extends object = ChatReply>(
  c: Context,
  options: {
    logger: Logger;
    start(signal: AbortSignal): Promise<ChatTurn>;
    /** The JSON answer; the hosted page's ChatReply unless given. */
    toJson?: (turn: ChatTurn, outcome: ChatTurnOutcome) => T;
    /**
     * Without an Accept that decides: SSE (browsers' channels), or JSON (the public API, where
     * `Accept: text/event-stream` asks for the stream).
     */
    defaultFormat?: "sse" | "json";
  },
): Promise<Response> {
  const accept = c.req.header("accept");
  const wantsJson =
    options.defaultFormat === "json"
      ? !/text\/event-stream/i.test(accept ?? "")
      : prefersJson(accept);
  const sse = createSseStream();
  const signal = wantsJson ? c.req.raw.signal : AbortSignal.any([c.req.raw.signal, sse.signal]);
  const turn = await options.start(signal);
  c.header("Cache-Control", "no-store");

  if (wantsJson) {
    const outcome = await finishTurn(turn);
    return c.json((options.toJson ?? chatReply)(turn, outcome));
  }
  void streamTurn(turn, sse, options.logger, c.req.path);
  return c.body(sse.body, 200, sseHeaders);
}

/** The hosted page's (and the widget's) JSON answer. */
export function chatReply(turn: ChatTurn, outcome: ChatTurnOutcome): ChatReply {
  return {
    ...turn.ids,
    status: outcome.status,
    ...(outcome.reason ? { reason: outcome.reason } : {}),
    reply: outcome.reply,
    sources: outcome.sources,
    userMessage: turn.userMessage,
    botMessage: outcome.botMessage,
  };
}

/** Runs a turn to its end without streaming it; returns how it ended. */
export async function finishTurn(turn: ChatTurn): Promise<ChatTurnOutcome> {
  let step = await turn.reply.next();
  while (!step.done) step = await turn.reply.next();
  return step.value;
}

async function streamTurn(
  turn: ChatTurn,
  sse: ReturnType<typeof createSseStream>,
  logger: Logger,
  path: string,
) {
  const send = (message: ChatStreamEvent) => sse.send(message.event, message.data);
  send({ event: "start", data: turn.ids });
  try {
    // Read to the end even if the client left: the engine stops at once (its signal is
    // aborted) and the turn is stored as cancelled.
    let step = await turn.reply.next();
    while (!step.done) {
      send({ event: "token", data: { text: step.value } });
      step = await turn.reply.next();
    }
    send(endingEvent(step.value));
  } catch (error) {
    logger.error("chat stream failed", { path, ...turn.ids, ...describeError(error) });
    send({
      event: "error",
      data: { ...turn.ids, code: "PROVIDER_FAILED", message: apologyMessages.en },
    });
  } finally {
    sse.close();
  }
}
