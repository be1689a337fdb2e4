import type { MetaDescriptor } from "react-router";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import { accountMessages } from "./messages";

type AccountPage = keyof (typeof accountMessages)["en"]["meta"];

/** Title and description of an account page; none of them is for search engines. */
export function accountPageMeta(
  page: AccountPage,
  path: string,
  {
    location,
    matches,
  }: { location: { pathname: string }; matches: Parameters<typeof getPublicUrl>[0] },
): MetaDescriptor[] {
  const locale = getLocaleFromPath(location.pathname);
  const texts = accountMessages[locale].meta[page];
  return pageMeta({
    locale,
    path,
    title: texts.title,
    description: texts.description,
    publicUrl: getPublicUrl(matches),
    noIndex: true,
  });
}

/** Account pages are about one person: never stored by a shared cache or the back button. */
export const accountPageHeaders = { "Cache-Control": "private, no-store" };
