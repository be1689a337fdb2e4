// Type-only: the contracts module carries zod, which must stay out of the pages' shared chunk.
import type { PersonaLanguage, PersonaTone, personaRoles } from "@jai/contracts/persona";
import type { Locale } from "./locale";
import type { Bilingual } from "./use-locale";

export type PersonaRole = (typeof personaRoles)[number];

// How every page names a persona's suggested roles, tones and languages (the builder's choices,
// the card, the console, the marketplace): one set of words per language.

/** The builder's suggested roles (stored in English) as every page shows them. */
export const personaRoleNames: Bilingual<Readonly<Record<PersonaRole, string>>> = {
  en: {
    "Support Agent": "Support Agent",
    "Sales Assistant": "Sales Assistant",
    Consultant: "Consultant",
    Teacher: "Teacher",
    "Customer Service": "Customer Service",
    "Technical Expert": "Technical Expert",
    Coach: "Coach",
    Advisor: "Advisor",
  },
  th: {
    "Support Agent": "เจ้าหน้าที่ดูแลลูกค้า",
    "Sales Assistant": "ผู้ช่วยฝ่ายขาย",
    Consultant: "ที่ปรึกษา",
    Teacher: "ครู",
    "Customer Service": "ฝ่ายบริการลูกค้า",
    "Technical Expert": "ผู้เชี่ยวชาญด้านเทคนิค",
    Coach: "โค้ช",
    Advisor: "ผู้ให้คำแนะนำ",
  },
};

/** A persona's role in `locale` when it is a suggested one; a role the owner typed, as typed. */
export function personaRoleText(role: string, locale: Locale): string {
  const trimmed = role.trim();
  return isSuggestedRole(trimmed) ? personaRoleNames[locale][trimmed] : trimmed;
}

/** Whether the role is the owner's own words (not translated, so marked as user content). */
export function isSuggestedRole(role: string): role is PersonaRole {
  return Object.hasOwn(personaRoleNames.en, role);
}

export const personaToneNames: Bilingual<Readonly<Record<PersonaTone, string>>> = {
  en: {
    friendly: "Friendly",
    formal: "Formal",
    fun: "Fun",
    professional: "Professional",
    empathetic: "Empathetic",
    casual: "Casual",
    authoritative: "Authoritative",
    supportive: "Supportive",
  },
  th: {
    friendly: "เป็นมิตร",
    formal: "เป็นทางการ",
    fun: "สนุกสนาน",
    professional: "มืออาชีพ",
    empathetic: "เข้าอกเข้าใจ",
    casual: "สบาย ๆ",
    authoritative: "น่าเชื่อถือ",
    supportive: "ให้กำลังใจ",
  },
};

/** The persona's reply language; `auto` replies in the language each customer writes in. */
export const personaLanguageNames: Bilingual<Readonly<Record<PersonaLanguage, string>>> = {
  en: {
    english: "English",
    spanish: "Spanish",
    french: "French",
    german: "German",
    thai: "Thai",
    auto: "Auto-detect",
  },
  th: {
    english: "อังกฤษ",
    spanish: "สเปน",
    french: "ฝรั่งเศส",
    german: "เยอรมัน",
    thai: "ไทย",
    auto: "ตรวจจับอัตโนมัติ",
  },
};
