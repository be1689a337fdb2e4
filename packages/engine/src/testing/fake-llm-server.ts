import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake chat-model server on 127.0.0.1 (random port) that speaks the real streaming formats of
 * OpenAI chat completions, Anthropic messages and Google Gemini, for tests of the providers, the
 * resilience layer and, later, the chat API. Not part of the engine's runtime.
 */
export type FakeDialect = "openai" | "anthropic" | "google";

export type FakeReply =
  /** A streamed answer: `chunks` one event each, `delayMs` apart. */
  | {
      type: "stream";
      chunks: string[];
      delayMs?: number;
      /** Wait before sending the response headers. */
      headersDelayMs?: number;
      usage?: { input: number; output: number };
      /** Send this many chunks, then keep the connection open without a word. */
      stallAfter?: number;
    }
  /** An HTTP error with the provider's JSON error body. */
  | { type: "error"; status: number; headers?: Record<string, string>; message?: string }
  /** Headers, then silence (a model that never starts). */
  | { type: "silent" };

export type RecordedRequest = {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: unknown;
  receivedAt: number;
  /** When the connection closed; `closedEarly` when the client hung up before the reply ended. */
  closedAt?: number;
  closedEarly?: boolean;
};

export type FakeLlmServer = {
  /** Give it to the provider as `baseURL`. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Replies are served in order; the last one repeats. */
  setReplies(replies: FakeReply[]): void;
  /** Resolves when the `n`th request (from 1) has closed its connection. */
  waitForClose(n: number): Promise<RecordedRequest>;
  close(): Promise<void>;
};

export async function startFakeLlmServer(
  dialect: FakeDialect,
  replies: FakeReply[] = [],
): Promise<FakeLlmServer> {
  let queue = [...replies];
  const requests: RecordedRequest[] = [];
  const closeWaiters = new Map<number, (request: RecordedRequest) => void>();
  const sockets = new Set<import("node:net").Socket>();

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const record: RecordedRequest = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: raw ? safeJson(raw) : undefined,
      receivedAt: performance.now(),
    };
    requests.push(record);
    const number = requests.length;
    res.on("close", () => {
      record.closedAt = performance.now();
      record.closedEarly = !res.writableFinished;
      closeWaiters.get(number)?.(record);
    });
    const reply = (queue.length > 1 ? queue.shift() : queue[0]) ?? {
      type: "stream",
      chunks: ["OK"],
    };
    await respond(dialect, reply, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const prefix = { openai: "/v1", anthropic: "/v1", google: "/v1beta" }[dialect];

  return {
    baseURL: `http://127.0.0.1:${port}${prefix}`,
    requests,
    setReplies(next) {
      queue = [...next];
    },
    waitForClose(n) {
      const request = requests[n - 1];
      if (request?.closedAt !== undefined) return Promise.resolve(request);
      return new Promise((resolve) => closeWaiters.set(n, resolve));
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function respond(dialect: FakeDialect, reply: FakeReply, res: ServerResponse): Promise<void> {
  if (reply.type === "error") {
    res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    res.end(
      JSON.stringify(
        errorBody(dialect, reply.status, reply.message ?? `Fake error ${reply.status}`),
      ),
    );
    return;
  }
  if (reply.type === "stream" && reply.headersDelayMs) await pause(reply.headersDelayMs);
  if (res.destroyed) return;
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  res.flushHeaders();
  if (reply.type === "silent") return;

  const events = streamEvents(dialect, reply);
  const chunkEvents = reply.chunks.length;
  let sentChunks = 0;
  for (const event of events) {
    if (res.destroyed) return;
    if (event.isChunk) {
      if (reply.stallAfter !== undefined && sentChunks >= reply.stallAfter) return;
      if (sentChunks > 0 && reply.delayMs) await pause(reply.delayMs);
      if (res.destroyed) return;
      sentChunks++;
    }
    res.write(event.text);
  }
  if (sentChunks === chunkEvents) res.end();
}

type SseEvent = { text: string; isChunk: boolean };

function streamEvents(
  dialect: FakeDialect,
  reply: Extract<FakeReply, { type: "stream" }>,
): SseEvent[] {
  const usage = reply.usage ?? { input: 12, output: reply.chunks.length };
  const data = (value: unknown, event?: string): string =>
    `${event ? `event: ${event}\n` : ""}data: ${typeof value === "string" ? value : JSON.stringify(value)}\n\n`;
  const chunks = (toEvent: (text: string) => string) =>
    reply.chunks.map((text) => ({ text: toEvent(text), isChunk: true }));
  const plain = (text: string): SseEvent => ({ text, isChunk: false });

  if (dialect === "openai") {
    const base = {
      id: "chatcmpl-fake",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: "fake",
    };
    return [
      plain(
        data({
          ...base,
          choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
        }),
      ),
      ...chunks((text) =>
        data({ ...base, choices: [{ index: 0, delta: { content: text }, finish_reason: null }] }),
      ),
      plain(data({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })),
      plain(
        data({
          ...base,
          choices: [],
          usage: {
            prompt_tokens: usage.input,
            completion_tokens: usage.output,
            total_tokens: usage.input + usage.output,
          },
        }),
      ),
      plain(data("[DONE]")),
    ];
  }
  if (dialect === "anthropic") {
    return [
      plain(
        data(
          {
            type: "message_start",
            message: {
              id: "msg_fake",
              type: "message",
              role: "assistant",
              content: [],
              model: "fake",
              stop_reason: null,
              stop_sequence: null,
              usage: { input_tokens: usage.input, output_tokens: 1 },
            },
          },
          "message_start",
        ),
      ),
      plain(
        data(
          { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
          "content_block_start",
        ),
      ),
      plain(data({ type: "ping" }, "ping")),
      ...chunks((text) =>
        data(
          { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } },
          "content_block_delta",
        ),
      ),
      plain(data({ type: "content_block_stop", index: 0 }, "content_block_stop")),
      plain(
        data(
          {
            type: "message_delta",
            delta: { stop_reason: "end_turn", stop_sequence: null },
            usage: { output_tokens: usage.output },
          },
          "message_delta",
        ),
      ),
      plain(data({ type: "message_stop" }, "message_stop")),
    ];
  }
  const last = reply.chunks.length - 1;
  return reply.chunks.map((text, position) => ({
    isChunk: true,
    text: data({
      candidates: [
        {
          content: { parts: [{ text }], role: "model" },
          index: 0,
          ...(position === last ? { finishReason: "STOP" } : {}),
        },
      ],
      ...(position === last
        ? {
            usageMetadata: {
              promptTokenCount: usage.input,
              candidatesTokenCount: usage.output,
              totalTokenCount: usage.input + usage.output,
            },
          }
        : {}),
      modelVersion: "fake",
    }),
  }));
}

function errorBody(dialect: FakeDialect, status: number, message: string): unknown {
  if (dialect === "anthropic") {
    const type =
      status === 429 ? "rate_limit_error" : status >= 500 ? "api_error" : "invalid_request_error";
    return { type: "error", error: { type, message } };
  }
  if (dialect === "google") {
    return {
      error: { code: status, message, status: status === 429 ? "RESOURCE_EXHAUSTED" : "INTERNAL" },
    };
  }
  return {
    error: { message, type: status === 429 ? "rate_limit_exceeded" : "server_error", code: null },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", () => resolve(""));
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
