import {
  type BillingCycle,
  formatThb,
  getMonthlyEquivalent,
  getPlanPrice,
  getSavings,
  type PaidPlan,
} from "@jai/contracts";
import { Check, Sparkles } from "lucide-react";
import { NavButton } from "~/components/layout/nav-button";
import { localeTag } from "~/i18n/locale";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { listAllowances } from "./list-allowances";
import { pricingMessages } from "./messages";

type PlanCardProps = { plan: PaidPlan; cycle: BillingCycle };

export function PlanCard({ plan, cycle }: PlanCardProps) {
  const messages = useMessages(pricingMessages);
  const locale = useLocale();
  const { name, description } = messages.plans[plan.id];
  const numberFormat = new Intl.NumberFormat(localeTag(locale));
  const allowances = listAllowances(plan.allowances, messages.allowances, (count) =>
    numberFormat.format(count),
  );
  const cta = plan.isContactSales ? messages.card.contactSales : messages.card.getStarted;
  const nameId = `plan-${plan.id}-name`;

  return (
    <article
      id={`plan-${plan.id}`}
      aria-labelledby={nameId}
      className={cn(
        "relative flex scroll-mt-24 flex-col rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md",
        plan.isHighlighted &&
          "border-primary bg-gradient-to-b from-brand-soft to-card shadow-lg ring-2 ring-primary",
      )}
    >
      {plan.isHighlighted && (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 whitespace-nowrap rounded-full bg-gradient-to-r from-primary to-brand-violet px-3.5 py-1 font-semibold text-primary-foreground text-xs shadow-md">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {messages.card.popular}
        </p>
      )}
      <h3 id={nameId} className="font-bold text-2xl tracking-tight">
        {name}
      </h3>
      <p className="mt-2 text-muted-foreground text-sm lg:min-h-[3lh]">{description}</p>

      <PlanPrice plan={plan} cycle={cycle} planName={name} />

      <NavButton
        // Enterprise is sold by the team; every other plan starts with an account.
        // The cycle shown goes along: after sign-up the billing page preselects both.
        to={
          plan.isContactSales
            ? `/contact?plan=${plan.id}`
            : `/sign-up?plan=${plan.id}&cycle=${cycle}`
        }
        variant={plan.isHighlighted ? "hero" : "outline"}
        size="lg"
        className={cn("mt-6 w-full", !plan.isHighlighted && "border-primary/40 text-primary")}
      >
        {cta}
        <span className="sr-only"> ({name})</span>
      </NavButton>

      <p className="mt-8 font-semibold text-sm">{messages.card.includes}</p>
      <ul className="mt-3 flex flex-col gap-2.5 text-sm">
        {allowances.map((line) => (
          <li key={line} className="flex items-start gap-2.5">
            <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
              <Check className="size-3.5" aria-hidden="true" strokeWidth={3} />
            </span>
            <span>{keepThaiWords(line)}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

function PlanPrice({ plan, cycle, planName }: PlanCardProps & { planName: string }) {
  const messages = useMessages(pricingMessages);
  const savings = getSavings(plan.id, cycle);
  return (
    <div className="mt-6">
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="sr-only">{messages.card.priceLabel(planName)}: </span>
        <span
          data-testid={`plan-price-${plan.id}`}
          className="font-bold text-4xl text-foreground tracking-tight tabular-nums"
        >
          {formatThb(getPlanPrice(plan.id, cycle))}
        </span>
        <span className="font-medium text-muted-foreground text-sm">
          {messages.cycles.suffix[cycle]}
        </span>
      </p>
      {/* Two lines always, so switching the cycle never moves the buttons below. */}
      <div className="mt-2 flex min-h-12 flex-col gap-1 text-sm">
        {cycle === "monthly" ? (
          <p className="text-muted-foreground">{messages.card.billedMonthly}</p>
        ) : (
          <>
            <p className="text-muted-foreground">
              {messages.card.perMonth(formatThb(getMonthlyEquivalent(plan.id, cycle)))}
            </p>
            {savings > 0 ? (
              <p>
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800 text-xs">
                  {messages.card.save(formatThb(savings))}
                </span>
              </p>
            ) : (
              <p className="text-muted-foreground text-xs">{messages.card.noDiscount}</p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
