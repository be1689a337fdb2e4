import { Check } from "lucide-react";
import { cn } from "~/lib/cn";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { ChatDemo } from "./chat-demo";
import { MetricsDemo } from "./metrics-demo";
import { ToneDemo } from "./tone-demo";
import type { SpotlightText } from "./types";

/** A two-column section: a story with a checklist beside an illustration of the feature. */
export function FeatureSpotlight({
  id,
  text,
  className,
}: {
  id: string;
  text: SpotlightText;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("py-16 sm:py-24", className)}>
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          <p className="font-semibold text-primary text-sm uppercase tracking-wider">
            {keepThaiWords(text.eyebrow)}
          </p>
          <h2
            id={headingId}
            className="mt-3 text-balance font-bold text-3xl tracking-tight sm:text-4xl [&:lang(th)]:leading-snug"
          >
            {keepThaiWords(text.title)}
          </h2>
          <p className="mt-4 text-pretty text-lg text-muted-foreground leading-relaxed">
            {keepThaiWords(text.description)}
          </p>
          <ul className="mt-8 flex flex-col gap-4">
            {text.points.map((point) => (
              <li key={point} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground"
                >
                  <Check className="size-4" strokeWidth={2.5} />
                </span>
                <span className="font-medium">{keepThaiWords(point)}</span>
              </li>
            ))}
          </ul>
        </div>
        <SpotlightVisual visual={text.visual} />
      </div>
    </section>
  );
}

function SpotlightVisual({ visual }: { visual: SpotlightText["visual"] }) {
  switch (visual.kind) {
    case "chat":
      return <ChatDemo text={visual} />;
    case "tones":
      return <ToneDemo text={visual} />;
    case "metrics":
      return <MetricsDemo text={visual} />;
  }
}
