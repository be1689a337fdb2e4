import type { SubscriptionStatus } from "@jai/contracts/billing";
import { getPlan, type PlanAllowances, type PlanId, planIds } from "@jai/contracts/plans";
import type { OwnerPlanRow } from "@jai/db";

/** What a workspace may do now, from its plan row (owner_plans). */
export type PlanState = {
  planId: PlanId;
  allowances: PlanAllowances;
  status: SubscriptionStatus;
  /** On the free plan and the trial is over. */
  trialOver: boolean;
  /** Dunning or PromptPay grace ended, or a cancelled plan's period ended: every datum kept. */
  readOnly: boolean;
  /**
   * Bots answer nobody new and channels pause (trial over or read-only): customers' messages
   * are still stored and visible, and they are told politely.
   */
  paused: boolean;
};

function toPlanId(value: string): PlanId {
  return (planIds as readonly string[]).includes(value) ? (value as PlanId) : "free";
}

/**
 * The plan in force. A paid plan id with status "trialing" was set by an operator (Enterprise
 * is sold by sales) and counts as active.
 */
export function planState(row: OwnerPlanRow, now = new Date()): PlanState {
  const planId = toPlanId(row.planId);
  const status = row.status;
  const trialOver =
    planId === "free" && (row.trialEndsAt === null || row.trialEndsAt.getTime() <= now.getTime());
  const readOnly = status === "read_only";
  return {
    planId,
    allowances: getPlan(planId).allowances,
    status,
    trialOver,
    readOnly,
    paused: trialOver || readOnly,
  };
}
