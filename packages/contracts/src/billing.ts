/**
 * Billing: money arithmetic and the shapes the billing page, the API and the invoice renderer
 * share. Amounts are integers in satang (฿1 = 100 satang) everywhere; the catalogue's prices
 * (plans.ts, whole baht) include VAT, which invoices show separately.
 */
import { z } from "zod";
import {
  type BillingCycle,
  billingCycleInfo,
  billingCycles,
  getPlanPrice,
  type PaidPlanId,
  type PlanId,
  paidPlanIds,
} from "./plans";

/** Thai VAT: the statutory 10% reduced to 7% by Royal Decree. */
export const vatPercent = 7;
/** Withholding tax a Thai company deducts from a service fee, on the amount before VAT. */
export const withholdingPercent = 3;

export const satangPerBaht = 100;

export function bahtToSatang(baht: number): number {
  return Math.round(baht * satangPerBaht);
}

/** A catalogue price in satang (VAT included). */
export function planPriceSatang(planId: PaidPlanId, cycle: BillingCycle): number {
  return bahtToSatang(getPlanPrice(planId, cycle));
}

export type VatSplit = { subtotalSatang: number; vatSatang: number; totalSatang: number };

/**
 * Splits a VAT-inclusive total: the amount before VAT rounded to the satang, VAT the rest,
 * so subtotal + VAT is exactly the total charged.
 */
export function splitVat(totalSatang: number): VatSplit {
  const subtotalSatang = Math.round((totalSatang * 100) / (100 + vatPercent));
  return { subtotalSatang, vatSatang: totalSatang - subtotalSatang, totalSatang };
}

/** 3% of the amount before VAT, rounded to the satang. */
export function withholdingSatang(subtotalSatang: number): number {
  return Math.round((subtotalSatang * withholdingPercent) / 100);
}

/** Adds `months` calendar months (a 31st becomes the month's last day). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The end of a period of `cycle` starting at `start`. */
export function periodEnd(start: Date, cycle: BillingCycle): Date {
  return addMonths(start, billingCycleInfo[cycle].months);
}

/**
 * An upgrade at once: the unused part of what was paid for the current period (by time, to the
 * second, rounded down to the satang) is credited against the new plan's full price for a new
 * period starting now; at least `billingLimits.minimumChargeSatang` is due.
 */
export function prorateUpgrade(input: {
  paidSatang: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
  newPriceSatang: number;
}): { creditSatang: number; dueSatang: number } {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.max(0, Math.min(total, input.periodEnd.getTime() - input.now.getTime()));
  const unused = total > 0 ? Math.floor((input.paidSatang * left) / total) : 0;
  // Providers refuse tiny charges: the credit shrinks so at least the minimum is charged.
  const creditSatang = Math.max(
    0,
    Math.min(unused, input.newPriceSatang - billingLimits.minimumChargeSatang),
  );
  return { creditSatang, dueSatang: input.newPriceSatang - creditSatang };
}

/** Plans are ordered by price: is `to` above `from`? (the free trial is below every plan) */
export function isUpgrade(from: PlanId, to: PaidPlanId): boolean {
  if (from === "free") return true;
  return paidPlanIds.indexOf(to) > paidPlanIds.indexOf(from);
}

/**
 * What changing plan does. "now": a higher plan on a cycle at least as long, or the same plan on
 * a longer cycle: charged at once, the unused part of the current period credited (always less
 * than the new price). "periodEnd": any other change (a lower plan, a shorter cycle) takes effect
 * when the current period ends, nothing charged before. "same": nothing changes.
 */
export function planChangeTiming(
  from: { planId: PaidPlanId; billingCycle: BillingCycle },
  to: { planId: PaidPlanId; billingCycle: BillingCycle },
): "now" | "periodEnd" | "same" {
  const fromMonths = billingCycleInfo[from.billingCycle].months;
  const toMonths = billingCycleInfo[to.billingCycle].months;
  if (from.planId === to.planId) {
    if (fromMonths === toMonths) return "same";
    return toMonths > fromMonths ? "now" : "periodEnd";
  }
  return isUpgrade(from.planId, to.planId) && toMonths >= fromMonths ? "now" : "periodEnd";
}

/**
 * A Thai tax id: 13 digits whose last is a check digit (mod 11 of the first 12 weighted 13…2).
 */
