import { PersonaSchema } from "@jai/contracts/persona";
import { describe, expect, it } from "vitest";
import { firstLetter, personaCardContent } from "./persona-card-content";

describe("personaCardContent", () => {
  it("labels the facts in the page's language and joins a custom tone", () => {
    const persona = PersonaSchema.parse({
      name: "Nam",
      role: "Coach",
      tone: "Supportive",
      customTone: "calm",
      language: "auto",
    });
    expect(personaCardContent(persona, "en").facts).toEqual([
      { label: "Role", value: "Coach" },
      { label: "Tone", value: "Supportive · calm" },
      { label: "Language", value: "Auto-detect" },
    ]);
    expect(personaCardContent(persona, "th").facts).toEqual([
      { label: "บทบาท", value: "โค้ช" },
      { label: "น้ำเสียง", value: "ให้กำลังใจ · calm" },
      { label: "ภาษา", value: "ตรวจจับอัตโนมัติ" },
    ]);
  });

  it("shows a role the owner typed as typed", () => {
    const persona = PersonaSchema.parse({ name: "Nam", role: "ผู้ช่วยจองคิว" });
    expect(personaCardContent(persona, "th").facts[0]).toEqual({
      label: "บทบาท",
      value: "ผู้ช่วยจองคิว",
    });
  });

  it("leaves out empty fields and FAQs without a question or answer", () => {
    const content = personaCardContent(
      PersonaSchema.parse({
        faqs: [
          { question: "", answer: "" },
          { question: "Hours?", answer: "9 to 5" },
          { question: "No answer", answer: " " },
        ],
      }),
      "en",
    );
    expect(content.sections).toEqual([]);
    expect(content.faqs).toEqual([{ question: "Hours?", answer: "9 to 5" }]);
    expect(content.facts).toEqual([{ label: "Language", value: "English" }]);
  });
});

describe("firstLetter", () => {
  it("takes the first letter with its marks, upper-cased", () => {
    expect(firstLetter("somchai")).toBe("S");
    expect(firstLetter("ผู้ช่วย")).toBe("ผู้");
    expect(firstLetter("🤖 Robo")).toBe("R");
    expect(firstLetter("")).toBe("?");
  });
});
