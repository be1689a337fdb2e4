import { describe, expect, it } from "vitest";
import recorded from "./fixtures/recorded-daily.json";
import { forecastDaily, forecastMinHistory } from "./forecast";

/** A seeded PRNG (mulberry32), so every run sees the same "random" series. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
}

/** Conversations a day: a weekly pattern (busy weekends), a trend, and noise. */
function weeklySeries(days: number, seed: number, noise: number, trend: number): number[] {
  const random = seeded(seed);
  const weekday = [0, -8, -5, 0, 10, 35, 25];
  return Array.from({ length: days }, (_, day) =>
    Math.max(0, Math.round(80 + trend * day + weekday[day % 7]! + noise * normal(random))),
  );
}

describe("forecastDaily", () => {
  it("needs four weeks of history", () => {
    expect(forecastDaily(Array(forecastMinHistory - 1).fill(10), 14)).toBeNull();
    expect(forecastDaily(Array(forecastMinHistory).fill(10), 14)).not.toBeNull();
  });

  it("beats the seasonal naive forecast on a weekly series with trend and noise", () => {
    for (const seed of [1, 2, 3]) {
      const result = forecastDaily(weeklySeries(120, seed, 6, 0.4), 14)!;
      expect(result.model, `seed ${seed}`).toBe("holt_winters");
      expect(result.fellBack).toBe(false);
      expect(result.mape).toBeLessThan(result.naiveMape);
      expect(result.points).toHaveLength(14);
    }
  });

  it("falls back to the seasonal naive forecast on a pure weekly repeat", () => {
    const week = [40, 35, 38, 42, 55, 90, 70];
    const series = Array.from({ length: 91 }, (_, day) => week[day % 7]!);
    const result = forecastDaily(series, 14)!;
    expect(result).toMatchObject({ model: "seasonal_naive", fellBack: true, naiveMape: 0 });
    expect(result.points.map((point) => point.value)).toEqual([...week, ...week]);
    // no error in the backtest: no band either
    for (const point of result.points) expect(point.high - point.low).toBe(0);
  });

  it("falls back when last week is a better guess than the model (a sudden weekly pattern)", () => {
    // Flat for months, then the shop changes its days: the last weeks repeat a new pattern
    // exactly, which the naive forecast copies and the smoothed model only learns slowly.
    const random = seeded(7);
    const flat = Array.from({ length: 84 }, () => Math.round(50 + 3 * normal(random)));
    const week = [0, 0, 60, 60, 60, 120, 120];
    const series = [...flat, ...Array.from({ length: 35 }, (_, day) => week[day % 7]!)];
    const result = forecastDaily(series, 7)!;
    expect(result.fellBack).toBe(true);
    expect(result.model).toBe("seasonal_naive");
    expect(result.mape).toBeGreaterThanOrEqual(result.naiveMape);
  });

  it("on white noise keeps the model, since it does beat the naive forecast there", () => {
    // A level forecast has about 1/√2 the error of "same day last week" on pure noise.
    const random = seeded(11);
    const series = Array.from({ length: 120 }, () => Math.round(60 + 10 * normal(random)));
    const result = forecastDaily(series, 14)!;
    expect(result.fellBack).toBe(result.mape >= result.naiveMape);
    expect(result.mape).toBeLessThan(result.naiveMape);
  });

  it("gives a band that widens with the horizon and never goes below 0", () => {
    const result = forecastDaily(weeklySeries(90, 5, 10, 0), 14)!;
    const widths = result.points.map((point) => point.high - point.low);
    expect(widths[13]!).toBeGreaterThan(widths[0]!);
    for (const point of result.points) {
      expect(point.low).toBeGreaterThanOrEqual(0);
      expect(point.low).toBeLessThanOrEqual(point.value);
      expect(point.high).toBeGreaterThanOrEqual(point.value);
    }
    // a quiet bot: values near 0 keep the band at 0 or above
    const quiet = forecastDaily(weeklySeries(60, 6, 4, -1.2), 14)!;
    for (const point of quiet.points) expect(point.low).toBeGreaterThanOrEqual(0);
  });

  it("covers about 80% of what comes next", () => {
    let inside = 0;
    let total = 0;
    for (const seed of [21, 22, 23, 24, 25, 26]) {
      const series = weeklySeries(133, seed, 8, 0.3);
      const result = forecastDaily(series.slice(0, 119), 14)!;
      result.points.forEach((point, i) => {
        const actual = series[119 + i]!;
        if (actual >= point.low && actual <= point.high) inside += 1;
        total += 1;
      });
    }
    expect(inside / total).toBeGreaterThan(0.6);
    expect(inside / total).toBeLessThan(0.97);
  });

  it("skips days with no conversations in the MAPE", () => {
    const series = weeklySeries(70, 9, 5, 0).map((value, day) => (day % 7 === 0 ? 0 : value));
    const result = forecastDaily(series, 7)!;
    expect(Number.isFinite(result.mape)).toBe(true);
    expect(Number.isFinite(result.naiveMape)).toBe(true);
  });

  it("on the recorded shop series: reports both errors and keeps the better model", () => {
    const series = recorded.series.map((day) => day.conversations);
    const result = forecastDaily(series, 14)!;
    console.info(
      `recorded-daily: Holt-Winters MAPE ${result.mape.toFixed(1)}%, seasonal naive ${result.naiveMape.toFixed(1)}%, model ${result.model}`,
    );
    expect(result.fellBack).toBe(!(result.mape < result.naiveMape));
    expect(result.model).toBe("holt_winters");
    expect(result.points).toHaveLength(14);
  });

  it("is fast: a year of history in milliseconds, not seconds", () => {
    const series = weeklySeries(365, 4, 8, 0.2);
    forecastDaily(series, 14);
    const started = performance.now();
    const runs = 5;
    for (let run = 0; run < runs; run += 1) forecastDaily(series, 14);
    const perRun = (performance.now() - started) / runs;
    console.info(`forecastDaily, 365 days: ${perRun.toFixed(1)} ms`);
    // About 5 ms alone (bench/analytics.mjs measures it per bot); a loaded test machine took
    // 24 ms. The bound catches a model search gone quadratic, not the machine's noise.
    expect(perRun).toBeLessThan(100);
  });
});
