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
      /**
       * Send this many chunks, then fail mid-stream the way the provider does: an `error` event
       * (Anthropic), an error object in the stream (OpenAI), a cut connection (Google).
       */
      failAfter?: number;
    }
  /** An HTTP error with the provider's JSON error body. */
  | {
      type: "error";
      status: number;
      headers?: Record<string, string>;
      message?: string;
      /** The body says the key's quota or credit is used up (each provider's own words). */
      isQuota?: boolean;
    }
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
  /** Replies for requests made with this API key only (the others still get `setReplies`'). */
  setRepliesForKey(apiKey: string, replies: FakeReply[]): void;
  /**
   * From now on only these keys are accepted: any other (or none) is refused the way each API
   * refuses a wrong key (OpenAI and Anthropic a 401, Gemini a 400 `API_KEY_INVALID`).
   * Default: every key is accepted.
   */
  setValidKeys(apiKeys: readonly string[]): void;
  /** Resolves when the `n`th request (from 1) has closed its connection. */
  waitForClose(n: number): Promise<RecordedRequest>;
  close(): Promise<void>;
};

export async function startFakeLlmServer(
  dialect: FakeDialect,
  replies: FakeReply[] = [],
  options: { port?: number } = {},
): Promise<FakeLlmServer> {
  let queue = [...replies];
  const queuesByKey = new Map<string, FakeReply[]>();
  let validKeys: Set<string> | undefined;
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
    const apiKey = apiKeyOf(dialect, req);
    const keyed = queuesByKey.get(apiKey ?? "");
    const from = keyed ?? queue;
    // The list of models (what a key check calls): the next reply decides, without using it up.
    if (isModelsRequest(dialect, req)) {
      const wrong = checkModelsRequest(dialect, req);
      if (wrong) return respondError(dialect, res, wrong.status, wrong.message);
      if (validKeys && !validKeys.has(apiKey ?? "")) return refuseKey(dialect, res);
      const next = from[0];
      if (next?.type === "error") return respond(dialect, next, res);
      // A model that never answers: the connection stays open without a word.
      if (next?.type === "silent") return;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(modelList(dialect)));
      return;
    }
    // Refused like the real API: a wrong path, method, header or body never gets an answer.
    const wrong = checkWireFormat(dialect, req, record.body);
    if (wrong) {
      await respond(dialect, { type: "error", status: wrong.status, message: wrong.message }, res);
      return;
    }
    if (validKeys && !validKeys.has(apiKey ?? "")) return refuseKey(dialect, res);
    const reply = (from.length > 1 ? from.shift() : from[0]) ?? {
      type: "stream",
      chunks: ["OK"],
    };
    await respond(dialect, reply, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const prefix = { openai: "/v1", anthropic: "/v1", google: "/v1beta" }[dialect];

  return {
    baseURL: `http://127.0.0.1:${port}${prefix}`,
    requests,
    setReplies(next) {
      queue = [...next];
    },
    setRepliesForKey(apiKey, next) {
      queuesByKey.set(apiKey, [...next]);
    },
    setValidKeys(apiKeys) {
      validKeys = new Set(apiKeys);
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
        reply.isQuota
          ? quotaErrorBody(dialect)
          : errorBody(dialect, reply.status, reply.message ?? `Fake error ${reply.status}`),
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
      if (reply.failAfter !== undefined && sentChunks >= reply.failAfter) {
        failMidStream(dialect, res);
        return;
      }
      if (sentChunks > 0 && reply.delayMs) await pause(reply.delayMs);
      if (res.destroyed) return;
      sentChunks++;
    }
    res.write(event.text);
  }
  if (sentChunks === chunkEvents) res.end();
}

function failMidStream(dialect: FakeDialect, res: ServerResponse): void {
  if (dialect === "anthropic") {
    const error = { type: "error", error: { type: "overloaded_error", message: "Overloaded" } };
    res.end(`event: error\ndata: ${JSON.stringify(error)}\n\n`);
  } else if (dialect === "openai") {
    const error = { error: { message: "The server had an error", type: "server_error" } };
    res.end(`data: ${JSON.stringify(error)}\n\n`);
  } else {
    // After what was written has left: a cut connection, not lost words.
    res.write("", () => res.destroy());
  }
}

function respondError(
  dialect: FakeDialect,
  res: ServerResponse,
  status: number,
  message: string,
): Promise<void> {
  return respond(dialect, { type: "error", status, message }, res);
}

/** How each API answers a key it does not know. */
function refuseKey(dialect: FakeDialect, res: ServerResponse): void {
  const [status, body] =
    dialect === "anthropic"
      ? [
          401,
          { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } },
        ]
      : dialect === "google"
        ? [
            400,
            {
              error: {
                code: 400,
                message: "API key not valid. Please pass a valid API key.",
                status: "INVALID_ARGUMENT",
                details: [
                  {
                    "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                    reason: "API_KEY_INVALID",
                    domain: "googleapis.com",
                  },
                ],
              },
            },
          ]
        : [
            401,
            {
              error: {
                message: "Incorrect API key provided. You can find your API key in your account.",
                type: "invalid_request_error",
                code: "invalid_api_key",
              },
            },
          ];
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** `GET /v1/models` (OpenAI, Anthropic), `GET /v1beta/models` (Gemini). */
function isModelsRequest(dialect: FakeDialect, req: IncomingMessage): boolean {
  const path = new URL(req.url ?? "/", "http://fake").pathname;
  return path === (dialect === "google" ? "/v1beta/models" : "/v1/models");
}

