import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type ConceptEntry, createConceptEmbedding } from "./concept-embedding";

/**
 * A fake embedding server on 127.0.0.1 (random port) that speaks the documented shapes of
 * OpenAI's `POST /v1/embeddings`, Gemini's `POST /v1beta/models/{model}:batchEmbedContents` and
 * Ollama's `POST /api/embed`, each with its own authentication and error bodies. Its vectors
 * carry meaning (`createConceptEmbedding`: a Thai word and its English equivalent share
 * dimensions), so hybrid retrieval can be tested and measured without a model. For tests and
 * benchmarks; not part of the engine's runtime.
 */
export type FakeEmbeddingApi = "openai" | "google" | "ollama";

export type FakeEmbeddingReply =
  | { type: "ok" }
  /** An HTTP error with the API's own JSON error body. */
  | {
      type: "error";
      status: number;
      headers?: Record<string, string>;
      message?: string;
      /** The body says the key's quota is used up (OpenAI's and Gemini's words). */
      isQuota?: boolean;
    }
  /** Headers never come (a server that hangs). */
  | { type: "hang" }
  /** 200 with one vector too few (a broken proxy). */
  | { type: "malformed" };

export type RecordedEmbeddingRequest = {
  api: FakeEmbeddingApi | undefined;
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: unknown;
  /** Texts embedded (after the checks passed). */
  texts: string[];
};

export type FakeEmbeddingServerOptions = {
  /** The key OpenAI and Gemini requests must carry. Default "test-key". */
  apiKey?: string;
  /** Ollama has no key; set one to check a proxy's bearer token. Default none. */
  ollamaApiKey?: string;
  /** Default the engine's bilingual lexicon. */
  lexicon?: readonly ConceptEntry[];
  /** Dimensions when the request does not ask for a number. Default 256. */
  dimensions?: number;
};

export type FakeEmbeddingServer = {
  /** Base URLs as each client takes them (the chat providers' bases for OpenAI and Gemini). */
  baseUrls: Record<FakeEmbeddingApi, string>;
  requests: RecordedEmbeddingRequest[];
  /** Replies served in order to requests with a valid key and shape; the last one repeats. */
  setReplies(replies: FakeEmbeddingReply[]): void;
  /** The vector the server gives a text (before any API-specific scaling). */
  vectorOf(text: string, dimensions?: number): Float32Array;
  close(): Promise<void>;
};

