import {
  type AnalyticsPeriod,
  analyticsLimits,
  analyticsPeriods,
  type ExportFormat,
  type ExportKind,
  exportFormats,
  exportKinds,
} from "@jai/contracts/analytics";
import { type InboxChannel, inboxChannels } from "@jai/contracts/inbox";
import { Download, Lock } from "lucide-react";
import { useId, useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { Field } from "./field";
import type { DataMessages, RangeIssue } from "./messages";
import { Section } from "./section";

export type ExportChoice = {
  kind: ExportKind;
  format: ExportFormat;
  period: AnalyticsPeriod;
  from: string;
  to: string;
  botId: string;
  channel: InboxChannel | "";
};

const dayMs = 24 * 60 * 60 * 1000;

/** What is wrong with a custom period (null: nothing, or not custom). */
export function exportRangeIssue(choice: ExportChoice): RangeIssue | null {
  if (choice.period !== "custom") return null;
  if (!choice.from || !choice.to) return "missing";
  if (choice.from > choice.to) return "order";
  const days = (Date.parse(choice.to) - Date.parse(choice.from)) / dayMs + 1;
  return days > analyticsLimits.customPeriodDays ? "tooLong" : null;
}

/** The download's address: the export API with the choice (and the page's language). */
export function exportHref(choice: ExportChoice, locale: string): string {
  const params = new URLSearchParams({ format: choice.format, period: choice.period });
  if (choice.period === "custom") {
    params.set("from", choice.from);
    params.set("to", choice.to);
  }
  if (choice.botId) params.set("botId", choice.botId);
  if (choice.channel) params.set("channel", choice.channel);
  params.set("lang", locale);
  return `/api/console/data/export/${choice.kind}?${params}`;
}

/**
 * Export: what, as which file, for which period, bot and channel; then a plain download link
 * (the browser saves the streamed file itself, however large). Plans without exports see which
 * plan has them.
 */
export function ExportSection({
  m,
  bots,
  canExport,
}: {
  m: DataMessages;
  bots: { id: string; name: string }[];
  canExport: boolean;
}) {
  const id = useId();
  const locale = useLocale();
  const t = m.export;
  const [choice, setChoice] = useState<ExportChoice>({
    kind: "conversations",
    format: "xlsx",
    period: "30d",
    from: "",
    to: "",
    botId: "",
    channel: "",
  });
  const change = (next: Partial<ExportChoice>) => setChoice((current) => ({ ...current, ...next }));
  const issue = exportRangeIssue(choice);

  return (
    <Section id="export" title={t.title} intro={t.intro}>
      {canExport ? null : (
        <p
          className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm"
          data-testid="export-locked"
        >
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          <span>{keepThaiWords(t.locked(m.plans.business))}</span>
          <LocaleLink to="/pricing" className="font-medium underline underline-offset-4">
            {t.upgrade}
          </LocaleLink>
        </p>
      )}
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => event.preventDefault()}
        aria-label={t.title}
      >
        <Field id={`${id}-kind`} label={t.kind}>
          <NativeSelect
            id={`${id}-kind`}
            value={choice.kind}
            onChange={(event) => change({ kind: event.target.value as ExportKind })}
          >
            {exportKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t.kinds[kind]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <fieldset className="space-y-2">
          <legend className="font-medium text-sm">{t.format}</legend>
          <div className="flex gap-4">
            {exportFormats.map((format) => (
              <label key={format} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-format`}
                  value={format}
                  className="size-4"
                  checked={choice.format === format}
                  onChange={() => change({ format })}
                />
                {t.formats[format]}
              </label>
            ))}
          </div>
        </fieldset>
        <Field id={`${id}-period`} label={t.period}>
          <NativeSelect
            id={`${id}-period`}
            value={choice.period}
            onChange={(event) => change({ period: event.target.value as AnalyticsPeriod })}
          >
            {analyticsPeriods.map((period) => (
              <option key={period} value={period}>
                {t.periods[period]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {choice.period === "custom" ? (
          <div className="grid grid-cols-2 gap-3">
            <Field id={`${id}-from`} label={t.from}>
              <Input
                id={`${id}-from`}
                type="date"
                value={choice.from}
                onChange={(event) => change({ from: event.target.value })}
                aria-invalid={issue !== null && issue !== "tooLong" && !choice.from}
                aria-describedby={issue ? `${id}-issue` : undefined}
              />
            </Field>
            <Field id={`${id}-to`} label={t.to}>
              <Input
                id={`${id}-to`}
                type="date"
                value={choice.to}
                onChange={(event) => change({ to: event.target.value })}
                aria-invalid={issue !== null && (issue !== "missing" || !choice.to)}
                aria-describedby={issue ? `${id}-issue` : undefined}
              />
            </Field>
          </div>
        ) : (
          <div className="hidden sm:block" />
        )}
        <Field id={`${id}-bot`} label={m.bot}>
          <NativeSelect
            id={`${id}-bot`}
            value={choice.botId}
            onChange={(event) => change({ botId: event.target.value })}
          >
            <option value="">{m.allBots}</option>
            {bots.map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-channel`} label={t.channel}>
          <NativeSelect
            id={`${id}-channel`}
            value={choice.channel}
            onChange={(event) => change({ channel: event.target.value as InboxChannel | "" })}
          >
            <option value="">{t.allChannels}</option>
            {inboxChannels.map((channel) => (
              <option key={channel} value={channel}>
                {t.channels[channel]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="space-y-2 sm:col-span-2">
          {issue ? (
            <p id={`${id}-issue`} className="text-destructive text-sm" role="alert">
              {t.rangeIssues[issue]}
            </p>
          ) : null}
          {canExport && !issue ? (
            <a
              href={exportHref(choice, locale)}
              download
              className={cn(buttonVariants(), "w-full sm:w-auto")}
              data-testid="export-download"
            >
              <Download aria-hidden="true" />
              {t.download}
            </a>
          ) : (
            <span
              className={cn(buttonVariants(), "pointer-events-none w-full opacity-50 sm:w-auto")}
              aria-disabled="true"
            >
              <Download aria-hidden="true" />
              {t.download}
            </span>
          )}
          <p className="text-muted-foreground text-sm">{keepThaiWords(t.note)}</p>
        </div>
      </form>
    </Section>
  );
}
