import { describe, expect, it } from "vitest";
import { computeRetryDelayMs } from "./compute-retry-delay";

describe("computeRetryDelayMs", () => {
  it("doubles from 10 s, between half and all of each step", () => {
    const low = (attempts: number) => computeRetryDelayMs(attempts, { random: () => 0 });
    const high = (attempts: number) => computeRetryDelayMs(attempts, { random: () => 0.999999 });
    expect([1, 2, 3, 4].map(low)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect([1, 2, 3, 4].map(high)).toEqual([10_000, 20_000, 40_000, 80_000]);
  });

  it("never waits more than an hour, however many attempts", () => {
    for (const attempts of [10, 11, 20, 100, 10_000]) {
      const delay = computeRetryDelayMs(attempts, { random: () => 0.999999 });
      expect(delay).toBeLessThanOrEqual(3_600_000);
      expect(delay).toBeGreaterThan(3_599_000);
    }
  });

  it("spreads retries of emails that failed together", () => {
    const delays = new Set(Array.from({ length: 50 }, () => computeRetryDelayMs(3)));
    expect(delays.size).toBeGreaterThan(40);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(20_000);
      expect(delay).toBeLessThanOrEqual(40_000);
    }
  });

  it("takes its base and cap from options", () => {
    expect(computeRetryDelayMs(5, { baseMs: 100, maxMs: 500, random: () => 0 })).toBe(250);
  });
});
