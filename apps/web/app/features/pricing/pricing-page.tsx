import {
  type BillingCycle,
  defaultBillingCycle,
  freeTrial,
  paidPlanIds,
  paidPlans,
} from "@jai/contracts";
import { Info, MessageCircleQuestion } from "lucide-react";
import { useState } from "react";
import { NavButton } from "~/components/layout/nav-button";
import { useMessages } from "~/i18n/use-locale";
import { BillingCycleToggle } from "./billing-cycle-toggle";
import { ComparisonTable } from "./comparison-table";
import { FreeTrialCard } from "./free-trial-card";
import { MainFeatures } from "./main-features";
import { pricingMessages } from "./messages";
import { PlanCard } from "./plan-card";

export function PricingPage() {
  const messages = useMessages(pricingMessages);
  const [cycle, setCycle] = useState<BillingCycle>(defaultBillingCycle);

  return (
    <div className="pb-20">
      <section
        aria-labelledby="pricing-title"
        className="relative overflow-hidden bg-gradient-to-b from-brand-soft via-background to-background"
      >
        <div
          className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-80 max-w-4xl rounded-full bg-gradient-to-r from-primary/20 via-brand-violet/15 to-primary/20 blur-3xl"
          aria-hidden="true"
        />
        <div className="relative mx-auto max-w-7xl px-4 pt-16 pb-10 text-center sm:px-6 sm:pt-20 lg:px-8">
          <p className="font-semibold text-primary text-sm uppercase tracking-widest">
            {messages.hero.eyebrow}
          </p>
          <h1
            id="pricing-title"
            className="mx-auto mt-3 max-w-3xl text-balance font-bold text-4xl tracking-tight sm:text-5xl"
          >
            {messages.hero.title}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-balance text-lg text-muted-foreground">
            {messages.hero.intro(freeTrial.trialDays)}
          </p>

          <div className="mt-10 flex justify-center">
            <BillingCycleToggle value={cycle} onValueChange={setCycle} />
          </div>
          <div className="mx-auto mt-5 flex max-w-2xl items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-left text-sm">
            <Info className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
            <p className="text-amber-950">
              <strong className="block font-semibold">{messages.apiCostNote.title}</strong>
              {messages.apiCostNote.text}
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="plans-title" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="plans-title" className="sr-only">
          {messages.plansTitle}
        </h2>
        <FreeTrialCard />
        <div className="mt-12 grid gap-8 md:grid-cols-2 lg:mt-16 lg:grid-cols-4 lg:gap-5">
          {paidPlanIds.map((id) => (
            <PlanCard key={id} plan={paidPlans[id]} cycle={cycle} />
          ))}
        </div>
      </section>

      <div className="mt-24">
        <MainFeatures />
      </div>
      <div className="mt-24">
        <ComparisonTable cycle={cycle} />
      </div>

      <section
        aria-labelledby="closing-title"
        className="mx-auto mt-24 max-w-7xl px-4 sm:px-6 lg:px-8"
      >
        <div className="flex flex-col items-center gap-6 rounded-3xl bg-gradient-to-r from-primary to-brand-violet px-6 py-12 text-center text-primary-foreground shadow-xl sm:px-12 md:flex-row md:text-left">
          <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-white/15">
            <MessageCircleQuestion className="size-7" aria-hidden="true" />
          </span>
          <div className="flex-1">
            <h2 id="closing-title" className="font-bold text-2xl sm:text-3xl">
              {messages.closing.title}
            </h2>
            <p className="mt-2 text-white/90">{messages.closing.text}</p>
          </div>
          <NavButton
            to="/contact"
            variant="secondary"
            size="xl"
            className="bg-white text-primary hover:bg-white/90"
          >
            {messages.closing.cta}
          </NavButton>
        </div>
      </section>
    </div>
  );
}
