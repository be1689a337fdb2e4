import { billingLimits, type InvoiceSeller } from "@jai/contracts/billing";
import type { BillingCycle, PaidPlanId } from "@jai/contracts/plans";
import {
  eq,
  type InvoiceRow,
  invoices,
  ownerPlans,
  type PaymentRow,
  payments,
  type Transaction,
} from "@jai/db";
import { loadOwnerPlan } from "../../services/console/console-plan";
import { queueBillingEmail } from "./billing-emails";
import { createCreditNote, numberInvoice } from "./invoice-documents";
import type { ProviderCharge } from "./providers/payment-provider";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * A payment the provider says succeeded: recorded once (a replayed or late event finds it
 * settled and changes nothing), its invoice numbered as a tax invoice / receipt (emailed), and
 * the invoice applied to the subscription. Runs in the caller's transaction.
 */
export async function settlePayment(
  tx: Transaction,
  input: { paymentId: string; now: Date; seller: InvoiceSeller },
): Promise<"settled" | "already"> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .for("update");
  if (!payment) return "already";
  if (payment.status === "succeeded" || payment.status === "refunded") return "already";
  await tx
    .update(payments)
    .set({ status: "succeeded", failureCode: null, failureMessage: null, updatedAt: input.now })
    .where(eq(payments.id, payment.id));
  await applyPaidInvoice(tx, {
    ownerId: payment.ownerId,
    invoiceId: payment.invoiceId,
    ...input,
    payment,
  });
  return "settled";
}

/** Applies a paid invoice (numbered here) to the owner's plan. Also for a ฿0 upgrade. */
export async function applyPaidInvoice(
  tx: Transaction,
  input: {
    ownerId: string;
    invoiceId: string;
    now: Date;
    seller: InvoiceSeller;
    payment: PaymentRow | null;
  },
): Promise<InvoiceRow> {
  const plan = await loadOwnerPlan(tx, input.ownerId, { lock: true });
  const [open] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, input.invoiceId))
    .for("update");
  if (!open) throw new Error(`invoice ${input.invoiceId} not found`);
  if (open.status === "paid") return open;
  // A workspace that went read-only pays for a period starting now, not the one it missed.
  if (plan.status === "read_only" && open.reason === "renewal") {
    const length = open.periodEnd.getTime() - open.periodStart.getTime();
    await tx
      .update(invoices)
      .set({ periodStart: input.now, periodEnd: new Date(input.now.getTime() + length) })
      .where(eq(invoices.id, open.id));
  }
  const invoice = await numberInvoice(tx, {
    invoiceId: open.id,
    now: input.now,
    seller: input.seller,
  });
  // An older invoice paid late never moves the period backwards.
  const currentEnd = plan.currentPeriodEnd?.getTime() ?? 0;
  const isNewer = invoice.periodEnd.getTime() >= currentEnd || plan.planId === "free";
  if (isNewer) {
    const pendingApplies =
      invoice.reason === "renewal" &&
      plan.pendingPlanId !== null &&
      plan.pendingPlanId === invoice.planId &&
      plan.pendingBillingCycle === invoice.billingCycle;
    await tx
      .update(ownerPlans)
      .set({
        planId: invoice.planId as PaidPlanId,
        billingCycle: invoice.billingCycle as BillingCycle,
        status: "active",
        currentPeriodStart: invoice.periodStart,
        currentPeriodEnd: invoice.periodEnd,
        trialEndsAt: null,
        dunningAttempts: 0,
        nextRetryAt: null,
        readOnlySince: null,
        ...(invoice.reason === "renewal" ? {} : { cancelAtPeriodEnd: false }),
        ...(pendingApplies || invoice.reason !== "renewal"
          ? { pendingPlanId: null, pendingBillingCycle: null }
          : {}),
        ...(input.payment ? { paymentMethod: input.payment.method } : {}),
        updatedAt: input.now,
      })
      .where(eq(ownerPlans.ownerId, input.ownerId));
  }
  return invoice;
}

