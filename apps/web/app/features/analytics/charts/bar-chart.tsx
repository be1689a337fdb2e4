import { labelIndexes, niceTicks } from "./scale";

/**
 * Bars over days, drawn in SVG stretched to the box (so it fills any width), with the axes'
 * labels in HTML (so text keeps its size on a phone). Decorative for screen readers: the
 * figure around it has the summary and the table. A bar's <title> shows its figure on hover.
 */
export function BarChart({
  values,
  labels,
  titles,
  formatValue,
}: {
  values: number[];
  /** Short label under each bar (only some are printed). */
  labels: string[];
  /** Hover text of each bar. */
  titles: string[];
  formatValue: (value: number) => string;
}) {
  const { top, ticks } = niceTicks(Math.max(0, ...values));
  const count = Math.max(1, values.length);
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2" aria-hidden="true">
      <ValueAxis ticks={ticks} top={top} format={formatValue} />
      <div className="relative h-44 border-b border-l">
        <svg
          className="absolute inset-0 size-full overflow-visible"
          viewBox={`0 0 ${count} 100`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <GridLines ticks={ticks} top={top} width={count} />
          {values.map((value, index) => {
            const height = (value / top) * 100;
            return (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: one bar per position
                key={index}
                x={index + (count > 40 ? 0.1 : 0.18)}
                width={count > 40 ? 0.8 : 0.64}
                y={100 - height}
                height={height}
                className="fill-primary"
                rx={0}
              >
                <title>{titles[index]}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div />
      <CategoryAxis labels={labels} count={count} />
    </div>
  );
}

/** The value axis's labels, level with the grid lines. */
export function ValueAxis({
  ticks,
  top,
  format,
  heightClass = "h-44",
}: {
  ticks: number[];
  top: number;
  format: (value: number) => string;
  heightClass?: string;
}) {
  return (
    <div className={`relative ${heightClass} min-w-6 text-right text-muted-foreground text-xs`}>
      {ticks.map((tick) => (
        <span
          key={tick}
          className="absolute right-0 -translate-y-1/2 whitespace-nowrap tabular-nums leading-none"
          style={{ top: `${100 - (tick / top) * 100}%` }}
        >
          {format(tick)}
        </span>
      ))}
    </div>
  );
}

export function GridLines({ ticks, top, width }: { ticks: number[]; top: number; width: number }) {
  return (
    <g className="stroke-border">
      {ticks
        .filter((tick) => tick > 0)
        .map((tick) => (
          <line
            key={tick}
            x1={0}
            x2={width}
            y1={100 - (tick / top) * 100}
            y2={100 - (tick / top) * 100}
            vectorEffect="non-scaling-stroke"
            strokeDasharray="3 3"
          />
        ))}
    </g>
  );
}

/**
 * Labels under evenly spaced positions (the middle of each slot): four on a phone, up to seven
 * from the small breakpoint up, so they never run into each other.
 */
export function CategoryAxis({ labels, count }: { labels: string[]; count: number }) {
  return (
    <div>
      <AxisLabels
        labels={labels}
        count={count}
        shown={labelIndexes(labels.length, 4)}
        className="sm:hidden"
      />
      <AxisLabels
        labels={labels}
        count={count}
        shown={labelIndexes(labels.length, 7)}
        className="hidden sm:block"
      />
    </div>
  );
}

function AxisLabels({
  labels,
  count,
  shown,
  className,
}: {
  labels: string[];
  count: number;
  shown: number[];
  className: string;
}) {
  return (
    <div className={`relative mt-1 h-5 text-muted-foreground text-xs ${className}`}>
      {shown.map((index) => {
        // The first and last labels line up with the box's edges, so they never spill out.
        const isFirst = index === 0 && count > 1;
        const isLast = index === count - 1 && count > 1;
        const left = isFirst ? 0 : isLast ? 100 : ((index + 0.5) / count) * 100;
        const shift = isFirst ? "0%" : isLast ? "-100%" : "-50%";
        return (
          <span
            key={index}
            className="absolute top-0 whitespace-nowrap"
            style={{ left: `${left}%`, transform: `translateX(${shift})` }}
          >
            {labels[index]}
          </span>
        );
      })}
    </div>
  );
}
