import type { ForecastDto } from "@jai/contracts/analytics";
import { Hourglass, Info } from "lucide-react";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { ForecastChart } from "./charts/forecast-chart";
import type { Formats } from "./format";
import type { AnalyticsMessages } from "./messages";

/**
 * The forecast's body: the chart with its model and backtest error (and why the simple guess is
 * shown, when the seasonal model lost), or how much more history it needs.
 */
export function ForecastBody({
  forecast,
  isAllBots,
  f,
  m,
}: {
  forecast: Exclude<ForecastDto, { status: "locked" }>;
  isAllBots: boolean;
  f: Formats;
  m: AnalyticsMessages;
}) {
  const t = m.charts.forecast;
  if (forecast.status === "not_enough_history") {
    const more = Math.max(1, forecast.neededDays - forecast.historyDays);
    return (
      <p
        className="flex items-start gap-2 rounded-lg bg-muted p-4 text-sm"
        data-testid="forecast-needs-history"
      >
        <Hourglass className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>{keepThaiWords(t.needsHistory(more, forecast.neededDays))}</span>
      </p>
    );
  }
  const percent = (value: number) => f.percent(value / 100);
  return (
    <div className="flex flex-col gap-3">
      {forecast.fellBack ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-accent p-3 text-accent-foreground text-sm"
          role="note"
          data-testid="forecast-fallback"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{keepThaiWords(t.fellBack)}</span>
        </p>
      ) : null}
      <ForecastChart history={forecast.history} points={forecast.points} f={f} m={m.charts} />
      <div
        className="flex flex-col gap-1 text-muted-foreground text-xs"
        data-testid="forecast-model"
      >
        <p className="font-medium text-foreground">{t.models[forecast.model]}</p>
        <p>{keepThaiWords(t.mape(percent(forecast.mape), percent(forecast.naiveMape)))}</p>
        {isAllBots ? <p>{keepThaiWords(t.allBots)}</p> : null}
      </div>
    </div>
  );
}
