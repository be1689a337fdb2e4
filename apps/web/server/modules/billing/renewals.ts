import { billingLimits, periodEnd } from "@jai/contracts/billing";
import type { BillingCycle, PaidPlanId } from "@jai/contracts/plans";
import {
  and,
  type Db,
  eq,
  inArray,
  invoices,
  isNotNull,
  lte,
  ne,
  ownerPlans,
  payments,
  sql,
} from "@jai/db";
import { describeError, type Logger } from "../../logger";
import { queueBillingEmail } from "./billing-emails";
import { createOpenInvoice, findOpenInvoice } from "./billing-invoices";
import type { Billing } from "./billing-service";

const dayMs = 24 * 60 * 60 * 1000;

export type RenewalsDeps = {
  db: Db;
  logger: Logger;
  billing: Billing;
  publicUrl: string;
  onEmailQueued?: () => void;
  now?: () => Date;
};

/**
 * One round of the renewals job (every instance runs it; each owner's work is claimed by a
 * transaction-scoped advisory lock, so two instances never charge one renewal twice, and a
 * renewal's invoice is created once per period):
 * - cards: at the period end, a renewal invoice (the scheduled plan / cycle applied) is charged
 *   to the saved card; a failure starts dunning (settle-payment.ts); past-due renewals are tried
 *   again when their retry is due;
 * - PromptPay: the renewal invoice is created and emailed with a QR link 7 days before the
 *   period end, reminded 2 days before and on the day; unpaid 7 days after, read-only;
 * - a cancelled plan whose period ended becomes read-only (every datum kept).
 * Returns how many owners it acted on.
 */
export async function runRenewals(deps: RenewalsDeps, batchSize = 20): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const horizon = new Date(now.getTime() + billingLimits.promptPayInvoiceDaysBefore * dayMs);
  const due = await deps.db
    .select()
    .from(ownerPlans)
    .where(
      and(
        ne(ownerPlans.planId, "free"),
        inArray(ownerPlans.status, ["active", "past_due"]),
        isNotNull(ownerPlans.currentPeriodEnd),
        isNotNull(ownerPlans.paymentMethod),
        lte(ownerPlans.currentPeriodEnd, horizon),
      ),
    )
    .limit(batchSize * 5);
  let acted = 0;
  for (const plan of due) {
    if (acted >= batchSize) break;
    try {
      if (await renewOne(deps, plan.ownerId, now)) acted++;
    } catch (error) {
      deps.logger.error("renewal failed", { ownerId: plan.ownerId, ...describeError(error) });
    }
  }
  if (acted > 0) deps.onEmailQueued?.();
  return acted;
}

