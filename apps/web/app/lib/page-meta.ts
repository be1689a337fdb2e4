import { brand } from "@jai/contracts";
import type { MetaDescriptor } from "react-router";
import { type Locale, localeTag, localizePath } from "~/i18n/locale";

export type PageMetaInput = {
  locale: Locale;
  /** The page's path without the /th prefix, e.g. "/pricing". */
  path: string;
  title: string;
  description: string;
  publicUrl: string;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  /** Pages that must not be indexed (e.g. 404, a bot's private page). */
  noIndex?: boolean;
};

export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${path === "/" ? "/" : path.replace(/\/+$/, "")}`;
}

/** Title, description, canonical, hreflang alternates, Open Graph and JSON-LD of a page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const { locale, path, description, publicUrl } = input;
  const title = input.title.includes(brand.name) ? input.title : `${input.title} | ${brand.name}`;
  const url = absoluteUrl(publicUrl, localizePath(path, locale));
  const englishUrl = absoluteUrl(publicUrl, localizePath(path, "en"));
  const thaiUrl = absoluteUrl(publicUrl, localizePath(path, "th"));
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: englishUrl },
    { tagName: "link", rel: "alternate", hrefLang: "th", href: thaiUrl },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: englishUrl },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: absoluteUrl(publicUrl, "/og-image.png") },
    { property: "og:locale", content: localeTag(locale).replace("-", "_") },
    {
      property: "og:locale:alternate",
      content: localeTag(locale === "en" ? "th" : "en").replace("-", "_"),
    },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (input.noIndex) meta.push({ name: "robots", content: "noindex" });
  if (input.jsonLd) meta.push({ "script:ld+json": input.jsonLd });
  return meta;
}

type MatchWithData = { id: string; data?: unknown } | undefined;

/** The public URL the root loader put in its data (absolute URLs in meta need it). */
export function getPublicUrl(matches: readonly MatchWithData[]): string {
  const root = matches.find((match) => match?.id === "root");
  const data = root?.data as { publicUrl?: string } | undefined;
  return data?.publicUrl ?? "http://localhost:3000";
}
