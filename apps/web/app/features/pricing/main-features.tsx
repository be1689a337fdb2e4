import { ArrowRight, BellRing, Bot, MessagesSquare, UserRoundPen } from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { useMessages } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { pricingMessages } from "./messages";

const features = [
  { key: "aiChatbot", icon: Bot, to: "/features/ai-chatbot" },
  { key: "personaBuilder", icon: UserRoundPen, to: "/features/persona-builder" },
  { key: "multiChannel", icon: MessagesSquare, to: "/features/multi-channel" },
  { key: "crmAlerts", icon: BellRing, to: "/features/others" },
] as const;

/** The four main features every plan includes, each linking to its feature page. */
export function MainFeatures() {
  const messages = useMessages(pricingMessages);
  const { mainFeatures } = messages;
  return (
    <section
      aria-labelledby="main-features-title"
      className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="main-features-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
          {mainFeatures.title}
        </h2>
        <p className="mt-3 text-muted-foreground">{mainFeatures.intro}</p>
      </div>
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ key, icon: Icon, to }) => {
          const item = mainFeatures.items[key];
          return (
            <li
              key={key}
              className="group relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold text-lg">{keepThaiWords(item.title)}</h3>
              <p className="mt-2 flex-1 text-muted-foreground text-sm">
                {keepThaiWords(item.text)}
              </p>
              <LocaleLink
                to={to}
                className="mt-4 inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary text-sm after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {mainFeatures.learnMore}
                <span className="sr-only">: {item.title}</span>
                <ArrowRight
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </LocaleLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
