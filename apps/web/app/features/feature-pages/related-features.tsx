import { ArrowRight } from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { featureNavItems } from "~/components/layout/nav-items";
import { useCommonMessages } from "~/i18n/messages";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { featurePageConfigs } from "./feature-page-config";
import { SectionHeading } from "./section-heading";
import type { FeaturePageId, FeaturePageText } from "./types";

type RelatedFeaturesProps = {
  current: FeaturePageId;
  title: string;
  intro: string;
  pages: Record<FeaturePageId, FeaturePageText>;
};

/** Links to the other five feature pages, in the Features menu's order. */
export function RelatedFeatures({ current, title, intro, pages }: RelatedFeaturesProps) {
  const common = useCommonMessages();
  const headingId = "related-features-heading";
  return (
    <section aria-labelledby={headingId} className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} title={title} intro={intro} />
        <ul className="mt-12 flex flex-wrap justify-center gap-4">
          {featureNavItems
            .filter((item) => item.key !== current)
            .map((item) => {
              const Icon = featurePageConfigs[item.key].icon;
              return (
                <li
                  key={item.key}
                  className="w-full sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-4rem)/5)]"
                >
                  <LocaleLink
                    to={item.to}
                    className="group relative flex h-full flex-col rounded-2xl border bg-card p-5 shadow-sm transition hover:border-primary/40 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span
                      aria-hidden="true"
                      className="flex size-10 items-center justify-center rounded-lg bg-accent text-primary"
                    >
                      <Icon className="size-5" />
                    </span>
                    <ArrowRight
                      aria-hidden="true"
                      className="absolute top-7.5 right-5 size-5 text-primary transition-transform group-hover:translate-x-0.5"
                    />
                    <span className="mt-4 font-semibold">
                      {keepThaiWords(common.nav.featurePages[item.key])}
                    </span>
                    <span className="mt-1 text-muted-foreground text-sm leading-relaxed">
                      {keepThaiWords(pages[item.key].summary)}
                    </span>
                  </LocaleLink>
                </li>
              );
            })}
        </ul>
      </div>
    </section>
  );
}