/**
 * A payment the provider says failed (declined, expired). A checkout or upgrade simply did not
 * happen (its invoice is void; the owner tries again). A card renewal enters dunning: tried
 * again after 3 and 7 days (3 tries in all), then the plan becomes read-only, every datum kept.
 */
export async function failPayment(
  tx: Transaction,
  input: {
    paymentId: string;
    status: "failed" | "expired";
    charge: Pick<ProviderCharge, "failureCode" | "failureMessage"> | null;
    now: Date;
    publicUrl: string;
  },
): Promise<"failed" | "already"> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .for("update");
  if (payment?.status !== "pending") return "already";
  await tx
    .update(payments)
    .set({
      status: input.status,
      failureCode: input.charge?.failureCode ?? payment.failureCode,
      failureMessage: input.charge?.failureMessage ?? payment.failureMessage,
      updatedAt: input.now,
    })
    .where(eq(payments.id, payment.id));
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId));
  if (invoice?.status !== "open") return "failed";
  // An expired PromptPay QR leaves its invoice open: a new QR is made on demand.
  if (payment.method === "promptpay") return "failed";
  if (invoice.reason !== "renewal") {
    await tx
      .update(invoices)
      .set({ status: "void", updatedAt: input.now })
      .where(eq(invoices.id, invoice.id));
    return "failed";
  }
  const plan = await loadOwnerPlan(tx, payment.ownerId, { lock: true });
  if (plan.status === "read_only") return "failed";
  const attempts = plan.dunningAttempts + 1;
  const retryDays = billingLimits.dunningRetryDays;
  const anchor = plan.currentPeriodEnd ?? input.now;
  if (attempts > retryDays.length) {
    await tx
      .update(ownerPlans)
      .set({
        status: "read_only",
        dunningAttempts: attempts,
        nextRetryAt: null,
        readOnlySince: input.now,
        updatedAt: input.now,
      })
      .where(eq(ownerPlans.ownerId, payment.ownerId));
    await queueBillingEmail(tx, {
      ownerId: payment.ownerId,
      publicUrl: input.publicUrl,
      kind: "read-only",
      invoice,
    });
    return "failed";
  }
  const nextRetryAt = new Date(
    Math.max(anchor.getTime() + retryDays[attempts - 1]! * dayMs, input.now.getTime() + 60_000),
  );
  await tx
    .update(ownerPlans)
    .set({ status: "past_due", dunningAttempts: attempts, nextRetryAt, updatedAt: input.now })
    .where(eq(ownerPlans.ownerId, payment.ownerId));
  await queueBillingEmail(tx, {
    ownerId: payment.ownerId,
    publicUrl: input.publicUrl,
    kind: "renewal-failed",
    invoice,
    nextRetryAt,
    failureCode: input.charge?.failureCode ?? payment.failureCode,
    failureMessage: input.charge?.failureMessage ?? null,
  });
  return "failed";
}

/** A refund at the provider: the payment is marked and a credit note issues for the amount. */
export async function refundPayment(
  tx: Transaction,
  input: { paymentId: string; amountSatang: number; now: Date; seller: InvoiceSeller },
): Promise<"refunded" | "already"> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .for("update");
  if (payment?.status !== "succeeded") return "already";
  await tx
    .update(payments)
    .set({ status: "refunded", updatedAt: input.now })
    .where(eq(payments.id, payment.id));
  // A whole refund credits the whole invoice (its total includes any tax the buyer withheld).
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId));
  const amountSatang =
    invoice && input.amountSatang >= payment.amountSatang
      ? invoice.totalSatang
      : input.amountSatang;
  await createCreditNote(tx, {
    invoiceId: payment.invoiceId,
    amountSatang,
    reason: "refund",
    now: input.now,
    seller: input.seller,
  });
  return "refunded";
}
