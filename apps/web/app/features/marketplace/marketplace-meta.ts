import type { MetaDescriptor } from "react-router";
import { getLocaleFromPath } from "~/i18n/locale";
import { getPublicUrl, pageMeta } from "~/lib/page-meta";
import { marketplaceMessages } from "./messages";

/** Title and description of a marketplace console page; none of them is for search engines. */
export function marketplaceMeta(
  page: "mine" | "review",
  {
    location,
    matches,
  }: { location: { pathname: string }; matches: Parameters<typeof getPublicUrl>[0] },
): MetaDescriptor[] {
  const locale = getLocaleFromPath(location.pathname);
  const texts = marketplaceMessages[locale].meta[page];
  return pageMeta({
    locale,
    path: location.pathname,
    title: texts.title,
    description: texts.description,
    publicUrl: getPublicUrl(matches),
    noIndex: true,
  });
}
