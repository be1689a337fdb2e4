import type { ForecastPoint } from "@jai/contracts/analytics";
import type { Formats } from "../format";
import type { AnalyticsMessages } from "../messages";
import { CategoryAxis, GridLines, ValueAxis } from "./bar-chart";
import { ChartFigure, DataTable } from "./chart-figure";
import { niceTicks } from "./scale";

/** History shown before the forecast: four weeks, enough to see the weekly pattern. */
const historyShown = 28;

/**
 * The forecast: the actual conversations per day (a solid line), the forecast (dashed) and its
 * likely range (a band), in SVG stretched to the box; labels in HTML; every figure in a table.
 */
export function ForecastChart({
  history: allHistory,
  points,
  f,
  m,
}: {
  history: { day: string; value: number }[];
  points: ForecastPoint[];
  f: Formats;
  m: AnalyticsMessages["charts"];
}) {
  const t = m.forecast;
  const history = allHistory.slice(-historyShown);
  const count = Math.max(1, history.length + points.length);
  const { top, ticks } = niceTicks(
    Math.max(0, ...history.map((point) => point.value), ...points.map((point) => point.high)),
  );
  const x = (index: number) => index + 0.5;
  const y = (value: number) => 100 - (Math.max(0, value) / top) * 100;
  const line = (values: { index: number; value: number }[]) =>
    values.map(({ index, value }) => `${x(index)},${y(value)}`).join(" ");
  const start = history.length;
  const band = [
    ...points.map((point, offset) => `${x(start + offset)},${y(point.high)}`),
    ...points.map((point, offset) => `${x(start + offset)},${y(point.low)}`).reverse(),
  ].join(" ");
  // The dashed line starts from the last actual day, so the two lines join.
  const forecastLine = [
    ...(history.length > 0 ? [{ index: start - 1, value: history.at(-1)!.value }] : []),
    ...points.map((point, offset) => ({ index: start + offset, value: point.value })),
  ];
  const labels = [...history.map((point) => point.day), ...points.map((point) => point.day)].map(
    f.dayShort,
  );
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const summary =
    points.length === 0
      ? t.intro
      : t.summary(
          f.count(Math.round(total)),
          f.range(points[0]!.day, points.at(-1)!.day),
          f.count(Math.round(Math.min(...points.map((point) => point.low)))),
          f.count(Math.round(Math.max(...points.map((point) => point.high)))),
        );
  const round = (value: number) => f.count(Math.round(value));

  return (
    <ChartFigure
      testId="chart-forecast"
      summary={summary}
      showTableLabel={m.showTable}
      chart={
        <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2" aria-hidden="true">
          <ValueAxis ticks={ticks} top={top} format={f.count} />
          <div className="relative h-44 border-b border-l">
            <svg
              className="absolute inset-0 size-full overflow-visible"
              viewBox={`0 0 ${count} 100`}
              preserveAspectRatio="none"
              aria-hidden="true"
              focusable="false"
            >
              <GridLines ticks={ticks} top={top} width={count} />
              {points.length > 0 ? (
                <>
                  <rect
                    x={start}
                    width={count - start}
                    y={0}
                    height={100}
                    className="fill-muted/60"
                  />
                  <polygon points={band} className="fill-primary/20" />
                </>
              ) : null}
              {history.length > 0 ? (
                <polyline
                  points={line(history.map((point, index) => ({ index, value: point.value })))}
                  fill="none"
                  className="stroke-foreground"
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                  strokeLinejoin="round"
                />
              ) : null}
              {points.length > 0 ? (
                <polyline
                  points={line(forecastLine)}
                  fill="none"
                  className="stroke-primary"
                  strokeWidth={2.5}
                  strokeDasharray="6 4"
                  vectorEffect="non-scaling-stroke"
                  strokeLinejoin="round"
                />
              ) : null}
            </svg>
          </div>
          <div />
          <CategoryAxis labels={labels} count={count} />
        </div>
      }
      legend={
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-5 bg-foreground" aria-hidden="true" />
            {t.actual}
          </li>
          <li className="flex items-center gap-1.5">
            <span
              className="inline-block h-0.5 w-5 border-primary border-t-2 border-dashed"
              aria-hidden="true"
            />
            {t.forecast}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-5 rounded-sm bg-primary/20" aria-hidden="true" />
            {t.band}
          </li>
        </ul>
      }
      table={
        <DataTable
          caption={t.title}
          columns={[
            { label: t.day },
            { label: t.actual, numeric: true },
            { label: t.forecast, numeric: true },
            { label: t.low, numeric: true },
            { label: t.high, numeric: true },
          ]}
          rows={[
            ...history.map((point) => ({
              key: point.day,
              cells: [f.dayFull(point.day), f.count(point.value), "", "", ""],
            })),
            ...points.map((point) => ({
              key: point.day,
              cells: [
                f.dayFull(point.day),
                "",
                round(point.value),
                round(point.low),
                round(point.high),
              ],
            })),
          ]}
        />
      }
    />
  );
}
