import type {
  BillingActionResultDto,
  BillingOverviewDto,
  InvoiceDto,
  PaymentStatusDto,
} from "@jai/contracts/billing";
import {
  type BillingCycle,
  defaultBillingCycle,
  isBillingCycle,
  isPaidPlanId,
  type PaidPlanId,
} from "@jai/contracts/plans";
import { LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { billingApi } from "./billing-api";
import { ChangePlanSection } from "./change-plan-section";
import { CheckoutSection } from "./checkout-section";
import { formatDay, formatMoment, formatSatang } from "./format";
import { InvoicesSection } from "./invoices-section";
import { type BillingMessages, billingMessages } from "./messages";
import { Notice, Section } from "./parts";
import { PaymentPanel } from "./payment-panel";
import { ProfileSection } from "./profile-section";
import { PromptPayQrImage } from "./promptpay-qr";
import { StatusSection } from "./status-section";
import { hasCardForm } from "./tokenize-card";
import { paymentPollMs } from "./use-payment-poll";

export type BillingPageData = {
  /** Owners and admins manage billing; agents are told whom to ask. */
  canManage: boolean;
};

type Load =
  | { kind: "loading" }
  | { kind: "ready"; overview: BillingOverviewDto }
  | { kind: "notConfigured" }
  | { kind: "error"; message: string };

/** The payment the page follows: started here, or the bank's 3-D Secure return (?payment=). */
type Following = { id: string; initial: PaymentStatusDto | null };

/**
 * /app/billing: the plan and its status, the payment being made, checkout (trial or read-only)
 * or plan changes, invoices and the billing details. `?plan=pro&cycle=yearly` (from pricing,
 * through sign-up) preselects the plan; `?payment={id}` follows a payment back from the bank.
 */
export function BillingPage({ data }: { data: BillingPageData }) {
  const m = useMessages(billingMessages);
  const locale = useLocale();
  const api = useMemo(() => billingApi(locale), [locale]);
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedPlan = searchParams.get("plan");
  const requestedCycle = searchParams.get("cycle");
  const initialPlan: PaidPlanId | null =
    requestedPlan && isPaidPlanId(requestedPlan) ? requestedPlan : null;
  const initialCycle: BillingCycle | null =
    requestedCycle && isBillingCycle(requestedCycle) ? requestedCycle : null;
  const returnedPayment = searchParams.get("payment");

  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [invoices, setInvoices] = useState<InvoiceDto[] | null>(null);
  const [following, setFollowing] = useState<Following | null>(
    returnedPayment ? { id: returnedPayment, initial: null } : null,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [payingInvoice, setPayingInvoice] = useState(false);
  const [now, setNow] = useState(() => new Date());
  const noticeRef = useRef<HTMLDivElement>(null);

  const loadOverview = useCallback(async () => {
    const result = await api.overview();
    if (result.ok) setLoad({ kind: "ready", overview: result.data });
    else if (result.status === 503) setLoad({ kind: "notConfigured" });
    else
      setLoad({
        kind: "error",
        message: result.status === 0 ? m.networkError : result.error.message || m.unknownError,
      });
  }, [api, m]);
  const loadInvoices = useCallback(async () => {
    const result = await api.invoices();
    setInvoices(result.ok ? result.data : []);
  }, [api]);

  useEffect(() => {
    if (!data.canManage) return;
    setNow(new Date());
    void loadOverview();
    void loadInvoices();
  }, [data.canManage, loadOverview, loadInvoices]);

  // An open PromptPay invoice shown from the overview (no payment to follow): the overview is
  // asked again every 3 s, so the page sees the payment arrive; the clock moves for its expiry.
  const waitingOn =
    load.kind === "ready" && following === null && load.overview.openInvoice?.promptPay
      ? load.overview.openInvoice.id
      : null;
  useEffect(() => {
    if (!waitingOn) return;
    const timer = setInterval(() => {
      setNow(new Date());
      void api.overview().then((result) => {
        if (!result.ok) return;
        setLoad({ kind: "ready", overview: result.data });
        if (result.data.openInvoice?.id !== waitingOn) void loadInvoices();
      });
    }, paymentPollMs);
    return () => clearInterval(timer);
  }, [waitingOn, api, loadInvoices]);

  const say = (text: string | undefined) => {
    if (!text) return;
    setNotice(text);
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const onResult = (result: BillingActionResultDto, text?: string) => {
    setLoad({ kind: "ready", overview: result.overview });
    if (result.payment) setFollowing({ id: result.payment.id, initial: result.payment });
    if (result.payment?.status !== "failed") say(text);
    void loadInvoices();
  };
  const onSettled = (payment: PaymentStatusDto) => {
    if (payment.status === "succeeded") {
      void loadOverview();
      void loadInvoices();
    }
    if (returnedPayment) {
      const next = new URLSearchParams(searchParams);
      next.delete("payment");
      setSearchParams(next, { replace: true, preventScrollReset: true });
    }
  };
  const payInvoice = async (invoiceId: string, method: "card" | "promptpay") => {
    setPayingInvoice(true);
    const result = await api.payInvoice(invoiceId, method);
    setPayingInvoice(false);
    if (result.ok) onResult(result.data);
    else if (result.status === 503) setLoad({ kind: "notConfigured" });
    else say(result.error.message || m.unknownError);
  };

  const header = (
    <header>
      <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">{m.title}</h1>
      <p className="mt-1 text-muted-foreground">{keepThaiWords(m.intro)}</p>
    </header>
  );

  if (!data.canManage) {
    return (
      <div className="flex min-w-0 flex-col gap-6" data-testid="billing-page">
        {header}
        <Notice tone="info" testId="billing-agent">
          {m.agentOnly}
        </Notice>
      </div>
    );
  }

  if (load.kind !== "ready") {
    return (
      <div className="flex min-w-0 flex-col gap-6" data-testid="billing-page">
        {header}
        {load.kind === "loading" ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {m.loading}
          </p>
        ) : load.kind === "notConfigured" ? (
          <Notice tone="warning" testId="billing-not-configured">
            {m.notConfigured}
          </Notice>
        ) : (
          <div className="space-y-3">
            <Notice tone="error">{load.message}</Notice>
            <Button type="button" variant="outline" onClick={() => void loadOverview()}>
              {m.retry}
            </Button>
          </div>
        )}
      </div>
    );
  }

  const overview = load.overview;
  const configured = hasCardForm(overview.cardForm);
  const needsCheckout = overview.planId === "free" || overview.status === "read_only";
  const openInvoice = overview.openInvoice;
  const followingOpen =
    following !== null &&
    (following.initial?.invoiceId === openInvoice?.id || following.initial === null);

  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="billing-page">
      {header}
      <div ref={noticeRef} tabIndex={-1} className="outline-none empty:hidden">
        {notice ? <Notice tone="success">{notice}</Notice> : null}
      </div>
      <StatusSection
        m={m}
        api={api}
        overview={overview}
        now={now}
        onOverview={(next, text) => {
          setLoad({ kind: "ready", overview: next });
          say(text);
        }}
      />
      {following ? (
        <Section id="payment" title={m.payment.title}>
          <PaymentPanel
            m={m}
            api={api}
            paymentId={following.id}
            initial={following.initial}
            onSettled={onSettled}
            onNewQr={(invoiceId) => void payInvoice(invoiceId, "promptpay")}
            busy={payingInvoice}
          />
        </Section>
      ) : null}
      {openInvoice && !followingOpen ? (
        <OpenInvoice
          m={m}
          invoice={openInvoice}
          configured={configured}
          busy={payingInvoice}
          hasCard={overview.card !== null}
          canWithhold={Boolean(overview.profile.companyName && overview.profile.taxId)}
          now={now}
          onPay={(method) => void payInvoice(openInvoice.id, method)}
          onWithholding={async (withholds) => {
            const result = await api.setWithholding(openInvoice.id, withholds);
            if (result.ok) setLoad({ kind: "ready", overview: result.data });
          }}
        />
      ) : null}
      {!configured && (needsCheckout || openInvoice) ? (
        <Notice tone="warning" testId="billing-not-configured">
          {m.notConfigured}
        </Notice>
      ) : null}
      {configured && needsCheckout ? (
        <CheckoutSection
          m={m}
          api={api}
          overview={overview}
          initialPlan={initialPlan ?? "pro"}
          initialCycle={initialCycle ?? defaultBillingCycle}
          onResult={(result) =>
            onResult(
              result,
              result.payment?.status === "succeeded" && result.overview.planId !== "free"
                ? m.checkout.paid(m.plans[result.overview.planId])
                : undefined,
            )
          }
          onNotConfigured={() => setLoad({ kind: "notConfigured" })}
        />
      ) : null}
      {!needsCheckout && overview.planId !== "free" && configured ? (
        <ChangePlanSection
          m={m}
          api={api}
          overview={overview}
          initialPlan={initialPlan}
          initialCycle={initialCycle}
          now={now}
          onResult={(result, text) => onResult(result, text)}
        />
      ) : null}
      <InvoicesSection m={m} invoices={invoices} onChanged={() => void loadInvoices()} />
      <ProfileSection
        m={m}
        api={api}
        profile={overview.profile}
        onSaved={(profile) => setLoad({ kind: "ready", overview: { ...overview, profile } })}
      />
    </div>
  );
}

/** The invoice waiting to be paid (a PromptPay renewal, a failed card renewal) and its QR. */
function OpenInvoice({
  m,
  invoice,
  configured,
  busy,
  hasCard,
  canWithhold,
  now,
  onPay,
  onWithholding,
}: {
  m: BillingMessages;
  invoice: InvoiceDto;
  configured: boolean;
  busy: boolean;
  hasCard: boolean;
  /** The billing details name a company: it may withhold 3% on this payment. */
  canWithhold: boolean;
  now: Date;
  onPay: (method: "card" | "promptpay") => void;
  onWithholding: (withholds: boolean) => Promise<void>;
}) {
  const locale = useLocale();
  const qr = invoice.promptPay;
  const amount = formatSatang(invoice.expectedSatang);
  const expired = qr ? new Date(qr.expiresAt).getTime() <= now.getTime() : true;
  return (
    <Section id="open-invoice" title={m.payment.title}>
      <p className="text-sm">
        {invoice.number ? `${invoice.number} · ` : ""}
        {m.invoices.reasons[invoice.reason]} · {m.plans[invoice.planId]} (
        {m.cycles[invoice.billingCycle]}) ·{" "}
        <span className="font-semibold" data-testid="open-invoice-amount">
          {amount}
        </span>
        {invoice.dueAt ? ` · ${m.payment.due(formatDay(invoice.dueAt, locale))}` : null}
      </p>
      {canWithhold ? (
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              data-testid="open-invoice-withholding"
              checked={invoice.withholdingSatang > 0}
              disabled={busy}
              onChange={(event) => void onWithholding(event.target.checked)}
            />
            {m.payment.withholding}
          </label>
          {invoice.withholdingSatang > 0 ? (
            <p className="text-muted-foreground text-xs">{m.payment.withholdingNote(amount)}</p>
          ) : null}
        </div>
      ) : null}
      {qr && !expired ? (
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
          <PromptPayQrImage qr={qr} alt={m.promptPay.qrAlt(amount)} />
          <div className="space-y-2 text-center sm:text-left">
            <p className="text-muted-foreground text-sm">{keepThaiWords(m.promptPay.scan)}</p>
            <p className="text-muted-foreground text-sm" data-testid="promptpay-expires">
              {m.promptPay.expiresAt(formatMoment(qr.expiresAt, locale))}
            </p>
          </div>
        </div>
      ) : qr ? (
        <Notice tone="warning">{m.promptPay.expired}</Notice>
      ) : null}
      {configured ? (
        <div className="flex flex-wrap gap-2">
          {!qr || expired ? (
            <Button type="button" onClick={() => onPay("promptpay")} disabled={busy}>
              {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {busy ? m.promptPay.making : qr ? m.promptPay.newQr : m.payment.payPromptPay}
            </Button>
          ) : null}
          {hasCard ? (
            <Button type="button" variant="outline" onClick={() => onPay("card")} disabled={busy}>
              {m.promptPay.payByCard}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}
