import {
  type Persona,
  PersonaSchema,
  personaLanguages,
  personaRoles,
  personaTones,
} from "@jai/contracts/persona";
import type { PersonaBuilderMessages, PersonaBuilderTab } from "./messages";

type Field = keyof Persona;

/** The tab each field sits on (the form's layout; see docs/persona-file-format.md). */
export const fieldTabs: Record<Field, PersonaBuilderTab> = {
  name: "identity",
  avatar: "identity",
  role: "identity",
  gender: "identity",
  bio: "identity",
  tone: "voice",
  customTone: "voice",
  language: "voice",
  catchphrases: "voice",
  welcomeMessage: "greeting",
  introduction: "greeting",
  defaultReplies: "behavior",
  faqs: "behavior",
  contextInstructions: "context",
  knowledgeBase: "knowledge",
  synonyms: "knowledge",
  customPrompts: "advanced",
};

function isField(value: string): value is Field {
  return Object.hasOwn(fieldTabs, value);
}

/**
 * "faqs.1.answer" → "Answer 2"; "catchphrases.0" → "Catchphrase 1"; "bio" → "Bio". Synonyms are
 * the one field whatever the path ("synonyms.3.1"): a set's index is not a line the owner sees.
 */
export function fieldLabel(path: string, m: PersonaBuilderMessages): string {
  const [root = "", index, part] = path.split(".");
  const n = Number(index) + 1;
  const hasIndex = index !== undefined && Number.isInteger(n);
  switch (root) {
    case "faqs":
      if (!hasIndex) return m.faqs.label;
      return part === "answer" ? m.faqs.answer(n) : m.faqs.question(n);
    case "defaultReplies":
    case "catchphrases":
      return hasIndex ? m.lists[root].item(n) : m.lists[root].label;
    case "role":
    case "gender":
    case "tone":
    case "language":
    case "name":
    case "avatar":
    case "bio":
    case "customTone":
    case "welcomeMessage":
    case "introduction":
    case "contextInstructions":
    case "knowledgeBase":
    case "customPrompts":
    case "synonyms":
      return m.fields[root].label;
    default:
      return path;
  }
}

export type PersonaProblem = { message: string; tab: PersonaBuilderTab };

/**
 * Checks the draft with PersonaSchema before it is saved or exported; the problem names the
 * field and the tab it is on. `requireName`: a saved persona needs a name to be found again.
 */
export function checkPersona(
  persona: Persona,
  m: PersonaBuilderMessages,
  { requireName = false } = {},
): PersonaProblem | null {
  if (requireName && persona.name.trim() === "") {
    return { message: m.save.nameRequired, tab: "identity" };
  }
  const parsed = PersonaSchema.safeParse(persona);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map(String).join(".");
  const root = String(issue.path[0] ?? "");
  const label = fieldLabel(path, m);
  // A synonym set's limits are worded under the field itself, by line; here it is only named.
  const message =
    issue.code === "too_big" &&
    typeof issue.maximum === "number" &&
    issue.origin === "string" &&
    root !== "synonyms"
      ? m.save.tooLong(label, issue.maximum)
      : m.save.invalid(label);
  return { message, tab: isField(root) ? fieldTabs[root] : "identity" };
}

export function roleLabel(role: string, m: PersonaBuilderMessages): string {
  const known = personaRoles.find((value) => value === role);
  return known ? m.fields.role.roles[known] : role;
}

export function toneLabel(tone: string, m: PersonaBuilderMessages): string {
  const known = personaTones.find((value) => value === tone);
  return known ? m.fields.tone.options[known] : tone;
}

export function languageLabel(language: string, m: PersonaBuilderMessages): string {
  const known = personaLanguages.find((value) => value === language);
  return known ? m.fields.language.options[known] : language;
}
