import { PersonaSchema } from "@jai/contracts/persona";
import { describe, expect, it } from "vitest";
import { type CardOp, cardLineHeight, layoutPersonaCard } from "./layout-persona-card";
import { personaCardContent } from "./persona-card-content";

/** A monospace stand-in: each grapheme half the font size wide. */
const graphemes = new Intl.Segmenter("th", { granularity: "grapheme" });
const measure = (text: string, font: { size: number }) =>
  Array.from(graphemes.segment(text)).length * font.size * 0.5;

const texts = (ops: CardOp[]) => ops.flatMap((op) => (op.kind === "text" ? [op.text] : []));

describe("layoutPersonaCard", () => {
  const persona = PersonaSchema.parse({
    name: "น้ำใจ ผู้ช่วยที่ปรึกษา",
    avatar: "🤖",
    role: "Support Agent",
    tone: "friendly",
    language: "thai",
    bio: "ผู้ช่วยตอบคำถามลูกค้า ".repeat(60),
    welcomeMessage: "สวัสดีค่ะ",
    faqs: Array.from({ length: 5 }, (_, index) => ({
      question: `คำถามที่ ${index + 1}`,
      answer: `คำตอบที่ ${index + 1}`,
    })),
  });
  const layout = layoutPersonaCard(personaCardContent(persona, "th"), measure);

  it("keeps every text inside the card, each line within the width", () => {
    for (const op of layout.ops) {
      if (op.kind !== "text") continue;
      expect(op.x).toBeGreaterThanOrEqual(0);
      expect(op.x + measure(op.text, op.font)).toBeLessThanOrEqual(layout.width);
      expect(op.y + cardLineHeight(op.font)).toBeLessThanOrEqual(layout.height);
    }
  });

  it("cuts a long bio to a few lines and shows at most three FAQs", () => {
    const all = texts(layout.ops);
    const bioLines = all.filter((text) => text.includes("ผู้ช่วยตอบ"));
    expect(bioLines.length).toBeLessThanOrEqual(8);
    expect(bioLines.at(-1)).toMatch(/…$/);
    expect(all).toContain("คำถามที่ 3");
    expect(all).not.toContain("คำถามที่ 4");
  });

  it("places the avatar, the name and the Thai labels", () => {
    const avatar = layout.ops.find((op) => op.kind === "avatar");
    expect(avatar).toMatchObject({ avatar: "🤖", initial: "น้ำ" });
    const all = texts(layout.ops);
    for (const expected of ["การ์ดเพอร์โซนา", "น้ำใจ ผู้ช่วยที่ปรึกษา", "บทบาท", "เป็นมิตร", "ไทย"]) {
      expect(all).toContain(expected);
    }
    expect(all.at(-1)).toBe("สร้างด้วย Jai (ใจ)");
  });

  it("grows with its content: a bare persona gives a short card", () => {
    const bare = layoutPersonaCard(personaCardContent(PersonaSchema.parse({}), "en"), measure);
    expect(bare.height).toBeLessThan(layout.height);
    expect(texts(bare.ops)).toContain("Untitled persona");
  });
});
