import {
  ArrowRight,
  BookOpenText,
  BrainCircuit,
  ChartColumnIncreasing,
  History,
  type LucideIcon,
  RefreshCcwDot,
  ScanEye,
  TrendingUp,
} from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { useHomeMessages } from "./home-messages-context";
import type { HomeMessages } from "./messages";
import { SectionHeading } from "./section-heading";

type CapabilityKey = keyof HomeMessages["capabilities"]["items"];

const capabilities: ReadonlyArray<{ key: CapabilityKey; icon: LucideIcon }> = [
  { key: "predictive", icon: TrendingUp },
  { key: "languageModel", icon: BrainCircuit },
  { key: "analytics", icon: ChartColumnIncreasing },
  { key: "selfImprovement", icon: RefreshCcwDot },
  { key: "imageRecognition", icon: ScanEye },
  { key: "knowledgeBase", icon: BookOpenText },
  { key: "memory", icon: History },
];

/** Section 2: the seven capabilities every bot has, closed by a link to the AI Chatbot page. */
export function CapabilitiesSection() {
  const messages = useHomeMessages().capabilities;
  return (
    <section aria-labelledby="capabilities-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="capabilities-title"
          eyebrow={messages.eyebrow}
          title={messages.title}
          subtitle={messages.subtitle}
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {capabilities.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="group flex gap-4 rounded-2xl border bg-card p-5 shadow-sm transition-all hover:-translate-y-1 hover:border-primary/30 hover:shadow-lg sm:block sm:p-6"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-linear-to-br sm:size-12 from-primary to-brand-violet text-white shadow-md shadow-primary/20">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-lg sm:mt-5">{messages.items[key].title}</h3>
                <p className="mt-1 text-muted-foreground text-sm sm:mt-2">
                  {messages.items[key].description}
                </p>
              </div>
            </li>
          ))}
          <li>
            <LocaleLink
              to="/features/ai-chatbot"
              className="group flex h-full min-h-36 flex-col justify-between rounded-2xl bg-linear-to-br from-primary to-brand-violet p-6 text-white shadow-lg shadow-primary/25 transition-all hover:-translate-y-1 hover:shadow-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            >
              <span className="font-semibold text-lg">{messages.explore.title}</span>
              <span className="mt-4 inline-flex items-center gap-2 font-medium text-sm text-white/95">
                {messages.explore.description}
                <ArrowRight
                  className="size-4 transition-transform group-hover:translate-x-1"
                  aria-hidden="true"
                />
              </span>
            </LocaleLink>
          </li>
        </ul>
      </div>
    </section>
  );
}
