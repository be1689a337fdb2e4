/**
 * The plan catalogue: the one source for the pricing page, its meta / JSON-LD and the server's
 * plan limits. Language-free on purpose: pages map these keys to their own texts.
 *
 * Prices are the stated THB prices (PLATFORM.md section 4). They are stored, never computed:
 * some of them are not `monthly × months × (1 − discount)` (see plans.test.ts).
 */

export const planIds = ["free", "starter", "pro", "business", "enterprise"] as const;
export type PlanId = (typeof planIds)[number];

/** The plans that are bought (every plan but the free trial), in the order the page shows them. */
export const paidPlanIds = ["starter", "pro", "business", "enterprise"] as const;
export type PaidPlanId = (typeof paidPlanIds)[number];

export const billingCycles = ["monthly", "sixMonths", "yearly"] as const;
export type BillingCycle = (typeof billingCycles)[number];

export const defaultBillingCycle: BillingCycle = "monthly";

export type BillingCycleInfo = {
  /** How many months one payment covers. */
  months: number;
  /** The discount advertised for the cycle, in percent. Individual plans may not apply it. */
  discountPercent: number;
};

export const billingCycleInfo: Readonly<Record<BillingCycle, BillingCycleInfo>> = {
  monthly: { months: 1, discountPercent: 0 },
  sixMonths: { months: 6, discountPercent: 5 },
  yearly: { months: 12, discountPercent: 10 },
};

export const currency = "THB";

export type Unlimited = "unlimited";
export type Quota = number | Unlimited;

/** Ordered from least to most: a level includes everything below it. */
export const analyticsLevels = ["none", "basic", "deep", "predictive"] as const;
export type AnalyticsLevel = (typeof analyticsLevels)[number];

export type KnowledgeBaseAllowance = "standard" | Unlimited;

/**
 * The "standard" knowledge base (Starter and the trial), per workspace (every bot together):
 * at most this many sources (texts, FAQ sets, files) and stored bytes. "unlimited" has no
 * workspace cap (each bot still has `consoleLimits.knowledgeSourcesPerBot`).
 */
export const knowledgeBaseStandard = { sources: 50, bytes: 20 * 1024 * 1024 } as const;
export type MarketplaceAccess = "limited" | "full";
export type IntegrationsLevel = "standard" | "custom";

export type PlanAllowances = {
  bots: Quota;
  channels: Quota;
  /** Distinct end users the plan's bots talk to in a calendar month. */
  usersPerMonth: Quota;
  /**
   * People in the workspace: the owner, teammates and invitations still waiting (an invitation
   * holds its seat until it is accepted, revoked or expires).
   */
  seats: Quota;
  aiChatbot: boolean;
  knowledgeBase: KnowledgeBaseAllowance;
  /** "deep" adds data export and volume forecasts; "predictive" adds predictive AI. */
  analytics: AnalyticsLevel;
  marketplace: MarketplaceAccess;
  integrations: IntegrationsLevel;
  crmAlerts: boolean;
  whiteLabel: boolean;
  onsiteSupport: boolean;
};

export type PlanPrices = Readonly<Record<BillingCycle, number>>;

export type FreePlan = {
  id: "free";
  kind: "trial";
  trialDays: number;
  allowances: PlanAllowances;
};

export type PaidPlan = {
  id: PaidPlanId;
  kind: "paid";
  /** Stated prices in THB for one payment of each cycle. */
  prices: PlanPrices;
  /** Shown highlighted and labelled as the popular choice. */
  isHighlighted: boolean;
  /** Sold through a conversation with sales rather than self-service. */
  isContactSales: boolean;
  allowances: PlanAllowances;
};

export type Plan = FreePlan | PaidPlan;

const starterAllowances: PlanAllowances = {
  bots: 1,
  channels: 1,
  usersPerMonth: 750,
  // A solo-preneur's plan: the owner alone answers the inbox.
  seats: 1,
  aiChatbot: true,
  knowledgeBase: "standard",
  analytics: "none",
  marketplace: "limited",
  integrations: "standard",
  crmAlerts: true,
  whiteLabel: false,
  onsiteSupport: false,
};

export const freeTrial: FreePlan = {
  id: "free",
  kind: "trial",
  trialDays: 7,
  // The trial lets people try Starter with one trial bot, and the team inbox with Pro's seats.
  allowances: { ...starterAllowances, bots: 1, seats: 3 },
};

