import { describe, expect, it } from "vitest";
import {
  type BillingCycle,
  billingCycleInfo,
  billingCycles,
  formatThb,
  freeTrial,
  getComparisonRows,
  getMaxDiscountPercent,
  getMonthlyEquivalent,
  getPlanPrice,
  getSavings,
  getStartingMonthlyPrice,
  hasAnalytics,
  isBillingCycle,
  isPaidPlanId,
  isWithinQuota,
  type PaidPlanId,
  paidPlanIds,
  paidPlans,
  planIds,
  plans,
} from "./plans";

/** What the advertised discount would make the price if it were applied exactly. */
function formulaPrice(planId: PaidPlanId, cycle: BillingCycle): number {
  const { months, discountPercent } = billingCycleInfo[cycle];
  return Math.round(getPlanPrice(planId, "monthly") * months * (1 - discountPercent / 100));
}

describe("plan catalogue", () => {
  it("has the five plans, the paid ones in page order", () => {
    expect(planIds).toEqual(["free", "starter", "pro", "business", "enterprise"]);
    expect(paidPlanIds).toEqual(["starter", "pro", "business", "enterprise"]);
    for (const id of planIds) expect(plans[id].id).toBe(id);
  });

  it("has the three billing cycles with their months and stated discounts", () => {
    expect(billingCycles).toEqual(["monthly", "sixMonths", "yearly"]);
    expect(billingCycleInfo).toEqual({
      monthly: { months: 1, discountPercent: 0 },
      sixMonths: { months: 6, discountPercent: 5 },
      yearly: { months: 12, discountPercent: 10 },
    });
  });

  it("stores the stated THB prices exactly (PLATFORM.md section 4)", () => {
    const table = Object.fromEntries(
      paidPlanIds.map((id) => [id, billingCycles.map((cycle) => getPlanPrice(id, cycle))]),
    );
    expect(table).toEqual({
      starter: [990, 5_940, 11_880],
      pro: [2_490, 14_193, 26_892],
      business: [3_990, 22_791, 43_092],
      enterprise: [14_900, 84_930, 160_920],
    });
  });

  it("documents which stated prices follow monthly × months × (1 − discount)", () => {
    const matches = (id: PaidPlanId, cycle: BillingCycle) =>
      getPlanPrice(id, cycle) === formulaPrice(id, cycle);

    // Pro and Enterprise follow the advertised discounts on both longer cycles.
    for (const id of ["pro", "enterprise"] as const) {
      for (const cycle of billingCycles) expect(matches(id, cycle)).toBe(true);
    }
    // Business follows it for the year, but its 6-month price is 22,791, not 22,743.
    expect(matches("business", "yearly")).toBe(true);
    expect(matches("business", "sixMonths")).toBe(false);
    expect(formulaPrice("business", "sixMonths")).toBe(22_743);
    // Starter's longer cycles carry no discount at all: 990 × 6 and 990 × 12.
    expect(matches("starter", "sixMonths")).toBe(false);
    expect(matches("starter", "yearly")).toBe(false);
    expect(getPlanPrice("starter", "sixMonths")).toBe(990 * 6);
    expect(getPlanPrice("starter", "yearly")).toBe(990 * 12);
  });

  it("highlights Pro only and sells Enterprise through sales", () => {
    expect(paidPlanIds.filter((id) => paidPlans[id].isHighlighted)).toEqual(["pro"]);
    expect(paidPlanIds.filter((id) => paidPlans[id].isContactSales)).toEqual(["enterprise"]);
  });

  it("offers a 7-day free trial with one bot", () => {
    expect(freeTrial.trialDays).toBe(7);
    expect(freeTrial.allowances.bots).toBe(1);
  });

  it("holds the seed's allowances", () => {
    const pick = (id: PaidPlanId) => {
      const { bots, channels, usersPerMonth, knowledgeBase, analytics } = paidPlans[id].allowances;
      return { bots, channels, usersPerMonth, knowledgeBase, analytics };
    };
    expect(pick("starter")).toEqual({
      bots: 1,
      channels: 1,
      usersPerMonth: 750,
      knowledgeBase: "standard",
      analytics: "none",
    });
    expect(pick("pro")).toEqual({
      bots: 4,
      channels: 2,
      usersPerMonth: 10_000,
      knowledgeBase: "unlimited",
      analytics: "basic",
    });
    expect(pick("business")).toEqual({
      bots: 10,
      channels: 4,
      usersPerMonth: 30_000,
      knowledgeBase: "unlimited",
      analytics: "deep",
    });
    expect(pick("enterprise")).toMatchObject({
      bots: "unlimited",
      channels: "unlimited",
      analytics: "predictive",
    });
    expect(paidPlans.business.allowances.integrations).toBe("custom");
    expect(paidPlanIds.filter((id) => paidPlans[id].allowances.whiteLabel)).toEqual(["enterprise"]);
    expect(paidPlanIds.filter((id) => paidPlans[id].allowances.onsiteSupport)).toEqual([
      "enterprise",
    ]);
  });
});