export function isThaiTaxId(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(value[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(value[12]);
}

/** "00000" is the head office; any other 5 digits a branch. */
export const headOfficeBranch = "00000";

// ---- documents -------------------------------------------------------------------------------

export type InvoiceParty = {
  name: string;
  address: string;
  /** 13 digits. */
  taxId: string;
  /** "00000" (head office) or a 5-digit branch number. */
  branch: string;
};
/** The seller, as configured (BILLING_SELLER_*), copied onto each document. */
export type InvoiceSeller = InvoiceParty & { nameEn: string; addressEn: string };
/** The buyer's company; null on a plain receipt. */
export type InvoiceBuyer = InvoiceParty;

export type InvoiceLine = {
  /** Texts in both languages: documents render in either. */
  description: { th: string; en: string };
  quantity: number;
  /** VAT included; negative for a credit (the unused part of the previous plan). */
  amountSatang: number;
};

export const invoiceStatuses = ["open", "paid", "void"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export type InvoiceSeries = "invoice" | "credit_note";
export type InvoiceReason = "subscription" | "upgrade" | "renewal" | "refund" | "downgrade";

export type PromptPayQr = {
  /** The provider's QR image (PNG or SVG) address, shown as an image. */
  imageUrl: string | null;
  /** The EMVCo payload, when the provider gives it (rendered as a QR by the page). */
  payload: string | null;
  expiresAt: string;
};

export type InvoiceDto = {
  id: string;
  series: InvoiceSeries;
  status: InvoiceStatus;
  number: string | null;
  documentKind: "tax_invoice" | "receipt" | null;
  reason: InvoiceReason;
  planId: PaidPlanId;
  billingCycle: BillingCycle;
  periodStart: string;
  periodEnd: string;
  lines: InvoiceLine[];
  subtotalSatang: number;
  vatSatang: number;
  totalSatang: number;
  withholdingSatang: number;
  /** What the payment is expected to be: total − withholding. */
  expectedSatang: number;
  dueAt: string | null;
  issuedAt: string | null;
  paidAt: string | null;
  creditForInvoiceId: string | null;
  hasWithholdingCertificate: boolean;
  /** An open PromptPay invoice's QR (a fresh one is made when the last expired). */
  promptPay: PromptPayQr | null;
  /** "/api/console/billing/invoices/{id}/pdf?lang=th" once numbered. */
  pdfUrl: string | null;
};

export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };

export const subscriptionStatuses = ["trialing", "active", "past_due", "read_only"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export type BillingOverviewDto = {
  planId: PlanId;
  billingCycle: BillingCycle | null;
  status: SubscriptionStatus;
  /** The trial's end (trialing on the free plan). */
  trialEndsAt: string | null;
  trialExpired: boolean;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** A downgrade / cycle change taking effect at the period end. */
  pending: { planId: PaidPlanId; billingCycle: BillingCycle } | null;
  /** The next automatic charge (card) or invoice (PromptPay); null when none is coming. */
  nextCharge: { at: string; amountSatang: number; method: PaymentMethodKind } | null;
  paymentMethod: PaymentMethodKind | null;
  card: CardSummary | null;
  dunning: { attempts: number; nextRetryAt: string | null } | null;
  readOnlySince: string | null;
  /** The open invoice to pay now (PromptPay renewal, or a checkout waiting for its QR). */
  openInvoice: InvoiceDto | null;
  provider: PaymentProviderId;
  /** For the browser's card form: where and with which publishable key to tokenise a card. */
  cardForm: { provider: PaymentProviderId; publicKey: string; tokenizeUrl: string };
  profile: BillingProfileDto;
};

export const paymentProviderIds = ["omise", "stripe"] as const;
export type PaymentProviderId = (typeof paymentProviderIds)[number];
export const paymentMethodKinds = ["card", "promptpay"] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

// ---- requests --------------------------------------------------------------------------------

const planIdSchema = z.enum(paidPlanIds);
const cycleSchema = z.enum(billingCycles);

/** Start a paid plan (from the trial, or again from read-only). */
export const checkoutInputSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("card"),
    planId: planIdSchema,
    billingCycle: cycleSchema,
    /** The provider's card token (Omise "tokn_…", Stripe "pm_…"), made in the browser. */
    cardToken: z.string().min(1).max(200),
  }),
  z.object({ method: z.literal("promptpay"), planId: planIdSchema, billingCycle: cycleSchema }),
]);
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** Change plan / cycle: an upgrade is charged at once (prorated); a downgrade is scheduled. */
export const changePlanInputSchema = z.object({ planId: planIdSchema, billingCycle: cycleSchema });
export type ChangePlanInput = z.infer<typeof changePlanInputSchema>;

