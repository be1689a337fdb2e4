import { describe, expect, it } from "vitest";
import {
  apiQuery,
  defaultFilters,
  rangeIssue,
  readFilters,
  writeFilters,
} from "./analytics-filters";
import { previousPeriod } from "./analytics-page";
import { intensity, labelIndexes, niceTicks } from "./charts/scale";
import { changeOf, daysBetween, formatsFor } from "./format";

describe("formats", () => {
  const th = formatsFor("th");
  const en = formatsFor("en");

  it("writes numbers, baht and percentages in each language", () => {
    expect(th.count(1234567)).toBe("1,234,567");
    expect(th.baht(1234.5)).toBe("฿1,234.50");
    expect(en.baht(1234.5)).toBe("฿1,234.50");
    expect(th.percent(0.123)).toBe("12.3%");
    expect(th.decimal(4.25)).toBe("4.3");
  });

  it("writes Thai days in the Buddhist era with Thai day names, English days in English", () => {
    expect(th.dayShort("2025-01-14")).toBe("14 ม.ค.");
    expect(th.dayFull("2025-01-14")).toContain("2568");
    expect(th.range("2025-01-14", "2025-02-20")).toBe("14 ม.ค. – 20 ก.พ. พ.ศ. 2568");
    expect(th.range("2025-01-14", "2025-01-14")).toBe("14 ม.ค. พ.ศ. 2568");
    expect(en.range("2025-01-14", "2025-01-20")).toMatch(/Jan 14\s*–\s*20, 2025/);
    expect(th.weekday(1)).toBe("วันจันทร์");
    expect(th.weekday(0)).toBe("วันอาทิตย์");
    expect(en.weekdayShort(6)).toBe("Sat");
  });

  it("a day is the same calendar day whatever the machine's time zone", () => {
    // 2025-01-14 at UTC midnight is still the 13th west of Greenwich: formatted in UTC, it is not.
    expect(en.dayShort("2025-01-14")).toBe("Jan 14");
  });

  it("writes durations in the largest fitting unit", () => {
    expect(en.duration(1500)).toBe("1.5 sec");
    expect(th.duration(1500)).toBe("1.5 วินาที");
    expect(th.duration(12 * 60_000)).toBe("12 นาที");
    expect(en.duration(3 * 3_600_000)).toBe("3 hr");
    expect(th.duration(2 * 86_400_000)).toBe("2 วัน");
  });

  it("names the time of the figures in the workspace's zone, with the date when not today", () => {
    const now = new Date("2025-01-20T05:00:00Z");
    expect(th.moment("2025-01-20T03:30:00Z", "Asia/Bangkok", now)).toBe("10:30");
    expect(en.moment("2025-01-18T03:30:00Z", "Asia/Bangkok", now)).toMatch(/Jan 18.*10:30/);
  });
});

describe("changeOf", () => {
  it("counts change by a share of the previous value", () => {
    expect(changeOf(125, 100)).toEqual({ kind: "up", unit: "percent", amount: 0.25 });
    expect(changeOf(75, 100)).toEqual({ kind: "down", unit: "percent", amount: 0.25 });
    expect(changeOf(100, 100)).toEqual({ kind: "same" });
    expect(changeOf(5, 0)).toEqual({ kind: "new" });
    expect(changeOf(0, 0)).toEqual({ kind: "same" });
  });

  it("rates change by percentage points", () => {
    const change = changeOf(0.12, 0.1, "rate");
    expect(change).toMatchObject({ kind: "up", unit: "points" });
    expect(change.kind === "up" && change.amount).toBeCloseTo(2);
    expect(changeOf(0.1, 0.1, "rate")).toEqual({ kind: "same" });
  });

  it("scores (a 1–5 average) change by the difference", () => {
    const change = changeOf(4.3, 4.5, "score");
    expect(change).toMatchObject({ kind: "down", unit: "score" });
    expect(change.kind === "down" && change.amount).toBeCloseTo(0.2);
  });

  it("says nothing without a figure now, and 'new' without one before", () => {
    expect(changeOf(null, 0.5, "rate")).toEqual({ kind: "none" });
    expect(changeOf(0.5, null, "rate")).toEqual({ kind: "new" });
    expect(changeOf(0, null)).toEqual({ kind: "none" });
  });
});

