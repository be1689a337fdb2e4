import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps.ts";

export const personaLanguages = ["english", "spanish", "french", "german", "thai", "auto"] as const;
export type PersonaLanguage = (typeof personaLanguages)[number];
export const personaGenders = ["male", "female", "not_to_say"] as const;
export type PersonaGender = (typeof personaGenders)[number];

export type PersonaFaqRow = { question: string; answer: string };

/**
 * A bot's personality: every field of the seed's stored persona (section 3), snake_case. Texts
 * are never null (empty when unset) so the engine reads one shape whatever the builder saved.
 * The lists are jsonb: they are always read and written whole, with the persona.
 */
export const personas = pgTable(
  "personas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The account that owns it (accounts arrive later); null for system personas (the Demo Bot).
    ownerId: text("owner_id"),
    name: text("name").notNull().default(""),
    avatar: text("avatar").notNull().default(""),
    role: text("role").notNull().default(""),
    bio: text("bio").notNull().default(""),
    tone: text("tone").notNull().default(""),
    customTone: text("custom_tone").notNull().default(""),
    welcomeMessage: text("welcome_message").notNull().default(""),
    introduction: text("introduction").notNull().default(""),
    defaultReplies: jsonb("default_replies").$type<string[]>().notNull().default([]),
    faqs: jsonb("faqs").$type<PersonaFaqRow[]>().notNull().default([]),
    catchphrases: jsonb("catchphrases").$type<string[]>().notNull().default([]),
    contextInstructions: text("context_instructions").notNull().default(""),
    knowledgeBase: text("knowledge_base").notNull().default(""),
    language: text("language", { enum: personaLanguages }).notNull().default("english"),
    customPrompts: text("custom_prompts").notNull().default(""),
    gender: text("gender", { enum: personaGenders }).notNull().default("not_to_say"),
    // The owner's synonym sets: each a list of words or phrases that mean the same to their
    // customers ("ลาเต้", "latte", "กาแฟนม"); retrieval matches any of a set for any other.
    synonyms: jsonb("synonyms").$type<string[][]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    index("personas_owner_id_idx").on(table.ownerId),
    check(
      "personas_language_check",
      sql`${table.language} in ('english', 'spanish', 'french', 'german', 'thai', 'auto')`,
    ),
    check("personas_gender_check", sql`${table.gender} in ('male', 'female', 'not_to_say')`),
  ],
);

export type PersonaRow = typeof personas.$inferSelect;
export type NewPersonaRow = typeof personas.$inferInsert;
