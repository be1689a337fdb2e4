import type { Persona } from "@jai/contracts/persona";
import { PersonaAvatar } from "~/components/avatar/persona-avatar";
import type { Locale } from "~/i18n/locale";
import { cn } from "~/lib/cn";
import { personaCardContent } from "./persona-card-content";

/**
 * The persona card as a page element (the Card Preview dialog): the same content, in the same
 * order, as the PNG and PDF exports.
 */
export function PersonaCard({
  persona,
  locale,
  className,
}: {
  persona: Persona;
  locale: Locale;
  className?: string;
}) {
  const content = personaCardContent(persona, locale);
  return (
    <article
      className={cn("overflow-hidden rounded-xl border bg-card shadow-sm", className)}
      aria-label={`${content.title}: ${content.name}`}
    >
      <header className="flex items-center gap-4 bg-primary p-5 text-primary-foreground">
        <PersonaAvatar
          avatar={content.avatar}
          name={content.name}
          size="lg"
          className="border-2 border-white bg-white text-primary"
        />
        <div className="min-w-0">
          <p className="text-primary-foreground/80 text-sm">{content.title}</p>
          <h3 className="break-words font-bold text-2xl leading-snug">{content.name}</h3>
        </div>
      </header>
      <div className="grid gap-4 p-5">
        {content.facts.length > 0 && (
          <dl className="grid gap-2 sm:grid-cols-3">
            {content.facts.map((fact) => (
              <div key={fact.label} className="rounded-lg bg-muted p-3">
                <dt className="text-muted-foreground text-xs">{fact.label}</dt>
                <dd className="break-words font-semibold text-sm">{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {content.sections.map((section) => (
          <section key={section.heading} className="grid gap-1">
            <h4 className="font-semibold text-sm">{section.heading}</h4>
            <p className="line-clamp-6 whitespace-pre-line break-words text-muted-foreground text-sm">
              {section.body}
            </p>
          </section>
        ))}
        {content.faqs.length > 0 && (
          <section className="grid gap-2">
            <h4 className="font-semibold text-sm">{content.faqHeading}</h4>
            <dl className="grid gap-2">
              {content.faqs.map((faq, index) => (
                // FAQs have no id; their order is stable while the card is shown.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <div key={index}>
                  <dt className="break-words font-medium text-sm">{faq.question}</dt>
                  <dd className="line-clamp-3 break-words text-muted-foreground text-sm">
                    {faq.answer}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        <p className="text-muted-foreground text-xs">{content.footer}</p>
      </div>
    </article>
  );
}
