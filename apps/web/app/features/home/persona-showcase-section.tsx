import {
  BriefcaseBusiness,
  Building2,
  Cpu,
  GitBranch,
  type LucideIcon,
  Smile,
  SquareTerminal,
  Target,
  UserRoundCog,
  WandSparkles,
} from "lucide-react";
import { NavButton } from "~/components/layout/nav-button";
import { cn } from "~/lib/cn";
import { useHomeMessages } from "./home-messages-context";
import type { HomeMessages } from "./messages";
import { eyebrowClass, SectionHeading } from "./section-heading";

type PersonaKey = keyof HomeMessages["personas"]["items"];
type CustomizationKey = keyof HomeMessages["personas"]["customization"];

// Each persona gets its own avatar colours; class strings are spelled out for Tailwind's scanner.
const personas: ReadonlyArray<{ key: PersonaKey; icon: LucideIcon; avatar: string; chip: string }> =
  [
    {
      key: "professional",
      icon: BriefcaseBusiness,
      avatar: "from-indigo-600 to-primary",
      chip: "bg-indigo-50 text-indigo-800",
    },
    {
      key: "friendly",
      icon: Smile,
      avatar: "from-pink-500 to-rose-600",
      chip: "bg-rose-50 text-rose-800",
    },
    {
      key: "tech",
      icon: Cpu,
      avatar: "from-sky-500 to-cyan-700",
      chip: "bg-sky-50 text-sky-800",
    },
    {
      key: "sales",
      icon: Target,
      avatar: "from-amber-500 to-orange-600",
      chip: "bg-amber-50 text-amber-800",
    },
  ];

const customizations: ReadonlyArray<{ key: CustomizationKey; icon: LucideIcon }> = [
  { key: "traits", icon: UserRoundCog },
  { key: "flow", icon: GitBranch },
  { key: "industry", icon: Building2 },
  { key: "prompts", icon: SquareTerminal },
];

/** Section 4: four ready-made personas, four ways to customise, and the builder's call to action. */
export function PersonaShowcaseSection() {
  const messages = useHomeMessages().personas;
  return (
    <section aria-labelledby="personas-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="personas-title"
          eyebrow={messages.eyebrow}
          title={messages.title}
          subtitle={messages.subtitle}
        />

        <h3 className={cn(eyebrowClass, "mt-14 text-muted-foreground")}>
          {messages.readyMadeTitle}
        </h3>
        <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {personas.map(({ key, icon: Icon, avatar, chip }) => {
            const persona = messages.items[key];
            return (
              <li
                key={key}
                className="flex flex-col items-center rounded-2xl border bg-card p-6 text-center shadow-sm transition-shadow hover:shadow-lg"
              >
                <span
                  className={cn(
                    "flex size-16 items-center justify-center rounded-full bg-linear-to-br text-white shadow-lg ring-4 ring-white sm:size-20",
                    avatar,
                  )}
                >
                  <Icon className="size-7 sm:size-9" aria-hidden="true" />
                </span>
                <h4 className="mt-5 font-semibold text-lg">{persona.name}</h4>
                <p className="mt-1 text-muted-foreground text-sm">{persona.tagline}</p>
                <ul
                  aria-label={messages.traitsLabel}
                  className="mt-5 flex flex-wrap justify-center gap-2"
                >
                  {persona.traits.map((trait) => (
                    <li
                      key={trait}
                      className={cn("rounded-full px-3 py-1 font-medium text-xs", chip)}
                    >
                      {trait}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>

        <h3 className={cn(eyebrowClass, "mt-16 text-muted-foreground")}>
          {messages.customizeTitle}
        </h3>
        <ul className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {customizations.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="flex gap-4 rounded-2xl bg-brand-soft p-5 ring-1 ring-primary/10"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-background text-primary shadow-sm">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h4 className="font-semibold">{messages.customization[key].title}</h4>
                <p className="mt-1 text-muted-foreground text-sm">
                  {messages.customization[key].description}
                </p>
              </div>
            </li>
          ))}
        </ul>

        <div className="mt-12 flex justify-center">
          <NavButton to="/persona-builder" variant="hero" size="xl">
            <WandSparkles aria-hidden="true" />
            {messages.cta}
          </NavButton>
        </div>
      </div>
    </section>
  );
}
