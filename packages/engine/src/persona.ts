import { z } from "zod";

/**
 * The persona as the engine reads it: the persona builder's fields (seed, section 3), camelCase.
 *
 * Browser-safe on purpose (it imports zod and nothing else), so the persona builder can validate
 * the same shape on the client; it can move to `packages/contracts` unchanged when the builder
 * needs it there. The schema does not transform: what the builder's form holds (one empty entry
 * in each list, untrimmed text) parses as is, and the engine skips blank entries when it reads it.
 */

/** The builder's language choices; `auto` means "reply in the language the user wrote in". */
export const personaLanguages = ["english", "spanish", "french", "german", "thai", "auto"] as const;
export type PersonaLanguage = (typeof personaLanguages)[number];

/** The builder's tones (seed, section 9). Stored in lower case; `customTone` refines any of them. */
export const personaTones = [
  "friendly",
  "formal",
  "fun",
  "professional",
  "empathetic",
  "casual",
  "authoritative",
  "supportive",
] as const;
export type PersonaTone = (typeof personaTones)[number];

/** The builder's suggested roles; the field itself is free text. */
export const personaRoles = [
  "Support Agent",
  "Sales Assistant",
  "Consultant",
  "Teacher",
  "Customer Service",
  "Technical Expert",
  "Coach",
  "Advisor",
] as const;

export const personaGenders = ["male", "female", "not_to_say"] as const;
export type PersonaGender = (typeof personaGenders)[number];

/**
 * Upper bounds, in UTF-16 code units (what a textarea's `maxLength` counts). The seed enforced
 * none; these keep one persona from blowing up every prompt it is part of.
 */
export const personaLimits = {
  name: 80,
  avatar: 512,
  role: 80,
  bio: 2000,
  tone: 40,
  customTone: 500,
  welcomeMessage: 1000,
  introduction: 2000,
  listItems: 20,
  listItem: 500,
  faqs: 200,
  faqQuestion: 500,
  faqAnswer: 4000,
  contextInstructions: 4000,
  knowledgeBase: 200_000,
  customPrompts: 4000,
} as const;

const text = (max: number) => z.string().max(max).default("");
const list = (max: number) => z.array(z.string().max(max)).max(personaLimits.listItems).default([]);

export const PersonaFaqSchema = z.object({
  question: z.string().max(personaLimits.faqQuestion).default(""),
  answer: z.string().max(personaLimits.faqAnswer).default(""),
});
export type PersonaFaq = z.infer<typeof PersonaFaqSchema>;

export const PersonaSchema = z.object({
  name: text(personaLimits.name),
  /** One emoji today; an image URL once uploads exist. */
  avatar: text(personaLimits.avatar),
  role: text(personaLimits.role),
  bio: text(personaLimits.bio),
  /** One of `personaTones` in practice; free text so an older or imported persona still loads. */
  tone: text(personaLimits.tone),
  customTone: text(personaLimits.customTone),
  welcomeMessage: text(personaLimits.welcomeMessage),
  introduction: text(personaLimits.introduction),
  defaultReplies: list(personaLimits.listItem),
  faqs: z.array(PersonaFaqSchema).max(personaLimits.faqs).default([]),
  catchphrases: list(personaLimits.listItem),
  contextInstructions: text(personaLimits.contextInstructions),
  /** Free text the owner pastes in; the engine chunks and indexes it like an uploaded document. */
  knowledgeBase: text(personaLimits.knowledgeBase),
  language: z.enum(personaLanguages).default("english"),
  customPrompts: text(personaLimits.customPrompts),
  gender: z.enum(personaGenders).default("not_to_say"),
});

/** A parsed persona: every field present (defaults filled in). */
export type Persona = z.infer<typeof PersonaSchema>;
/** What a client may send: any field may be missing. */
export type PersonaInput = z.input<typeof PersonaSchema>;
