import { describe, expect, it } from "vitest";
import {
  fromStoredPersona,
  isPersonaAvatar,
  normalizeSynonymSets,
  PersonaSchema,
  personaAvatarEmoji,
  personaLimits,
  readableAvatar,
  type StoredPersona,
  toStoredPersona,
} from "./persona";

describe("PersonaSchema", () => {
  it("fills in the seed's defaults", () => {
    const persona = PersonaSchema.parse({});
    expect(persona.language).toBe("english");
    expect(persona.gender).toBe("not_to_say");
    expect(persona.faqs).toEqual([]);
    expect(persona.name).toBe("");
  });

  it("accepts the builder's form as it is, one empty entry per list included", () => {
    const form = {
      name: "Mali",
      avatar: "🤖",
      role: "Support Agent",
      bio: "",
      tone: "friendly",
      customTone: "",
      welcomeMessage: "",
      introduction: "",
      defaultReplies: [""],
      faqs: [{ question: "", answer: "" }],
      catchphrases: [""],
      contextInstructions: "",
      knowledgeBase: "",
      language: "auto",
      customPrompts: "",
      gender: "female",
      synonyms: [["latte", "ลาเต้"]],
    };
    expect(PersonaSchema.parse(form)).toEqual(form);
  });

  it("rejects unknown languages and over-long fields", () => {
    expect(PersonaSchema.safeParse({ language: "klingon" }).success).toBe(false);
    expect(PersonaSchema.safeParse({ bio: "x".repeat(personaLimits.bio + 1) }).success).toBe(false);
    expect(PersonaSchema.safeParse({ faqs: Array(personaLimits.faqs + 1).fill({}) }).success).toBe(
      false,
    );
  });
});

describe("persona avatars", () => {
  it("are none, one emoji or our own stored image", () => {
    for (const avatar of [
      "",
      ...personaAvatarEmoji,
      "🛍️",
      "👍🏽",
      "🇹🇭",
      "1️⃣",
      "/api/avatars/0b0e6a4e-3c8f-4c55-9b1f-1f0c6f6d2a11",
    ]) {
      expect(isPersonaAvatar(avatar), avatar).toBe(true);
    }
  });

  it("never another URL, path or text (the console would fetch it)", () => {
    for (const avatar of [
      "https://evil.test/a.png",
      "http://evil.test",
      "//evil.test/a.png",
      "/evil.png",
      "/api/avatars/not-a-uuid",
      "/api/avatars/0b0e6a4e-3c8f-4c55-9b1f-1f0c6f6d2a11/../x",
      " /api/avatars/0b0e6a4e-3c8f-4c55-9b1f-1f0c6f6d2a11",
      "data:image/png;base64,AAAA",
      "🤖🤖",
      "a",
      "🤖\u0000",
    ]) {
      expect(isPersonaAvatar(avatar), avatar).toBe(false);
      expect(PersonaSchema.safeParse({ avatar }).success).toBe(false);
    }
  });

  it("stored before the rule, read as none", () => {
    expect(readableAvatar("https://evil.test/a.png")).toBe("");
    expect(readableAvatar("😊")).toBe("😊");
  });
});

describe("persona synonyms", () => {
  const synonyms = (value: unknown) => PersonaSchema.safeParse({ synonyms: value });
  const terms = (count: number) => Array.from({ length: count }, (_, index) => `term ${index}`);

  it("are none when absent: personas stored or exported before them still read", () => {
    expect(PersonaSchema.parse({ name: "Mali" }).synonyms).toEqual([]);
    expect(PersonaSchema.parse({ synonyms: undefined }).synonyms).toEqual([]);
  });

  it("keep the owner's sets, Thai and English alike", () => {
    const sets = [
      ["ลาเต้", "latte", "กาแฟนม"],
      ["ค่าส่ง", "ค่าจัดส่ง", "shipping"],
    ];
    expect(PersonaSchema.parse({ synonyms: sets }).synonyms).toEqual(sets);
  });

  it("are normalised: trimmed, spaces collapsed, empty terms, repeats and lone terms dropped", () => {
    expect(
      PersonaSchema.parse({
        synonyms: [
          ["  latte ", "ลาเต้", "", "   ", "LATTE", "กาแฟ\t  นม"],
          ["only one", " ", "Only One"],
          [],
          ["a\u0000b", "ab", "c"],
        ],
      }).synonyms,
    ).toEqual([
      ["latte", "ลาเต้", "กาแฟ นม"],
      ["ab", "c"],
    ]);
    // Composed or decomposed, an accented letter is the same term.
    expect(normalizeSynonymSets([["Café", "cafe\u0301", "กาแฟ"]])).toEqual([["Café", "กาแฟ"]]);
  });

  it("refuse more than the limits, counted after normalising", () => {
    const { synonymSets, synonymTerms, synonymTerm } = personaLimits;
    expect([synonymSets, synonymTerms, synonymTerm]).toEqual([100, 10, 60]);
    const set = ["a", "b"];
    expect(synonyms(Array(synonymSets).fill(set)).success).toBe(true);
    // Sets that normalise away do not count.
    expect(synonyms([...Array(synonymSets).fill(set), ["lonely"], ["", " "]]).success).toBe(true);
    expect(synonyms(Array(synonymSets + 1).fill(set)).error?.issues[0]).toMatchObject({
      code: "too_big",
      origin: "array",
      path: ["synonyms"],
    });

    expect(synonyms([terms(synonymTerms)]).success).toBe(true);
    expect(synonyms([[...terms(synonymTerms), "term 0", " "]]).success).toBe(true);
    expect(synonyms([terms(synonymTerms + 1)]).error?.issues[0]).toMatchObject({
      code: "too_big",
      origin: "array",
      path: ["synonyms", 0],
    });

    expect(synonyms([["ก".repeat(synonymTerm), "b"]]).success).toBe(true);
    // Measured trimmed: spaces around a term are not part of it.
    expect(synonyms([[`  ${"x".repeat(synonymTerm)}  `, "b"]]).success).toBe(true);
    expect(synonyms([["a", "x".repeat(synonymTerm + 1)]]).error?.issues[0]).toMatchObject({
      code: "too_big",
      origin: "string",
      path: ["synonyms", 0, 1],
    });
  });

  it("refuse what is not a list of lists of text", () => {
    for (const value of ["latte=ลาเต้", ["latte", "ลาเต้"], [[1, 2]], null]) {
      expect(synonyms(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it("travel to the builder's navigation state and back, and are none when it has none", () => {
    const persona = PersonaSchema.parse({ name: "Mali", synonyms: [["ค่าส่ง", "shipping"]] });
    const stored = toStoredPersona("p-1", persona);
    expect(stored.synonyms).toEqual([["ค่าส่ง", "shipping"]]);
    expect(fromStoredPersona(stored)).toEqual({ id: "p-1", persona });
    const { synonyms: _, ...older } = stored;
    expect(fromStoredPersona(older as StoredPersona).persona.synonyms).toEqual([]);
  });
});
