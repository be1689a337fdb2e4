import { Activity, Sparkles } from "lucide-react";
import { useRef } from "react";
import { NavButton } from "~/components/layout/nav-button";
import { localeTag } from "~/i18n/locale";
import { useLocale } from "~/i18n/use-locale";
import { useHomeMessages } from "./home-messages-context";
import { type PlatformStats, usePlatformStats } from "./use-platform-stats";

const figureKeys: ReadonlyArray<keyof PlatformStats> = ["bots", "conversations", "messages"];

/**
 * Section 6: live platform figures when there are any, else the placeholder sentence (which is
 * what the prerendered HTML holds), then the closing call to action. The figures box keeps the
 * same height either way, so swapping them in shifts nothing below it.
 */
export function StatsSection() {
  const locale = useLocale();
  const messages = useHomeMessages().stats;
  const sectionRef = useRef<HTMLElement>(null);
  const stats = usePlatformStats(sectionRef);
  const numberFormat = new Intl.NumberFormat(localeTag(locale));

  return (
    <section
      ref={sectionRef}
      aria-labelledby="stats-title"
      className="relative isolate overflow-hidden bg-linear-to-br from-accent-foreground via-primary to-brand-violet py-20 text-white sm:py-24"
    >
      <div
        aria-hidden="true"
        className="-z-10 absolute inset-0 bg-[radial-gradient(rgb(255_255_255/0.1)_1px,transparent_1px)] [background-size:22px_22px]"
      />
      <div className="mx-auto max-w-5xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id="stats-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
          {messages.title}
        </h2>
        <div
          aria-live="polite"
          className="mt-10 flex min-h-52 items-center justify-center sm:min-h-36"
        >
          {stats ? (
            <dl className="grid w-full grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4">
              {figureKeys.map((key) => (
                <div
                  key={key}
                  className="flex items-center justify-between gap-4 rounded-2xl bg-white/10 px-5 py-3 ring-1 ring-white/20 sm:flex-col-reverse sm:justify-start sm:gap-0 sm:px-4 sm:py-5"
                >
                  <dt className="text-left text-sm text-white/90 sm:mt-1 sm:text-center">
                    {messages.labels[key]}
                  </dt>
                  <dd className="font-bold text-2xl tabular-nums sm:text-4xl">
                    {numberFormat.format(stats[key])}
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="inline-flex max-w-2xl items-center gap-3 rounded-2xl bg-white/10 px-6 py-5 text-lg ring-1 ring-white/20">
              <Activity className="size-6 shrink-0" aria-hidden="true" />
              {messages.placeholder}
            </p>
          )}
        </div>

        <div className="mt-16 border-white/20 border-t pt-14">
          <p className="text-balance font-bold text-2xl sm:text-3xl">{messages.ctaTitle}</p>
          <p className="mx-auto mt-3 max-w-2xl text-pretty text-white/90">{messages.ctaText}</p>
          <NavButton
            to="/pricing"
            variant="secondary"
            size="xl"
            className="mt-8 bg-white font-semibold text-primary shadow-lg hover:bg-white/90"
          >
            <Sparkles aria-hidden="true" />
            {messages.cta}
          </NavButton>
        </div>
      </div>
    </section>
  );
}
