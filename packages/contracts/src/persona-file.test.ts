import { describe, expect, it } from "vitest";
import { PersonaSchema, personaLimits } from "./persona";
import {
  createPersonaFile,
  parsePersonaFile,
  personaFileFormat,
  personaFileName,
  personaFileSlug,
  personaFileVersion,
  serializePersonaFile,
} from "./persona-file";

const persona = PersonaSchema.parse({
  name: "น้องใจดี Support",
  avatar: "🤖",
  role: "Support Agent",
  bio: "ผู้ช่วยร้านกาแฟ",
  tone: "friendly",
  customTone: "Warm, short answers",
  welcomeMessage: "สวัสดีค่ะ",
  introduction: "I help with orders.",
  defaultReplies: ["Let me check with the team.", ""],
  faqs: [
    { question: "เปิดกี่โมง", answer: "เปิด 8 โมงเช้าทุกวันค่ะ" },
    { question: "", answer: "" },
  ],
  catchphrases: ["ด้วยใจ"],
  contextInstructions: "Never promise refunds.",
  knowledgeBase: "ร้านอยู่ที่เชียงใหม่",
  language: "thai",
  customPrompts: "Answer in two sentences.",
  gender: "female",
  synonyms: [
    ["ลาเต้", "latte", "กาแฟนม"],
    ["ค่าส่ง", "ค่าจัดส่ง", "shipping"],
  ],
});

const fileText = (data: unknown) => JSON.stringify(data);

describe("persona files", () => {
  it("gives back the same persona after export and import", () => {
    const file = createPersonaFile(persona, new Date("2026-11-21T10:00:00Z"));
    expect(file).toMatchObject({
      format: personaFileFormat,
      version: personaFileVersion,
      exportedAt: "2026-11-21T10:00:00.000Z",
    });
    const result = parsePersonaFile(serializePersonaFile(file));
    expect(result).toEqual({ ok: true, persona, version: 1 });
  });

  it("keeps the owner's synonyms through export and import", () => {
    const text = serializePersonaFile(createPersonaFile(persona));
    expect(JSON.parse(text).persona.synonyms).toEqual(persona.synonyms);
    const result = parsePersonaFile(text);
    expect(result.ok && result.persona.synonyms).toEqual([
      ["ลาเต้", "latte", "กาแฟนม"],
      ["ค่าส่ง", "ค่าจัดส่ง", "shipping"],
    ]);
  });

  it("imports a file made before synonyms existed, and normalises a hand-edited one", () => {
    const { synonyms: _, ...older } = persona;
    const result = parsePersonaFile(
      fileText({ format: personaFileFormat, version: 1, persona: older }),
    );
    expect(result).toEqual({ ok: true, persona: { ...persona, synonyms: [] }, version: 1 });
    const edited = parsePersonaFile(
      fileText({
        format: personaFileFormat,
        version: 1,
        persona: { ...persona, synonyms: [[" latte ", "Latte", "ลาเต้ "], ["alone"]] },
      }),
    );
    expect(edited.ok && edited.persona.synonyms).toEqual([["latte", "ลาเต้"]]);
  });

  it("fills in defaults for fields an exporter left out", () => {
    const result = parsePersonaFile(
      fileText({ format: personaFileFormat, version: 1, persona: { name: "Mali" } }),
    );
    expect(result.ok && result.persona).toMatchObject({
      name: "Mali",
      language: "english",
      gender: "not_to_say",
      faqs: [],
    });
  });

  it("names what is wrong with a file that is not one", () => {
    expect(parsePersonaFile("{ nope")).toEqual({ ok: false, problem: { code: "not_json" } });
    expect(parsePersonaFile(fileText([persona]))).toEqual({
      ok: false,
      problem: { code: "not_persona_file" },
    });
    expect(parsePersonaFile(fileText({ version: 1, persona }))).toEqual({
      ok: false,
      problem: { code: "not_persona_file" },
    });
    expect(parsePersonaFile(fileText({ format: personaFileFormat, version: 1 }))).toEqual({
      ok: false,
      problem: { code: "not_persona_file" },
    });
  });

  it("names the field that breaks the schema", () => {
    const tooLong = { ...persona, name: "x".repeat(personaLimits.name + 1) };
    expect(parsePersonaFile(fileText(createPersonaFile(tooLong)))).toEqual({
      ok: false,
      problem: { code: "invalid_field", field: "name", reason: "too_long" },
    });
    const tooMany = { ...persona, catchphrases: Array(personaLimits.listItems + 1).fill("hi") };
    expect(parsePersonaFile(fileText(createPersonaFile(tooMany)))).toEqual({
      ok: false,
      problem: { code: "invalid_field", field: "catchphrases", reason: "too_many" },
    });
    const longTerm = { ...persona, synonyms: [["latte", "x".repeat(61)]] };
    expect(parsePersonaFile(fileText(createPersonaFile(longTerm)))).toEqual({
      ok: false,
      problem: { code: "invalid_field", field: "synonyms.0.1", reason: "too_long" },
    });
    const manyTerms = {
      ...persona,
      synonyms: [Array.from({ length: personaLimits.synonymTerms + 1 }, (_, i) => `t${i}`)],
    };
    expect(parsePersonaFile(fileText(createPersonaFile(manyTerms)))).toEqual({
      ok: false,
      problem: { code: "invalid_field", field: "synonyms.0", reason: "too_many" },
    });
    const manySets = {
      ...persona,
      synonyms: Array(personaLimits.synonymSets + 1).fill(["a", "b"]),
    };
    expect(parsePersonaFile(fileText(createPersonaFile(manySets)))).toEqual({
      ok: false,
      problem: { code: "invalid_field", field: "synonyms", reason: "too_many" },
    });
    const badFaq = { ...persona, faqs: [{ question: 7, answer: "" }] };
    expect(
      parsePersonaFile(fileText({ format: personaFileFormat, version: 1, persona: badFaq })),
    ).toEqual({
      ok: false,
      problem: { code: "invalid_field", field: "faqs.0.question", reason: "invalid" },
    });
    const badLanguage = { ...persona, language: "klingon" };
    expect(
      parsePersonaFile(fileText({ format: personaFileFormat, version: 1, persona: badLanguage })),
    ).toMatchObject({ ok: false, problem: { field: "language", reason: "invalid" } });
  });

  it("refuses a newer version and versions that never existed", () => {
    expect(parsePersonaFile(fileText({ format: personaFileFormat, version: 2, persona }))).toEqual({
      ok: false,
      problem: { code: "newer_version", version: 2 },
    });
    for (const version of [0, -1, 1.5, "1", null]) {
      expect(parsePersonaFile(fileText({ format: personaFileFormat, version, persona }))).toEqual({
        ok: false,
        problem: { code: "unsupported_version", version },
      });
    }
  });
});

