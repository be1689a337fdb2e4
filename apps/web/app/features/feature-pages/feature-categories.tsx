import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { SectionHeading } from "./section-heading";
import type { CardText } from "./types";

type FeatureCategoriesProps = {
  /** Stable anchor: other parts of the site link to it and list content below it. */
  id: string;
  title: string;
  intro: string;
  items: ReadonlyArray<CardText & { key: string; icon: LucideIcon }>;
  className?: string;
};

/** Category cards (e.g. the marketplace's popular categories). */
export function FeatureCategories({ id, title, intro, items, className }: FeatureCategoriesProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("py-16 sm:py-24", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} title={title} intro={intro} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {items.map(({ key, icon: Icon, title: itemTitle, description }) => (
            <li
              key={key}
              className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-brand-soft via-card to-card p-7 shadow-sm"
            >
              <div
                aria-hidden="true"
                className="-top-10 -right-10 pointer-events-none absolute size-32 rounded-full bg-primary/10 blur-2xl"
              />
              <span
                aria-hidden="true"
                className="flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br from-primary to-brand-violet text-primary-foreground shadow-md shadow-primary/20"
              >
                <Icon className="size-7" strokeWidth={1.75} />
              </span>
              <h3 className="mt-5 font-bold text-xl">{keepThaiWords(itemTitle)}</h3>
              <p className="mt-2 text-muted-foreground leading-relaxed">
                {keepThaiWords(description)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
