import { type ExportKind, exportFormats } from "@jai/contracts/analytics";
import { ChevronDown, Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import type { AnalyticsMessages } from "./messages";

/**
 * "Export": download links for each kind as CSV or XLSX, with the dashboard's filters and the
 * page's language for the file's headers (GET /api/console/data/export/<kind>?format=…&period=…). A native disclosure: it opens with the
 * keyboard and works before the page's JavaScript runs; Escape or a click elsewhere closes it.
 */
export function ExportMenu({
  kinds,
  query,
  label,
  m,
  testId,
}: {
  kinds: readonly ExportKind[];
  /** The dashboard's filters as a query string (period, from, to, botId, channel). */
  query: string;
  label: string;
  m: AnalyticsMessages["export"];
  testId?: string;
}) {
  const locale = useLocale();
  const ref = useRef<HTMLDetailsElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // The list opens leftwards from the button's right edge, unless that leaves the screen (the
  // button wrapped to the left on a phone): then rightwards.
  const [side, setSide] = useState<"left" | "right">("right");
  const onToggle = () => {
    if (!ref.current?.open) return setSide("right");
    const box = list.current?.getBoundingClientRect();
    if (box && box.left < 0) setSide("left");
  };
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (
        event instanceof KeyboardEvent
          ? event.key === "Escape"
          : !details.contains(event.target as Node)
      ) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={ref} className="group relative" data-testid={testId} onToggle={onToggle}>
      <summary
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        <Download aria-hidden="true" />
        {label}
        <ChevronDown className="transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <ul
        ref={list}
        className={cn(
          "absolute z-20 mt-1 flex min-w-52 flex-col rounded-lg border bg-popover p-1 text-popover-foreground text-sm shadow-lg",
          side === "right" ? "right-0" : "left-0",
        )}
      >
        {kinds.flatMap((kind) =>
          exportFormats.map((format) => (
            <li key={`${kind}-${format}`}>
              <a
                href={`/api/console/data/export/${kind}?format=${format}&${query}&lang=${locale}`}
                download
                className="block rounded-md px-2 py-1.5 hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none"
              >
                {kinds.length === 1 ? m.formats[format] : m.link(m.kinds[kind], m.formats[format])}
              </a>
            </li>
          )),
        )}
      </ul>
    </details>
  );
}
