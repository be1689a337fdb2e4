import type { Formats } from "../format";
import type { AnalyticsMessages } from "../messages";
import { ChartFigure, DataTable } from "./chart-figure";
import { intensity } from "./scale";

type Cell = { weekday: number; hour: number; messages: number };

/** Rows from Monday to Sunday (weekday 0 is Sunday, as in Date.getDay and PostgreSQL's dow). */
export const weekdayOrder = [1, 2, 3, 4, 5, 6, 0] as const;
const hours = Array.from({ length: 24 }, (_, hour) => hour);

/** A cell's colour: the muted background mixed towards the primary colour as it gets busier. */
function cellColor(share: number): string {
  if (share <= 0) return "var(--color-muted)";
  const percent = Math.round(15 + share * 85);
  return `color-mix(in srgb, var(--color-primary) ${percent}%, var(--color-muted))`;
}

/**
 * Busiest hours: customers' messages by weekday × hour in the workspace's time zone, as a grid
 * of coloured cells with a legend from fewer to more, and the same figures in a table.
 */
export function HeatMap({
  cells,
  f,
  m,
}: {
  cells: Cell[];
  f: Formats;
  m: AnalyticsMessages["charts"];
}) {
  const grid = new Map<string, number>();
  for (const cell of cells) {
    const key = `${cell.weekday}:${cell.hour}`;
    grid.set(key, (grid.get(key) ?? 0) + cell.messages);
  }
  const at = (weekday: number, hour: number) => grid.get(`${weekday}:${hour}`) ?? 0;
  let busiest: Cell = { weekday: 1, hour: 0, messages: 0 };
  for (const weekday of weekdayOrder) {
    for (const hour of hours) {
      const messages = at(weekday, hour);
      if (messages > busiest.messages) busiest = { weekday, hour, messages };
    }
  }
  const max = busiest.messages;
  const summary =
    max === 0
      ? m.hours.quiet
      : m.hours.summary(
          f.weekday(busiest.weekday),
          m.hours.hour(busiest.hour),
          f.count(busiest.messages),
        );

  return (
    <ChartFigure
      testId="chart-hours"
      summary={summary}
      showTableLabel={m.showTable}
      chart={
        <div
          aria-hidden="true"
          className="grid grid-cols-[auto_repeat(24,minmax(0,1fr))] gap-[2px] text-muted-foreground text-xs"
        >
          {weekdayOrder.map((weekday) => (
            <Row key={weekday} label={f.weekdayShort(weekday)}>
              {hours.map((hour) => {
                const messages = at(weekday, hour);
                return (
                  <div
                    key={hour}
                    className="aspect-square min-h-2 rounded-[2px]"
                    style={{ backgroundColor: cellColor(intensity(messages, max)) }}
                    title={`${f.weekday(weekday)} ${m.hours.hour(hour)}: ${f.count(messages)}`}
                  />
                );
              })}
            </Row>
          ))}
          <div />
          {hours.map((hour) =>
            hour % 6 === 0 ? (
              <div key={hour} className="col-span-6 pt-1 tabular-nums">
                {String(hour).padStart(2, "0")}
              </div>
            ) : null,
          )}
        </div>
      }
      legend={
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
          <span>{m.hours.legend}:</span>
          <span>{m.hours.fewer}</span>
          <span className="flex gap-[2px]" aria-hidden="true">
            {[0, 0.25, 0.5, 0.75, 1].map((share) => (
              <span
                key={share}
                className="inline-block size-3 rounded-[2px]"
                style={{ backgroundColor: cellColor(share) }}
              />
            ))}
          </span>
          <span>{m.hours.more}</span>
          <span className="tabular-nums">(0 – {f.count(max)})</span>
        </div>
      }
      table={
        <DataTable
          caption={m.hours.title}
          columns={[
            { label: m.hours.day },
            ...hours.map((hour) => ({ label: m.hours.hour(hour), numeric: true })),
          ]}
          rows={weekdayOrder.map((weekday) => ({
            key: String(weekday),
            cells: [f.weekday(weekday), ...hours.map((hour) => f.count(at(weekday, hour)))],
          }))}
        />
      }
    />
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <div className="flex items-center pr-1 leading-none">{label}</div>
      {children}
    </>
  );
}
