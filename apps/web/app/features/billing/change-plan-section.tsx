import {
  type BillingActionResultDto,
  type BillingOverviewDto,
  planChangeTiming,
  planPriceSatang,
  prorateUpgrade,
} from "@jai/contracts/billing";
import { describePaymentFailure } from "@jai/contracts/payment-failures";
import { type BillingCycle, isPaidPlanId, type PaidPlanId, paidPlans } from "@jai/contracts/plans";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/dialog";
import { useLocale } from "~/i18n/use-locale";
import type { ApiRequestError } from "~/lib/api-request";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import type { BillingApi } from "./billing-api";
import { formatDay, formatSatang } from "./format";
import type { BillingMessages, DowngradeOver } from "./messages";
import { Notice, Section } from "./parts";
import { PlanPicker } from "./plan-picker";

const overKeys: readonly DowngradeOver[] = ["bots", "channels", "seats", "usersPerMonth"];

/**
 * A refusal of a plan change in words: a downgrade over the lower plan's allowance names what
 * and how many to remove (fields.over; fields.count, the current usage, when the server sends
 * it), read-only and Enterprise say what to do instead.
 */
export function changeRefusal(
  m: BillingMessages,
  error: ApiRequestError,
  plan: PaidPlanId,
): string {
  const fields = error.fields ?? {};
  if (error.code === "PLAN_LIMIT_REACHED" && fields.limit === "downgrade") {
    const over = overKeys.find((key) => key === fields.over);
    if (over) {
      const allowance = paidPlans[plan].allowances[over];
      const allowed = allowance === "unlimited" ? 0 : allowance;
      const raw = Number(fields.count ?? fields.used);
      const count = Number.isFinite(raw) && raw > allowed ? raw : null;
      if (over === "usersPerMonth") return m.change.usersRefused(m.plans[plan], allowed);
      return m.change.refused(m.change.overNames[over], m.plans[plan], allowed, count);
    }
  }
  if (error.code === "PLAN_LIMIT_REACHED" && fields.limit === "readOnly") return m.change.readOnly;
  // PAYMENT_FAILED's message already says why, in the page's language.
  if (error.code === "PAYMENT_FAILED") return error.message || m.checkout.declinedNoReason;
  return error.message || m.unknownError;
}

/**
 * Another plan or cycle for a workspace on a paid plan. An upgrade is confirmed with the
 * prorated amount to pay now; a downgrade (or a cycle change) with the day it takes effect.
 */
export function ChangePlanSection({
  m,
  api,
  overview,
  initialPlan,
  initialCycle,
  onResult,
  now,
}: {
  m: BillingMessages;
  api: BillingApi;
  overview: BillingOverviewDto;
  initialPlan: PaidPlanId | null;
  initialCycle: BillingCycle | null;
  onResult: (result: BillingActionResultDto, notice: string) => void;
  now: Date;
}) {
  const locale = useLocale();
  const current =
    isPaidPlanId(overview.planId) && overview.billingCycle
      ? { planId: overview.planId, billingCycle: overview.billingCycle }
      : null;
  const [plan, setPlan] = useState<PaidPlanId>(initialPlan ?? current?.planId ?? "pro");
  const [cycle, setCycle] = useState<BillingCycle>(
    initialCycle ?? current?.billingCycle ?? "monthly",
  );
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!current) return null;

  const same = plan === current.planId && cycle === current.billingCycle;
  const contactSales = paidPlans[plan].isContactSales && current.planId !== plan;
  const upgrade = planChangeTiming(current, { planId: plan, billingCycle: cycle }) === "now";
  const newPrice = planPriceSatang(plan, cycle);
  const due =
    upgrade && overview.currentPeriodStart && overview.currentPeriodEnd
      ? prorateUpgrade({
          paidSatang: planPriceSatang(current.planId, current.billingCycle),
          periodStart: new Date(overview.currentPeriodStart),
          periodEnd: new Date(overview.currentPeriodEnd),
          now,
          newPriceSatang: newPrice,
        }).dueSatang
      : newPrice;
  const effective = overview.currentPeriodEnd ? formatDay(overview.currentPeriodEnd, locale) : "";
  const method =
    overview.paymentMethod === "card" && overview.card
      ? `${overview.card.brand} •••• ${overview.card.last4}`
      : m.methods.promptpay;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await api.change({ planId: plan, billingCycle: cycle });
    setBusy(false);
    setConfirming(false);
    if (!result.ok) {
      setError(result.status === 0 ? m.networkError : changeRefusal(m, result.error, plan));
      return;
    }
    const failed = result.data.payment?.status === "failed";
    if (failed) {
      const payment = result.data.payment;
      setError(
        m.checkout.declined(
          describePaymentFailure(payment?.failureCode, payment?.failureMessage, locale),
        ),
      );
    }
    onResult(
      result.data,
      upgrade
        ? failed
          ? ""
          : m.change.upgraded(m.plans[plan])
        : m.change.scheduled(m.plans[plan], effective),
    );
  };

  return (
    <Section id="change" title={m.change.title} intro={m.change.intro}>
      <PlanPicker
        m={m}
        plan={plan}
        cycle={cycle}
        onPlan={(id) => {
          setPlan(id);
          setError(null);
        }}
        onCycle={(id) => {
          setCycle(id);
          setError(null);
        }}
        current={current}
        disabled={busy}
      />
      {contactSales ? (
        <div className="space-y-3 rounded-lg border p-4">
          <p className="text-sm">{keepThaiWords(m.checkout.contactSalesText)}</p>
          <Button asChild variant="outline">
            <LocaleLink to="/contact?plan=enterprise">{m.checkout.contactSales}</LocaleLink>
          </Button>
        </div>
      ) : (
        <Button
          type="button"
          onClick={() => setConfirming(true)}
          disabled={same || busy}
          data-testid="change-plan"
        >
          {m.change.choose}
        </Button>
      )}
      {error ? (
        <Notice tone="error" testId="change-error">
          {error}
        </Notice>
      ) : null}
      <AlertDialog open={confirming} onOpenChange={(open) => !open && setConfirming(false)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {upgrade
                ? m.change.upgradeTitle(m.plans[plan])
                : m.change.downgradeTitle(m.plans[plan])}
            </AlertDialogTitle>
            <AlertDialogDescription data-testid="change-confirm-text">
              {keepThaiWords(
                upgrade
                  ? m.change.upgradeText(formatSatang(due), method)
                  : m.change.downgradeText(effective),
              )}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>{m.cancel}</AlertDialogCancel>
            <Button onClick={confirm} disabled={busy} data-testid="change-confirm">
              {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {busy
                ? m.change.working
                : upgrade
                  ? m.change.upgradeConfirm(formatSatang(due))
                  : m.change.downgradeConfirm}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Section>
  );
}
