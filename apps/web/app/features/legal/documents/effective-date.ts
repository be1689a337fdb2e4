import type { Bilingual } from "~/i18n/use-locale";

/** The date every current legal document took effect (Thai uses the Buddhist era). */
export const legalEffectiveDate: Bilingual<string> = {
  en: "1 June 2025",
  th: "1 มิถุนายน 2568",
};
