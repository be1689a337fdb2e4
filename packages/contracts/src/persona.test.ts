import { describe, expect, it } from "vitest";
import { PersonaSchema, personaLimits } from "./persona";

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
