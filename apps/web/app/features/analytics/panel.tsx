import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { analyticsMessages } from "./messages";

/** One section of the dashboard: a card with its heading, a line on what it shows, and actions. */
export function Panel({
  id,
  title,
  intro,
  actions,
  children,
  className,
  testId,
}: {
  id: string;
  title: string;
  intro?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn("flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6", className)}
      data-testid={testId}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="font-semibold text-lg leading-tight">
            {keepThaiWords(title)}
          </h2>
          {intro ? (
            <p className="mt-1 text-muted-foreground text-sm">{keepThaiWords(intro)}</p>
          ) : null}
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}

export type Preview = "bars" | "heat" | "list" | "line" | "cards";

/**
 * A part of the dashboard the plan does not include: what it would show (in words and a faded
 * sketch), which plan unlocks it and a link to the plans.
 */
export function LockedPanel({
  id,
  title,
  description,
  requiredPlan,
  preview,
  className,
}: {
  id: string;
  title: string;
  description: string;
  requiredPlan: "pro" | "business";
  preview: Preview;
  className?: string;
}) {
  const m = useMessages(analyticsMessages);
  return (
    <Panel id={id} title={title} className={className} testId={`locked-${id}`}>
      <div className="relative min-h-40 overflow-hidden rounded-lg border border-dashed">
        <Sketch kind={preview} />
        <div className="relative m-3 flex flex-col items-start gap-2 rounded-md bg-card/90 p-3 sm:max-w-md">
          <p className="flex items-center gap-2 font-semibold">
            <Lock className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{keepThaiWords(m.locked.availableOn(m.plans[requiredPlan]))}</span>
          </p>
          <p className="text-muted-foreground text-sm">{keepThaiWords(description)}</p>
          <Button asChild variant="outline" size="sm">
            <LocaleLink to="/pricing">{m.locked.seePlans}</LocaleLink>
          </Button>
        </div>
      </div>
    </Panel>
  );
}

/** A short "available on … and above" line with the link to the plans (exports, small spots). */
export function LockedHint({
  text,
  requiredPlan,
  testId = "locked-hint",
}: {
  text: string;
  requiredPlan: "pro" | "business";
  testId?: string;
}) {
  const m = useMessages(analyticsMessages);
  return (
    <p className="flex items-start gap-1.5 text-muted-foreground text-sm" data-testid={testId}>
      <Lock className="mt-1 size-4 shrink-0" aria-hidden="true" />
      <span>
        {keepThaiWords(`${text}: ${m.locked.availableOn(m.plans[requiredPlan])}`)}{" "}
        <LocaleLink
          to="/pricing"
          className="whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline"
        >
          {m.locked.seePlans}
        </LocaleLink>
      </span>
    </p>
  );
}

/** The faded picture behind a locked section: the shape of what it would show, no figures. */
function Sketch({ kind }: { kind: Preview }) {
  const heights = [40, 65, 50, 80, 60, 90, 70, 55, 75, 45, 85, 60];
  return (
    <div className="pointer-events-none absolute inset-0 p-4 opacity-15" aria-hidden="true">
      {kind === "bars" || kind === "line" ? (
        <div className="flex h-full items-end gap-1.5">
          {heights.map((height, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed sketch
              key={index}
              className={cn("flex-1 rounded-t", kind === "line" ? "bg-primary/50" : "bg-primary")}
              style={{ height: `${height}%` }}
            />
          ))}
        </div>
      ) : null}
      {kind === "heat" ? (
        <div className="grid h-full grid-cols-12 gap-1">
          {Array.from({ length: 60 }, (_, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed sketch
              key={index}
              className="rounded-sm bg-primary"
              style={{ opacity: ((index * 37) % 100) / 100 }}
            />
          ))}
        </div>
      ) : null}
      {kind === "list" || kind === "cards" ? (
        <div className={cn("grid h-full gap-2", kind === "cards" ? "grid-cols-2" : "grid-cols-1")}>
          {Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed sketch
            <div key={index} className="rounded-md bg-primary/60" />
          ))}
        </div>
      ) : null}
    </div>
  );
}
