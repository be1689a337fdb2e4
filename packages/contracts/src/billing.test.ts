import { describe, expect, it } from "vitest";
import {
  addMonths,
  isThaiTaxId,
  isUpgrade,
  periodEnd,
  planPriceSatang,
  prorateUpgrade,
  splitVat,
  vatPercent,
  withholdingSatang,
} from "./billing";
import { billingCycles, paidPlanIds } from "./plans";

describe("VAT on every catalogue price and cycle", () => {
  it.each(paidPlanIds.flatMap((plan) => billingCycles.map((cycle) => [plan, cycle] as const)))(
    "%s %s: before VAT + VAT is the price to the satang, VAT 7% of the amount before it",
    (plan, cycle) => {
      const total = planPriceSatang(plan, cycle);
      const { subtotalSatang, vatSatang, totalSatang } = splitVat(total);
      expect(Number.isInteger(subtotalSatang) && Number.isInteger(vatSatang)).toBe(true);
      expect(subtotalSatang + vatSatang).toBe(total);
      expect(totalSatang).toBe(total);
      // Rounded once: VAT is within half a satang of 7% of the amount before it.
      expect(Math.abs(vatSatang - (subtotalSatang * vatPercent) / 100)).toBeLessThanOrEqual(1);
    },
  );

  it("splits ฿990 as ฿925.23 + ฿64.77 and withholds 3% of the amount before VAT", () => {
    expect(splitVat(99_000)).toEqual({
      subtotalSatang: 92_523,
      vatSatang: 6_477,
      totalSatang: 99_000,
    });
    expect(withholdingSatang(92_523)).toBe(2_776);
  });
});

describe("proration", () => {
  const start = new Date("2026-11-01T00:00:00Z");
  const end = new Date("2026-12-01T00:00:00Z");

  it("credits the unused part by time and charges the rest of the new price", () => {
    const halfway = new Date("2026-11-16T00:00:00Z");
    const result = prorateUpgrade({
      paidSatang: 249_000,
      periodStart: start,
      periodEnd: end,
      now: halfway,
      newPriceSatang: 399_000,
    });
    expect(result).toEqual({ creditSatang: 124_500, dueSatang: 274_500 });
  });

  it("charges at least the providers' minimum, and credits nothing after the period", () => {
    expect(
      prorateUpgrade({
        paidSatang: 1_609_200,
        periodStart: start,
        periodEnd: end,
        now: start,
        newPriceSatang: 399_000,
      }),
    ).toEqual({ creditSatang: 397_000, dueSatang: 2_000 });
    expect(
      prorateUpgrade({
        paidSatang: 99_000,
        periodStart: start,
        periodEnd: end,
        now: new Date("2027-01-01T00:00:00Z"),
        newPriceSatang: 249_000,
      }),
    ).toEqual({ creditSatang: 0, dueSatang: 249_000 });
  });

  it("orders plans by price; the trial is below each", () => {
    expect(isUpgrade("free", "starter")).toBe(true);
    expect(isUpgrade("pro", "business")).toBe(true);
    expect(isUpgrade("business", "pro")).toBe(false);
  });
});

describe("periods", () => {
  it("adds calendar months; the 31st becomes the month's last day", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe(
      "2026-02-28T10:00:00.000Z",
    );
    expect(periodEnd(new Date("2026-11-27T00:00:00Z"), "sixMonths").toISOString()).toBe(
      "2027-05-27T00:00:00.000Z",
    );
    expect(periodEnd(new Date("2028-02-29T00:00:00Z"), "yearly").toISOString()).toBe(
      "2029-02-28T00:00:00.000Z",
    );
  });
});

describe("Thai tax ids", () => {
  it("accepts a valid check digit and refuses others", () => {
    expect(isThaiTaxId("0105566000010")).toBe(true);
    expect(isThaiTaxId("0105566000011")).toBe(false);
    expect(isThaiTaxId("010556600001")).toBe(false);
    expect(isThaiTaxId("01055660000a0")).toBe(false);
  });
});
