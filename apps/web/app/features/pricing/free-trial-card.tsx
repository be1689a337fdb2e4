import { formatThb, freeTrial } from "@jai/contracts";
import { Check, Gift } from "lucide-react";
import { NavButton } from "~/components/layout/nav-button";
import { useMessages } from "~/i18n/use-locale";
import { pricingMessages } from "./messages";

export function FreeTrialCard() {
  const messages = useMessages(pricingMessages);
  const { trialDays, allowances } = freeTrial;
  const bots = allowances.bots === "unlimited" ? 0 : allowances.bots;
  return (
    <article
      id="plan-free"
      aria-labelledby="plan-free-name"
      className="relative scroll-mt-24 overflow-hidden rounded-2xl border border-primary/20 bg-gradient-to-r from-brand-soft via-background to-accent/60 p-6 shadow-sm sm:p-8"
    >
      <div
        className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-primary/10 blur-2xl"
        aria-hidden="true"
      />
      <div className="relative flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex gap-4">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-primary to-brand-violet text-primary-foreground shadow-md">
            <Gift className="size-6" aria-hidden="true" />
          </span>
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h3 id="plan-free-name" className="font-bold text-xl">
                {messages.trial.title}
              </h3>
              <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 font-semibold text-emerald-800 text-xs">
                {messages.trial.badge(trialDays)}
              </span>
            </div>
            <p className="mt-1 max-w-xl text-muted-foreground text-sm">
              {messages.trial.description}
            </p>
            <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm">
              {messages.trial.facts(trialDays, bots).map((fact) => (
                <li key={fact} className="flex items-center gap-1.5">
                  <Check className="size-4 text-primary" aria-hidden="true" strokeWidth={3} />
                  {fact}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center lg:flex-col lg:items-end">
          <p className="flex items-baseline gap-1.5">
            <span
              data-testid="plan-price-free"
              className="font-bold text-3xl tracking-tight tabular-nums"
            >
              {formatThb(0)}
            </span>
            <span className="text-muted-foreground text-sm">
              {messages.trial.priceSuffix(trialDays)}
            </span>
          </p>
          <NavButton
            to="/sign-up?plan=free"
            variant="hero"
            size="lg"
            className="sm:ml-auto lg:ml-0"
          >
            {messages.trial.cta}
          </NavButton>
        </div>
      </div>
    </article>
  );
}
