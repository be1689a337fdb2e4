import { TrendingUp } from "lucide-react";
import type { MetricsVisualText } from "./types";

// Bar heights (% of the chart) for the example months; the last month is the forecast.
const barHeights = [46, 55, 51, 64, 72, 81, 92];
const questionShares = [100, 82, 62];

/** A still picture of the intelligence dashboard with example figures. */
export function MetricsDemo({ text }: { text: MetricsVisualText }) {
  const lastActual = text.months.length - 2;
  return (
    <figure aria-label={text.label} className="mx-auto w-full max-w-xl">
      <div className="rounded-3xl border bg-card p-5 shadow-xl shadow-primary/10 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold">{text.title}</p>
          <span className="rounded-full border px-2.5 py-0.5 font-medium text-muted-foreground text-xs">
            {text.exampleData}
          </span>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-3">
          {text.stats.map((stat) => (
            <div key={stat.label} className="rounded-xl border bg-background p-3">
              <dt className="text-muted-foreground text-xs">{stat.label}</dt>
              <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
                <span className="font-bold text-2xl tracking-tight">{stat.value}</span>
                <span className="inline-flex items-center gap-0.5 font-semibold text-success text-xs">
                  <TrendingUp aria-hidden="true" className="size-3" />
                  {stat.change}
                </span>
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-5 rounded-xl border bg-background p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-sm">{text.chartTitle}</p>
            <div className="flex items-center gap-3 text-muted-foreground text-xs">
              <span className="flex items-center gap-1.5">
                <span aria-hidden="true" className="size-2.5 rounded-sm bg-primary" />
                {text.actual}
              </span>
              <span className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-sm border border-primary border-dashed bg-accent"
                />
                {text.forecast}
              </span>
            </div>
          </div>
          <div aria-hidden="true">
            <div className="mt-4 flex h-32 items-end gap-2 sm:gap-3">
              {text.months.map((month, index) => (
                <div
                  key={month}
                  className={
                    index > lastActual
                      ? "flex-1 rounded-t-md border-2 border-primary/70 border-dashed bg-accent"
                      : "flex-1 rounded-t-md bg-gradient-to-t from-primary to-brand-violet"
                  }
                  style={{ height: `${barHeights[index % barHeights.length]}%` }}
                />
              ))}
            </div>
            <div className="mt-2 flex gap-2 text-center text-muted-foreground text-xs sm:gap-3">
              {text.months.map((month) => (
                <span key={month} className="flex-1 truncate">
                  {month}
                </span>
              ))}
            </div>
          </div>
        </div>
        <div className="mt-5">
          <p className="font-semibold text-sm">{text.topQuestionsTitle}</p>
          <ol className="mt-3 flex flex-col gap-2.5">
            {text.topQuestions.map((item, index) => (
              <li key={item.question} className="text-sm">
                <div className="flex items-center justify-between gap-3">
                  <span>{item.question}</span>
                  <span className="font-semibold tabular-nums">{item.count}</span>
                </div>
                <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-muted">
                  <div
                    className="h-full rounded-full bg-primary"
                    style={{ width: `${questionShares[index % questionShares.length]}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </figure>
  );
}
