import { brand } from "@jai/contracts";
import { ArrowRight, MessageCircle } from "lucide-react";
import { NavButton } from "~/components/layout/nav-button";
import { PageHero } from "~/components/layout/page-hero";
import { useMessages } from "~/i18n/use-locale";
import { ContactForm } from "./contact-form";
import { ContactInfoCard } from "./contact-info-card";
import { contactMessages } from "./messages";

export function ContactPage() {
  const m = useMessages(contactMessages);
  return (
    <div className="relative isolate overflow-clip">
      <div
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-gradient-to-b from-brand-soft via-accent/40 to-transparent"
        aria-hidden="true"
      />
      <div
        className="absolute top-10 -right-24 -z-10 size-72 rounded-full bg-brand-violet/10 blur-3xl"
        aria-hidden="true"
      />
      <PageHero
        icon={MessageCircle}
        eyebrow={m.hero.eyebrow}
        title={m.hero.title}
        intro={m.hero.intro(brand.name)}
        className="mx-auto max-w-3xl px-4 pt-14 pb-10 sm:px-6 sm:pt-20 lg:px-8"
      />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 pb-20 sm:px-6 lg:grid-cols-3 lg:gap-8 lg:px-8">
        <div className="lg:col-span-2">
          <ContactForm />
        </div>
        <aside className="flex flex-col gap-6">
          <ContactInfoCard />
          <section className="rounded-xl bg-gradient-to-br from-primary to-brand-violet p-6 text-primary-foreground shadow-lg">
            <h2 className="font-semibold text-xl leading-tight">{m.cta.title}</h2>
            <p className="mt-2 text-primary-foreground/90 text-sm">{m.cta.text}</p>
            <NavButton to="/pricing" variant="secondary" className="mt-5 w-full">
              {m.cta.button}
              <ArrowRight aria-hidden="true" />
            </NavButton>
          </section>
        </aside>
      </div>
    </div>
  );
}
