import { PersonaSchema } from "@jai/contracts/persona";
import { describe, expect, it } from "vitest";
import {
  clearDraft,
  createEmptyPersona,
  draftStorageKey,
  isBlankPersona,
  loadDraft,
  saveDraft,
  withEmptyEntries,
} from "./persona-draft";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe("the persona draft", () => {
  it("starts from the schema's defaults with one empty entry per list", () => {
    const persona = createEmptyPersona();
    expect(persona).toMatchObject({
      name: "",
      language: "english",
      gender: "not_to_say",
      defaultReplies: [""],
      faqs: [{ question: "", answer: "" }],
      catchphrases: [""],
    });
    expect(PersonaSchema.parse(persona)).toEqual(persona);
    expect(isBlankPersona(persona)).toBe(true);
    expect(isBlankPersona({ ...persona, bio: "x" })).toBe(false);
  });

  it("survives a reload: saved, then loaded the same, with the persona it edits", () => {
    const storage = memoryStorage();
    const persona = {
      ...createEmptyPersona(),
      name: "มะลิ",
      faqs: [{ question: "Q", answer: "A" }],
    };
    expect(saveDraft(storage, { persona, personaId: "p-1" })).toBe(true);
    expect(loadDraft(storage)).toEqual({ persona, personaId: "p-1" });
    clearDraft(storage);
    expect(loadDraft(storage)).toBeNull();
  });

  it("ignores what it cannot read instead of half-loading it", () => {
    const storage = memoryStorage();
    expect(loadDraft(storage)).toBeNull();
    storage.values.set(draftStorageKey, "{ broken");
    expect(loadDraft(storage)).toBeNull();
    storage.values.set(draftStorageKey, JSON.stringify({ version: 2, persona: {} }));
    expect(loadDraft(storage)).toBeNull();
    storage.values.set(
      draftStorageKey,
      JSON.stringify({ version: 1, persona: { name: "x".repeat(81) }, personaId: null }),
    );
    expect(loadDraft(storage)).toBeNull();
    // Lists emptied elsewhere come back with one entry to type into.
    storage.values.set(
      draftStorageKey,
      JSON.stringify({ version: 1, persona: { name: "Mali" }, personaId: 42 }),
    );
    expect(loadDraft(storage)).toEqual({
      persona: withEmptyEntries(PersonaSchema.parse({ name: "Mali" })),
      personaId: null,
    });
  });

  it("reports a storage that refuses to save", () => {
    const full = {
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(saveDraft(full, { persona: createEmptyPersona(), personaId: null })).toBe(false);
    const throwing = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(loadDraft(throwing)).toBeNull();
  });
});
