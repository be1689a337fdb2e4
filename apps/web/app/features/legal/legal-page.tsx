import { ArrowRight, CalendarDays, ExternalLink, FileText, Languages, Scale } from "lucide-react";
import { LocaleLink } from "~/components/layout/locale-link";
import { useCommonMessages } from "~/i18n/messages";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { keepThaiWords } from "~/lib/thai-line-breaks";
import { legalEffectiveDate } from "./documents/effective-date";
import {
  type LegalDocumentId,
  legalDocumentIds,
  legalDocumentPath,
  legalPagePaths,
} from "./legal-document-ids";
import { legalMessages } from "./messages";

/** A legal page: its title, then our own document in a 4:3 viewer frame. */
export function LegalPage({ documentId }: { documentId: LegalDocumentId }) {
  const locale = useLocale();
  const messages = useMessages(legalMessages);
  const common = useCommonMessages();
  const page = messages.pages[documentId];
  const documentUrl = legalDocumentPath(locale, documentId);
  const otherDocuments = legalDocumentIds.filter((id) => id !== documentId);

  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-brand-soft to-background">
        <div
          aria-hidden="true"
          className="-top-24 -right-24 pointer-events-none absolute size-72 rounded-full bg-primary/10 blur-3xl"
        />
        <div className="relative mx-auto max-w-5xl px-4 pt-14 pb-10 sm:px-6 lg:px-8">
          <p className="inline-flex items-center gap-2 rounded-full border border-accent bg-background/80 px-3 py-1 font-medium text-accent-foreground text-sm">
            <Scale className="size-4" aria-hidden="true" />
            {messages.eyebrow}
          </p>
          <h1 className="mt-4 font-bold text-4xl tracking-tight sm:text-5xl">
            {keepThaiWords(page.title)}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-muted-foreground">
            {keepThaiWords(page.intro)}
          </p>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-muted-foreground text-sm">
            <li className="inline-flex items-center gap-2">
              <CalendarDays className="size-4 text-primary" aria-hidden="true" />
              {messages.effective(legalEffectiveDate[locale])}
            </li>
            <li className="inline-flex items-center gap-2">
              <Languages className="size-4 text-primary" aria-hidden="true" />
              {messages.bilingualNote}
            </li>
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="overflow-hidden rounded-2xl border bg-card shadow-primary/5 shadow-xl">
          <div className="flex items-center gap-3 border-b bg-muted/60 px-4 py-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-brand-violet text-primary-foreground">
              <FileText className="size-4" aria-hidden="true" />
            </span>
            <span className="truncate font-medium text-sm">{page.frameTitle}</span>
          </div>
          <iframe
            title={page.frameTitle}
            src={documentUrl}
            // On a phone a 4:3 frame is a letterbox (~290 px): most of the screen instead.
            className="block h-[80dvh] min-h-[28rem] w-full bg-white sm:h-auto sm:aspect-[4/3]"
          />
        </div>
        <p className="mt-4">
          <a
            href={documentUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {messages.openDocument}
            <span className="sr-only">{common.externalLink}</span>
          </a>
        </p>
      </section>

      <section
        aria-labelledby="other-legal-documents"
        className="mx-auto max-w-5xl px-4 pb-16 sm:px-6 lg:px-8"
      >
        <h2 id="other-legal-documents" className="font-semibold text-xl">
          {messages.otherDocuments}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {otherDocuments.map((id) => (
            <li key={id}>
              <LocaleLink
                to={legalPagePaths[id]}
                className="group flex h-full items-center justify-between gap-3 rounded-xl border bg-card p-5 shadow-sm transition hover:border-primary/40 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex gap-3">
                  <FileText className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span>
                    <span className="block font-medium">{messages.pages[id].title}</span>
                    <span className="mt-1 line-clamp-2 text-muted-foreground text-sm leading-relaxed">
                      {messages.pages[id].meta.description}
                    </span>
                  </span>
                </span>
                <ArrowRight
                  className="size-4 shrink-0 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary"
                  aria-hidden="true"
                />
              </LocaleLink>
            </li>
          ))}
          <li className="sm:col-span-2 lg:col-span-1">
            <div className="flex h-full flex-col justify-center rounded-xl border border-accent bg-brand-soft p-5">
              <p className="font-medium">{messages.questions.title}</p>
              <p className="mt-1 text-muted-foreground text-sm leading-relaxed">
                {messages.questions.text}
              </p>
              <LocaleLink
                to="/contact"
                className="mt-2 inline-flex w-fit items-center gap-1 rounded-sm font-medium text-primary text-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {messages.questions.contact}
                <ArrowRight className="size-4" aria-hidden="true" />
              </LocaleLink>
            </div>
          </li>
        </ul>
      </section>
    </>
  );
}
