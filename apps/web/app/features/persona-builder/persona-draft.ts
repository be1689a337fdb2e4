import { type Persona, PersonaSchema } from "@jai/contracts/persona";

/**
 * The builder's draft as the browser keeps it between visits (localStorage), so a reload, a
 * crash or a detour through sign-in loses nothing. The key carries a version: a future shape
 * gets a new key, and a value this version cannot read is ignored rather than half-loaded.
 */
export const draftStorageKey = "jai.persona-builder.draft.v1";
const draftVersion = 1;

export type PersonaDraft = {
  persona: Persona;
  /** The saved persona this draft edits (Save Template updates it), or null for a new one. */
  personaId: string | null;
};

type StoredDraft = PersonaDraft & { version: typeof draftVersion; savedAt: string };

/** What the form starts from: PersonaSchema's defaults and one empty entry in each list. */
export function createEmptyPersona(): Persona {
  return withEmptyEntries(PersonaSchema.parse({}));
}

/** Lists the form shows always have at least one entry to type into. */
export function withEmptyEntries(persona: Persona): Persona {
  return {
    ...persona,
    defaultReplies: persona.defaultReplies.length > 0 ? persona.defaultReplies : [""],
    faqs: persona.faqs.length > 0 ? persona.faqs : [{ question: "", answer: "" }],
    catchphrases: persona.catchphrases.length > 0 ? persona.catchphrases : [""],
  };
}

/** True when nothing has been typed: no point in keeping, or asking before replacing, it. */
export function isBlankPersona(persona: Persona): boolean {
  const empty = createEmptyPersona();
  return JSON.stringify(persona) === JSON.stringify(empty);
}

/** The stored draft, or null when there is none or it cannot be read (never throws). */
export function loadDraft(storage: Pick<Storage, "getItem">): PersonaDraft | null {
  let value: unknown;
  try {
    const text = storage.getItem(draftStorageKey);
    if (text === null) return null;
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const stored = value as Partial<StoredDraft>;
  if (stored.version !== draftVersion) return null;
  const parsed = PersonaSchema.safeParse(stored.persona);
  if (!parsed.success) return null;
  const personaId = typeof stored.personaId === "string" ? stored.personaId : null;
  return { persona: withEmptyEntries(parsed.data), personaId };
}

/** Keeps the draft; false when the browser refused (storage full or disabled). */
export function saveDraft(
  storage: Pick<Storage, "setItem">,
  draft: PersonaDraft,
  now = new Date(),
): boolean {
  const stored: StoredDraft = { version: draftVersion, savedAt: now.toISOString(), ...draft };
  try {
    storage.setItem(draftStorageKey, JSON.stringify(stored));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: Pick<Storage, "removeItem">): void {
  try {
    storage.removeItem(draftStorageKey);
  } catch {
    // Storage disabled: there is nothing to clear.
  }
}
