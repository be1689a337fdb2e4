import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useCommonMessages } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-locale";
import { FeatureCardGrid } from "./feature-card-grid";
import { FeatureCategories } from "./feature-categories";
import { FeatureCtaBand } from "./feature-cta-band";
import { FeatureHero } from "./feature-hero";
import { type FeatureIconSource, featurePageConfigs } from "./feature-page-config";
import { FeatureSpotlight } from "./feature-spotlight";
import { FeatureSteps } from "./feature-steps";
import { featurePagesMessages } from "./messages";
import { RelatedFeatures } from "./related-features";
import type { FeaturePageId, FeaturePageText } from "./types";

const featuresId = "features";

/** Id of the marketplace's categories section (later issues list listings right below it). */
export const popularCategoriesId = "popular-categories";

type FeaturePageProps = {
  page: FeaturePageId;
  /** Extra content shown after the page's own sections, before the related links and the CTA. */
  children?: ReactNode;
};

/**
 * The layout every feature page shares: hero, card grid, the page's optional sections, links to
 * the other feature pages and a call to action. What differs lives in messages.ts (texts) and
 * feature-page-config.ts (icons, paths, sections).
 */
export function FeaturePage({ page, children }: FeaturePageProps) {
  const messages = useMessages(featurePagesMessages);
  const common = useCommonMessages();
  const pages: Record<FeaturePageId, FeaturePageText> = messages.pages;
  const text = pages[page];
  const config = featurePageConfigs[page];
  const cardIcons: Record<string, FeatureIconSource> = config.cardIcons;
  const categoryIcons: Record<string, LucideIcon> = config.categoryIcons ?? {};

  const cards = Object.entries(text.grid.cards).map(([key, card]) => ({
    key,
    // Every card has an icon (the config's type checks it); the page icon is only a fallback.
    icon: cardIcons[key] ?? config.icon,
    ...card,
  }));

  return (
    <>
      <FeatureHero
        icon={config.icon}
        eyebrow={common.nav.featurePages[page]}
        title={text.hero.title}
        intro={text.hero.intro}
        highlights={text.hero.highlights}
        ctaTo={config.ctaTo}
        ctaLabel={text.cta.button}
        secondaryLabel={messages.common.heroSecondary}
        featuresId={featuresId}
      />
      <FeatureCardGrid
        id={featuresId}
        title={text.grid.title}
        intro={text.grid.intro}
        cards={cards}
      />
      {config.sections.map((section, index) => {
        // Alternate tinted and plain backgrounds below the (plain) card grid.
        const background = index % 2 === 0 ? "border-y bg-muted/40" : undefined;
        if (section === "spotlight" && text.spotlight) {
          return (
            <FeatureSpotlight
              key={section}
              id="spotlight"
              text={text.spotlight}
              className={background}
            />
          );
        }
        if (section === "steps" && text.steps) {
          return (
            <FeatureSteps
              key={section}
              id="how-it-works"
              text={text.steps}
              stepLabel={messages.common.step}
              className={background}
            />
          );
        }
        if (section === "categories" && text.categories) {
          return (
            <FeatureCategories
              key={section}
              id={popularCategoriesId}
              title={text.categories.title}
              intro={text.categories.intro}
              items={Object.entries(text.categories.items).map(([key, item]) => ({
                key,
                icon: categoryIcons[key] ?? config.icon,
                ...item,
              }))}
              className={background}
            />
          );
        }
        return null;
      })}
      {children}
      <RelatedFeatures
        current={page}
        title={messages.common.relatedTitle}
        intro={messages.common.relatedIntro}
        pages={pages}
      />
      <FeatureCtaBand
        title={text.cta.title}
        description={text.cta.description}
        button={text.cta.button}
        to={config.ctaTo}
      />
    </>
  );
}
