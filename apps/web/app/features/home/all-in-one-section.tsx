import {
  ArrowRight,
  BellRing,
  Check,
  Handshake,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  ReceiptText,
  Store,
  ThumbsUp,
  UserRoundCheck,
  UserRoundPen,
  Workflow,
} from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { NavButton } from "~/components/layout/nav-button";
import { useHomeMessages } from "./home-messages-context";
import type { HomeMessages } from "./messages";
import { SectionHeading } from "./section-heading";

type CardKey = keyof HomeMessages["allInOne"]["cards"];
type SupportiveKey = keyof HomeMessages["allInOne"]["supportive"]["items"];

const featureCards: ReadonlyArray<{ key: CardKey; icon: LucideIcon; to: string }> = [
  { key: "personaBuilder", icon: UserRoundPen, to: "/features/persona-builder" },
  { key: "multiChannel", icon: MessagesSquare, to: "/features/multi-channel" },
  { key: "dashboard", icon: LayoutDashboard, to: "/features/dashboard" },
];

const supportiveFeatures: ReadonlyArray<{ key: SupportiveKey; icon: LucideIcon }> = [
  { key: "smartNotification", icon: BellRing },
  { key: "inbox", icon: Inbox },
  { key: "billing", icon: ReceiptText },
  { key: "handoff", icon: UserRoundCheck },
  { key: "integration", icon: Workflow },
  { key: "feedback", icon: ThumbsUp },
  { key: "consulting", icon: Handshake },
];

/** Section 3: the three core products, the marketplace and the supportive features. */
export function AllInOneSection() {
  const messages = useHomeMessages().allInOne;
  return (
    <section aria-labelledby="all-in-one-title" className="bg-muted/50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="all-in-one-title"
          eyebrow={messages.eyebrow}
          title={messages.title}
          subtitle={messages.subtitle}
        />

        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {featureCards.map(({ key, icon: Icon, to }) => {
            const card = messages.cards[key];
            return (
              <li key={key} className="flex flex-col rounded-2xl border bg-card p-7 shadow-sm">
                <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-primary">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 font-semibold text-xl">{card.title}</h3>
                <p className="mt-2 text-muted-foreground">{card.description}</p>
                <ul className="mt-5 flex flex-col gap-2.5">
                  {card.points.map((point) => (
                    <li key={point} className="flex items-start gap-2.5 text-sm">
                      <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                      {point}
                    </li>
                  ))}
                </ul>
                <div className="mt-auto pt-7">
                  <NavButton to={to} variant="outline" className="w-full">
                    {messages.learnMore}
                    <span className="sr-only">
                      {" "}
                      {messages.learnMoreAbout} {card.title}
                    </span>
                    <ArrowRight aria-hidden="true" />
                  </NavButton>
                </div>
              </li>
            );
          })}
        </ul>

        <div className="mt-6 grid gap-6 lg:grid-cols-5">
          <MarketplaceCard />
          <SupportiveFeatures />
        </div>
      </div>
    </section>
  );
}

function MarketplaceCard() {
  const marketplace = useHomeMessages().allInOne.marketplace;
  return (
    <div className="relative isolate overflow-hidden rounded-2xl bg-linear-to-br from-accent-foreground via-primary to-brand-violet p-7 text-white shadow-lg lg:col-span-2">
      <Store
        className="-right-6 -bottom-6 -z-10 absolute size-40 text-white/10"
        aria-hidden="true"
      />
      <span className="flex size-12 items-center justify-center rounded-xl bg-white/15">
        <Store className="size-6" aria-hidden="true" />
      </span>
      <h3 className="mt-5 font-semibold text-xl">{marketplace.title}</h3>
      <p className="mt-2 text-white/90">{marketplace.description}</p>
      <p className="mt-5 font-medium text-sm text-white/90">{marketplace.categoriesLabel}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {marketplace.categories.map((category) => (
          <li
            key={category}
            className="rounded-full bg-white/15 px-3 py-1 font-medium text-sm ring-1 ring-white/25"
          >
            {category}
          </li>
        ))}
      </ul>
      <NavButton
        to="/features/marketplace"
        variant="secondary"
        className="mt-7 bg-white font-semibold text-primary hover:bg-white/90"
      >
        {marketplace.cta}
        <ArrowRight aria-hidden="true" />
      </NavButton>
    </div>
  );
}

function SupportiveFeatures() {
  const supportive = useHomeMessages().allInOne.supportive;
  return (
    <div className="rounded-2xl border bg-card p-7 shadow-sm lg:col-span-3">
      <h3 className="font-semibold text-xl">{supportive.title}</h3>
      <p className="mt-2 text-muted-foreground">{supportive.subtitle}</p>
      <ul className="mt-6 flex flex-wrap gap-3">
        {supportiveFeatures.map(({ key, icon: Icon }) => (
          <li
            key={key}
            className="inline-flex items-center gap-2 rounded-full border border-primary/15 bg-brand-soft px-4 py-2 font-medium text-accent-foreground text-sm"
          >
            <Icon className="size-4 text-primary" aria-hidden="true" />
            {supportive.items[key]}
          </li>
        ))}
      </ul>
      <LocaleLink
        to="/features/others"
        className="mt-6 inline-flex items-center gap-1.5 rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {supportive.seeAll}
        <ArrowRight className="size-4" aria-hidden="true" />
      </LocaleLink>
    </div>
  );
}
