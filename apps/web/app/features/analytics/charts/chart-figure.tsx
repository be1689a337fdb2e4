import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A chart and its figures: the picture is one image for screen readers (role="img", its
 * `summary` says what it shows in a sentence), and every number is in a table behind a
 * "Show as a table" disclosure (a native <details>: keyboard and screen readers open it, and it
 * works before the page's JavaScript runs). The table scrolls inside its box on a phone.
 */
export function ChartFigure({
  summary,
  showTableLabel,
  chart,
  legend,
  table,
  testId,
  className,
}: {
  summary: string;
  showTableLabel: string;
  chart: ReactNode;
  legend?: ReactNode;
  table: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <figure className={cn("flex min-w-0 flex-col gap-3", className)} data-testid={testId}>
      <div role="img" aria-label={summary} className="min-w-0">
        {chart}
      </div>
      {legend}
      <details className="group min-w-0">
        <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md py-1 font-medium text-primary text-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
          <ChevronRight
            className="size-4 shrink-0 transition-transform group-open:rotate-90"
            aria-hidden="true"
          />
          {showTableLabel}
        </summary>
        <div className="mt-2 max-h-96 overflow-auto rounded-md border">{table}</div>
      </details>
    </figure>
  );
}

/** A plain, compact data table (header row, then rows; numbers right-aligned). */
export function DataTable({
  caption,
  columns,
  rows,
  testId,
}: {
  caption?: string;
  columns: { label: string; numeric?: boolean }[];
  rows: { key: string; cells: ReactNode[] }[];
  testId?: string;
}) {
  return (
    <table className="w-full border-collapse text-sm" data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className="sticky top-0 bg-muted">
        <tr>
          {columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              className={cn(
                "whitespace-nowrap px-3 py-2 font-medium",
                column.numeric ? "text-right" : "text-left",
              )}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t">
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <th
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of one fixed row
                  key={index}
                  scope="row"
                  className="whitespace-nowrap px-3 py-1.5 text-left font-normal"
                >
                  {cell}
                </th>
              ) : (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of one fixed row
                  key={index}
                  className={cn(
                    "whitespace-nowrap px-3 py-1.5",
                    columns[index]?.numeric && "text-right tabular-nums",
                  )}
                >
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
