import {
  type InvoiceLine,
  type InvoiceReason,
  planPriceSatang,
  splitVat,
  withholdingSatang,
} from "@jai/contracts/billing";
import type { BillingCycle, PaidPlanId } from "@jai/contracts/plans";
import {
  and,
  billingProfiles,
  type Db,
  desc,
  eq,
  type InvoiceRow,
  invoices,
  type Transaction,
} from "@jai/db";

const planNames: Record<PaidPlanId, { th: string; en: string }> = {
  starter: { th: "เริ่มต้น", en: "Starter" },
  pro: { th: "โปร", en: "Pro" },
  business: { th: "ธุรกิจ", en: "Business" },
  enterprise: { th: "องค์กร", en: "Enterprise" },
};
const cycleNames: Record<BillingCycle, { th: string; en: string }> = {
  monthly: { th: "รายเดือน", en: "monthly" },
  sixMonths: { th: "ทุก 6 เดือน", en: "every 6 months" },
  yearly: { th: "รายปี", en: "yearly" },
};

/** "แพ็กเกจโปร รายปี" / "Pro plan, yearly". */
export function planLineDescription(planId: PaidPlanId, cycle: BillingCycle) {
  return {
    th: `แพ็กเกจ${planNames[planId].th} ${cycleNames[cycle].th}`,
    en: `${planNames[planId].en} plan, ${cycleNames[cycle].en}`,
  };
}

/**
 * A new open invoice for a plan and period: the catalogue price (VAT included), less a credit
 * for the unused part of the previous plan on an upgrade, VAT split, and the buyer's 3%
 * withholding when their billing details say they withhold.
 */
export async function createOpenInvoice(
  tx: Db | Transaction,
  input: {
    ownerId: string;
    reason: InvoiceReason;
    planId: PaidPlanId;
    billingCycle: BillingCycle;
    periodStart: Date;
    periodEnd: Date;
    dueAt: Date;
    /** Upgrade: the unused part of the current plan, credited (VAT included). */
    credit?: { satang: number; planId: PaidPlanId; billingCycle: BillingCycle } | null;
  },
): Promise<InvoiceRow> {
  const price = planPriceSatang(input.planId, input.billingCycle);
  const lines: InvoiceLine[] = [
    {
      description: planLineDescription(input.planId, input.billingCycle),
      quantity: 1,
      amountSatang: price,
    },
  ];
  if (input.credit && input.credit.satang > 0) {
    const previous = planLineDescription(input.credit.planId, input.credit.billingCycle);
    lines.push({
      description: {
        th: `ส่วนลดเวลาที่ยังไม่ได้ใช้ของ${previous.th}`,
        en: `Credit for unused time on the ${previous.en}`,
      },
      quantity: 1,
      amountSatang: -input.credit.satang,
    });
  }
  const total = lines.reduce((sum, line) => sum + line.amountSatang, 0);
  const split = splitVat(total);
  const [profile] = await tx
    .select({ withholdsTax: billingProfiles.withholdsTax })
    .from(billingProfiles)
    .where(eq(billingProfiles.ownerId, input.ownerId));
  const [row] = await tx
    .insert(invoices)
    .values({
      ownerId: input.ownerId,
      series: "invoice",
      status: "open",
      reason: input.reason,
      planId: input.planId,
      billingCycle: input.billingCycle,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      lines,
      subtotalSatang: split.subtotalSatang,
      vatSatang: split.vatSatang,
      totalSatang: split.totalSatang,
      withholdingSatang: profile?.withholdsTax ? withholdingSatang(split.subtotalSatang) : 0,
      dueAt: input.dueAt,
    })
    .returning();
  return row!;
}

/** What the payment of an invoice is expected to be: its total less the buyer's withholding. */
export function expectedSatang(invoice: Pick<InvoiceRow, "totalSatang" | "withholdingSatang">) {
  return invoice.totalSatang - invoice.withholdingSatang;
}

/** The owner's open invoice of one reason (the newest), if any. */
export async function findOpenInvoice(
  db: Db | Transaction,
  ownerId: string,
  reasons: InvoiceReason[],
): Promise<InvoiceRow | null> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.ownerId, ownerId), eq(invoices.status, "open")))
    .orderBy(desc(invoices.createdAt))
    .limit(10);
  return rows.find((row) => reasons.includes(row.reason)) ?? null;
}
