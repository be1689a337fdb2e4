import {
  type ChatProvider,
  ProviderError,
  type ProviderErrorKind,
  type ProviderRequest,
  type TokenUsage,
} from "../providers/provider";
import type { Bulkhead, BulkheadRelease } from "./bulkhead";
import type { BreakerPermit, CircuitBreaker } from "./circuit-breaker";
import { sleep as defaultSleep } from "./sleep";

export type ResilienceOptions = {
  /** From the start of each attempt to its first text. Default 20 s. */
  firstTokenTimeoutMs?: number;
  /** The whole turn, retries and waits included. Default 90 s. */
  totalTimeoutMs?: number;
  /** Retries after the first attempt, on 429 / 5xx / connection failures only. Default 2. */
  maxRetries?: number;
  /** Wait before retry n (no Retry-After): base × 2^(n-1). Default 500 ms. */
  retryBaseDelayMs?: number;
  /**
   * Longest wait before a retry. A provider asking (Retry-After) for longer than this is not
   * retried at all: retrying sooner than asked would only be refused again. Default 10 s.
   */
  maxRetryDelayMs?: number;
};

export type StreamStatus = "completed" | "cancelled" | "failed";

export type StreamOutcome = {
  status: StreamStatus;
  /** Everything streamed: the reply, or what came before a cancel or a failure. */
  text: string;
  error?: { kind: ProviderErrorKind; message: string; status?: number };
  usage?: TokenUsage;
  /** Provider calls made (1 + retries). */
  attempts: number;
  /** Milliseconds from `startedAt` to the first text, if any came. */
  firstTokenMs?: number;
  /** Milliseconds from `startedAt` to the end. */
  totalMs: number;
};

export type StreamContext = {
  signal?: AbortSignal;
  breaker: CircuitBreaker;
  /** Bounds the calls in flight to the provider's endpoint (shared by every key on it). */
  bulkhead?: Bulkhead;
  options?: ResilienceOptions;
  /** The turn's start on `now`'s clock (latencies are measured from it). Default: now. */
  startedAt?: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<boolean>;
};

export const resilienceDefaults: Required<ResilienceOptions> = {
  firstTokenTimeoutMs: 20_000,
  totalTimeoutMs: 90_000,
  maxRetries: 2,
  retryBaseDelayMs: 500,
  maxRetryDelayMs: 10_000,
};

/** Why an attempt's signal aborted. */
type StopReason = "cancelled" | "first_token_timeout" | "total_timeout";

/**
 * Runs a provider with timeouts, bounded retries and a circuit breaker, yielding text as it comes
 * and returning how the turn ended. It never throws for a provider failure: the outcome says
 * completed, cancelled (the caller's signal aborted; partial text kept) or failed (with the
 * error's kind).
 *
 * - No retry once text has streamed (the user has seen it), nor on a timeout, a 4xx other than
 *   429, or a configuration error.
 * - The caller's signal, the total timeout and the first-token timeout abort the provider's
 *   signal, and the loop stops waiting for the provider at that moment, so a provider that
 *   ignores its signal cannot hold the turn (or a disconnected client's slot) open.
 */
