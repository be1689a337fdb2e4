export const locales = ["en", "th"] as const;
export type Locale = (typeof locales)[number];

/** A path starting with /th is Thai; any other path is English. */
export function getLocaleFromPath(pathname: string): Locale {
  return pathname === "/th" || pathname.startsWith("/th/") ? "th" : "en";
}

/** Removes the /th prefix and any trailing slash: "/th/pricing/" → "/pricing", "/th" → "/". */
export function stripLocale(pathname: string): string {
  const withoutPrefix = getLocaleFromPath(pathname) === "th" ? pathname.slice(3) : pathname;
  const trimmed = withoutPrefix.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** The same page in the given language: ("/pricing", "th") → "/th/pricing", ("/", "th") → "/th". */
export function localizePath(path: string, locale: Locale): string {
  const base = stripLocale(path);
  if (locale === "en") return base;
  return base === "/" ? "/th" : `/th${base}`;
}

/** BCP 47 tag used for <html lang>, Intl formatting and Open Graph. */
export function localeTag(locale: Locale): string {
  return locale === "th" ? "th-TH" : "en-US";
}
