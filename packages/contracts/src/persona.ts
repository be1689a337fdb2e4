import { cleanText } from "./text";
import { z } from "./zod";

/**
 * The persona: the persona builder's fields (seed, section 3), camelCase. The builder validates
 * with it in the browser, the console API on the server and the engine when it reads one.
 * The schema does not transform beyond removing control characters (the text rule, ./text.ts):
 * what the builder's form holds (one empty entry in each list, untrimmed text) parses as is, and
 * the engine skips blank entries when it reads it. The one exception is `synonyms`, normalised
 * (see `normalizeSynonymSets`): its sets are compared word for word, so spacing must not count.
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
  /** The owner's synonym sets; each holds 2 to `synonymTerms` distinct terms. */
  synonymSets: 100,
  synonymTerms: 10,
  synonymTerm: 60,
} as const;

/**
 * Persona text has its control characters removed rather than refused (see ./text.ts): it is
 * prose pasted from elsewhere, and the schema also reads rows stored before the rule existed.
 */
const text = (max: number) => cleanText().max(max).default("");
const list = (max: number) =>
  z.array(cleanText().max(max)).max(personaLimits.listItems).default([]);

/** The emoji the builder offers as a persona's avatar. */
export const personaAvatarEmoji = ["🤖", "😊", "👩‍💼", "👨‍💼", "🧑‍🏫", "💡", "🌟", "🦊"] as const;

/** Where an uploaded avatar is served (POST /api/avatars answers it); ids are lower-case UUIDs. */
const storedAvatarPattern =
  /^\/api\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One emoji: a pictograph (with its variation selector or skin tone) or a ZWJ sequence of them
 * (👩‍💼), a flag (two regional indicators) or a keycap (1️⃣).
 */
const pictograph = "\\p{Extended_Pictographic}(?:\\uFE0F|\\p{Emoji_Modifier})?";
const singleEmojiPattern = new RegExp(
  `^(?:${pictograph}(?:\\u200D${pictograph})*|\\p{Regional_Indicator}{2}|[0-9#*]\\uFE0F?\\u20E3)$`,
  "u",
);

/**
 * A persona's avatar: none (""), one emoji (the builder offers `personaAvatarEmoji`; a file or an
 * API client may carry another single emoji, which is only ever shown as text), or our own stored
 * image (`/api/avatars/<id>`). Never any other URL or path: every console and chat page that
 * shows the persona would fetch it (a marketplace listing would make each cloner's browser call
 * an attacker's server).
 */
export function isPersonaAvatar(value: string): boolean {
  return value === "" || storedAvatarPattern.test(value) || singleEmojiPattern.test(value);
}

/** A stored avatar from before the rule that breaks it reads as none (the name's first letter). */
export function readableAvatar(value: string): string {
  return isPersonaAvatar(value) ? value : "";
}

/** A synonym term as stored: no space around it, and each run of white space inside as one space. */
export function normalizeSynonymTerm(term: string): string {
  return term.replace(/\s+/g, " ").trim();
}

/** The key two terms of a set are the same by: letter case and Unicode form do not count. */
function synonymKey(term: string): string {
  return term.normalize("NFC").toLowerCase();
}

/** A set's terms normalised, without empty ones and repeats (the first spelling stays). */
export function normalizeSynonymSet(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const set: string[] = [];
  for (const raw of terms) {
    const term = normalizeSynonymTerm(raw);
    const key = synonymKey(term);
    if (term === "" || seen.has(key)) continue;
    seen.add(key);
    set.push(term);
  }
  return set;
}

/**
 * Synonym sets as stored: each normalised (`normalizeSynonymSet`), and a set left with fewer than
 * two terms dropped. Dropped rather than refused: a one-word set means nothing, and refusing it
 * would refuse a whole persona file or API call for it.
 */
export function normalizeSynonymSets(sets: readonly (readonly string[])[]): string[][] {
  return sets.map(normalizeSynonymSet).filter((set) => set.length >= 2);
}

