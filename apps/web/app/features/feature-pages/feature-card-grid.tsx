import { keepThaiWords } from "~/lib/thai-line-breaks";
import { FeatureIcon } from "./feature-icon";
import type { FeatureIconSource } from "./feature-page-config";
import { SectionHeading } from "./section-heading";
import type { CardText } from "./types";

type FeatureCardGridProps = {
  id: string;
  title: string;
  intro: string;
  cards: ReadonlyArray<CardText & { key: string; icon: FeatureIconSource }>;
};

/** The page's main grid of feature cards; an incomplete last row is centred. */
export function FeatureCardGrid({ id, title, intro, cards }: FeatureCardGridProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} title={title} intro={intro} />
        <ul className="mt-12 flex flex-wrap justify-center gap-6">
          {cards.map((card) => (
            <li
              key={card.key}
              className="w-full sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
            >
              <article className="h-full rounded-2xl border bg-card p-6 shadow-sm transition hover:border-primary/30 hover:shadow-md motion-safe:hover:-translate-y-0.5">
                <FeatureIcon icon={card.icon} />
                <h3 className="mt-5 font-semibold text-lg leading-snug">
                  {keepThaiWords(card.title)}
                </h3>
                <p className="mt-2 text-muted-foreground text-sm leading-relaxed">
                  {keepThaiWords(card.description)}
                </p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