describe("persona file avatars", () => {
  const withAvatar = (avatar: unknown) =>
    parsePersonaFile(
      fileText({ format: personaFileFormat, version: 1, persona: { ...persona, avatar } }),
    );

  it("imports an emoji or one of our stored images", () => {
    for (const avatar of ["", "😊", "🛍️", "/api/avatars/0b0e6a4e-3c8f-4c55-9b1f-1f0c6f6d2a11"]) {
      expect(withAvatar(avatar).ok, avatar).toBe(true);
    }
  });

  it("refuses any other URL or path with its own problem", () => {
    for (const avatar of [
      "https://evil.test/a.png",
      "//evil.test/a.png",
      "/api/avatars/../../api/console/personas",
      "/api/avatars/0B0E6A4E-3C8F-4C55-9B1F-1F0C6F6D2A11?x=1",
      "data:image/svg+xml,<svg/>",
      "javascript:alert(1)",
      "Mali",
    ]) {
      expect(withAvatar(avatar), avatar).toEqual({
        ok: false,
        problem: { code: "invalid_avatar" },
      });
    }
  });
});

describe("persona file names", () => {
  it("keeps Thai letters with their marks and Latin words, lower case", () => {
    expect(personaFileSlug("น้องใจดี Support")).toBe("น้องใจดี-support");
    expect(personaFileSlug("  Café   Bot!! 2 ")).toBe("café-bot-2");
    expect(personaFileName("ผู้ช่วย")).toBe("ผู้ช่วย.persona.json");
  });

  it("falls back to persona when nothing usable is left", () => {
    expect(personaFileSlug("")).toBe("persona");
    expect(personaFileSlug("🤖 !!! ")).toBe("persona");
    // A lone combining mark is not a name.
    expect(personaFileSlug("\u0e49")).toBe("persona");
  });

  it("cuts long names between whole characters", () => {
    const slug = personaFileSlug("น้ำ".repeat(80));
    expect(slug).toBe("น้ำ".repeat(60));
    expect(personaFileSlug(`${"a".repeat(59)} b`)).toBe("a".repeat(59));
  });
});
