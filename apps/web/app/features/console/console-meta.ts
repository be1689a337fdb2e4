import type { MetaDescriptor } from "react-router";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import { consoleMessages } from "./messages";

type ConsolePage = keyof (typeof consoleMessages)["en"]["meta"];

/** Title and description of a console page; none of them is for search engines. */
export function consoleMeta(
  page: ConsolePage,
  {
    location,
    matches,
  }: { location: { pathname: string }; matches: Parameters<typeof getPublicUrl>[0] },
  /** A more specific title (e.g. the bot's name), shown before the page's own. */
  subject?: string,
): MetaDescriptor[] {
  const locale = getLocaleFromPath(location.pathname);
  const texts = consoleMessages[locale].meta[page];
  return pageMeta({
    locale,
    path: location.pathname,
    title: subject ? `${subject} · ${texts.title}` : texts.title,
    description: texts.description,
    publicUrl: getPublicUrl(matches),
    noIndex: true,
  });
}

/** Console pages are one owner's data: never stored by a shared cache or the back button. */
export const consoleHeaders = { "Cache-Control": "private, no-store" };
