import { ArrowRight, CircleCheck, Plug } from "lucide-react";
import { NavButton } from "~/components/layout/nav-button";
import { BrandIcon } from "./brand-icon";
import { channels } from "./channels";
import { useHomeMessages } from "./home-messages-context";
import { SectionHeading } from "./section-heading";

/** Section 5 (`#channels`, the hero tiles' target): one card per messaging channel. */
export function ChannelsSection() {
  const messages = useHomeMessages().channels;
  return (
    <section
      id="channels"
      aria-labelledby="channels-title"
      className="bg-linear-to-b from-brand-soft to-background py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="channels-title"
          eyebrow={messages.eyebrow}
          title={messages.title}
          subtitle={messages.subtitle}
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {channels.map((channel) => {
            const item = messages.items[channel.key];
            return (
              <li
                key={channel.key}
                className="relative flex flex-col overflow-hidden rounded-2xl border bg-card p-6 shadow-sm"
              >
                <span
                  aria-hidden="true"
                  className="absolute inset-x-0 top-0 h-1"
                  style={{ backgroundColor: `#${channel.icon.hex}` }}
                />
                <span
                  className="flex size-14 items-center justify-center rounded-2xl"
                  style={{ backgroundColor: `#${channel.icon.hex}14` }}
                >
                  <BrandIcon icon={channel.icon} className="size-8" />
                </span>
                <h3 className="mt-5 font-semibold text-lg">{item.name}</h3>
                <ul className="mt-4 flex flex-col gap-2.5">
                  {item.points.map((point) => (
                    <li
                      key={point}
                      className="flex items-start gap-2.5 text-muted-foreground text-sm"
                    >
                      <CircleCheck
                        className="mt-0.5 size-4 shrink-0 text-primary"
                        aria-hidden="true"
                      />
                      {point}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <div className="mt-10 flex flex-col items-center gap-5 text-center">
          <p className="max-w-xl text-balance text-muted-foreground text-sm">
            <Plug className="mr-2 inline size-4 align-[-3px] text-primary" aria-hidden="true" />
            {messages.alsoAvailable}
          </p>
          <NavButton to="/features/multi-channel" variant="hero" size="lg">
            {messages.learnMore}
            <span className="sr-only"> {messages.learnMoreAbout}</span>
            <ArrowRight aria-hidden="true" />
          </NavButton>
        </div>
      </div>
    </section>
  );
}
