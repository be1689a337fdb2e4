import { ProviderError } from "../providers/provider";
import { providerErrorMessage } from "../providers/provider-error-message";
import { isQuotaExhausted } from "../providers/stream-language-model";
import { parseRetryAfter } from "../resilience/retry-after";

/**
 * One JSON POST to an embedding API, its failures sorted into `ProviderError` kinds the way the
 * chat providers' are (stream-language-model.ts): 401/403 auth, 402 or a 429 that says the
 * quota is used up quota, 429 rate_limited (with Retry-After), 5xx server, other 4xx client, no
 * answer within `timeoutMs` timeout, a broken connection network, an unreadable body
 * invalid_response. An abort of `signal` rejects with its reason, unchanged.
 */
export async function postJson(
  url: string,
  body: unknown,
  options: {
    headers: Record<string, string>;
    timeoutMs: number;
    signal?: AbortSignal;
    /** Names the API in messages ("OpenAI embeddings"); never the key or the query string. */
    label: string;
    /** A 400 that really means a bad key (Gemini answers an invalid key with 400). */
    isAuthFailure?: (status: number, text: string) => boolean;
  },
): Promise<unknown> {
  const { signal, timeoutMs, label } = options;
  signal?.throwIfAborted();
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const failed = (error: unknown): never => {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) {
      throw new ProviderError("timeout", `${label}: no answer within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    if (error instanceof ProviderError) throw error;
    throw new ProviderError("network", `${label}: ${describe(error)}`, { cause: error });
  };

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...options.headers },
      body: JSON.stringify(body),
      signal: combined,
    });
    text = await response.text();
  } catch (error) {
    return failed(error);
  }
  if (!response.ok) {
    const status = response.status;
    const details = {
      status,
      retryAfterMs: parseRetryAfter(Object.fromEntries(response.headers.entries())),
    };
    const message = `${label}: HTTP ${status}: ${providerErrorMessage(text)}`;
    if (status === 401 || status === 403 || options.isAuthFailure?.(status, text))
      throw new ProviderError("auth", message, details);
    if (status === 402 || (status === 429 && isQuotaExhausted(text)))
      throw new ProviderError("quota", message, details);
    if (status === 429) throw new ProviderError("rate_limited", message, details);
    if (status >= 500) throw new ProviderError("server", message, details);
    throw new ProviderError("client", message, details);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ProviderError("invalid_response", `${label}: the answer is not JSON`, {
      status: response.status,
      cause: error,
    });
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.message}${cause}`;
}

/** Checks that an API gave `count` vectors of one length; throws invalid_response otherwise. */
export function expectVectors(
  vectors: unknown,
  count: number,
  label: string,
): asserts vectors is number[][] {
  const ok =
    Array.isArray(vectors) &&
    vectors.length === count &&
    vectors.every(
      (vector) =>
        Array.isArray(vector) &&
        vector.length > 0 &&
        vector.length === (vectors[0] as unknown[]).length &&
        vector.every((value) => typeof value === "number" && Number.isFinite(value)),
    );
  if (!ok) {
    throw new ProviderError(
      "invalid_response",
      `${label}: expected ${count} vectors of one length`,
    );
  }
}

/** A base URL without its trailing slashes. */
export function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
