import { brand } from "@jai/contracts";
import {
  Heart,
  Languages,
  type LucideIcon,
  MessagesSquare,
  MousePointerClick,
  ShieldCheck,
  Sparkles,
  Target,
  Telescope,
  Wallet,
} from "lucide-react";
import { NavButton } from "~/components/layout/nav-button";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { type TeamMessages, teamMessages } from "./messages";
import { type TeamMember, teamMembers } from "./team-members";

const sectionClass = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";

export function TeamPage() {
  const messages = useMessages(teamMessages);
  return (
    <>
      <Hero messages={messages} />
      <Story messages={messages} />
      <VisionAndMission messages={messages} />
      <Values messages={messages} />
      <Team messages={messages} />
      <CallToAction messages={messages} />
    </>
  );
}

type SectionProps = { messages: TeamMessages };

function Hero({ messages }: SectionProps) {
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-brand-soft via-background to-background">
      <div
        aria-hidden="true"
        className="-top-32 -left-24 pointer-events-none absolute size-96 rounded-full bg-primary/10 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="-right-24 pointer-events-none absolute top-24 size-80 rounded-full bg-brand-violet/10 blur-3xl"
      />
      <div
        className={cn(
          sectionClass,
          "relative grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:py-24",
        )}
      >
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-accent bg-background/80 px-3 py-1 font-medium text-accent-foreground text-sm">
            <Heart className="size-4 fill-current" aria-hidden="true" />
            {messages.hero.eyebrow}
          </p>
          <h1 className="mt-5 text-balance font-bold text-4xl tracking-tight sm:text-5xl lg:text-6xl">
            {messages.hero.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground sm:text-xl">
            {messages.hero.lead}
          </p>
        </div>
        <WordCard messages={messages} />
      </div>
    </section>
  );
}

