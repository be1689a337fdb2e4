// Kept free of imports other than the locale list: react-router.config.ts reads it to prerender
// every framed legal document.
import { type Locale, locales } from "../../i18n/locale";

export const legalDocumentIds = ["privacy-policy", "terms-of-service", "pdpa"] as const;
export type LegalDocumentId = (typeof legalDocumentIds)[number];

export function isLegalDocumentId(value: string | undefined): value is LegalDocumentId {
  return (legalDocumentIds as readonly string[]).includes(value ?? "");
}

export function isDocumentLocale(value: string | undefined): value is Locale {
  return (locales as readonly string[]).includes(value ?? "");
}

/** Where the standalone document is served (and framed from): "/documents/th/pdpa". */
export function legalDocumentPath(locale: Locale, id: LegalDocumentId): string {
  return `/documents/${locale}/${id}`;
}

/** Every document path, for the prerender list. */
export function listLegalDocumentPaths(): string[] {
  return locales.flatMap((locale) => legalDocumentIds.map((id) => legalDocumentPath(locale, id)));
}

/** The site page that frames each document (English path; LocaleLink adds /th). */
export const legalPagePaths: Record<LegalDocumentId, string> = {
  "privacy-policy": "/privacy-policy",
  "terms-of-service": "/tos",
  pdpa: "/pdpa",
};
