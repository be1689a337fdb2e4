import type { AnalyticsDayPoint } from "@jai/contracts/analytics";
import { useId, useState } from "react";
import { BarChart } from "./charts/bar-chart";
import { ChartFigure, DataTable } from "./charts/chart-figure";
import type { Formats } from "./format";
import type { AnalyticsMessages, DailyMetric } from "./messages";
import { Panel } from "./panel";

const metrics = ["conversations", "messages", "contacts"] as const satisfies DailyMetric[];

/** Conversations, messages or contacts per day (every plan), with all the day's figures in a table. */
export function DailySection({
  daily,
  f,
  m,
  actions,
  showBasic,
}: {
  daily: AnalyticsDayPoint[];
  /** Unanswered questions and handoffs are basic analytics (Pro and up). */
  showBasic: boolean;
  f: Formats;
  m: AnalyticsMessages;
  actions?: React.ReactNode;
}) {
  const t = m.charts.daily;
  const name = useId();
  const [metric, setMetric] = useState<DailyMetric>("conversations");
  const values = daily.map((point) => point[metric]);
  const total = values.reduce((sum, value) => sum + value, 0);
  const peakIndex = values.reduce(
    (best, value, index) => (value > values[best]! ? index : best),
    0,
  );
  const summary =
    daily.length === 0
      ? t.title
      : t.summary(
          t.metrics[metric],
          f.range(daily[0]!.day, daily.at(-1)!.day),
          f.count(total),
          f.dayFull(daily[peakIndex]!.day),
          f.count(values[peakIndex] ?? 0),
        );
  return (
    <Panel id="daily" title={t.title} actions={actions} testId="section-daily">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t.metric}</legend>
        {metrics.map((value) => (
          <label
            key={value}
            className="cursor-pointer rounded-full border px-3 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={metric === value}
              onChange={() => setMetric(value)}
              className="sr-only"
            />
            {t.metrics[value]}
          </label>
        ))}
      </fieldset>
      <ChartFigure
        testId="chart-daily"
        summary={summary}
        showTableLabel={m.charts.showTable}
        chart={
          <BarChart
            values={values}
            labels={daily.map((point) => f.dayShort(point.day))}
            titles={daily.map(
              (point, index) => `${f.dayFull(point.day)}: ${f.count(values[index] ?? 0)}`,
            )}
            formatValue={f.count}
          />
        }
        table={
          <DataTable
            caption={t.title}
            testId="table-daily"
            columns={[
              { label: t.day },
              { label: t.metrics.conversations, numeric: true },
              { label: t.metrics.messages, numeric: true },
              { label: t.metrics.contacts, numeric: true },
              ...(showBasic
                ? [
                    { label: t.unanswered, numeric: true },
                    { label: t.handoffs, numeric: true },
                  ]
                : []),
            ]}
            rows={daily.map((point) => ({
              key: point.day,
              cells: [
                f.dayFull(point.day),
                f.count(point.conversations),
                f.count(point.messages),
                f.count(point.contacts),
                ...(showBasic ? [f.count(point.unanswered), f.count(point.handoffs)] : []),
              ],
            }))}
          />
        }
      />
    </Panel>
  );
}