/** The meaning of ใจ, and the everyday Thai words built on it. */
function WordCard({ messages }: SectionProps) {
  const { word } = messages;
  return (
    <div className="relative rounded-3xl border bg-card p-6 shadow-primary/10 shadow-xl sm:p-8">
      <p className="font-medium text-primary text-sm">{word.label}</p>
      <div className="mt-4 flex items-end gap-5">
        <span
          lang="th"
          className="bg-gradient-to-br from-primary to-brand-violet bg-clip-text pt-3 font-bold text-7xl text-transparent leading-tight sm:text-8xl"
        >
          {brand.thaiName}
        </span>
        <span className="pb-3">
          <span className="block text-muted-foreground text-sm">{word.reading}</span>
          <span className="block font-semibold text-lg">{word.meaning}</span>
        </span>
      </div>
      <p className="mt-6 text-muted-foreground text-sm">{word.intro}</p>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {word.expressions.map((expression) => (
          <div
            key={expression.term}
            className="rounded-xl border border-accent bg-brand-soft px-4 py-3"
          >
            <dt lang="th" className="font-semibold text-accent-foreground text-lg">
              {expression.term}
            </dt>
            <dd className="text-muted-foreground text-sm leading-relaxed">{expression.meaning}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const highlightIcons: readonly LucideIcon[] = [Languages, MessagesSquare, Wallet];

function Story({ messages }: SectionProps) {
  const { story } = messages;
  return (
    <section
      aria-labelledby="story-title"
      className={cn(sectionClass, "grid gap-12 py-16 sm:py-20 lg:grid-cols-[1.3fr_1fr]")}
    >
      <div>
        <h2 id="story-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
          {story.title}
        </h2>
        <div className="mt-6 space-y-5 text-lg text-muted-foreground">
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
      <ul className="flex flex-col gap-4 self-center">
        {story.highlights.map((highlight, index) => {
          const Icon = highlightIcons[index % highlightIcons.length]!;
          return (
            <li
              key={highlight.title}
              className="flex gap-4 rounded-2xl border bg-card p-5 shadow-sm"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold">{highlight.title}</span>
                <span className="mt-1 block text-muted-foreground text-sm leading-relaxed">
                  {highlight.text}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function VisionAndMission({ messages }: SectionProps) {
  return (
    <section className="bg-muted/40 py-16 sm:py-20">
      <div className={cn(sectionClass, "grid gap-6 md:grid-cols-2")}>
        <article className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-primary to-brand-violet p-8 text-primary-foreground shadow-lg sm:p-10">
          <div
            aria-hidden="true"
            className="-right-10 -bottom-10 pointer-events-none absolute size-48 rounded-full bg-white/10"
          />
          <span className="flex size-12 items-center justify-center rounded-2xl bg-white/15">
            <Telescope className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-6 font-bold text-2xl sm:text-3xl">{messages.vision.title}</h2>
          <p className="relative mt-4 text-lg leading-relaxed">{messages.vision.text}</p>
        </article>
        <article className="rounded-3xl border bg-card p-8 shadow-sm sm:p-10">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
            <Target className="size-6" aria-hidden="true" />
          </span>
          <h2 className="mt-6 font-bold text-2xl sm:text-3xl">{messages.mission.title}</h2>
          <p className="mt-4 text-lg text-muted-foreground leading-relaxed">
            {messages.mission.text}
          </p>
        </article>
      </div>
    </section>
  );
}

const valueIcons: Record<keyof TeamMessages["values"]["items"], LucideIcon> = {
  simplicity: MousePointerClick,
  innovation: Sparkles,
  trust: ShieldCheck,
};

function Values({ messages }: SectionProps) {
  const { values } = messages;
  const keys = Object.keys(values.items) as (keyof typeof values.items)[];
  return (
    <section aria-labelledby="values-title" className={cn(sectionClass, "py-16 sm:py-20")}>
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="values-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
          {values.title}
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">{values.lead}</p>
      </div>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {keys.map((key) => {
          const Icon = valueIcons[key];
          const value = values.items[key];
          return (
            <li
              key={key}
              className="group rounded-2xl border bg-card p-7 shadow-sm transition hover:border-primary/30 hover:shadow-md"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-primary to-brand-violet text-primary-foreground shadow-md">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 font-semibold text-xl">{value.title}</h3>
              <p className="mt-3 text-muted-foreground">{value.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const avatarGradients = [
  "from-violet-600 to-fuchsia-700",
  "from-indigo-600 to-violet-700",
  "from-fuchsia-700 to-pink-600",
  "from-purple-700 to-indigo-600",
];

function Team({ messages }: SectionProps) {
  const { team } = messages;
  return (
    <section aria-labelledby="team-title" className="border-t bg-muted/40 py-16 sm:py-20">
      <div className={sectionClass}>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="team-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
            {team.title}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{team.lead}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {teamMembers.map((member, index) => (
            <li key={member.id}>
              <MemberCard
                member={member}
                messages={messages}
                gradient={avatarGradients[index % avatarGradients.length]!}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function MemberCard({
  member,
  messages,
  gradient,
}: SectionProps & { member: TeamMember; gradient: string }) {
  const locale = useLocale();
  const role = messages.team.roles[member.role];
  return (
    <article className="flex h-full flex-col items-center rounded-2xl border bg-card p-6 text-center shadow-sm transition hover:shadow-md">
      <div className="relative">
        <div
          aria-hidden="true"
          className={cn(
            "flex size-24 items-center justify-center rounded-full bg-gradient-to-br font-bold text-3xl text-white shadow-lg ring-4 ring-brand-soft",
            gradient,
          )}
        >
          {member.initials[locale]}
        </div>
        <span className="-bottom-2 -translate-x-1/2 absolute left-1/2 whitespace-nowrap rounded-full border bg-background px-2.5 py-0.5 font-semibold text-primary text-xs shadow-sm">
          {role.short}
        </span>
      </div>
      <h3 className="mt-6 font-semibold text-lg">{member.name[locale]}</h3>
      {locale === "en" ? (
        <p lang="th" className="text-muted-foreground text-sm">
          {member.name.th}
        </p>
      ) : null}
      <p className="mt-1 font-medium text-primary text-sm">{role.title}</p>
      <p className="mt-3 text-muted-foreground text-sm leading-relaxed">{member.bio[locale]}</p>
    </article>
  );
}

function CallToAction({ messages }: SectionProps) {
  const { cta } = messages;
  return (
    <section className={cn(sectionClass, "py-16 sm:py-20")}>
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-r from-primary to-brand-violet px-6 py-12 text-center text-primary-foreground shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="-top-16 -left-16 pointer-events-none absolute size-56 rounded-full bg-white/10"
        />
        <div
          aria-hidden="true"
          className="-right-12 -bottom-20 pointer-events-none absolute size-64 rounded-full bg-white/10"
        />
        <h2 className="relative font-bold text-3xl tracking-tight sm:text-4xl">{cta.title}</h2>
        <p className="relative mx-auto mt-4 max-w-2xl text-lg">{cta.text}</p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <NavButton
            to="/pricing"
            size="xl"
            variant="secondary"
            className="bg-white text-primary hover:bg-white/90"
          >
            {cta.primary}
          </NavButton>
          <NavButton
            to="/contact"
            size="xl"
            variant="outline"
            className="border-white/70 bg-transparent text-white hover:bg-white/10 hover:text-white"
          >
            {cta.secondary}
          </NavButton>
        </div>
      </div>
    </section>
  );
}
