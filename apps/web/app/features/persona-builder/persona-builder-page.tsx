import {
  ArrowLeft,
  AudioLines,
  BookOpen,
  Check,
  ChevronLeft,
  ChevronRight,
  Hand,
  type LucideIcon,
  MessagesSquare,
  ScrollText,
  Share2,
  SlidersHorizontal,
  UserRound,
  WandSparkles,
} from "lucide-react";
import { useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { PageHero } from "~/components/layout/page-hero";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useMessages } from "~/i18n/use-locale";
import { type PersonaBuilderTab, personaBuilderMessages, personaBuilderTabs } from "./messages";

const tabIcons: Record<PersonaBuilderTab, LucideIcon> = {
  identity: UserRound,
  voice: AudioLines,
  greeting: Hand,
  behavior: MessagesSquare,
  context: ScrollText,
  knowledge: BookOpen,
  advanced: SlidersHorizontal,
  export: Share2,
};

function isTab(value: string): value is PersonaBuilderTab {
  return (personaBuilderTabs as readonly string[]).includes(value);
}

export function PersonaBuilderPage() {
  const m = useMessages(personaBuilderMessages);
  const [activeTab, setActiveTab] = useState<PersonaBuilderTab>("identity");
  const index = personaBuilderTabs.indexOf(activeTab);
  const previousTab = index > 0 ? personaBuilderTabs[index - 1] : null;
  const nextTab = index < personaBuilderTabs.length - 1 ? personaBuilderTabs[index + 1] : null;

  return (
    <div className="relative isolate overflow-clip">
      <div
        className="absolute inset-x-0 top-0 -z-10 h-96 bg-gradient-to-b from-brand-soft via-accent/40 to-transparent"
        aria-hidden="true"
      />
      <div className="mx-auto max-w-5xl px-4 pt-8 pb-20 sm:px-6 lg:px-8">
        <LocaleLink
          to="/"
          className="inline-flex items-center gap-2 rounded-md py-1 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {m.backToHome}
        </LocaleLink>

        <PageHero
          icon={WandSparkles}
          eyebrow={m.hero.eyebrow}
          title={m.hero.title}
          intro={m.hero.intro}
          className="mt-8"
        />

        <Tabs
          value={activeTab}
          onValueChange={(value) => isTab(value) && setActiveTab(value)}
          className="mt-10"
        >
          <TabsList
            aria-label={m.tabsLabel}
            className="grid h-auto w-full grid-cols-4 gap-1 rounded-xl border bg-background/80 p-1.5 shadow-sm backdrop-blur lg:grid-cols-8"
          >
            {personaBuilderTabs.map((tab) => {
              const Icon = tabIcons[tab];
              return (
                <TabsTrigger
                  key={tab}
                  value={tab}
                  className="min-w-0 flex-col gap-1 whitespace-normal px-1.5 py-2 text-center text-xs leading-tight data-[state=active]:bg-primary data-[state=active]:text-primary-foreground sm:text-sm"
                >
                  <Icon aria-hidden="true" />
                  <span className="w-full truncate">{m.tabs[tab].label}</span>
                </TabsTrigger>
              );
            })}
          </TabsList>

          {personaBuilderTabs.map((tab, tabIndex) => {
            const Icon = tabIcons[tab];
            const texts = m.tabs[tab];
            return (
              <TabsContent
                key={tab}
                value={tab}
                className="mt-6 rounded-xl border bg-card p-6 shadow-sm sm:p-10"
              >
                <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
                  <span
                    className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-primary to-brand-violet text-primary-foreground shadow-md"
                    aria-hidden="true"
                  >
                    <Icon className="size-7" />
                  </span>
                  <div className="min-w-0">
                    <p className="font-medium text-primary text-sm">
                      {m.step(tabIndex + 1, personaBuilderTabs.length)} · {texts.label}
                    </p>
                    <h2 className="mt-1 font-semibold text-2xl leading-tight">{texts.title}</h2>
                    <p className="mt-3 max-w-2xl text-muted-foreground">{texts.description}</p>
                    <h3 className="mt-6 font-semibold text-sm">{m.inThisTab}</h3>
                    <ul className="mt-3 flex flex-wrap gap-2">
                      {texts.items.map((item) => (
                        <li
                          key={item}
                          className="inline-flex items-center gap-1.5 rounded-full border border-primary/15 bg-accent/60 px-3 py-1 font-medium text-accent-foreground text-sm"
                        >
                          <Check className="size-3.5" aria-hidden="true" />
                          {item}
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              </TabsContent>
            );
          })}

          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            {previousTab ? (
              <Button variant="outline" onClick={() => setActiveTab(previousTab)}>
                <ChevronLeft aria-hidden="true" />
                {m.previous(m.tabs[previousTab].label)}
              </Button>
            ) : (
              <span className="hidden sm:block" />
            )}
            {nextTab ? (
              <Button onClick={() => setActiveTab(nextTab)}>
                {m.next(m.tabs[nextTab].label)}
                <ChevronRight aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        </Tabs>
      </div>
    </div>
  );
}
