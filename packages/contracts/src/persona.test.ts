import { describe, expect, it } from "vitest";
import {
  isPersonaAvatar,
  PersonaSchema,
  personaAvatarEmoji,
  personaLimits,
  readableAvatar,
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
