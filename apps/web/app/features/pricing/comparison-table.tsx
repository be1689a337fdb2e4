import {
  type BillingCycle,
  type ComparisonCell,
  type ComparisonRowKey,
  formatThb,
  getComparisonRows,
  getPlanPrice,
  knowledgeBaseStandard,
  paidPlanIds,
  paidPlans,
} from "@jai/contracts";
import { Check, X } from "lucide-react";
import { localeTag } from "~/i18n/locale";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { pricingMessages } from "./messages";

const comparisonRows = getComparisonRows();

/** Every plan side by side; scrolls sideways on phones with the feature column kept in view. */
export function ComparisonTable({ cycle }: { cycle: BillingCycle }) {
  const messages = useMessages(pricingMessages);
  const { comparison } = messages;
  return (
    <section aria-labelledby="comparison-title" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="comparison-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
          {comparison.title}
        </h2>
        <p className="mt-3 text-muted-foreground">{comparison.intro}</p>
      </div>
      <p className="mt-8 text-center text-muted-foreground text-sm md:hidden">
        {comparison.scrollHint}
      </p>
      <section
        aria-labelledby="comparison-caption"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the table sideways
        tabIndex={0}
        className="relative mt-4 overflow-x-auto rounded-2xl border bg-card shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:mt-10"
      >
        <table className="w-full min-w-[36rem] border-collapse text-sm">
          <caption id="comparison-caption" className="sr-only">
            {comparison.caption}
          </caption>
          <thead>
            <tr className="border-b bg-muted">
              <th
                scope="col"
                className="sticky left-0 z-10 w-36 bg-muted px-4 py-4 text-left font-semibold text-muted-foreground shadow-[1px_0_0_var(--color-border)] sm:w-auto sm:px-6"
              >
                {comparison.feature}
              </th>
              {paidPlanIds.map((id) => (
                <th
                  key={id}
                  scope="col"
                  className={cn(
                    "min-w-28 px-4 py-4 text-center font-bold text-base",
                    paidPlans[id].isHighlighted && "bg-accent text-accent-foreground",
                  )}
                >
                  {messages.plans[id].name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="border-b">
              <th scope="row" className={rowHeaderClass}>
                {comparison.price}
              </th>
              {paidPlanIds.map((id) => (
                <td key={id} className={cellClass(id)}>
                  <span className="block font-bold text-base tabular-nums">
                    {formatThb(getPlanPrice(id, cycle))}
                  </span>
                  <span className="block text-muted-foreground text-xs">
                    {messages.cycles.suffix[cycle]}
                  </span>
                </td>
              ))}
            </tr>
            {comparisonRows.map((row) => (
              <tr key={row.key} className="border-b last:border-b-0">
                <th scope="row" className={rowHeaderClass}>
                  {keepThaiWords(comparison.rows[row.key])}
                </th>
                {paidPlanIds.map((id) => (
                  <td key={id} className={cellClass(id)}>
                    <CellValue cell={row.cells[id]} rowKey={row.key} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

const rowHeaderClass =
  "sticky left-0 z-10 bg-card px-4 py-3.5 text-left font-medium text-foreground shadow-[1px_0_0_var(--color-border)] sm:px-6";

function cellClass(id: (typeof paidPlanIds)[number]) {
  return cn("px-3 py-3.5 text-center sm:px-4", paidPlans[id].isHighlighted && "bg-brand-soft");
}

function CellValue({ cell, rowKey }: { cell: ComparisonCell; rowKey: ComparisonRowKey }) {
  const { comparison } = useMessages(pricingMessages);
  const locale = useLocale();
  if (cell === true) {
    return (
      <span className="inline-flex size-6 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <Check className="size-4" aria-hidden="true" strokeWidth={3} />
        <span className="sr-only">{comparison.included}</span>
      </span>
    );
  }
  if (cell === false) {
    return (
      <span className="inline-flex size-6 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <X className="size-4" aria-hidden="true" strokeWidth={2.5} />
        <span className="sr-only">{comparison.notIncluded}</span>
      </span>
    );
  }
  // The Standard knowledge base is a concrete size (enforced per workspace): stated here.
  if (rowKey === "knowledgeBase" && cell === "standard") {
    return (
      <span className="font-medium">
        {comparison.knowledgeStandard(
          knowledgeBaseStandard.bytes / (1024 * 1024),
          knowledgeBaseStandard.sources,
        )}
      </span>
    );
  }
  const text =
    typeof cell === "number"
      ? new Intl.NumberFormat(localeTag(locale)).format(cell)
      : comparison.values[cell];
  return <span className="font-medium">{text}</span>;
}
