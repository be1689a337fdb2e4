export type RetryDelayOptions = {
  baseMs?: number;
  maxMs?: number;
  /** Returns [0, 1); injectable for tests. */
  random?: () => number;
};

/**
 * How long to wait before attempt `attempts + 1` after `attempts` failed ones: exponential
 * (10 s, 20 s, 40 s … by default) capped at one hour, with "equal jitter" (a random point in the
 * upper half of the step) so that emails that failed together do not all retry together.
 */
export function computeRetryDelayMs(
  attempts: number,
  { baseMs = 10_000, maxMs = 3_600_000, random = Math.random }: RetryDelayOptions = {},
): number {
  const exponent = Math.max(0, attempts - 1);
  // 2 ** 40 ms is longer than any cap: stop growing before the number gets silly.
  const step = Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 40));
  return Math.round(step / 2 + random() * (step / 2));
}
