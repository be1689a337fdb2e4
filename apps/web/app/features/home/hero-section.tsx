import { ArrowDown, Layers, MousePointerClick, Sparkles } from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { NavButton } from "~/components/layout/nav-button";
import { useLocale } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { BrandIcon } from "./brand-icon";
import { channels } from "./channels";
import { useHomeMessages } from "./home-messages-context";
import { IntroVideoFacade } from "./intro-video-facade";

export function HeroSection() {
  const locale = useLocale();
  const messages = useHomeMessages().hero;
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-linear-to-b from-brand-soft via-background to-background"
    >
      <HeroBackdrop />
      <div className="mx-auto grid max-w-7xl gap-x-12 gap-y-10 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1fr_1.08fr] lg:px-8 lg:pt-20 lg:pb-24">
        <div className="lg:col-start-1 lg:row-start-1">
          <ul className="flex flex-wrap gap-2">
            <li className="inline-flex items-center gap-1.5 rounded-full border border-primary/20 bg-background/80 px-3 py-1 font-semibold text-primary text-xs">
              <Layers className="size-3.5" aria-hidden="true" />
              {messages.badges.allInOne}
            </li>
            <li className="inline-flex items-center gap-1.5 rounded-full border border-primary/20 bg-background/80 px-3 py-1 font-semibold text-primary text-xs">
              <MousePointerClick className="size-3.5" aria-hidden="true" />
              {messages.badges.noCode}
            </li>
          </ul>
          <h1
            id="hero-title"
            className={cn(
              "mt-6 text-balance font-bold text-4xl tracking-tight sm:text-5xl",
              // Thai glyphs stand taller: a slightly smaller size keeps the headline to 2–3 lines.
              locale === "th" ? "leading-[1.3] xl:text-[3.25rem]" : "leading-[1.08] xl:text-6xl",
            )}
          >
            {messages.titleLead}{" "}
            <span className="block bg-linear-to-r from-primary to-brand-violet bg-clip-text text-transparent">
              {messages.titleAccent}
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-pretty text-lg text-muted-foreground">
            {messages.subtitle}
          </p>
        </div>

        <div className="mx-auto w-full max-w-2xl lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:max-w-none lg:self-center">
          <IntroVideoFacade />
        </div>

        <div className="lg:col-start-1 lg:row-start-2">
          <div className="flex flex-col gap-3 sm:flex-row">
            <NavButton to="/pricing" variant="hero" size="xl" className="min-w-56">
              <Sparkles aria-hidden="true" />
              {messages.cta}
            </NavButton>
            <NavButton to="/persona-builder" variant="outline" size="xl">
              {messages.secondaryCta}
            </NavButton>
          </div>
          <p className="mt-3 text-muted-foreground text-sm">{messages.trialNote}</p>
        </div>

        <div className="lg:col-start-1 lg:row-start-3">
          <p className="font-medium text-foreground text-sm">{messages.channelsLabel}</p>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {channels.map((channel) => (
              <li key={channel.key}>
                <LocaleLink
                  to="/#channels"
                  className="group flex h-full items-center gap-3 rounded-xl border bg-background p-3 shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-col sm:text-center"
                >
                  <span
                    className="flex size-10 shrink-0 items-center justify-center rounded-lg"
                    style={{ backgroundColor: `#${channel.icon.hex}14` }}
                  >
                    <BrandIcon icon={channel.icon} />
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-semibold text-sm">{channel.shortName}</span>
                    <span className="inline-flex items-center gap-1 text-muted-foreground text-xs sm:justify-center">
                      {messages.channelHint}
                      <ArrowDown
                        className="size-3 transition-transform group-hover:translate-y-0.5"
                        aria-hidden="true"
                      />
                    </span>
                  </span>
                </LocaleLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** Soft brand glow and a faint dot grid behind the hero (decorative, no images). */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="-z-10 pointer-events-none absolute inset-0">
      <div className="absolute inset-0 bg-[radial-gradient(circle_at_80%_0%,rgb(162_28_175/0.12),transparent_40%),radial-gradient(circle_at_0%_30%,rgb(109_40_217/0.12),transparent_35%)]" />
      <div className="absolute inset-0 bg-[radial-gradient(rgb(109_40_217/0.12)_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent_70%)] [background-size:24px_24px]" />
    </div>
  );
}