export const paidPlans: Readonly<Record<PaidPlanId, PaidPlan>> = {
  starter: {
    id: "starter",
    kind: "paid",
    prices: { monthly: 990, sixMonths: 5_940, yearly: 11_880 },
    isHighlighted: false,
    isContactSales: false,
    allowances: starterAllowances,
  },
  pro: {
    id: "pro",
    kind: "paid",
    prices: { monthly: 2_490, sixMonths: 14_193, yearly: 26_892 },
    isHighlighted: true,
    isContactSales: false,
    allowances: {
      bots: 4,
      channels: 2,
      usersPerMonth: 10_000,
      seats: 3,
      aiChatbot: true,
      knowledgeBase: "unlimited",
      analytics: "basic",
      marketplace: "full",
      integrations: "standard",
      crmAlerts: true,
      whiteLabel: false,
      onsiteSupport: false,
    },
  },
  business: {
    id: "business",
    kind: "paid",
    prices: { monthly: 3_990, sixMonths: 22_791, yearly: 43_092 },
    isHighlighted: false,
    isContactSales: false,
    allowances: {
      bots: 10,
      channels: 4,
      usersPerMonth: 30_000,
      seats: 10,
      aiChatbot: true,
      knowledgeBase: "unlimited",
      analytics: "deep",
      marketplace: "full",
      integrations: "custom",
      crmAlerts: true,
      whiteLabel: false,
      onsiteSupport: false,
    },
  },
  enterprise: {
    id: "enterprise",
    kind: "paid",
    prices: { monthly: 14_900, sixMonths: 84_930, yearly: 160_920 },
    isHighlighted: false,
    isContactSales: true,
    allowances: {
      bots: "unlimited",
      channels: "unlimited",
      usersPerMonth: "unlimited",
      seats: "unlimited",
      aiChatbot: true,
      knowledgeBase: "unlimited",
      analytics: "predictive",
      marketplace: "full",
      integrations: "custom",
      crmAlerts: true,
      whiteLabel: true,
      onsiteSupport: true,
    },
  },
};

export const plans: Readonly<Record<PlanId, Plan>> = { free: freeTrial, ...paidPlans };

export function isPaidPlanId(id: string): id is PaidPlanId {
  return (paidPlanIds as readonly string[]).includes(id);
}

export function isBillingCycle(value: string): value is BillingCycle {
  return (billingCycles as readonly string[]).includes(value);
}

export function getPlan(planId: PlanId): Plan {
  return plans[planId];
}

/** The stated price of one payment of `cycle`, in THB. */
export function getPlanPrice(planId: PaidPlanId, cycle: BillingCycle): number {
  return paidPlans[planId].prices[cycle];
}

/** What one payment of `cycle` costs per month, rounded to whole baht (prices have no satang). */
export function getMonthlyEquivalent(planId: PaidPlanId, cycle: BillingCycle): number {
  return Math.round(getPlanPrice(planId, cycle) / billingCycleInfo[cycle].months);
}

/** Baht saved compared with paying monthly for the same number of months (0 when none). */
export function getSavings(planId: PaidPlanId, cycle: BillingCycle): number {
  const payingMonthly = getPlanPrice(planId, "monthly") * billingCycleInfo[cycle].months;
  return Math.max(0, payingMonthly - getPlanPrice(planId, cycle));
}

/** The lowest monthly price of any paid plan: the "from" price in texts and meta. */
export function getStartingMonthlyPrice(): number {
  return Math.min(...paidPlanIds.map((id) => getPlanPrice(id, "monthly")));
}

/** The largest discount any cycle advertises, in percent. */
export function getMaxDiscountPercent(): number {
  return Math.max(...billingCycles.map((cycle) => billingCycleInfo[cycle].discountPercent));
}

/** Does the plan include at least `level` of analytics? */
export function hasAnalytics(allowances: PlanAllowances, level: AnalyticsLevel): boolean {
  return analyticsLevels.indexOf(allowances.analytics) >= analyticsLevels.indexOf(level);
}

/** Is `count` within `quota`? (e.g. may an owner with `count` bots keep them all?) */
export function isWithinQuota(count: number, quota: Quota): boolean {
  return quota === "unlimited" || count <= quota;
}

// Thai digit grouping with Latin digits; the symbol is prefixed by hand so the server and every
// browser render exactly the same string (no hydration mismatch from ICU differences).
const thbNumberFormat = new Intl.NumberFormat("th-TH", {
  maximumFractionDigits: 0,
  useGrouping: true,
});

/** "฿14,193": the Thai-locale number format with ฿, used on pages in every language. */
export function formatThb(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  return `${sign}฿${thbNumberFormat.format(Math.abs(amount))}`;
}

/** A cell of the comparison table: included / not, a quota, or a level key the page labels. */
export type ComparisonCell =
  | boolean
  | number
  | Unlimited
  | KnowledgeBaseAllowance
  | MarketplaceAccess
  | IntegrationsLevel
  | AnalyticsLevel;

export const comparisonRowKeys = [
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
] as const;
export type ComparisonRowKey = (typeof comparisonRowKeys)[number];

export type ComparisonRow = {
  key: ComparisonRowKey;
  cells: Readonly<Record<PaidPlanId, ComparisonCell>>;
};

function getComparisonCell(key: ComparisonRowKey, allowances: PlanAllowances): ComparisonCell {
  switch (key) {
    case "bots":
    case "usersPerMonth":
    case "aiChatbot":
    case "knowledgeBase":
    case "marketplace":
    case "channels":
    case "integrations":
    case "crmAlerts":
    case "seats":
      return allowances[key];
    // Volume forecasting comes with deep analytics (Business) and above.
    case "predictiveAnalytics":
      return hasAnalytics(allowances, "deep");
    // Advanced analytics: none on Starter, basic on Pro, full from Business.
    case "advancedAnalytics":
      if (allowances.analytics === "none") return false;
      return allowances.analytics === "basic" ? "basic" : true;
  }
}

/** The comparison table's rows, in the seed's order, derived from the allowances. */
export function getComparisonRows(): ComparisonRow[] {
  return comparisonRowKeys.map((key) => {
    const cells = {} as Record<PaidPlanId, ComparisonCell>;
    for (const id of paidPlanIds) cells[id] = getComparisonCell(key, paidPlans[id].allowances);
    return { key, cells };
  });
}