async function renewOne(deps: RenewalsDeps, ownerId: string, now: Date): Promise<boolean> {
  const { db, billing } = deps;
  type Step = { kind: "none" } | { kind: "charge"; invoiceId: string } | { kind: "done" };
  const step: Step = await db.transaction(async (tx) => {
    const locked = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtext(${`renewal:${ownerId}`})) as ok`,
    );
    if (!locked.rows[0]?.ok) return { kind: "none" };
    const [plan] = await tx
      .select()
      .from(ownerPlans)
      .where(eq(ownerPlans.ownerId, ownerId))
      .for("update");
    if (!plan?.currentPeriodEnd || !plan.paymentMethod) return { kind: "none" };
    const end = plan.currentPeriodEnd;
    // Cancelled: the plan ends with its period; nothing is charged.
    if (plan.cancelAtPeriodEnd) {
      if (end.getTime() > now.getTime()) return { kind: "none" };
      await tx
        .update(ownerPlans)
        .set({ status: "read_only", readOnlySince: now, nextRetryAt: null, updatedAt: now })
        .where(eq(ownerPlans.ownerId, ownerId));
      return { kind: "done" };
    }
    const planId = (plan.pendingPlanId ?? plan.planId) as PaidPlanId;
    const cycle = (plan.pendingBillingCycle ?? plan.billingCycle ?? "monthly") as BillingCycle;
    let open = await findOpenInvoice(tx, ownerId, ["renewal"]);
    if (open && open.periodStart.getTime() !== end.getTime()) open = null;

    if (plan.paymentMethod === "promptpay") {
      if (!open) {
        open = await createOpenInvoice(tx, {
          ownerId,
          reason: "renewal",
          planId,
          billingCycle: cycle,
          periodStart: end,
          periodEnd: periodEnd(end, cycle),
          dueAt: end,
        });
        await queueBillingEmail(tx, {
          ownerId,
          publicUrl: deps.publicUrl,
          kind: "promptpay-invoice",
          invoice: open,
        });
        return { kind: "done" };
      }
      const reminders = [
        end.getTime() - billingLimits.trialReminderDaysBefore * dayMs,
        end.getTime(),
      ];
      const reminderDue = reminders.filter((at) => at <= now.getTime()).length;
      let acted = false;
      if (open.remindersSent < reminderDue) {
        await tx
          .update(invoices)
          .set({ remindersSent: reminderDue, updatedAt: now })
          .where(eq(invoices.id, open.id));
        await queueBillingEmail(tx, {
          ownerId,
          publicUrl: deps.publicUrl,
          kind: "promptpay-reminder",
          invoice: open,
        });
        acted = true;
      }
      const graceEnd = end.getTime() + billingLimits.promptPayGraceDays * dayMs;
      if (now.getTime() >= graceEnd) {
        await tx
          .update(ownerPlans)
          .set({ status: "read_only", readOnlySince: now, updatedAt: now })
          .where(eq(ownerPlans.ownerId, ownerId));
        await queueBillingEmail(tx, {
          ownerId,
          publicUrl: deps.publicUrl,
          kind: "read-only",
          invoice: open,
        });
        return { kind: "done" };
      }
      if (now.getTime() >= end.getTime() && plan.status === "active") {
        await tx
          .update(ownerPlans)
          .set({ status: "past_due", nextRetryAt: new Date(graceEnd), updatedAt: now })
          .where(eq(ownerPlans.ownerId, ownerId));
        return { kind: "done" };
      }
      return acted ? { kind: "done" } : { kind: "none" };
    }

    // Cards: charged at the period end, then on each dunning retry.
    if (end.getTime() > now.getTime()) return { kind: "none" };
    if (
      plan.status === "past_due" &&
      plan.nextRetryAt &&
      plan.nextRetryAt.getTime() > now.getTime()
    ) {
      return { kind: "none" };
    }
    if (open) {
      // A try in flight (a pending charge) is not doubled.
      const [pending] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.invoiceId, open.id), eq(payments.status, "pending")));
      if (pending) return { kind: "none" };
    } else {
      open = await createOpenInvoice(tx, {
        ownerId,
        reason: "renewal",
        planId,
        billingCycle: cycle,
        periodStart: end,
        periodEnd: periodEnd(end, cycle),
        dueAt: end,
      });
    }
    // Until this try's answer, the next round leaves the owner alone.
    await tx
      .update(ownerPlans)
      .set({ nextRetryAt: new Date(now.getTime() + 10 * 60_000), updatedAt: now })
      .where(eq(ownerPlans.ownerId, ownerId));
    return { kind: "charge", invoiceId: open.id };
  });
  if (step.kind === "none") return false;
  if (step.kind === "done") return true;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, step.invoiceId));
  const [plan] = await db.select().from(ownerPlans).where(eq(ownerPlans.ownerId, ownerId));
  if (!invoice || !plan?.providerCustomerId) return false;
  try {
    await billing.startPayment(invoice, "card", {
      customerId: plan.providerCustomerId,
      email: "",
    });
  } catch (error) {
    // A declined renewal is recorded (dunning) by startPayment; anything else is logged.
    deps.logger.info("renewal charge not made", { ownerId, ...describeError(error) });
  }
  return true;
}
