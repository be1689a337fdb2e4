import type { PaymentStatusDto } from "@jai/contracts/billing";
import { describePaymentFailure } from "@jai/contracts/payment-failures";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { useLocale } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import type { BillingApi } from "./billing-api";
import { formatMoment, formatSatang } from "./format";
import type { BillingMessages } from "./messages";
import { Notice } from "./parts";
import { PromptPayQrImage } from "./promptpay-qr";
import { usePaymentPoll } from "./use-payment-poll";

/** Re-renders every `ms` (to notice a QR's expiry while the page is open). */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * A payment being followed: a PromptPay QR to scan (with its expiry and a new QR once expired),
 * a card payment the bank is confirming, then "paid" or why not. Polls while pending.
 */
export function PaymentPanel({
  m,
  api,
  paymentId,
  initial,
  onSettled,
  onNewQr,
  busy,
}: {
  m: BillingMessages;
  api: BillingApi;
  paymentId: string;
  initial: PaymentStatusDto | null;
  onSettled: (payment: PaymentStatusDto) => void;
  /** Asks for a fresh QR for the payment's invoice. */
  onNewQr: (invoiceId: string) => void;
  busy: boolean;
}) {
  const locale = useLocale();
  const payment = usePaymentPoll(api, paymentId, { initial, onSettled });
  const now = useNow(15_000);
  if (!payment) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        {m.payment.checking}
      </p>
    );
  }
  if (payment.status === "succeeded") {
    return (
      <Notice tone="success" testId="payment-paid">
        {payment.method === "promptpay" ? m.promptPay.paid : m.payment.succeeded}
      </Notice>
    );
  }
  if (payment.status === "failed" || payment.status === "refunded") {
    return (
      <Notice tone="error" testId="payment-failed">
        {m.payment.failed(
          payment.failureCode || payment.failureMessage
            ? describePaymentFailure(payment.failureCode, payment.failureMessage, locale)
            : null,
        )}
      </Notice>
    );
  }
  const qr = payment.promptPay;
  const qrExpired =
    payment.status === "expired" ||
    (qr !== null && new Date(qr.expiresAt).getTime() <= now.getTime());
  if (payment.method === "promptpay" && qr) {
    const amount = formatSatang(payment.amountSatang);
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-lg border p-4 text-center sm:flex-row sm:items-start sm:text-left"
        data-testid="promptpay-panel"
      >
        {qrExpired ? null : <PromptPayQrImage qr={qr} alt={m.promptPay.qrAlt(amount)} />}
        <div className="flex min-w-0 flex-col gap-2">
          <h3 className="font-semibold text-lg">{m.promptPay.title}</h3>
          <p className="text-sm">
            {m.promptPay.amount}:{" "}
            <span className="font-semibold" data-testid="promptpay-amount">
              {amount}
            </span>
          </p>
          {qrExpired ? (
            <>
              <Notice tone="warning">{m.promptPay.expired}</Notice>
              <Button
                type="button"
                variant="outline"
                className="self-center sm:self-start"
                onClick={() => onNewQr(payment.invoiceId)}
                disabled={busy}
              >
                {busy ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <RefreshCw aria-hidden="true" />
                )}
                {busy ? m.promptPay.making : m.promptPay.newQr}
              </Button>
            </>
          ) : (
            <>
              <p className="text-muted-foreground text-sm">{keepThaiWords(m.promptPay.scan)}</p>
              <p className="text-muted-foreground text-sm" data-testid="promptpay-expires">
                {m.promptPay.expiresAt(formatMoment(qr.expiresAt, locale))}
              </p>
              <p role="status" className="flex items-center gap-2 text-sm">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                {m.promptPay.waiting}
              </p>
            </>
          )}
        </div>
      </div>
    );
  }
  if (payment.status === "expired") return <Notice tone="error">{m.payment.expired}</Notice>;
  return (
    <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      {m.payment.checking}
    </p>
  );
}