export async function startFakeEmbeddingServer(
  options: FakeEmbeddingServerOptions = {},
): Promise<FakeEmbeddingServer> {
  const apiKey = options.apiKey ?? "test-key";
  const defaultDimensions = options.dimensions ?? 256;
  const embeddings = new Map<number, (text: string) => Float32Array>();
  const vectorOf = (text: string, dimensions = defaultDimensions) => {
    let embed = embeddings.get(dimensions);
    if (!embed) {
      embed = createConceptEmbedding({ lexicon: options.lexicon, dimensions });
      embeddings.set(dimensions, embed);
    }
    return embed(text);
  };
  let queue: FakeEmbeddingReply[] = [{ type: "ok" }];
  const requests: RecordedEmbeddingRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://fake");
    const api = apiOf(url.pathname);
    const record: RecordedEmbeddingRequest = {
      api,
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: safeJson(raw),
      texts: [],
    };
    requests.push(record);
    if (!api) return sendError("openai", res, 404, `Unknown path ${url.pathname}`);
    const refused = checkKey(api, req, url) ?? checkShape(api, req, url, record.body);
    if (refused) return sendJson(res, refused.status, refused.body);
    const parsed = parseRequest(api, url, record.body);
    record.texts = parsed.texts;
    const reply = (queue.length > 1 ? queue.shift() : queue[0]) ?? { type: "ok" };
    if (reply.type === "hang") return;
    if (reply.type === "error") {
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(
        JSON.stringify(
          reply.isQuota
            ? quotaBody(api)
            : errorBody(api, reply.status, reply.message ?? `Fake error ${reply.status}`),
        ),
      );
      return;
    }
    const vectors = parsed.texts.map((text) =>
      Array.from(vectorOf(text, parsed.dimensions ?? defaultDimensions)),
    );
    if (reply.type === "malformed") vectors.pop();
    sendJson(res, 200, answer(api, parsed.model, parsed.texts, vectors));
  });

  function checkKey(
    api: FakeEmbeddingApi,
    req: IncomingMessage,
    url: URL,
  ): { status: number; body: unknown } | undefined {
    if (api === "openai") {
      const given = header(req, "authorization")?.replace(/^Bearer\s+/i, "");
      if (given === apiKey) return undefined;
      const message = given
        ? `Incorrect API key provided: ${mask(given)}. You can find your API key at https://platform.openai.com/account/api-keys.`
        : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).";
      return {
        status: 401,
        body: {
          error: {
            message,
            type: "invalid_request_error",
            param: null,
            code: given ? "invalid_api_key" : null,
          },
        },
      };
    }
    if (api === "google") {
      const given = header(req, "x-goog-api-key") ?? url.searchParams.get("key") ?? undefined;
      if (given === apiKey) return undefined;
      // Gemini answers a missing key with 403 and a wrong one with 400 (API_KEY_INVALID).
      if (!given) {
        return {
          status: 403,
          body: {
            error: {
              code: 403,
              message:
                "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
              status: "PERMISSION_DENIED",
            },
          },
        };
      }
      return {
        status: 400,
        body: {
          error: {
            code: 400,
            message: "API key not valid. Please pass a valid API key.",
            status: "INVALID_ARGUMENT",
            details: [
              {
                "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                reason: "API_KEY_INVALID",
                domain: "googleapis.com",
                metadata: { service: "generativelanguage.googleapis.com" },
              },
            ],
          },
        },
      };
    }
    if (!options.ollamaApiKey) return undefined;
    const given = header(req, "authorization")?.replace(/^Bearer\s+/i, "");
    if (given === options.ollamaApiKey) return undefined;
    return { status: 401, body: { error: "unauthorized" } };
  }

  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrls: { openai: `${origin}/v1`, google: `${origin}/v1beta`, ollama: origin },
    requests,
    setReplies(next) {
      queue = next.length > 0 ? [...next] : [{ type: "ok" }];
    },
    vectorOf,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function apiOf(pathname: string): FakeEmbeddingApi | undefined {
  if (pathname === "/v1/embeddings") return "openai";
  if (/^\/v1beta\/models\/[^/:]+:batchEmbedContents$/.test(pathname)) return "google";
  if (pathname === "/api/embed") return "ollama";
  return undefined;
}

type ParsedRequest = { model: string; texts: string[]; dimensions?: number };

/** What each API refuses, with its status and body, so a client sending the wrong thing fails. */
function checkShape(
  api: FakeEmbeddingApi,
  req: IncomingMessage,
  url: URL,
  body: unknown,
): { status: number; body: unknown } | undefined {
  const refuse = (status: number, message: string) => ({
    status,
    body: errorBody(api, status, message),
  });
  if (req.method !== "POST") return refuse(405, `${req.method} is not allowed`);
  if (!String(req.headers["content-type"] ?? "").startsWith("application/json"))
    return refuse(400, "Content-Type must be application/json");
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return refuse(400, "The body must be a JSON object");
  const fields = body as Record<string, unknown>;
  if (api === "openai" || api === "ollama") {
    if (typeof fields.model !== "string" || fields.model === "")
      return refuse(400, "you must provide a model parameter");
    const input = fields.input;
    const texts = typeof input === "string" ? [input] : input;
    if (!Array.isArray(texts) || texts.length === 0 || !texts.every((t) => typeof t === "string"))
      return refuse(400, "'input' must be a string or a non-empty array of strings");
    if (api === "openai" && texts.length > 2048)
      return refuse(400, "'$.input' is too long: at most 2048 inputs");
    if (api === "openai" && texts.some((text) => text === ""))
      return refuse(400, "'$.input' is invalid: an input is empty");
    return undefined;
  }
  const model = decodeURIComponent(/^\/v1beta\/models\/([^/:]+):/.exec(url.pathname)![1]!);
  const items = fields.requests;
  if (!Array.isArray(items) || items.length === 0)
    return refuse(400, "* BatchEmbedContentsRequest.requests: requests is not specified");
  if (items.length > 100)
    return refuse(
      400,
      "* BatchEmbedContentsRequest.requests: at most 100 requests can be in one batch",
    );
  for (const item of items as { model?: unknown; content?: { parts?: unknown } }[]) {
    if (item?.model !== `models/${model}`)
      return refuse(
        400,
        `Model "${String(item?.model)}" of a request does not match the batch's "models/${model}"`,
      );
    const parts = item.content?.parts;
    if (!Array.isArray(parts) || !parts.some((part) => typeof part?.text === "string"))
      return refuse(
        400,
        "* BatchEmbedContentsRequest.requests[0].content: contents is not specified",
      );
  }
  return undefined;
}

