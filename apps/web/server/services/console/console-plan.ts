import type { PlanUsageDto } from "@jai/contracts/console";
import {
  type BillingCycle,
  freeTrial,
  getPlan,
  isBillingCycle,
  type PlanId,
  planIds,
} from "@jai/contracts/plans";
import {
  bots,
  count,
  type Db,
  eq,
  type OwnerPlanRow,
  ownerPlans,
  type Transaction,
  users,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { monthUsage } from "../../modules/billing/users-per-month";
import type { ConsoleServices } from "./console-services";

const dayMs = 24 * 60 * 60 * 1000;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (planIds as readonly string[]).includes(value);
}

/** The trial ends `freeTrial.trialDays` after the account was created. */
export function trialEnd(accountCreatedAt: Date): Date {
  return new Date(accountCreatedAt.getTime() + freeTrial.trialDays * dayMs);
}

/** Whether the owner is on the free plan and its trial is over. */
export function isTrialOver(row: OwnerPlanRow, now = new Date()): boolean {
  return row.planId === "free" && (row.trialEndsAt === null || row.trialEndsAt <= now);
}

/**
 * The owner's plan row. Accounts created before plans existed get one here: a trial counted
 * from the day the account was created (so it is usually over already). `lock` holds the row
 * for the rest of the transaction (bot creation checks the limit under it).
 */
export async function loadOwnerPlan(
  db: Db | Transaction,
  ownerId: string,
  { lock = false } = {},
): Promise<OwnerPlanRow> {
  const select = () => {
    const query = db.select().from(ownerPlans).where(eq(ownerPlans.ownerId, ownerId));
    return lock ? query.for("update") : query;
  };
  const [existing] = await select();
  if (existing) return existing;
  const [user] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!user) throw new AppError("NOT_FOUND");
  await db
    .insert(ownerPlans)
    .values({ ownerId, planId: "free", trialEndsAt: trialEnd(user.createdAt) })
    .onConflictDoNothing();
  const [created] = await select();
  return created!;
}

export function createConsolePlan(db: Db): ConsoleServices["plan"] {
  return {
    async get(ownerId) {
      const row = await loadOwnerPlan(db, ownerId);
      const now = new Date();
      const planId: PlanId = isPlanId(row.planId) ? row.planId : "free";
      const billingCycle: BillingCycle | null =
        row.billingCycle && isBillingCycle(row.billingCycle) ? row.billingCycle : null;
      const [[botTotal], usage] = await Promise.all([
        db.select({ total: count() }).from(bots).where(eq(bots.ownerId, ownerId)),
        // The contacts counted this Bangkok month, as the turn admits them (users-per-month.ts).
        monthUsage(db, ownerId, now),
      ]);
      const result: PlanUsageDto = {
        planId,
        billingCycle,
        trialEndsAt: planId === "free" ? (row.trialEndsAt?.toISOString() ?? null) : null,
        trialExpired: isTrialOver({ ...row, planId }, now),
        requestedPlanId: isPlanId(row.requestedPlanId) ? row.requestedPlanId : null,
        allowances: getPlan(planId).allowances,
        usage: {
          bots: Number(botTotal?.total ?? 0),
          usersThisMonth: usage.contacts,
        },
        subscription: {
          status: row.status,
          nextRetryAt: row.nextRetryAt?.toISOString() ?? null,
        },
      };
      return result;
    },

    async startTrial(ownerId, requestedPlanId) {
      const [user] = await db
        .select({ createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, ownerId));
      if (!user) throw new AppError("NOT_FOUND");
      const requested = isPlanId(requestedPlanId) ? requestedPlanId : null;
      await db
        .insert(ownerPlans)
        .values({
          ownerId,
          planId: "free",
          trialEndsAt: trialEnd(user.createdAt),
          requestedPlanId: requested,
        })
        .onConflictDoNothing();
    },
  };
}
