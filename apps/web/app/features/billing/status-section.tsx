import type { BillingOverviewDto } from "@jai/contracts/billing";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import type { BillingApi } from "./billing-api";
import { CardFields, useCardFields } from "./card-fields";
import { daysLeft, formatDay, formatSatang } from "./format";
import type { BillingMessages } from "./messages";
import { Notice, Section } from "./parts";
import { hasCardForm, tokenizeCard } from "./tokenize-card";

const statusTone = {
  trialing: "bg-accent text-accent-foreground",
  active: "bg-success/10 text-success",
  past_due: "bg-amber-100 text-amber-950",
  read_only: "bg-destructive/10 text-destructive",
} as const;

/** The plan in force: its status in words, the next charge, the payment method, cancel/resume. */
export function StatusSection({
  m,
  api,
  overview,
  onOverview,
  now,
}: {
  m: BillingMessages;
  api: BillingApi;
  overview: BillingOverviewDto;
  onOverview: (overview: BillingOverviewDto, notice?: string) => void;
  now: Date;
}) {
  const locale = useLocale();
  const t = m.status;
  const day = (iso: string) => formatDay(iso, locale);
  const [busy, setBusy] = useState<"cancel" | "resume" | "card" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cardOpen, setCardOpen] = useState(false);
  const card = useCardFields();
  const isPaid = overview.planId !== "free";
  const periodEnd = overview.currentPeriodEnd;

  const statusText = (() => {
    switch (overview.status) {
      case "trialing":
        if (overview.planId !== "free") return periodEnd ? t.active(day(periodEnd)) : null;
        if (!overview.trialEndsAt) return null;
        return overview.trialExpired
          ? t.trialOver(day(overview.trialEndsAt))
          : t.trialLeft(daysLeft(overview.trialEndsAt, now), day(overview.trialEndsAt));
      case "active":
        if (overview.cancelAtPeriodEnd && periodEnd) return t.cancelled(day(periodEnd));
        return periodEnd ? t.active(day(periodEnd)) : null;
      case "past_due":
        return t.pastDue(overview.dunning?.nextRetryAt ? day(overview.dunning.nextRetryAt) : null);
      case "read_only":
        return t.readOnly(overview.readOnlySince ? day(overview.readOnlySince) : null);
    }
  })();

  const fail = (result: { status: number; error: { message: string } }) =>
    setError(result.status === 0 ? m.networkError : result.error.message || m.unknownError);

  const cancel = async () => {
    setBusy("cancel");
    setError(null);
    const result = await api.cancel();
    setBusy(null);
    setCancelOpen(false);
    if (!result.ok) return fail(result);
    const end = result.data.currentPeriodEnd;
    onOverview(result.data, end ? t.cancelled_(day(end)) : undefined);
  };
  const resume = async () => {
    setBusy("resume");
    setError(null);
    const result = await api.resume();
    setBusy(null);
    if (!result.ok) return fail(result);
    onOverview(result.data, t.resumed);
  };
  const saveCard = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = card.check();
    if (!input) return;
    setBusy("card");
    setError(null);
    const token = await tokenizeCard(overview.cardForm, input);
    if (!token.ok) {
      setBusy(null);
      return setError(
        token.kind === "network"
          ? m.networkError
          : token.message
            ? m.checkout.cardRejected(token.message)
            : m.checkout.declinedNoReason,
      );
    }
    const result = await api.updateCard(token.token);
    setBusy(null);
    if (!result.ok) return fail(result);
    card.clear();
    setCardOpen(false);
    onOverview(result.data);
  };

  const next = overview.nextCharge;
  const cardSummary = overview.card;
  return (
    <Section id="status" title={t.title}>
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-bold text-2xl" data-testid="billing-plan">
          {m.plans[overview.planId]}
          {overview.billingCycle ? (
            <span className="ml-2 font-normal text-base text-muted-foreground">
              {m.cycles[overview.billingCycle]}
            </span>
          ) : null}
        </p>
        <span
          className={cn(
            "rounded-full px-2.5 py-0.5 font-medium text-xs",
            statusTone[overview.status],
          )}
          data-testid="billing-status-label"
        >
          {overview.planId !== "free" && overview.status === "trialing"
            ? t.labels.active
            : t.labels[overview.status]}
        </span>
      </div>
      {statusText ? (
        <p className="text-sm" data-testid="billing-status-text">
          {keepThaiWords(statusText)}
        </p>
      ) : null}
      {overview.pending ? (
        <p className="text-sm" data-testid="billing-pending">
          {t.pending(
            m.plans[overview.pending.planId],
            m.cycles[overview.pending.billingCycle],
            periodEnd ? day(periodEnd) : "",
          )}
        </p>
      ) : null}
      {isPaid ? (
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground text-sm">{t.nextCharge}</dt>
            <dd className="font-medium" data-testid="billing-next-charge">
              {next
                ? next.method === "card"
                  ? t.nextChargeText(formatSatang(next.amountSatang), day(next.at), m.methods.card)
                  : t.nextInvoiceText(formatSatang(next.amountSatang), day(next.at))
                : t.noNextCharge}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-sm">{t.paymentMethod}</dt>
            <dd className="font-medium" data-testid="billing-method">
              {cardSummary && overview.paymentMethod === "card"
                ? t.card(
                    cardSummary.brand,
                    cardSummary.last4,
                    `${String(cardSummary.expMonth).padStart(2, "0")}/${cardSummary.expYear}`,
                  )
                : overview.paymentMethod === "promptpay"
                  ? keepThaiWords(t.promptPayMethod)
                  : t.noPaymentMethod}
            </dd>
          </div>
        </dl>
      ) : null}
      {isPaid ? (
        <div className="flex flex-wrap gap-2">
          {hasCardForm(overview.cardForm) ? (
            <Button type="button" variant="outline" onClick={() => setCardOpen(true)}>
              {t.updateCard}
            </Button>
          ) : null}
          {overview.cancelAtPeriodEnd ? (
            <Button type="button" onClick={resume} disabled={busy !== null}>
              {busy === "resume" ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : null}
              {busy === "resume" ? t.resuming : t.resume}
            </Button>
          ) : overview.status === "active" || overview.status === "past_due" ? (
            <Button type="button" variant="ghost" onClick={() => setCancelOpen(true)}>
              {t.cancelPlan}
            </Button>
          ) : null}
        </div>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}

      <AlertDialog open={cancelOpen} onOpenChange={(open) => !open && setCancelOpen(false)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t.cancelTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              {keepThaiWords(t.cancelText(periodEnd ? day(periodEnd) : ""))}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy !== null}>{m.cancel}</AlertDialogCancel>
            <Button variant="destructive" onClick={cancel} disabled={busy !== null}>
              {busy === "cancel" ? t.cancelling : t.cancelConfirm}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <Dialog open={cardOpen} onOpenChange={setCardOpen}>
        <DialogContent closeLabel={m.close}>
          <DialogHeader>
            <DialogTitle>{t.updateCard}</DialogTitle>
            <DialogDescription>{keepThaiWords(m.checkout.cardSafe)}</DialogDescription>
          </DialogHeader>
          <form onSubmit={saveCard} noValidate className="space-y-4" aria-label={t.updateCard}>
            <CardFields m={m} state={card} disabled={busy === "card"} />
            {error ? <Notice tone="error">{error}</Notice> : null}
            <Button type="submit" disabled={busy === "card"} className="w-full">
              {busy === "card" ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : null}
              {t.updateCard}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </Section>
  );
}