export async function* streamWithResilience(
  provider: ChatProvider,
  request: ProviderRequest,
  context: StreamContext,
): AsyncGenerator<string, StreamOutcome> {
  const options = { ...resilienceDefaults, ...context.options };
  const now = context.now ?? (() => performance.now());
  const wait = context.sleep ?? defaultSleep;
  const startedAt = context.startedAt ?? now();
  const turn = new AbortController();
  const stopTurn = (reason: StopReason) => {
    if (!turn.signal.aborted) turn.abort(reason);
  };
  const onCancel = () => stopTurn("cancelled");
  if (context.signal?.aborted) stopTurn("cancelled");
  context.signal?.addEventListener("abort", onCancel, { once: true });
  const remaining = options.totalTimeoutMs - (now() - startedAt);
  const totalTimer = unref(setTimeout(() => stopTurn("total_timeout"), Math.max(0, remaining)));

  let text = "";
  let usage: TokenUsage | undefined;
  let firstTokenMs: number | undefined;
  let attempts = 0;
  let lastError: ProviderError | undefined;
  /** The breaker permit of the attempt in flight: released if the caller stops iterating. */
  let permit: BreakerPermit | undefined;
  /** The bulkhead slot of the attempt in flight. */
  let slot: BulkheadRelease | undefined;
  const end = (status: StreamStatus, error?: ProviderError): StreamOutcome => {
    const outcome: StreamOutcome = { status, text, attempts, totalMs: now() - startedAt };
    if (usage) outcome.usage = usage;
    if (firstTokenMs !== undefined) outcome.firstTokenMs = firstTokenMs;
    if (error) {
      outcome.error = { kind: error.kind, message: error.message };
      if (error.status !== undefined) outcome.error.status = error.status;
    }
    return outcome;
  };
  const stopped = (): StreamOutcome | undefined => {
    const reason = turn.signal.reason as StopReason | undefined;
    if (!turn.signal.aborted) return undefined;
    if (reason === "cancelled") return end("cancelled");
    return end("failed", new ProviderError("timeout", "The provider did not finish in time"));
  };

  try {
    while (true) {
      const early = stopped();
      if (early) return early;
      if (context.bulkhead) {
        slot = await context.bulkhead.acquire(turn.signal);
        if (!slot) {
          return (
            stopped() ??
            end(
              "failed",
              new ProviderError("overloaded", `Too many calls to ${provider.kind} in flight`),
            )
          );
        }
      }
      permit = context.breaker.acquire();
      if (!permit) {
        return end(
          "failed",
          lastError ??
            new ProviderError("circuit_open", `${provider.kind} is failing: circuit open`),
        );
      }
      attempts++;
      const attempt = new AbortController();
      const stopAttempt = (reason: StopReason) => {
        if (!attempt.signal.aborted) attempt.abort(reason);
      };
      const onTurnStop = () => stopAttempt(turn.signal.reason as StopReason);
      turn.signal.addEventListener("abort", onTurnStop, { once: true });
      let firstTokenTimer: ReturnType<typeof setTimeout> | undefined = unref(
        setTimeout(() => stopAttempt("first_token_timeout"), options.firstTokenTimeoutMs),
      );
      const stopWaiting = new Promise<"stopped">((resolve) => {
        attempt.signal.addEventListener("abort", () => resolve("stopped"), { once: true });
      });
      let iterator: AsyncIterator<unknown> | undefined;
      let error: ProviderError | undefined;
      let completed = false;
      try {
        iterator = provider.stream(request, attempt.signal)[Symbol.asyncIterator]();
        while (true) {
          const pending = iterator.next();
          pending.catch(() => {});
          const next = await Promise.race([pending, stopWaiting]);
          if (next === "stopped") break;
          if (next.done) {
            completed = true;
            break;
          }
          const chunk = next.value as { type: string; text?: string; usage?: TokenUsage };
          if (chunk.type === "usage" && chunk.usage) usage = chunk.usage;
          if (chunk.type === "text" && chunk.text) {
            if (firstTokenTimer) {
              clearTimeout(firstTokenTimer);
              firstTokenTimer = undefined;
              firstTokenMs ??= now() - startedAt;
            }
            text += chunk.text;
            yield chunk.text;
          }
        }
      } catch (thrown) {
        error = toProviderError(thrown);
      } finally {
        if (firstTokenTimer) clearTimeout(firstTokenTimer);
        turn.signal.removeEventListener("abort", onTurnStop);
        if (!completed && !error)
          stopAttempt(turn.signal.aborted ? (turn.signal.reason as StopReason) : "cancelled");
        // Not awaited: a provider that ignores its signal must not keep us here.
        iterator?.return?.().catch(() => {});
        slot?.();
        slot = undefined;
      }

      const reason = attempt.signal.aborted ? (attempt.signal.reason as StopReason) : undefined;
      if (completed && !error) {
        if (text.trim() === "") {
          permit.failed();
          return end(
            "failed",
            new ProviderError("invalid_response", "The provider returned an empty reply"),
          );
        }
        permit.succeeded();
        return end("completed");
      }
      if (reason === "cancelled" || (reason === undefined && turn.signal.aborted)) {
        permit.released();
        return end("cancelled");
      }
      if (reason === "first_token_timeout" || reason === "total_timeout") {
        permit.failed();
        const which = reason === "first_token_timeout" ? "start answering" : "finish";
        return end("failed", new ProviderError("timeout", `The provider did not ${which} in time`));
      }
      const failure =
        error ?? new ProviderError("unknown", "The provider stream ended unexpectedly");
      lastError = failure;
      if (failure.isRetryable || failure.kind === "invalid_response") permit.failed();
      else permit.released();
      if (!failure.isRetryable || text !== "" || attempts > options.maxRetries)
        return end("failed", failure);
      const delay = failure.retryAfterMs ?? options.retryBaseDelayMs * 2 ** (attempts - 1);
      if (delay > options.maxRetryDelayMs) return end("failed", failure);
      if (now() - startedAt + delay >= options.totalTimeoutMs) return end("failed", failure);
      if (!(await wait(delay, turn.signal))) return stopped() ?? end("cancelled");
    }
  } finally {
    permit?.released();
    slot?.();
    clearTimeout(totalTimer);
    context.signal?.removeEventListener("abort", onCancel);
    if (!turn.signal.aborted) turn.abort("cancelled");
  }
}

/** A pending timer must not keep a process alive after an abandoned turn (Node only). */
function unref(timer: ReturnType<typeof setTimeout>): ReturnType<typeof setTimeout> {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

function toProviderError(thrown: unknown): ProviderError {
  if (thrown instanceof ProviderError) return thrown;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new ProviderError("unknown", message, { cause: thrown });
}
