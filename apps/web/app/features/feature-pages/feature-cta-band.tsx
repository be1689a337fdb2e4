import { ArrowRight } from "lucide-react";
import { NavButton } from "~/components/layout/nav-button";
import { keepThaiWords } from "~/lib/thai-line-breaks";

type FeatureCtaBandProps = {
  title: string;
  description: string;
  button: string;
  /** English path; NavButton localizes it. */
  to: string;
};

/** The closing call to action: a gradient band with one button. */
export function FeatureCtaBand({ title, description, button, to }: FeatureCtaBandProps) {
  return (
    <section aria-labelledby="feature-cta-heading" className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-primary to-brand-violet px-6 py-14 text-center text-primary-foreground shadow-xl shadow-primary/20 sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="-top-24 -left-24 -z-10 pointer-events-none absolute size-72 rounded-full bg-white/10"
        />
        <div
          aria-hidden="true"
          className="-right-20 -bottom-28 -z-10 pointer-events-none absolute size-80 rounded-full bg-white/10"
        />
        <h2
          id="feature-cta-heading"
          className="mx-auto max-w-3xl text-balance font-bold text-3xl tracking-tight sm:text-4xl [&:lang(th)]:leading-snug"
        >
          {keepThaiWords(title)}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-pretty text-lg leading-relaxed">
          {keepThaiWords(description)}
        </p>
        <NavButton
          to={to}
          size="xl"
          variant="secondary"
          className="mt-8 bg-white text-primary shadow-lg hover:bg-white/90"
        >
          {button}
          <ArrowRight aria-hidden="true" />
        </NavButton>
      </div>
    </section>
  );
}