/** What listing models requires: a GET, and Anthropic's and Gemini's key and version headers. */
function checkModelsRequest(
  dialect: FakeDialect,
  req: IncomingMessage,
): { status: number; message: string } | undefined {
  if (req.method !== "GET") return { status: 405, message: `${req.method} is not allowed` };
  if (dialect === "anthropic") {
    if (!req.headers["x-api-key"]) return { status: 401, message: "x-api-key header is required" };
    if (!req.headers["anthropic-version"])
      return { status: 400, message: "anthropic-version: header is required" };
  }
  if (dialect === "google" && !apiKeyOf(dialect, req))
    return { status: 403, message: "Method doesn't allow unregistered callers" };
  return undefined;
}

/** A one-model list in each API's format. */
function modelList(dialect: FakeDialect): unknown {
  if (dialect === "anthropic") {
    const model = {
      type: "model",
      id: "claude-sonnet-4-5",
      display_name: "Claude Sonnet 4.5",
      created_at: "2025-09-29T00:00:00Z",
    };
    return { data: [model], has_more: false, first_id: model.id, last_id: model.id };
  }
  if (dialect === "google") {
    return {
      models: [
        {
          name: "models/gemini-2.5-flash",
          displayName: "Gemini 2.5 Flash",
          supportedGenerationMethods: ["generateContent", "countTokens"],
        },
      ],
    };
  }
  return {
    object: "list",
    data: [{ id: "gpt-4o-mini", object: "model", created: 1_721_172_741, owned_by: "system" }],
  };
}

/** The key a request carries, where each API expects it. */
function apiKeyOf(dialect: FakeDialect, req: IncomingMessage): string | undefined {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (dialect === "anthropic") return header("x-api-key");
  if (dialect === "google") {
    return (
      header("x-goog-api-key") ??
      new URL(req.url ?? "/", "http://fake").searchParams.get("key") ??
      undefined
    );
  }
  return header("authorization")?.replace(/^Bearer\s+/i, "");
}

/**
 * What each API requires of a streamed chat call (path, method, headers, body), checked so that
 * a provider adapter sending the wrong thing fails its tests as it would fail in production.
 */
function checkWireFormat(
  dialect: FakeDialect,
  req: IncomingMessage,
  body: unknown,
): { status: number; message: string } | undefined {
  const url = new URL(req.url ?? "/", "http://fake");
  if (req.method !== "POST") return { status: 405, message: `${req.method} is not allowed` };
  if (!String(req.headers["content-type"] ?? "").startsWith("application/json"))
    return { status: 400, message: "Content-Type must be application/json" };
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { status: 400, message: "The body must be a JSON object" };
  const fields = body as Record<string, unknown>;
  if (dialect === "openai") {
    if (url.pathname !== "/v1/chat/completions")
      return { status: 404, message: `Unknown path ${url.pathname}` };
    if (typeof fields.model !== "string" || fields.model === "")
      return { status: 400, message: "you must provide a model parameter" };
    if (!Array.isArray(fields.messages) || fields.messages.length === 0)
      return { status: 400, message: "'messages' is a required property" };
    if (fields.stream !== true) return { status: 400, message: "this fake only streams" };
    return undefined;
  }
  if (dialect === "anthropic") {
    if (url.pathname !== "/v1/messages")
      return { status: 404, message: `Unknown path ${url.pathname}` };
    if (!req.headers["x-api-key"]) return { status: 401, message: "x-api-key header is required" };
    if (!req.headers["anthropic-version"])
      return { status: 400, message: "anthropic-version: header is required" };
    if (typeof fields.model !== "string" || fields.model === "")
      return { status: 400, message: "model: Field required" };
    if (typeof fields.max_tokens !== "number")
      return { status: 400, message: "max_tokens: Field required" };
    if (!Array.isArray(fields.messages) || fields.messages.length === 0)
      return { status: 400, message: "messages: Field required" };
    if (fields.stream !== true) return { status: 400, message: "this fake only streams" };
    return undefined;
  }
  if (!/^\/v1beta\/models\/[^/:]+:streamGenerateContent$/.test(url.pathname))
    return { status: 404, message: `Unknown path ${url.pathname}` };
  if (url.searchParams.get("alt") !== "sse") return { status: 400, message: "alt=sse is required" };
  if (!apiKeyOf(dialect, req))
    return { status: 403, message: "Method doesn't allow unregistered callers" };
  if (!Array.isArray(fields.contents) || fields.contents.length === 0)
    return { status: 400, message: "* GenerateContentRequest.contents: contents is not specified" };
  return undefined;
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

/** How each provider says a key's quota or credit is used up (OpenAI and Gemini with a 429). */
function quotaErrorBody(dialect: FakeDialect): unknown {
  if (dialect === "anthropic") {
    const message = "Your credit balance is too low to access the Anthropic API.";
    return { type: "error", error: { type: "invalid_request_error", message } };
  }
  if (dialect === "google") {
    const message = "You exceeded your current quota, please check your plan and billing details.";
    return { error: { code: 429, message, status: "RESOURCE_EXHAUSTED" } };
  }
  return {
    error: {
      message: "You exceeded your current quota, please check your plan and billing details.",
      type: "insufficient_quota",
      code: "insufficient_quota",
    },
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