describe("filters in the URL", () => {
  it("reads what is valid and defaults the rest", () => {
    expect(readFilters(new URLSearchParams(""))).toEqual(defaultFilters);
    expect(
      readFilters(new URLSearchParams("period=30d&botId=b1&channel=line&from=2025-01-01")),
    ).toEqual({ period: "30d", from: "", to: "", botId: "b1", channel: "line" });
    expect(readFilters(new URLSearchParams("period=year&channel=fax"))).toEqual(defaultFilters);
  });

  it("keeps a custom period's days, and says what is wrong with them", () => {
    const custom = readFilters(new URLSearchParams("period=custom&from=2025-01-01&to=2025-01-31"));
    expect(custom).toMatchObject({ period: "custom", from: "2025-01-01", to: "2025-01-31" });
    expect(rangeIssue(custom)).toBeNull();
    expect(rangeIssue({ ...custom, to: "" })).toBe("missing");
    expect(rangeIssue({ ...custom, from: "2025-02-01" })).toBe("order");
    expect(rangeIssue({ ...custom, from: "2023-01-01" })).toBe("tooLong");
    expect(rangeIssue({ ...custom, from: "2024-02-01" })).toBeNull(); // 366 days (2024 is leap)
    expect(rangeIssue({ ...custom, from: "2024-01-31" })).toBe("tooLong");
    expect(readFilters(new URLSearchParams("period=custom&from=2025-13-45")).from).toBe("");
  });

  it("writes only what differs from the defaults; the API's query always names the period", () => {
    expect(writeFilters(defaultFilters).toString()).toBe("");
    const filters = {
      ...defaultFilters,
      period: "custom" as const,
      from: "2025-01-01",
      to: "2025-01-07",
      botId: "b1",
    };
    expect(writeFilters(filters).toString()).toBe(
      "period=custom&from=2025-01-01&to=2025-01-07&botId=b1",
    );
    expect(apiQuery(defaultFilters)).toBe("period=7d");
    expect(apiQuery({ ...defaultFilters, channel: "line" })).toBe("channel=line&period=7d");
  });

  it("the period before has the same length", () => {
    expect(previousPeriod("2025-01-14", "2025-01-20")).toEqual({
      from: "2025-01-07",
      to: "2025-01-13",
    });
    expect(previousPeriod("2025-03-01", "2025-03-01")).toEqual({
      from: "2025-02-28",
      to: "2025-02-28",
    });
    expect(daysBetween("2025-01-14", "2025-01-20")).toBe(7);
  });
});

describe("chart scales", () => {
  it("rounds the axis up to a few whole steps", () => {
    expect(niceTicks(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceTicks(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(niceTicks(210)).toEqual({ top: 250, ticks: [0, 50, 100, 150, 200, 250] });
    expect(niceTicks(1300)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
    expect(niceTicks(9).ticks).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(12).ticks).toEqual([0, 5, 10, 15]);
  });

  it("prints a few labels, the first and the last always", () => {
    expect(labelIndexes(3, 4)).toEqual([0, 1, 2]);
    expect(labelIndexes(7, 4)).toEqual([0, 2, 4, 6]);
    const thirty = labelIndexes(30, 4);
    expect(thirty[0]).toBe(0);
    expect(thirty.at(-1)).toBe(29);
    expect(thirty.length).toBeLessThanOrEqual(4);
  });

  it("heat map intensity is 0 for nothing and 1 for the busiest hour", () => {
    expect(intensity(0, 10)).toBe(0);
    expect(intensity(10, 10)).toBe(1);
    expect(intensity(1, 4)).toBe(0.5);
  });
});
