import type { AnalyticsChannelSplit } from "@jai/contracts/analytics";
import type { InboxChannel } from "@jai/contracts/inbox";
import type { Formats } from "../format";
import type { AnalyticsMessages } from "../messages";
import { ChartFigure, DataTable } from "./chart-figure";

/** Conversations per channel as horizontal bars (largest first), and the same in a table. */
export function ChannelBars({
  channels,
  f,
  m,
}: {
  channels: AnalyticsChannelSplit[];
  f: Formats;
  m: AnalyticsMessages;
}) {
  const rows = [...channels].sort((a, b) => b.conversations - a.conversations);
  const total = rows.reduce((sum, row) => sum + row.conversations, 0);
  const max = Math.max(1, ...rows.map((row) => row.conversations));
  const name = (channel: string) => m.channels[channel as InboxChannel] ?? channel;
  const share = (row: AnalyticsChannelSplit) => (total === 0 ? 0 : row.conversations / total);
  const t = m.charts.channels;
  if (total === 0) return <p className="text-muted-foreground text-sm">{t.none}</p>;
  return (
    <ChartFigure
      testId="chart-channels"
      summary={t.summary(
        rows.map((row) => t.part(name(row.channel), f.percent(share(row)))).join(", "),
      )}
      showTableLabel={m.charts.showTable}
      chart={
        <ul className="flex flex-col gap-2.5" aria-hidden="true">
          {rows.map((row) => (
            <li
              key={row.channel}
              className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)_auto] items-center gap-2 text-sm"
            >
              <span className="truncate">{name(row.channel)}</span>
              <span className="h-3 overflow-hidden rounded-full bg-muted">
                <span
                  className="block h-full rounded-full bg-primary"
                  style={{ width: `${(row.conversations / max) * 100}%` }}
                />
              </span>
              <span className="text-right text-muted-foreground tabular-nums">
                {f.percent(share(row))}
              </span>
            </li>
          ))}
        </ul>
      }
      table={
        <DataTable
          caption={t.title}
          columns={[
            { label: t.channel },
            { label: t.conversations, numeric: true },
            { label: t.messages, numeric: true },
            { label: t.share, numeric: true },
          ]}
          rows={rows.map((row) => ({
            key: row.channel,
            cells: [
              name(row.channel),
              f.count(row.conversations),
              f.count(row.messages),
              f.percent(share(row)),
            ],
          }))}
        />
      }
    />
  );
}