/** Replace the saved card (also switches PromptPay renewals to the card). */
export const updateCardInputSchema = z.object({ cardToken: z.string().min(1).max(200) });

export const billingProfileSchema = z.object({
  companyName: z.string().trim().max(200).nullable(),
  address: z.string().trim().max(500).nullable(),
  taxId: z.string().trim().max(13).nullable(),
  branch: z.string().trim().max(5).nullable(),
  invoiceEmail: z.string().trim().max(254).nullable(),
  /** A Thai company that withholds 3% on service fees. */
  withholdsTax: z.boolean(),
  locale: z.enum(["th", "en"]),
});
export type BillingProfileDto = z.infer<typeof billingProfileSchema>;

/** Withholding certificates: PDF, PNG or JPEG up to 5 MB. */
export const withholdingCertificateLimits = {
  maxBytes: 5 * 1024 * 1024,
  contentTypes: ["application/pdf", "image/png", "image/jpeg"] as const,
};

/** Billing limits the page states. */
export const billingLimits = {
  /** A PromptPay QR is valid this long; a new one is made on demand after. */
  promptPayQrMinutes: 60,
  /** Dunning: a failed card renewal is tried again after these many days (3 tries in all). */
  dunningRetryDays: [3, 7] as const,
  /** An unpaid PromptPay renewal keeps the plan this many days after the period end. */
  promptPayGraceDays: 7,
  /** PromptPay renewal invoices are sent this many days before the period end. */
  promptPayInvoiceDaysBefore: 7,
  /** Trial reminder: this many days before the end, and on the day. */
  trialReminderDaysBefore: 2,
  /**
   * The smallest charge: Omise refuses under ฿20 (Stripe under ฿10). An upgrade whose prorated
   * amount is smaller is charged this much (the credit shrinks to match).
   */
  minimumChargeSatang: 2_000,
  /**
   * Payment attempts (checkout, plan change, new card, paying an invoice) per workspace per hour:
   * enough for a typo or two, too few to test stolen cards with.
   */
  paymentAttemptsPerHour: 10,
  /** Users-per-month notices at these percentages of the allowance. */
  usageNoticePercents: [80, 100] as const,
};

/**
 * Billing's refusals use existing error codes: PAYMENT_FAILED (fields.reason: the provider's
 * failure code, e.g. "insufficient_fund"), PLAN_LIMIT_REACHED with fields.limit one of
 * "readOnly" (the plan is read-only until paid), "downgrade" (fields.over: what exceeds the lower
 * plan: bots / channels / seats / usersPerMonth), "contactSales" (Enterprise), "channels",
 * "knowledgeBase", and VALIDATION_FAILED with fields for the billing details form.
 */
export const billingLimitKeys = [
  "readOnly",
  "downgrade",
  "contactSales",
  "channels",
  "knowledgeBase",
] as const;

/** A payment as the billing page follows it (polled while pending: PromptPay, 3-D Secure). */
export type PaymentStatusDto = {
  id: string;
  invoiceId: string;
  method: PaymentMethodKind;
  status: "pending" | "succeeded" | "failed" | "expired" | "refunded";
  amountSatang: number;
  /** Why a failed payment failed: the provider's code (`describePaymentFailure` words it). */
  failureCode: string | null;
  /** The provider's reason in its words (English), for a failed payment. */
  failureMessage: string | null;
  /** Card: the bank's 3-D Secure page to go to. */
  authorizeUri: string | null;
  /** PromptPay: the QR to scan. */
  promptPay: PromptPayQr | null;
};

/** What checkout, a plan change and "pay this invoice" answer. */
export type BillingActionResultDto = {
  overview: BillingOverviewDto;
  /** The payment made or started (null when nothing was charged: a scheduled downgrade). */
  payment: PaymentStatusDto | null;
};
