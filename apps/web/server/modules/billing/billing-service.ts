import {
  type BillingActionResultDto,
  type BillingOverviewDto,
  type BillingProfileDto,
  billingProfileSchema,
  type CardSummary,
  type ChangePlanInput,
  type CheckoutInput,
  changePlanInputSchema,
  checkoutInputSchema,
  type InvoiceSeller,
  isThaiTaxId,
  type PaymentMethodKind,
  type PaymentStatusDto,
  type PromptPayQr,
  periodEnd,
  planChangeTiming,
  planPriceSatang,
  prorateUpgrade,
  splitVat,
  updateCardInputSchema,
  withholdingSatang,
} from "@jai/contracts/billing";
import {
  type BillingCycle,
  getPlan,
  isWithinQuota,
  type PaidPlanId,
  type PlanAllowances,
} from "@jai/contracts/plans";
import {
  and,
  billingProfiles,
  bots,
  count,
  type Db,
  desc,
  eq,
  type InvoiceRow,
  inArray,
  invoices,
  type OwnerPlanRow,
  ownerPlans,
  type PaymentRow,
  payments,
  users,
} from "@jai/db";
import { AppError } from "../../http/errors";
import type { Logger } from "../../logger";
import { loadOwnerPlan } from "../../services/console/console-plan";
import { countActiveChannels } from "../channels/owned-channels";
import { countSeats } from "../workspaces/team";
import { createOpenInvoice, expectedSatang, findOpenInvoice } from "./billing-invoices";
import { toInvoiceDto } from "./invoice-documents";
import { planState } from "./plan-state";
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderCharge,
} from "./providers/payment-provider";
import { applyPaidInvoice, failPayment, settlePayment } from "./settle-payment";

export type BillingDeps = {
  db: Db;
  logger: Logger;
  /** null: no payment keys configured (the page says online payment is not set up). */
  provider: PaymentProvider | null;
  seller: InvoiceSeller;
  publicUrl: string;
  /** Billing emails were queued: wake the outbox. */
  onEmailQueued?: () => void;
  /** A payment event was stored: wake the billing events job. */
  onEventStored?: () => void;
  now?: () => Date;
};

type OwnerRef = { ownerId: string };

function toCard(value: unknown): CardSummary | null {
  if (!value || typeof value !== "object") return null;
  const card = value as Partial<CardSummary>;
  return typeof card.last4 === "string" ? (card as CardSummary) : null;
}

function toPromptPay(value: unknown): PromptPayQr | null {
  if (!value || typeof value !== "object") return null;
  return value as PromptPayQr;
}

/**
 * The QR as the page shows it: its image through Jai's own address (the provider's host stays
 * out of the page's content policy and the payer's browser), its payload as given.
 */
function servedQr(paymentId: string, value: unknown): PromptPayQr | null {
  const qr = toPromptPay(value);
  if (!qr) return null;
  return {
    ...qr,
    imageUrl: qr.imageUrl ? `/api/console/billing/payments/${paymentId}/qr` : null,
  };
}

export function toPaymentStatusDto(row: PaymentRow): PaymentStatusDto {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    method: row.method,
    status: row.status,
    amountSatang: row.amountSatang,
    failureCode: row.failureCode,
    failureMessage: row.failureMessage,
    authorizeUri: row.status === "pending" ? row.authorizeUri : null,
    promptPay: row.status === "pending" ? servedQr(row.id, row.promptPay) : null,
  };
}

/** What the current usage exceeds on a lower plan (bots, channels, seats), or null. */
async function overUsage(
  db: Db,
  ownerId: string,
  allowances: PlanAllowances,
): Promise<{ over: string; used: number; allowed: number } | null> {
  const [[botRow], channels, seats] = await Promise.all([
    db.select({ total: count() }).from(bots).where(eq(bots.ownerId, ownerId)),
    countActiveChannels(db, ownerId),
    countSeats(db, ownerId),
  ]);
  const used = {
    bots: Number(botRow?.total ?? 0),
    channels,
    // The owner holds a seat even when no member row lists them.
    seats: Math.max(1, seats.members + seats.pending),
  };
  for (const key of ["bots", "channels", "seats"] as const) {
    const quota = allowances[key];
    if (!isWithinQuota(used[key], quota)) {
      return { over: key, used: used[key], allowed: quota === "unlimited" ? 0 : quota };
    }
  }
  return null;
}

