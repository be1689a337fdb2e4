import type { Quota } from "@jai/contracts";
import type { PlanUsageDto } from "@jai/contracts/console";
import { ArrowRight, Bot, ChartColumn, KeyRound, Sparkles, Users } from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { ConsolePageHeader } from "./console-parts";
import { consoleMessages } from "./messages";

export type OverviewPageData = {
  ownerName: string;
  plan: PlanUsageDto;
  /** Whole days until the trial ends (rounded up), computed by the loader; null if none. */
  trialDaysLeft: number | null;
};

/** /app: the plan, what is used of it, and the next steps. */
export function OverviewPage({ data }: { data: OverviewPageData }) {
  const m = useMessages(consoleMessages);
  const { plan } = data;
  const quotaText = (quota: Quota) =>
    quota === "unlimited" ? m.overview.unlimited : String(quota);
  const isOnTrial = plan.planId === "free";

  return (
    <>
      <ConsolePageHeader title={m.overview.title} intro={m.overview.intro(data.ownerName)} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{m.overview.planTitle}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <p className="font-bold text-2xl" data-testid="console-plan">
              {m.plans[plan.planId]}
              {plan.billingCycle ? (
                <span className="ml-2 font-normal text-base text-muted-foreground">
                  {m.cycles[plan.billingCycle]}
                </span>
              ) : null}
            </p>
            {isOnTrial && plan.trialExpired ? (
              <p
                role="status"
                className="rounded-md bg-destructive/10 p-3 text-destructive text-sm"
              >
                {m.overview.trialExpired}
              </p>
            ) : null}
            {isOnTrial && !plan.trialExpired && data.trialDaysLeft !== null ? (
              <p role="status" className="rounded-md bg-accent p-3 text-sm">
                {m.overview.trialLeft(data.trialDaysLeft)}
              </p>
            ) : null}
            {plan.requestedPlanId && plan.requestedPlanId !== plan.planId ? (
              <p className="text-muted-foreground text-sm">
                {m.overview.requestedPlan(m.plans[plan.requestedPlanId])}
              </p>
            ) : null}
            {isOnTrial ? (
              <Button asChild variant="hero" className="self-start">
                <LocaleLink
                  to={
                    plan.requestedPlanId &&
                    plan.requestedPlanId !== "free" &&
                    plan.requestedPlanId !== "enterprise"
                      ? `/app/billing?plan=${plan.requestedPlanId}`
                      : "/app/billing"
                  }
                >
                  <Sparkles aria-hidden="true" />
                  {m.overview.choosePlan}
                </LocaleLink>
              </Button>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{m.overview.usageTitle}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="flex flex-col gap-4">
              <UsageRow
                label={m.overview.bots}
                used={plan.usage.bots}
                quota={plan.allowances.bots}
                text={m.overview.usageOf(plan.usage.bots, quotaText(plan.allowances.bots))}
              />
              <UsageRow
                label={m.overview.usersThisMonth}
                used={plan.usage.usersThisMonth}
                quota={plan.allowances.usersPerMonth}
                text={m.overview.usageOf(
                  plan.usage.usersThisMonth,
                  quotaText(plan.allowances.usersPerMonth),
                )}
              />
              <div className="flex items-center justify-between gap-4">
                <dt className="text-sm">{m.overview.channels}</dt>
                <dd className="text-muted-foreground text-sm">
                  {m.overview.allowance(quotaText(plan.allowances.channels))}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
      <LocaleLink
        to="/app/analytics"
        className="group mt-6 flex items-center gap-4 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-6"
        data-testid="overview-analytics"
      >
        <ChartColumn className="size-8 shrink-0 text-primary" aria-hidden="true" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-semibold text-lg">{m.nav.analytics}</span>
          <span className="text-muted-foreground text-sm">{m.meta.analytics.description}</span>
        </span>
        <ArrowRight
          className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </LocaleLink>
      <section aria-labelledby="quick-actions" className="mt-8">
        <h2 id="quick-actions" className="mb-3 font-semibold text-lg">
          {m.overview.quickActions}
        </h2>
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <LocaleLink to="/persona-builder">
              <Users aria-hidden="true" />
              {m.overview.newPersona}
            </LocaleLink>
          </Button>
          <Button asChild variant="outline">
            <LocaleLink to="/app/bots">
              <Bot aria-hidden="true" />
              {m.overview.newBot}
            </LocaleLink>
          </Button>
          <Button asChild variant="outline">
            <LocaleLink to="/app/api-keys">
              <KeyRound aria-hidden="true" />
              {m.overview.newApiKey}
            </LocaleLink>
          </Button>
        </div>
      </section>
    </>
  );
}

function UsageRow({
  label,
  used,
  quota,
  text,
}: {
  label: string;
  used: number;
  quota: Quota;
  text: string;
}) {
  const share = quota === "unlimited" || quota === 0 ? 0 : Math.min(1, used / quota);
  const isFull = quota !== "unlimited" && used >= quota;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-4">
        <dt className="text-sm">{label}</dt>
        <dd className={cn("font-medium text-sm", isFull && "text-destructive")}>{text}</dd>
      </div>
      {quota === "unlimited" ? null : (
        <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div
            className={cn("h-full rounded-full", isFull ? "bg-destructive" : "bg-primary")}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </div>
      )}
    </div>
  );
}
