import { CircleCheck, type LucideIcon } from "lucide-react";
import { NavButton } from "~/components/layout/nav-button";
import { Button } from "~/components/ui/button";
import { keepThaiWords } from "~/lib/thai-line-breaks";

type FeatureHeroProps = {
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  intro: string;
  highlights: readonly string[];
  ctaTo: string;
  ctaLabel: string;
  secondaryLabel: string;
  /** Id of the card grid the secondary button scrolls to. */
  featuresId: string;
};

export function FeatureHero({
  icon: Icon,
  eyebrow,
  title,
  intro,
  highlights,
  ctaTo,
  ctaLabel,
  secondaryLabel,
  featuresId,
}: FeatureHeroProps) {
  return (
    <section className="relative isolate overflow-hidden border-b bg-gradient-to-b from-brand-soft via-background to-background">
      <div
        aria-hidden="true"
        className="-top-40 -translate-x-1/2 -z-10 pointer-events-none absolute left-1/2 h-[32rem] w-[64rem] max-w-[200vw] rounded-full bg-gradient-to-r from-primary/20 via-brand-violet/15 to-primary/10 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="-z-10 pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_1px_1px,rgb(109_40_217/0.12)_1px,transparent_0)] [background-size:24px_24px] [mask-image:linear-gradient(to_bottom,black,transparent_75%)]"
      />
      <div className="mx-auto max-w-4xl px-4 pt-14 pb-16 text-center sm:px-6 sm:pt-20 sm:pb-20 lg:pt-24 lg:pb-24">
        <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-primary to-brand-violet text-primary-foreground shadow-lg shadow-primary/30">
          <Icon aria-hidden="true" className="size-8" strokeWidth={1.75} />
        </div>
        <p className="mt-6 font-semibold text-primary text-sm uppercase tracking-wider">
          {keepThaiWords(eyebrow)}
        </p>
        <h1 className="mt-3 text-balance font-bold text-4xl leading-tight tracking-tight sm:text-5xl lg:text-6xl [&:lang(th)]:leading-[1.3]">
          {keepThaiWords(title)}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-pretty text-lg text-muted-foreground leading-relaxed">
          {keepThaiWords(intro)}
        </p>
        <ul className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-6">
          {highlights.map((highlight) => (
            <li key={highlight} className="flex items-center gap-2 font-medium text-sm">
              <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <span>{keepThaiWords(highlight)}</span>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <NavButton to={ctaTo} variant="hero" size="xl">
            {ctaLabel}
          </NavButton>
          <Button asChild variant="outline" size="xl">
            <a href={`#${featuresId}`}>{secondaryLabel}</a>
          </Button>
        </div>
      </div>
    </section>
  );
}
