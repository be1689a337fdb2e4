import {
  type BillingActionResultDto,
  type BillingOverviewDto,
  type PaymentMethodKind,
  planPriceSatang,
  splitVat,
} from "@jai/contracts/billing";
import { describePaymentFailure } from "@jai/contracts/payment-failures";
import { type BillingCycle, type PaidPlanId, paidPlans } from "@jai/contracts/plans";
import { CreditCard, LoaderCircle, QrCode } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { useLocale } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import type { BillingApi } from "./billing-api";
import { CardFields, useCardFields } from "./card-fields";
import { formatSatang } from "./format";
import type { BillingMessages } from "./messages";
import { Notice, Section } from "./parts";
import { PlanPicker } from "./plan-picker";
import { tokenizeCard } from "./tokenize-card";

/** How the browser leaves for the bank's 3-D Secure page (replaced in tests). */
export const navigation = { assign: (url: string) => window.location.assign(url) };

/**
 * Starting a paid plan (from the trial or from read-only): plan, cycle, then a card (sent to the
 * provider from this page, only its token to Jai) or a PromptPay QR. A card the bank wants to
 * confirm leaves for its 3-D Secure page, which returns to /app/billing?payment={id}.
 */
export function CheckoutSection({
  m,
  api,
  overview,
  initialPlan,
  initialCycle,
  onResult,
  onNotConfigured,
}: {
  m: BillingMessages;
  api: BillingApi;
  overview: BillingOverviewDto;
  initialPlan: PaidPlanId;
  initialCycle: BillingCycle;
  onResult: (result: BillingActionResultDto) => void;
  onNotConfigured: () => void;
}) {
  const t = m.checkout;
  const locale = useLocale();
  const [plan, setPlan] = useState<PaidPlanId>(initialPlan);
  const [cycle, setCycle] = useState<BillingCycle>(initialCycle);
  const [method, setMethod] = useState<PaymentMethodKind>("card");
  const [busy, setBusy] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const card = useCardFields();
  const methodName = useId();
  const contactSales = paidPlans[plan].isContactSales;
  const total = planPriceSatang(plan, cycle);
  const { vatSatang } = splitVat(total);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || contactSales) return;
    setError(null);
    let cardToken: string | null = null;
    if (method === "card") {
      const input = card.check();
      if (!input) return;
      setBusy(true);
      const token = await tokenizeCard(overview.cardForm, input);
      if (!token.ok) {
        setBusy(false);
        setError(
          token.kind === "network"
            ? m.networkError
            : token.message
              ? t.cardRejected(token.message)
              : t.declinedNoReason,
        );
        return;
      }
      cardToken = token.token;
    }
    setBusy(true);
    const result = await api.checkout(
      cardToken
        ? { method: "card", planId: plan, billingCycle: cycle, cardToken }
        : { method: "promptpay", planId: plan, billingCycle: cycle },
    );
    if (!result.ok) {
      setBusy(false);
      if (result.status === 503) return onNotConfigured();
      if (result.status === 0) return setError(m.networkError);
      // PAYMENT_FAILED's message already says why, in the page's language.
      if (result.error.code === "PAYMENT_FAILED") {
        return setError(result.error.message || t.declinedNoReason);
      }
      return setError(result.error.message || m.unknownError);
    }
    const payment = result.data.payment;
    if (payment?.authorizeUri) {
      setRedirecting(true);
      navigation.assign(payment.authorizeUri);
      return;
    }
    setBusy(false);
    card.clear();
    if (payment?.status === "failed") {
      setError(
        t.declined(describePaymentFailure(payment.failureCode, payment.failureMessage, locale)),
      );
    }
    onResult(result.data);
  };

  return (
    <Section id="checkout" title={t.title} intro={t.intro}>
      <form onSubmit={submit} noValidate className="space-y-5" aria-label={t.title}>
        <PlanPicker
          m={m}
          plan={plan}
          cycle={cycle}
          onPlan={setPlan}
          onCycle={setCycle}
          disabled={busy}
        />
        {contactSales ? (
          <div className="space-y-3 rounded-lg border p-4">
            <p className="text-sm">{keepThaiWords(t.contactSalesText)}</p>
            <Button asChild variant="outline">
              <LocaleLink to="/contact?plan=enterprise">{t.contactSales}</LocaleLink>
            </Button>
          </div>
        ) : (
          <>
            <fieldset className="space-y-2" disabled={busy}>
              <legend className="mb-2 font-medium text-sm">{t.method}</legend>
              <div className="flex flex-wrap gap-2">
                {(["card", "promptpay"] as const).map((id) => (
                  <label
                    key={id}
                    className="flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <input
                      type="radio"
                      name={methodName}
                      value={id}
                      checked={method === id}
                      onChange={() => setMethod(id)}
                      className="accent-primary"
                      data-testid={`method-${id}`}
                    />
                    {id === "card" ? (
                      <CreditCard className="size-4" aria-hidden="true" />
                    ) : (
                      <QrCode className="size-4" aria-hidden="true" />
                    )}
                    {m.methods[id]}
                  </label>
                ))}
              </div>
            </fieldset>
            {method === "card" ? (
              <div className="space-y-3">
                <CardFields m={m} state={card} disabled={busy} />
                <p className="text-muted-foreground text-xs">{keepThaiWords(t.cardSafe)}</p>
              </div>
            ) : null}
            <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
              <p>
                <span className="text-muted-foreground text-sm">{t.total}: </span>
                <span className="font-bold text-xl" data-testid="checkout-total">
                  {formatSatang(total)}
                </span>{" "}
                <span className="text-muted-foreground text-xs">
                  {t.vatIncluded(formatSatang(vatSatang))}
                </span>
              </p>
              <Button type="submit" variant="hero" disabled={busy} data-testid="checkout-pay">
                {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                {busy
                  ? t.paying
                  : method === "card"
                    ? t.pay(formatSatang(total))
                    : t.payPromptPay(formatSatang(total))}
              </Button>
            </div>
          </>
        )}
        {redirecting ? <Notice tone="info">{t.redirecting}</Notice> : null}
        {error ? (
          <Notice tone="error" testId="checkout-error">
            {error}
          </Notice>
        ) : null}
      </form>
    </Section>
  );
}
