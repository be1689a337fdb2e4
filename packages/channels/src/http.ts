import type { HttpClient, SendResult } from "./types";

const defaultTimeoutMs = 10_000;
/** The most of a response body read (for the error text): receivers may answer with anything. */
const maxErrorBodyChars = 300;

export type ChannelRequest = {
  /** Joined to the client's base URL ("/v2/bot/message/push"). */
  path: string;
  method?: "POST" | "GET" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
  signal?: AbortSignal;
};

/**
 * One request to a platform, classified the same way for every channel: 2xx is delivered; 429
 * and 5xx (and a network failure or timeout) may succeed later, with the receiver's
 * `Retry-After` when it sent one; any other status will not. Never throws.
 */
export async function sendRequest(http: HttpClient, request: ChannelRequest): Promise<SendResult> {
  const timeout = AbortSignal.timeout(http.timeoutMs ?? defaultTimeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await http.fetch(joinUrl(http.baseUrl, request.path), {
      method: request.method ?? "POST",
      headers: {
        ...(request.json === undefined ? {} : { "Content-Type": "application/json" }),
        ...request.headers,
      },
      body: request.json === undefined ? undefined : JSON.stringify(request.json),
      signal,
      redirect: "manual",
    });
  } catch (error) {
    const timedOut = timeout.aborted;
    return {
      ok: false,
      retryable: true,
      error: timedOut ? "timed out" : `network error: ${errorName(error)}`,
    };
  }
  return classifyResponse(response);
}

/** A platform's answer as a SendResult; reads (a little of) the body of failures. */
export async function classifyResponse(response: Response): Promise<SendResult> {
  const statusCode = response.status;
  if (statusCode >= 200 && statusCode < 300) {
    await response.body?.cancel().catch(() => {});
    return { ok: true, statusCode };
  }
  const text = await response.text().catch(() => "");
  const retryAfterSeconds = parseRetryAfter(response.headers.get("retry-after"));
  const retryable = statusCode === 429 || statusCode >= 500 || statusCode === 408;
  return {
    ok: false,
    retryable,
    statusCode,
    error: `HTTP ${statusCode}${text ? `: ${text.replace(/\s+/g, " ").slice(0, maxErrorBodyChars)}` : ""}`,
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date; undefined when absent or bad. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

function errorName(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return cause?.code ?? error.name;
  }
  return "unknown";
}
