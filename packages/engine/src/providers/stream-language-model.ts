import { APICallError, type LanguageModel, LoadAPIKeyError, streamText } from "ai";
import { parseRetryAfter } from "../resilience/retry-after";
import {
  type ProviderChunk,
  ProviderError,
  type ProviderErrorKind,
  type ProviderRequest,
  type ProviderSettings,
} from "./provider";

/**
 * Streams one chat-model call through the `ai` SDK's `streamText`, for every network provider.
 * The SDK's own retries are off (`maxRetries: 0`): the resilience layer decides, knowing
 * whether text already reached the user. Errors arrive as stream parts; they are thrown as
 * `ProviderError` with the HTTP status and Retry-After the SDK kept.
 */
export async function* streamLanguageModel(
  model: LanguageModel,
  request: ProviderRequest,
  signal: AbortSignal,
  settings: ProviderSettings,
): AsyncGenerator<ProviderChunk> {
  const result = streamText({
    model,
    system: request.system,
    messages: request.messages,
    abortSignal: signal,
    maxRetries: 0,
    maxOutputTokens: settings.maxOutputTokens ?? 1024,
    // The default logs every error with console.error; the error part below carries it instead.
    onError: () => {},
    // Images can be megabytes: do not keep a copy of the request body in the step results.
    experimental_include: { requestBody: false },
  });
  for await (const part of result.fullStream) {
    if (part.type === "text-delta") {
      if (part.text) yield { type: "text", text: part.text };
    } else if (part.type === "finish") {
      const { inputTokens, outputTokens } = part.totalUsage;
      const usage: { inputTokens?: number; outputTokens?: number } = {};
      if (inputTokens !== undefined) usage.inputTokens = inputTokens;
      if (outputTokens !== undefined) usage.outputTokens = outputTokens;
      yield { type: "usage", usage };
    } else if (part.type === "error") {
      throw toProviderError(part.error);
    } else if (part.type === "abort") {
      return;
    }
  }
}

/** Sorts an `ai` SDK error into a `ProviderError` kind (see `providerErrorKinds`). */
export function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) return new ProviderError("network", message, { cause: error });
    const details = { status, cause: error, retryAfterMs: parseRetryAfter(error.responseHeaders) };
    return new ProviderError(httpErrorKind(status, error.responseBody), message, details);
  }
  if (LoadAPIKeyError.isInstance(error))
    return new ProviderError("config", message, { cause: error });
  // undici's "fetch failed" / "terminated" and socket errors: the connection broke.
  if (error instanceof TypeError || hasNetworkCode(error)) {
    return new ProviderError("network", message, { cause: error });
  }
  if (error instanceof Error && /JSON|parse|validation/i.test(error.name)) {
    return new ProviderError("invalid_response", message, { cause: error });
  }
  return new ProviderError("unknown", message, { cause: error });
}

/** The kind of an HTTP error answer from a provider, by its status and body. */
export function httpErrorKind(status: number, body: string | undefined): ProviderErrorKind {
  if (status === 402 || (status === 429 && isQuotaExhausted(body))) return "quota";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server";
  if (status === 401 || status === 403 || isKeyInvalid(body)) return "auth";
  return "client";
}

/** Gemini answers a wrong key with a 400 (`API_KEY_INVALID`), not a 401. */
function isKeyInvalid(body: string | undefined): boolean {
  return body !== undefined && /API_KEY_INVALID|API key not valid/.test(body);
}

/**
 * A 429 that waiting will not cure: the key's quota or credit is used up. OpenAI says
 * `insufficient_quota`, Anthropic a low "credit balance", Gemini `RESOURCE_EXHAUSTED` with
 * "quota" or "billing" in its message (its per-minute limits say "rate" instead).
 */
export function isQuotaExhausted(body: string | undefined): boolean {
  if (!body) return false;
  return /insufficient_quota|credit balance|billing|exceeded your current quota/i.test(body);
}

function hasNetworkCode(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | undefined)?.code ??
    (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === "string" && /^(?:E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code);
}