export function createBilling(deps: BillingDeps) {
  const { db, logger, seller, publicUrl } = deps;
  const now = () => deps.now?.() ?? new Date();

  const requireProvider = (): PaymentProvider => {
    if (!deps.provider) {
      throw new AppError("SERVICE_UNAVAILABLE", {
        message: "online payment is not set up on this server",
        fields: { billing: "notConfigured" },
      });
    }
    return deps.provider;
  };

  async function ownerEmail(ownerId: string): Promise<string> {
    const [row] = await db
      .select({ email: users.email, invoiceEmail: billingProfiles.invoiceEmail })
      .from(users)
      .leftJoin(billingProfiles, eq(billingProfiles.ownerId, users.id))
      .where(eq(users.id, ownerId));
    if (!row) throw new AppError("NOT_FOUND");
    return row.invoiceEmail ?? row.email;
  }

  async function getProfile(ownerId: string): Promise<BillingProfileDto> {
    const [row] = await db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.ownerId, ownerId));
    const [user] = await db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, ownerId));
    return {
      companyName: row?.companyName ?? null,
      address: row?.address ?? null,
      taxId: row?.taxId ?? null,
      branch: row?.branch ?? null,
      invoiceEmail: row?.invoiceEmail ?? null,
      withholdsTax: row?.withholdsTax ?? false,
      locale: ((row?.locale ?? user?.locale) === "th" ? "th" : "en") as "th" | "en",
    };
  }

  async function latestPendingPayment(invoiceId: string): Promise<PaymentRow | null> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, "pending")))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row ?? null;
  }

  async function overview(ownerId: string): Promise<BillingOverviewDto> {
    const row = await loadOwnerPlan(db, ownerId);
    const state = planState(row, now());
    const profile = await getProfile(ownerId);
    const open = await findOpenInvoice(db, ownerId, ["renewal", "subscription", "upgrade"]);
    let openInvoice = null;
    if (open) {
      const pending = await latestPendingPayment(open.id);
      openInvoice = toInvoiceDto(open, {
        hasWithholdingCertificate: false,
        promptPay: pending?.method === "promptpay" ? servedQr(pending.id, pending.promptPay) : null,
      });
    }
    const cycle = (row.billingCycle as BillingCycle | null) ?? null;
    const paying = state.planId !== "free" && row.paymentMethod !== null;
    const nextPlan = (row.pendingPlanId ?? row.planId) as PaidPlanId;
    const nextCycle = (row.pendingBillingCycle ?? cycle ?? "monthly") as BillingCycle;
    let nextCharge: BillingOverviewDto["nextCharge"] = null;
    if (paying && !row.cancelAtPeriodEnd && row.currentPeriodEnd && state.status !== "read_only") {
      const total = planPriceSatang(nextPlan, nextCycle);
      const withheld = profile.withholdsTax ? withholdingSatang(splitVat(total).subtotalSatang) : 0;
      nextCharge = {
        at: (row.nextRetryAt ?? row.currentPeriodEnd).toISOString(),
        amountSatang: total - withheld,
        method: row.paymentMethod as PaymentMethodKind,
      };
    }
    const provider = deps.provider;
    return {
      planId: state.planId,
      billingCycle: cycle,
      status: state.status,
      trialEndsAt: state.planId === "free" ? (row.trialEndsAt?.toISOString() ?? null) : null,
      trialExpired: state.trialOver,
      currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      pending:
        row.pendingPlanId && row.pendingBillingCycle
          ? {
              planId: row.pendingPlanId as PaidPlanId,
              billingCycle: row.pendingBillingCycle as BillingCycle,
            }
          : null,
      nextCharge,
      paymentMethod: (row.paymentMethod as PaymentMethodKind | null) ?? null,
      card: toCard(row.card),
      dunning:
        row.status === "past_due"
          ? { attempts: row.dunningAttempts, nextRetryAt: row.nextRetryAt?.toISOString() ?? null }
          : null,
      readOnlySince: row.readOnlySince?.toISOString() ?? null,
      openInvoice,
      provider: provider?.id ?? "omise",
      cardForm: provider
        ? { provider: provider.id, ...provider.cardForm }
        : { provider: "omise", publicKey: "", tokenizeUrl: "" },
      profile,
    };
  }

  /** Records the provider's answer on the payment, settling or failing it. */
  async function recordCharge(paymentId: string, charge: ProviderCharge): Promise<PaymentRow> {
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({
          providerChargeId: charge.chargeId,
          authorizeUri: charge.authorizeUri,
          failureCode: charge.failureCode,
          failureMessage: charge.failureMessage,
          updatedAt: now(),
        })
        .where(eq(payments.id, paymentId));
      if (charge.status === "succeeded") {
        await settlePayment(tx, { paymentId, now: now(), seller });
      } else if (charge.status === "failed" || charge.status === "expired") {
        await failPayment(tx, { paymentId, status: charge.status, charge, now: now(), publicUrl });
      }
    });
    deps.onEmailQueued?.();
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    return row!;
  }

  /** A provider call that failed before a charge existed: the payment did not happen. */
  async function abandonPayment(paymentId: string, error: unknown): Promise<never> {
    const reason =
      error instanceof PaymentProviderError && error.kind === "declined"
        ? (error.details.code ?? "declined")
        : error instanceof PaymentProviderError && error.kind === "invalid"
          ? (error.details.code ?? "invalid_card")
          : "provider_unavailable";
    logger.warn("payment not started", {
      paymentId,
      reason,
      kind: error instanceof PaymentProviderError ? error.kind : "unknown",
    });
    await db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
      await tx
        .update(payments)
        .set({ status: "failed", failureCode: reason, updatedAt: now() })
        .where(eq(payments.id, paymentId));
      if (payment) {
        await tx
          .update(invoices)
          .set({ status: "void", updatedAt: now() })
          .where(and(eq(invoices.id, payment.invoiceId), eq(invoices.status, "open")));
      }
    });
    throw new AppError("PAYMENT_FAILED", { fields: { reason }, cause: error });
  }

  /** Starts paying an open invoice: a card charge (saved customer) or a PromptPay QR. */
  async function startPayment(
    invoice: InvoiceRow,
    method: PaymentMethodKind,
    options: { customerId: string | null; cardToken?: string; email: string },
  ): Promise<PaymentRow> {
    const provider = requireProvider();
    const amountSatang = expectedSatang(invoice);
    const [payment] = await db
      .insert(payments)
      .values({
        ownerId: invoice.ownerId,
        invoiceId: invoice.id,
        provider: provider.id,
        method,
        amountSatang,
        status: "pending",
      })
      .returning();
    const metadata = { invoiceId: invoice.id, ownerId: invoice.ownerId, paymentId: payment!.id };
    const description = `Jai ${invoice.planId} ${invoice.billingCycle} (${invoice.reason})`;
    try {
      if (method === "promptpay") {
        const charge = await provider.createPromptPayCharge({
          amountSatang,
          description,
          metadata,
          email: options.email,
          idempotencyKey: payment!.id,
        });
        await db
          .update(payments)
          .set({ providerChargeId: charge.chargeId, promptPay: charge.promptPay, updatedAt: now() })
          .where(eq(payments.id, payment!.id));
        return recordCharge(payment!.id, charge);
      }
      let customerId = options.customerId;
      if (options.cardToken) {
        const saved = customerId
          ? {
              customerId,
              card: await provider.replaceCard({
                customerId,
                cardToken: options.cardToken,
                idempotencyKey: `${payment!.id}:card`,
              }),
            }
          : await provider.createCustomer({
              ownerId: invoice.ownerId,
              email: options.email,
              cardToken: options.cardToken,
              idempotencyKey: `${payment!.id}:customer`,
            });
        customerId = saved.customerId;
        await db
          .update(ownerPlans)
          .set({
            provider: provider.id,
            providerCustomerId: saved.customerId,
            card: saved.card,
            updatedAt: now(),
          })
          .where(eq(ownerPlans.ownerId, invoice.ownerId));
      }
      if (!customerId) throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "noCard" } });
      const charge = await provider.chargeCard({
        customerId,
        amountSatang,
        description,
        metadata,
        returnUri: `${publicUrl.replace(/\/+$/, "")}/app/billing?payment=${payment!.id}`,
        idempotencyKey: payment!.id,
      });
      const recorded = await recordCharge(payment!.id, charge);
      if (recorded.status === "failed") {
        throw new AppError("PAYMENT_FAILED", {
          fields: { reason: recorded.failureCode ?? "declined" },
          message: recorded.failureMessage ?? undefined,
        });
      }
      return recorded;
    } catch (error) {
      if (error instanceof AppError) throw error;
      return abandonPayment(payment!.id, error);
    }
  }

  async function result(
    ownerId: string,
    payment: PaymentRow | null,
  ): Promise<BillingActionResultDto> {
    return {
      overview: await overview(ownerId),
      payment: payment ? toPaymentStatusDto(payment) : null,
    };
  }

  return {
    overview,
    getProfile,

    async putProfile(ownerId: string, input: unknown): Promise<BillingProfileDto> {
      const parsed = billingProfileSchema.safeParse(input);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues)
          fields[String(issue.path[0] ?? "form")] = "invalid";
        throw new AppError("VALIDATION_FAILED", { fields });
      }
      const value = parsed.data;
      const fields: Record<string, string> = {};
      const empty = (text: string | null) => !text || text.length === 0;
      if (value.taxId && !isThaiTaxId(value.taxId)) fields.taxId = "invalidTaxId";
      if (value.branch && !/^\d{5}$/.test(value.branch)) fields.branch = "invalidBranch";
      if (value.invoiceEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.invoiceEmail)) {
        fields.invoiceEmail = "invalidEmail";
      }
      // A tax invoice needs the whole buyer: a company name, its address and tax id together.
      const company = [value.companyName, value.address, value.taxId];
      if (company.some((part) => !empty(part)) && company.some((part) => empty(part))) {
        if (empty(value.companyName)) fields.companyName = "required";
        if (empty(value.address)) fields.address = "required";
        if (empty(value.taxId)) fields.taxId = fields.taxId ?? "required";
      }
      if (value.withholdsTax && empty(value.taxId)) fields.withholdsTax = "needsCompany";
      if (Object.keys(fields).length > 0) throw new AppError("VALIDATION_FAILED", { fields });
      const row = {
        companyName: value.companyName || null,
        address: value.address || null,
        taxId: value.taxId || null,
        branch: value.taxId ? value.branch || "00000" : null,
        invoiceEmail: value.invoiceEmail || null,
        withholdsTax: value.withholdsTax,
        locale: value.locale,
        updatedAt: now(),
      };
      await db
        .insert(billingProfiles)
        .values({ ownerId, ...row })
        .onConflictDoUpdate({ target: billingProfiles.ownerId, set: row });
      return getProfile(ownerId);
    },

    /** Starts a paid plan from the trial, an operator-set plan, or read-only. */
    async checkout({ ownerId }: OwnerRef, input: unknown): Promise<BillingActionResultDto> {
      const parsed = checkoutInputSchema.safeParse(input);
      if (!parsed.success) throw new AppError("VALIDATION_FAILED", { fields: { form: "invalid" } });
      const value: CheckoutInput = parsed.data;
      if (getPlan(value.planId).kind === "paid" && value.planId === "enterprise") {
        throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "contactSales" } });
      }
      requireProvider();
      const over = await overUsage(db, ownerId, getPlan(value.planId).allowances);
      if (over) {
        throw new AppError("PLAN_LIMIT_REACHED", {
          fields: {
            limit: "downgrade",
            over: over.over,
            used: String(over.used),
            allowed: String(over.allowed),
          },
        });
      }
      const start = now();
      const invoice = await db.transaction(async (tx) => {
        const plan = await loadOwnerPlan(tx, ownerId, { lock: true });
        if (plan.status === "active" || plan.status === "past_due") {
          if (plan.paymentMethod !== null) {
            throw new AppError("CONFLICT", {
              message: "a plan is already paid for: change it instead",
              fields: { billing: "alreadySubscribed" },
            });
          }
        }
        // A checkout started before and not paid is withdrawn (its QR may still be paid: a
        // payment to a withdrawn invoice is still recorded and applied).
        await tx
          .update(invoices)
          .set({ status: "void", updatedAt: start })
          .where(
            and(
              eq(invoices.ownerId, ownerId),
              eq(invoices.status, "open"),
              inArray(invoices.reason, ["subscription"]),
            ),
          );
        return createOpenInvoice(tx, {
          ownerId,
          reason: "subscription",
          planId: value.planId,
          billingCycle: value.billingCycle,
          periodStart: start,
          periodEnd: periodEnd(start, value.billingCycle),
          dueAt: start,
        });
      });
      const plan = await loadOwnerPlan(db, ownerId);
      const payment = await startPayment(invoice, value.method, {
        customerId: plan.provider === deps.provider?.id ? plan.providerCustomerId : null,
        cardToken: value.method === "card" ? value.cardToken : undefined,
        email: await ownerEmail(ownerId),
      });
      return result(ownerId, payment);
    },

    /** Upgrade at once (prorated) or downgrade at the period end (refused when over). */
    async changePlan({ ownerId }: OwnerRef, input: unknown): Promise<BillingActionResultDto> {
      const parsed = changePlanInputSchema.safeParse(input);
      if (!parsed.success) throw new AppError("VALIDATION_FAILED", { fields: { form: "invalid" } });
      const value: ChangePlanInput = parsed.data;
      if (value.planId === "enterprise") {
        throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "contactSales" } });
      }
      const row = await loadOwnerPlan(db, ownerId);
      const state = planState(row, now());
      if (
        state.planId === "free" ||
        state.readOnly ||
        !row.currentPeriodEnd ||
        !row.paymentMethod
      ) {
        throw new AppError("CONFLICT", {
          message: "no paid plan to change: check out instead",
          fields: { billing: "notSubscribed" },
        });
      }
      const currentCycle = (row.billingCycle ?? "monthly") as BillingCycle;
      const current = state.planId as PaidPlanId;
      const timing = planChangeTiming(
        { planId: current, billingCycle: currentCycle },
        { planId: value.planId, billingCycle: value.billingCycle },
      );
      if (timing === "same") {
        // Choosing the current plan again withdraws a scheduled change.
        await db
          .update(ownerPlans)
          .set({ pendingPlanId: null, pendingBillingCycle: null, updatedAt: now() })
          .where(eq(ownerPlans.ownerId, ownerId));
        return result(ownerId, null);
      }
      if (timing === "periodEnd") {
        const over = await overUsage(db, ownerId, getPlan(value.planId).allowances);
        if (over) {
          throw new AppError("PLAN_LIMIT_REACHED", {
            fields: {
              limit: "downgrade",
              over: over.over,
              used: String(over.used),
              allowed: String(over.allowed),
            },
          });
        }
        await db
          .update(ownerPlans)
          .set({
            pendingPlanId: value.planId,
            pendingBillingCycle: value.billingCycle,
            cancelAtPeriodEnd: false,
            updatedAt: now(),
          })
          .where(eq(ownerPlans.ownerId, ownerId));
        return result(ownerId, null);
      }
      const at = now();
      const [paid] = await db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.ownerId, ownerId),
            eq(invoices.status, "paid"),
            eq(invoices.series, "invoice"),
            eq(invoices.periodEnd, row.currentPeriodEnd),
          ),
        )
        .orderBy(desc(invoices.paidAt))
        .limit(1);
      const paidSatang = paid ? paid.totalSatang : planPriceSatang(current, currentCycle);
      const { creditSatang } = prorateUpgrade({
        paidSatang,
        periodStart: row.currentPeriodStart ?? at,
        periodEnd: row.currentPeriodEnd,
        now: at,
        newPriceSatang: planPriceSatang(value.planId, value.billingCycle),
      });
      const invoice = await db.transaction(async (tx) => {
        await tx
          .update(invoices)
          .set({ status: "void", updatedAt: at })
          .where(
            and(
              eq(invoices.ownerId, ownerId),
              eq(invoices.status, "open"),
              eq(invoices.reason, "upgrade"),
            ),
          );
        return createOpenInvoice(tx, {
          ownerId,
          reason: "upgrade",
          planId: value.planId,
          billingCycle: value.billingCycle,
          periodStart: at,
          periodEnd: periodEnd(at, value.billingCycle),
          dueAt: at,
          credit: { satang: creditSatang, planId: current, billingCycle: currentCycle },
        });
      });
      if (expectedSatang(invoice) <= 0) {
        await db.transaction((tx) =>
          applyPaidInvoice(tx, { ownerId, invoiceId: invoice.id, now: at, seller, payment: null }),
        );
        deps.onEmailQueued?.();
        return result(ownerId, null);
      }
      const payment = await startPayment(invoice, row.paymentMethod as PaymentMethodKind, {
        customerId: row.providerCustomerId,
        email: await ownerEmail(ownerId),
      });
      return result(ownerId, payment);
    },

    async cancel({ ownerId }: OwnerRef): Promise<BillingOverviewDto> {
      const row = await loadOwnerPlan(db, ownerId);
      if (row.planId === "free" || row.status === "read_only" || !row.currentPeriodEnd) {
        throw new AppError("CONFLICT", { fields: { billing: "notSubscribed" } });
      }
      await db
        .update(ownerPlans)
        .set({
          cancelAtPeriodEnd: true,
          pendingPlanId: null,
          pendingBillingCycle: null,
          updatedAt: now(),
        })
        .where(eq(ownerPlans.ownerId, ownerId));
      return overview(ownerId);
    },

    async resume({ ownerId }: OwnerRef): Promise<BillingOverviewDto> {
      await db
        .update(ownerPlans)
        .set({ cancelAtPeriodEnd: false, updatedAt: now() })
        .where(and(eq(ownerPlans.ownerId, ownerId), eq(ownerPlans.cancelAtPeriodEnd, true)));
      return overview(ownerId);
    },

    /** A new card for renewals (PromptPay renewals switch to it); a past-due renewal retries now. */
    async updateCard({ ownerId }: OwnerRef, input: unknown): Promise<BillingOverviewDto> {
      const parsed = updateCardInputSchema.safeParse(input);
      if (!parsed.success)
        throw new AppError("VALIDATION_FAILED", { fields: { cardToken: "invalid" } });
      const provider = requireProvider();
      const row = await loadOwnerPlan(db, ownerId);
      const key = `card:${ownerId}:${parsed.data.cardToken}`;
      try {
        const saved =
          row.providerCustomerId && row.provider === provider.id
            ? {
                customerId: row.providerCustomerId,
                card: await provider.replaceCard({
                  customerId: row.providerCustomerId,
                  cardToken: parsed.data.cardToken,
                  idempotencyKey: key,
                }),
              }
            : await provider.createCustomer({
                ownerId,
                email: await ownerEmail(ownerId),
                cardToken: parsed.data.cardToken,
                idempotencyKey: key,
              });
        await db
          .update(ownerPlans)
          .set({
            provider: provider.id,
            providerCustomerId: saved.customerId,
            card: saved.card,
            paymentMethod: row.planId === "free" ? row.paymentMethod : "card",
            ...(row.status === "past_due" ? { nextRetryAt: now() } : {}),
            updatedAt: now(),
          })
          .where(eq(ownerPlans.ownerId, ownerId));
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          throw new AppError("PAYMENT_FAILED", {
            fields: {
              reason:
                error.kind === "unavailable"
                  ? "provider_unavailable"
                  : (error.details.code ?? "invalid_card"),
            },
          });
        }
        throw error;
      }
      return overview(ownerId);
    },

    /** Pays an open invoice (a PromptPay renewal, or a read-only workspace paying again). */
    async payInvoice(
      { ownerId }: OwnerRef,
      invoiceId: string,
      input: unknown,
    ): Promise<BillingActionResultDto> {
      const method = (input as { method?: unknown } | null)?.method;
      if (method !== "card" && method !== "promptpay") {
        throw new AppError("VALIDATION_FAILED", { fields: { method: "invalid" } });
      }
      const [invoice] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.ownerId, ownerId)));
      if (!invoice) throw new AppError("NOT_FOUND");
      if (invoice.status !== "open")
        throw new AppError("CONFLICT", { fields: { invoice: invoice.status } });
      const row = await loadOwnerPlan(db, ownerId);
      const pending = await latestPendingPayment(invoice.id);
      if (pending?.method === "promptpay" && method === "promptpay") {
        const qr = toPromptPay(pending.promptPay);
        if (qr && new Date(qr.expiresAt).getTime() > now().getTime() + 60_000) {
          return result(ownerId, pending);
        }
        await db
          .update(payments)
          .set({ status: "expired", updatedAt: now() })
          .where(eq(payments.id, pending.id));
      }
      if (method === "card" && !row.providerCustomerId) {
        throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "noCard" } });
      }
      const payment = await startPayment(invoice, method, {
        customerId: row.providerCustomerId,
        email: await ownerEmail(ownerId),
      });
      return result(ownerId, payment);
    },

    /**
     * Marks an open invoice as paid with (or without) 3% withholding before it is paid: the
     * expected amount follows, and a pending PromptPay QR for the old amount is withdrawn (a
     * new one is made on demand). Only a buyer with complete company details can withhold.
     */
    async setWithholding(
      { ownerId }: OwnerRef,
      invoiceId: string,
      input: unknown,
    ): Promise<BillingOverviewDto> {
      const withholds = (input as { withholds?: unknown } | null)?.withholds;
      if (typeof withholds !== "boolean") {
        throw new AppError("VALIDATION_FAILED", { fields: { withholds: "invalid" } });
      }
      if (!/^[0-9a-f-]{36}$/i.test(invoiceId)) throw new AppError("NOT_FOUND");
      const profile = await getProfile(ownerId);
      if (withholds && !(profile.companyName && profile.taxId && isThaiTaxId(profile.taxId))) {
        throw new AppError("VALIDATION_FAILED", { fields: { withholds: "needsCompany" } });
      }
      await db.transaction(async (tx) => {
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.id, invoiceId), eq(invoices.ownerId, ownerId)))
          .for("update");
        if (!invoice) throw new AppError("NOT_FOUND");
        if (invoice.status !== "open") {
          throw new AppError("CONFLICT", { fields: { invoice: invoice.status } });
        }
        await tx
          .update(invoices)
          .set({
            withholdingSatang: withholds ? withholdingSatang(invoice.subtotalSatang) : 0,
            updatedAt: now(),
          })
          .where(eq(invoices.id, invoice.id));
        await tx
          .update(payments)
          .set({ status: "expired", updatedAt: now() })
          .where(
            and(
              eq(payments.invoiceId, invoice.id),
              eq(payments.status, "pending"),
              eq(payments.method, "promptpay"),
            ),
          );
      });
      return overview(ownerId);
    },

    /** A payment as the page follows it; a pending one is re-checked with the provider. */
    async paymentStatus({ ownerId }: OwnerRef, paymentId: string): Promise<PaymentStatusDto> {
      if (!/^[0-9a-f-]{36}$/i.test(paymentId)) throw new AppError("NOT_FOUND");
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.ownerId, ownerId)));
      if (!row) throw new AppError("NOT_FOUND");
      if (row.status !== "pending" || !row.providerChargeId || !deps.provider) {
        return toPaymentStatusDto(row);
      }
      try {
        const charge = await deps.provider.retrieveCharge(row.providerChargeId);
        if (charge.status === "pending") return toPaymentStatusDto(row);
        return toPaymentStatusDto(await recordCharge(row.id, charge));
      } catch (error) {
        logger.warn("payment status not refreshed", {
          paymentId,
          kind: error instanceof PaymentProviderError ? error.kind : "unknown",
        });
        return toPaymentStatusDto(row);
      }
    },

    /** A pending PromptPay payment's QR image, fetched from the provider (≤ 1 MB, 10 s). */
    async paymentQr(
      { ownerId }: OwnerRef,
      paymentId: string,
    ): Promise<{ contentType: string; bytes: Uint8Array }> {
      if (!/^[0-9a-f-]{36}$/i.test(paymentId)) throw new AppError("NOT_FOUND");
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.ownerId, ownerId)));
      const qr = row ? toPromptPay(row.promptPay) : null;
      if (row?.status !== "pending" || !qr?.imageUrl) throw new AppError("NOT_FOUND");
      const response = await fetch(qr.imageUrl, { signal: AbortSignal.timeout(10_000) }).catch(
        () => null,
      );
      const contentType = response?.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
      if (!response?.ok || !["image/png", "image/svg+xml"].includes(contentType)) {
        throw new AppError("SERVICE_UNAVAILABLE", { message: "the QR could not be fetched" });
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > 1024 * 1024) throw new AppError("SERVICE_UNAVAILABLE");
      return { contentType, bytes };
    },

    /** For the renewals job and tests. */
    startPayment,
    recordCharge,
  };
}

export type Billing = ReturnType<typeof createBilling>;
export type { OwnerPlanRow };
