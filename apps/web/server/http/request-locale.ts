import type { Locale } from "@jai/contracts/locale";

/** The language to answer an API request in: an explicit choice, else Accept-Language, else English. */
export function requestLocale(request: Request, explicit?: string | null): Locale {
  if (explicit === "th" || explicit === "en") return explicit;
  const header = request.headers.get("accept-language") ?? "";
  const first = header.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("th") ? "th" : "en";
}