const synonymSetSchema = z
  .array(cleanText().overwrite(normalizeSynonymTerm).max(personaLimits.synonymTerm))
  .overwrite(normalizeSynonymSet)
  .max(personaLimits.synonymTerms);

export const PersonaFaqSchema = z.object({
  question: cleanText().max(personaLimits.faqQuestion).default(""),
  answer: cleanText().max(personaLimits.faqAnswer).default(""),
});
export type PersonaFaq = z.infer<typeof PersonaFaqSchema>;

export const PersonaSchema = z.object({
  name: text(personaLimits.name),
  /** See `isPersonaAvatar`: "", one emoji or `/api/avatars/<id>`; anything else is refused. */
  avatar: z
    .string()
    .max(personaLimits.avatar)
    .refine(isPersonaAvatar, { error: "invalidAvatar", abort: true })
    .default(""),
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
  /**
   * The owner's synonym sets ("latte", "ลาเต้", "กาแฟนม"): retrieval matches a word with the
   * others of its set. Normalised (see `normalizeSynonymSets`); limits checked after that.
   */
  synonyms: z
    .array(synonymSetSchema)
    .overwrite(normalizeSynonymSets)
    .max(personaLimits.synonymSets)
    .default([]),
});

/** A parsed persona: every field present (defaults filled in). */
export type Persona = z.infer<typeof PersonaSchema>;
/** What a client may send: any field may be missing. */
export type PersonaInput = z.input<typeof PersonaSchema>;

/** A saved persona as the builder receives it for editing (seed, sections 3 and 4): snake_case. */
export type StoredPersona = {
  id: string;
  name: string;
  avatar: string;
  role: string;
  bio: string;
  tone: string;
  custom_tone: string;
  welcome_message: string;
  introduction: string;
  default_replies: string[];
  faqs: PersonaFaq[];
  catchphrases: string[];
  context_instructions: string;
  knowledge_base: string;
  language: PersonaLanguage;
  custom_prompts: string;
  gender: PersonaGender;
  synonyms: string[][];
};

/**
 * The navigation state that opens the builder on a saved persona (the console's "Edit"):
 * `navigate(localizePath("/persona-builder", locale), { state: { editPersona } })`. The builder
 * pre-fills the form and remembers the id, so Save Template updates that persona.
 */
export type PersonaBuilderNavigationState = { editPersona: StoredPersona };

export function toStoredPersona(id: string, persona: Persona): StoredPersona {
  return {
    id,
    name: persona.name,
    avatar: persona.avatar,
    role: persona.role,
    bio: persona.bio,
    tone: persona.tone,
    custom_tone: persona.customTone,
    welcome_message: persona.welcomeMessage,
    introduction: persona.introduction,
    default_replies: persona.defaultReplies,
    faqs: persona.faqs,
    catchphrases: persona.catchphrases,
    context_instructions: persona.contextInstructions,
    knowledge_base: persona.knowledgeBase,
    language: persona.language,
    custom_prompts: persona.customPrompts,
    gender: persona.gender,
    synonyms: persona.synonyms,
  };
}

/** The form's persona from navigation state (validated: state can be anything). */
export function fromStoredPersona(stored: StoredPersona): { id: string; persona: Persona } {
  return {
    id: stored.id,
    persona: PersonaSchema.parse({
      name: stored.name,
      avatar: readableAvatar(stored.avatar),
      role: stored.role,
      bio: stored.bio,
      tone: stored.tone,
      customTone: stored.custom_tone,
      welcomeMessage: stored.welcome_message,
      introduction: stored.introduction,
      defaultReplies: stored.default_replies,
      faqs: stored.faqs,
      catchphrases: stored.catchphrases,
      contextInstructions: stored.context_instructions,
      knowledgeBase: stored.knowledge_base,
      language: stored.language,
      customPrompts: stored.custom_prompts,
      gender: stored.gender,
      synonyms: stored.synonyms,
    }),
  };
}
