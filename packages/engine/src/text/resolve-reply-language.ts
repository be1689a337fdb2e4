import type { PersonaLanguage } from "../persona";
import { detectLanguage, type ReplyLanguage } from "./detect-language";

const byPersonaLanguage: Record<Exclude<PersonaLanguage, "auto">, ReplyLanguage> = {
  english: "en",
  thai: "th",
  spanish: "es",
  french: "fr",
  german: "de",
};

/**
 * The language a turn is answered in: the persona's, or with `auto` the user's message's (Thai
 * script → Thai, else English; a model is told to follow the user's language whatever it is,
 * this only picks the engine's own texts). `auto` is reported so the prompt can say so.
 */
export function resolveReplyLanguage(
  personaLanguage: PersonaLanguage,
  userMessage: string,
): { language: ReplyLanguage; isAuto: boolean } {
  if (personaLanguage === "auto") return { language: detectLanguage(userMessage), isAuto: true };
  return { language: byPersonaLanguage[personaLanguage], isAuto: false };
}
