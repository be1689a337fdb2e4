import { type AnalyticsPeriod, analyticsPeriods } from "@jai/contracts/analytics";
import { type InboxChannel, inboxChannels } from "@jai/contracts/inbox";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import {
  type AnalyticsFilters,
  type RangeIssue,
  rangeIssue,
  writeFilters,
} from "./analytics-filters";
import type { AnalyticsMessages } from "./messages";

/**
 * The period, bot and channel. A choice applies at once (the URL's search params change, so the
 * back button and a shared link keep it); a custom period shows two date inputs and applies
 * with "Show" once both days are right.
 */
export function FiltersBar({
  filters,
  bots,
  resolved,
  onChange,
  m,
}: {
  filters: AnalyticsFilters;
  bots: { id: string; name: string }[];
  /** The period the figures cover (prefills the custom period's days). */
  resolved: { from: string; to: string } | null;
  onChange(params: URLSearchParams): void;
  m: AnalyticsMessages;
}) {
  const id = useId();
  const t = m.filters;
  const [period, setPeriod] = useState<AnalyticsPeriod>(filters.period);
  const [from, setFrom] = useState(filters.from);
  const [to, setTo] = useState(filters.to);
  const [issue, setIssue] = useState<RangeIssue | null>(null);
  // Back / forward moves the URL: the fields follow it.
  useEffect(() => {
    setPeriod(filters.period);
    setFrom(filters.from);
    setTo(filters.to);
    setIssue(null);
  }, [filters.period, filters.from, filters.to]);

  const apply = (next: Partial<AnalyticsFilters>) =>
    onChange(writeFilters({ ...filters, ...next }));
  const choosePeriod = (value: AnalyticsPeriod) => {
    setPeriod(value);
    setIssue(null);
    if (value !== "custom") return apply({ period: value, from: "", to: "" });
    // The days shown so far, as a starting point.
    if (!from && resolved) setFrom(resolved.from);
    if (!to && resolved) setTo(resolved.to);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...filters, period, from, to };
    const problem = rangeIssue(next);
    setIssue(problem);
    if (!problem) onChange(writeFilters(next));
  };
  const shownIssue = issue ?? (period === filters.period ? rangeIssue(filters) : null);
  const issueId = `${id}-issue`;

  return (
    <form
      method="get"
      onSubmit={submit}
      aria-label={t.label}
      className="flex flex-wrap items-end gap-3"
      data-testid="analytics-filters"
    >
      <Field id={`${id}-period`} label={t.period}>
        <NativeSelect
          id={`${id}-period`}
          name="period"
          value={period}
          onChange={(event) => choosePeriod(event.target.value as AnalyticsPeriod)}
        >
          {analyticsPeriods.map((value) => (
            <option key={value} value={value}>
              {t.periods[value]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {period === "custom" ? (
        <>
          <Field id={`${id}-from`} label={t.from}>
            <Input
              id={`${id}-from`}
              type="date"
              name="from"
              value={from}
              required
              aria-invalid={shownIssue ? true : undefined}
              aria-describedby={shownIssue ? issueId : undefined}
              onChange={(event) => setFrom(event.target.value)}
            />
          </Field>
          <Field id={`${id}-to`} label={t.to}>
            <Input
              id={`${id}-to`}
              type="date"
              name="to"
              value={to}
              required
              aria-invalid={shownIssue ? true : undefined}
              aria-describedby={shownIssue ? issueId : undefined}
              onChange={(event) => setTo(event.target.value)}
            />
          </Field>
          <Button type="submit">{t.apply}</Button>
        </>
      ) : null}
      {bots.length > 1 || filters.botId ? (
        <Field id={`${id}-bot`} label={t.bot}>
          <NativeSelect
            id={`${id}-bot`}
            name="botId"
            value={filters.botId ?? ""}
            onChange={(event) => apply({ botId: event.target.value || null })}
          >
            <option value="">{t.allBots}</option>
            {bots.map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <Field id={`${id}-channel`} label={t.channel}>
        <NativeSelect
          id={`${id}-channel`}
          name="channel"
          value={filters.channel ?? ""}
          onChange={(event) =>
            apply({ channel: (event.target.value || null) as InboxChannel | null })
          }
        >
          <option value="">{t.allChannels}</option>
          {inboxChannels.map((channel) => (
            <option key={channel} value={channel}>
              {m.channels[channel]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {shownIssue ? (
        <p id={issueId} role="alert" className="basis-full text-destructive text-sm">
          {t.rangeIssues[shownIssue]}
        </p>
      ) : null}
    </form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-40 flex-1 flex-col gap-1.5 sm:flex-none">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
