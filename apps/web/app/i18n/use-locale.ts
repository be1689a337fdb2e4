import { useLocation } from "react-router";
import { getLocaleFromPath, type Locale } from "./locale";

export function useLocale(): Locale {
  return getLocaleFromPath(useLocation().pathname);
}

/** A dictionary in both languages; the Thai one must have the English one's shape. */
export type Bilingual<T> = { readonly en: T; readonly th: T };

/** Picks a feature's dictionary for the current page's language. */
export function useMessages<T>(messages: Bilingual<T>): T {
  return messages[useLocale()];
}
