import { describe, expect, it } from "vitest";
import { createDemoBot } from "./demo-bot-knowledge";
import { PersonaSchema } from "./persona";
import { buildDocuments } from "./retrieval/build-documents";

describe("createDemoBot", () => {
  const demo = createDemoBot("Brand");

  it("has a valid persona, every section in English and Thai, and uses the brand given", () => {
    expect(PersonaSchema.safeParse(demo.persona).success).toBe(true);
    const topics = new Set(demo.sections.map((section) => section.topic));
    for (const topic of topics) {
      const languages = demo.sections
        .filter((section) => section.topic === topic)
        .map((section) => section.language);
      expect(languages.sort()).toEqual(["en", "th"]);
    }
    expect(JSON.stringify(demo)).not.toContain("Jai");
    expect(demo.persona.name).toBe("Brand Assistant");
  });

  it("states the plan catalogue's prices", () => {
    const text = demo.sections.map((section) => section.text).join("\n");
    for (const price of ["990", "2,490", "3,990", "14,900", "7 days", "7 วัน"])
      expect(text).toContain(price);
  });

  it("keeps each section in one chunk, so a passage is a whole topic", () => {
    const documents = buildDocuments({ knowledge: demo.knowledge });
    expect(documents).toHaveLength(demo.sections.length);
  });
});