function parseRequest(api: FakeEmbeddingApi, url: URL, body: unknown): ParsedRequest {
  const fields = body as Record<string, unknown>;
  if (api === "google") {
    const items = fields.requests as {
      content: { parts: { text?: string }[] };
      outputDimensionality?: number;
    }[];
    return {
      model: decodeURIComponent(/^\/v1beta\/models\/([^/:]+):/.exec(url.pathname)![1]!),
      texts: items.map((item) => item.content.parts.map((part) => part.text ?? "").join("")),
      dimensions: items[0]?.outputDimensionality,
    };
  }
  const input = fields.input as string | string[];
  return {
    model: fields.model as string,
    texts: typeof input === "string" ? [input] : input,
    dimensions: typeof fields.dimensions === "number" ? fields.dimensions : undefined,
  };
}

function answer(
  api: FakeEmbeddingApi,
  model: string,
  texts: string[],
  vectors: number[][],
): unknown {
  const tokens = texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  if (api === "openai") {
    return {
      object: "list",
      data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
      model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    };
  }
  if (api === "google") {
    // Gemini's shortened vectors are not normalised: the client must do it.
    return { embeddings: vectors.map((values) => ({ values: values.map((v) => v * 2.5) })) };
  }
  return {
    model,
    embeddings: vectors,
    total_duration: 14_000_000,
    load_duration: 1_000_000,
    prompt_eval_count: tokens,
  };
}

function errorBody(api: FakeEmbeddingApi, status: number, message: string): unknown {
  if (api === "google") {
    const statusName =
      status === 429
        ? "RESOURCE_EXHAUSTED"
        : status >= 500
          ? "INTERNAL"
          : status === 404
            ? "NOT_FOUND"
            : "INVALID_ARGUMENT";
    return { error: { code: status, message, status: statusName } };
  }
  if (api === "ollama") return { error: message };
  return {
    error: {
      message,
      type:
        status === 429
          ? "rate_limit_exceeded"
          : status >= 500
            ? "server_error"
            : "invalid_request_error",
      param: null,
      code: null,
    },
  };
}

function quotaBody(api: FakeEmbeddingApi): unknown {
  if (api === "google") {
    const message = "You exceeded your current quota, please check your plan and billing details.";
    return { error: { code: 429, message, status: "RESOURCE_EXHAUSTED" } };
  }
  return {
    error: {
      message: "You exceeded your current quota, please check your plan and billing details.",
      type: "insufficient_quota",
      param: null,
      code: "insufficient_quota",
    },
  };
}

function sendError(api: FakeEmbeddingApi, res: ServerResponse, status: number, message: string) {
  sendJson(res, status, errorBody(api, status, message));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** How OpenAI shows a wrong key: its start and end only. */
function mask(key: string): string {
  return key.length <= 8 ? "****" : `${key.slice(0, 3)}****${key.slice(-4)}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function safeJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
