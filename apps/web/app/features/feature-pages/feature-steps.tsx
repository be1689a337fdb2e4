import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { SectionHeading } from "./section-heading";
import type { StepsText } from "./types";

/** "How it works": numbered steps in a row on wide screens. */
export function FeatureSteps({
  id,
  text,
  stepLabel,
  className,
}: {
  id: string;
  text: StepsText;
  stepLabel: (n: number) => string;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("py-16 sm:py-24", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} title={text.title} intro={text.intro} />
        <ol
          className={cn(
            "mt-12 grid gap-6 sm:grid-cols-2",
            text.items.length % 3 === 0 ? "lg:grid-cols-3" : "lg:grid-cols-4",
          )}
        >
          {text.items.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-primary to-brand-violet font-bold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <span className="font-semibold text-primary text-sm">{stepLabel(index + 1)}</span>
              </div>
              <h3 className="mt-4 font-semibold text-lg leading-snug">
                {keepThaiWords(step.title)}
              </h3>
              <p className="mt-2 text-muted-foreground text-sm leading-relaxed">
                {keepThaiWords(step.description)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
