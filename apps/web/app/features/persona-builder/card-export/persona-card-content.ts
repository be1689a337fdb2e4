import { brand } from "@jai/contracts";
import { type Persona, personaLanguages, personaTones } from "@jai/contracts/persona";
import type { Locale } from "~/i18n/locale";
import { personaRoleText } from "~/i18n/persona-labels";
import { firstLetter } from "~/lib/first-letter";
import { cardExportMessages } from "./messages";

/** Questions shown on a card; a card is a summary, not the whole FAQ. */
export const cardFaqLimit = 3;

export type PersonaCardContent = {
  locale: Locale;
  title: string;
  name: string;
  avatar: string;
  /** The name's first letter, drawn when the avatar cannot be (an emoji in a PDF). */
  initial: string;
  facts: { label: string; value: string }[];
  sections: { heading: string; body: string }[];
  faqHeading: string;
  faqs: { question: string; answer: string }[];
  footer: string;
};

/** What a persona card shows, in the page's language: the same for the PNG and the PDF. */
export function personaCardContent(persona: Persona, locale: Locale): PersonaCardContent {
  const t = cardExportMessages[locale];
  const name = persona.name.trim() || t.unnamed;
  const tone = personaTones.find((value) => value === persona.tone.trim().toLowerCase());
  const toneText = [tone ? t.tones[tone] : persona.tone.trim(), persona.customTone.trim()]
    .filter(Boolean)
    .join(" · ");
  // The suggested roles are stored in English and shown in the card's language.
  const roleText = personaRoleText(persona.role, locale);
  const language = personaLanguages.includes(persona.language) ? persona.language : "english";
  const facts = [
    { label: t.role, value: roleText },
    { label: t.tone, value: toneText },
    { label: t.language, value: t.languages[language] },
  ].filter((fact) => fact.value);
  const sections = [
    { heading: t.bio, body: persona.bio.trim() },
    { heading: t.welcome, body: persona.welcomeMessage.trim() },
  ].filter((section) => section.body);
  const faqs = persona.faqs
    .map((faq) => ({ question: faq.question.trim(), answer: faq.answer.trim() }))
    .filter((faq) => faq.question && faq.answer)
    .slice(0, cardFaqLimit);
  return {
    locale,
    title: t.title,
    name,
    avatar: persona.avatar.trim(),
    initial: firstLetter(name),
    facts,
    sections,
    faqHeading: t.faqs,
    faqs,
    footer: t.madeWith(locale === "th" ? `${brand.name} (${brand.thaiName})` : brand.name),
  };
}

export { firstLetter };
