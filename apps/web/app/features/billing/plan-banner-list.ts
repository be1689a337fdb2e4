import { billingLimits } from "@jai/contracts/billing";
import type { PlanUsageDto } from "@jai/contracts/console";

/**
 * A notice the console shows above every page, worked out by the layout's loader (so the
 * server's render and the browser's agree on "now"). Each links to /app/billing.
 */
export type PlanBanner =
  | { kind: "trialEnding"; at: string }
  | { kind: "trialOver" }
  | { kind: "pastDue"; nextRetryAt: string | null }
  | { kind: "readOnly" }
  | { kind: "usage"; level: 80 | 100; used: number; allowance: number };

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The banners for a plan: the trial ending (≤ 2 days left) or over, a card renewal being retried,
 * read-only, and users per month at 80% / 100% of the allowance. The most pressing comes first.
 */
export function planBanners(plan: PlanUsageDto, now: Date): PlanBanner[] {
  const banners: PlanBanner[] = [];
  const status = plan.subscription?.status;
  if (status === "read_only") banners.push({ kind: "readOnly" });
  else if (status === "past_due") {
    banners.push({ kind: "pastDue", nextRetryAt: plan.subscription?.nextRetryAt ?? null });
  }
  if (plan.planId === "free" && status !== "read_only") {
    if (plan.trialExpired) banners.push({ kind: "trialOver" });
    else if (
      plan.trialEndsAt &&
      new Date(plan.trialEndsAt).getTime() - now.getTime() <=
        billingLimits.trialReminderDaysBefore * dayMs
    ) {
      banners.push({ kind: "trialEnding", at: plan.trialEndsAt });
    }
  }
  const allowance = plan.allowances.usersPerMonth;
  const used = plan.usage.usersThisMonth;
  if (allowance !== "unlimited" && allowance > 0 && !banners.some((b) => b.kind === "trialOver")) {
    const [high, full] = billingLimits.usageNoticePercents;
    if (used * 100 >= allowance * full)
      banners.push({ kind: "usage", level: 100, used, allowance });
    else if (used * 100 >= allowance * high) {
      banners.push({ kind: "usage", level: 80, used, allowance });
    }
  }
  return banners;
}
