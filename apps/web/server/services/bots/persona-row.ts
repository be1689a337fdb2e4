import type { NewPersonaRow, PersonaRow } from "@jai/db";
import { type Persona, PersonaSchema, readableAvatar } from "@jai/engine/persona";

type PersonaFields = Omit<NewPersonaRow, "id" | "ownerId" | "createdAt" | "updatedAt">;

/** A stored persona (snake_case columns) as the engine reads it (camelCase, defaults filled in). */
export function toEnginePersona(row: PersonaRow): Persona {
  return PersonaSchema.parse({
    name: row.name,
    // A row stored before the contract checked avatars may hold a URL: it reads as none.
    avatar: readableAvatar(row.avatar),
    role: row.role,
    bio: row.bio,
    tone: row.tone,
    customTone: row.customTone,
    welcomeMessage: row.welcomeMessage,
    introduction: row.introduction,
    defaultReplies: row.defaultReplies,
    faqs: row.faqs,
    catchphrases: row.catchphrases,
    contextInstructions: row.contextInstructions,
    knowledgeBase: row.knowledgeBase,
    language: row.language,
    customPrompts: row.customPrompts,
    gender: row.gender,
    synonyms: row.synonyms,
  });
}

/** The columns of a persona to store. */
export function toPersonaFields(persona: Persona): PersonaFields {
  return {
    name: persona.name,
    avatar: persona.avatar,
    role: persona.role,
    bio: persona.bio,
    tone: persona.tone,
    customTone: persona.customTone,
    welcomeMessage: persona.welcomeMessage,
    introduction: persona.introduction,
    defaultReplies: persona.defaultReplies,
    faqs: persona.faqs.map(({ question, answer }) => ({ question, answer })),
    catchphrases: persona.catchphrases,
    contextInstructions: persona.contextInstructions,
    knowledgeBase: persona.knowledgeBase,
    language: persona.language,
    customPrompts: persona.customPrompts,
    gender: persona.gender,
    synonyms: persona.synonyms,
  };
}