describe("price maths", () => {
  it("gives the per-month equivalent in whole baht", () => {
    expect(getMonthlyEquivalent("starter", "monthly")).toBe(990);
    expect(getMonthlyEquivalent("starter", "yearly")).toBe(990);
    expect(getMonthlyEquivalent("pro", "sixMonths")).toBe(2_366); // 14,193 / 6 = 2,365.5
    expect(getMonthlyEquivalent("pro", "yearly")).toBe(2_241);
    expect(getMonthlyEquivalent("business", "sixMonths")).toBe(3_799); // 3,798.5
    expect(getMonthlyEquivalent("enterprise", "yearly")).toBe(13_410);
  });

  it("gives the savings against paying monthly for the same months, 0 when there are none", () => {
    for (const id of paidPlanIds) expect(getSavings(id, "monthly")).toBe(0);
    expect(getSavings("starter", "sixMonths")).toBe(0);
    expect(getSavings("starter", "yearly")).toBe(0);
    expect(getSavings("pro", "sixMonths")).toBe(747);
    expect(getSavings("pro", "yearly")).toBe(2_988);
    expect(getSavings("business", "sixMonths")).toBe(1_149);
    expect(getSavings("business", "yearly")).toBe(4_788);
    expect(getSavings("enterprise", "sixMonths")).toBe(4_470);
    expect(getSavings("enterprise", "yearly")).toBe(17_880);
  });

  it("knows the starting price and the largest discount", () => {
    expect(getStartingMonthlyPrice()).toBe(990);
    expect(getMaxDiscountPercent()).toBe(10);
  });

  it("formats THB with the Thai-locale number format and ฿, without decimals", () => {
    expect(formatThb(14_193)).toBe("฿14,193");
    expect(formatThb(990)).toBe("฿990");
    expect(formatThb(160_920)).toBe("฿160,920");
    expect(formatThb(2_365.5)).toBe("฿2,366");
    expect(formatThb(0)).toBe("฿0");
    expect(formatThb(-747)).toBe("-฿747");
  });
});

describe("guards and allowances helpers", () => {
  it("recognises plan ids and billing cycles", () => {
    expect(isPaidPlanId("pro")).toBe(true);
    expect(isPaidPlanId("free")).toBe(false);
    expect(isPaidPlanId("gold")).toBe(false);
    expect(isBillingCycle("sixMonths")).toBe(true);
    expect(isBillingCycle("weekly")).toBe(false);
  });

  it("orders analytics levels", () => {
    expect(hasAnalytics(paidPlans.starter.allowances, "basic")).toBe(false);
    expect(hasAnalytics(paidPlans.pro.allowances, "basic")).toBe(true);
    expect(hasAnalytics(paidPlans.pro.allowances, "deep")).toBe(false);
    expect(hasAnalytics(paidPlans.enterprise.allowances, "deep")).toBe(true);
  });

  it("checks quotas", () => {
    expect(isWithinQuota(1, 1)).toBe(true);
    expect(isWithinQuota(2, 1)).toBe(false);
    expect(isWithinQuota(1_000_000, "unlimited")).toBe(true);
  });
});

describe("comparison rows", () => {
  const rows = Object.fromEntries(getComparisonRows().map((row) => [row.key, row.cells]));

  it("lists the seed's rows in order", () => {
    expect(getComparisonRows().map((row) => row.key)).toEqual([
      "bots",
      "usersPerMonth",
      "aiChatbot",
      "knowledgeBase",
      "marketplace",
      "predictiveAnalytics",
      "advancedAnalytics",
      "channels",
      "integrations",
      "crmAlerts",
      "seats",
    ]);
  });

  it("derives every cell from the allowances", () => {
    expect(rows.bots).toEqual({ starter: 1, pro: 4, business: 10, enterprise: "unlimited" });
    expect(rows.usersPerMonth).toEqual({
      starter: 750,
      pro: 10_000,
      business: 30_000,
      enterprise: "unlimited",
    });
    expect(rows.channels).toEqual({ starter: 1, pro: 2, business: 4, enterprise: "unlimited" });
    expect(rows.seats).toEqual({ starter: 1, pro: 3, business: 10, enterprise: "unlimited" });
    expect(rows.aiChatbot).toEqual({ starter: true, pro: true, business: true, enterprise: true });
    expect(rows.crmAlerts).toEqual({ starter: true, pro: true, business: true, enterprise: true });
    expect(rows.marketplace).toEqual({
      starter: "limited",
      pro: "full",
      business: "full",
      enterprise: "full",
    });
    expect(rows.predictiveAnalytics).toEqual({
      starter: false,
      pro: false,
      business: true,
      enterprise: true,
    });
    expect(rows.advancedAnalytics).toEqual({
      starter: false,
      pro: "basic",
      business: true,
      enterprise: true,
    });
  });
});
