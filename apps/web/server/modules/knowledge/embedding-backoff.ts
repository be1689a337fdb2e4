import { ProviderError } from "@jai/engine";

export type EmbeddingBackoff = {
  /** Milliseconds left before `key` may be called again (0: now). */
  remainingMs(key: string): number;
  /** Records a failure; returns the wait and whether it starts a streak (log it then only). */
  fail(key: string, error: unknown): { waitMs: number; isFirst: boolean };
  succeed(key: string): void;
};

export type EmbeddingBackoffOptions = {
  /** A refused key, a used-up quota, a request the API refuses: first wait, doubled to `max`. */
  refusedMs?: { first: number; max: number };
  /** 5xx, a broken connection, a timeout: first wait, doubled to `max`. */
  unavailableMs?: { first: number; max: number };
  /** A 429 without Retry-After; with one, what it says (at most an hour). */
  rateLimitedMs?: number;
  now?: () => number;
};

/**
 * How long an embedding endpoint and credential rest after a failure, so a refused key or a
 * down server is not called again and again (each call would cost a round trip, and a refused
 * key may lock the owner's account). In memory, per process: each instance learns on its own.
 */
export function createEmbeddingBackoff({
  refusedMs = { first: 15 * 60_000, max: 6 * 60 * 60_000 },
  unavailableMs = { first: 30_000, max: 30 * 60_000 },
  rateLimitedMs = 60_000,
  now = Date.now,
}: EmbeddingBackoffOptions = {}): EmbeddingBackoff {
  const state = new Map<string, { failures: number; until: number }>();
  return {
    remainingMs(key) {
      const entry = state.get(key);
      return entry ? Math.max(0, entry.until - now()) : 0;
    },
    fail(key, error) {
      const failures = (state.get(key)?.failures ?? 0) + 1;
      const kind = error instanceof ProviderError ? error.kind : "unknown";
      let waitMs: number;
      if (kind === "rate_limited") {
        const asked = (error as ProviderError).retryAfterMs;
        waitMs = Math.min(asked ?? rateLimitedMs, 60 * 60_000);
      } else {
        const isRefused = ["auth", "quota", "config", "client", "invalid_response"].includes(kind);
        const { first, max } = isRefused ? refusedMs : unavailableMs;
        waitMs = Math.min(first * 2 ** (failures - 1), max);
      }
      state.set(key, { failures, until: now() + waitMs });
      return { waitMs, isFirst: failures === 1 };
    },
    succeed(key) {
      state.delete(key);
    },
  };
}
