import { PersonaSchema } from "@jai/contracts/persona";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { loadCardFonts } from "./card-fonts";
import { renderPersonaCardPdf } from "./render-persona-card-pdf";
import { reorderSaraAm } from "./split-font-runs";

const thaiPersona = PersonaSchema.parse({
  name: "น้ำใจ ผู้ช่วยที่ปรึกษา",
  avatar: "🤖",
  role: "ที่ปรึกษาการขาย",
  tone: "friendly",
  customTone: "สุภาพ อบอุ่น",
  language: "thai",
  bio: "สวัสดีค่ะ ฉันชื่อน้ำใจ เป็นผู้ช่วยที่ปรึกษาด้านการขายออนไลน์ ช่วยตอบคำถามลูกค้าทุกวันตลอด 24 ชั่วโมง ทั้งเรื่องสินค้า การจัดส่ง และการชำระเงิน",
  welcomeMessage: "ยินดีต้อนรับค่ะ มีอะไรให้น้ำใจช่วยไหมคะ",
  faqs: [
    { question: "ส่งของกี่วัน", answer: "ภายใน 2-3 วันทำการค่ะ" },
    { question: "ชำระเงินอย่างไร", answer: "โอนผ่านพร้อมเพย์หรือบัตรเครดิตได้ค่ะ" },
    { question: "", answer: "ไม่มีคำถาม จึงไม่แสดง" },
  ],
});

async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

/** pdfkit's shaping (fontkit) of a text in the card's Thai font: glyph names and positions. */
async function shape(text: string) {
  const fonts = await loadCardFonts();
  const doc = new PDFDocument();
  doc.font(fonts.regular.thai);
  type Shaped = {
    glyphs: { name?: string }[];
    positions: { xOffset: number; yOffset: number; xAdvance: number }[];
  };
  const font = (doc as unknown as { _font: { layout(text: string): Shaped } })._font;
  const { glyphs, positions } = font.layout(text);
  return glyphs.map((glyph, index) => ({ name: glyph.name ?? "", ...positions[index]! }));
}

describe("renderPersonaCardPdf", () => {
  it("writes a one-page PDF whose Thai text is extractable as typed", async () => {
    const pdf = await renderPersonaCardPdf({
      persona: thaiPersona,
      locale: "th",
      loadAvatar: async () => null,
    });
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(document.numPages).toBe(1);
    const text = await pdfText(pdf);
    // The name with its SARA AM and stacked tone marks, exactly as typed.
    expect(text).toContain("น้ำใจ ผู้ช่วยที่ปรึกษา");
    for (const expected of [
      "การ์ดเพอร์",
      "บทบาท",
      "ที่ปรึกษาการขาย",
      "เป็นมิตร",
      "ไทย",
      "ยินดีต้อนรับค่ะ",
      "ส่งของกี่วัน",
      "ภายใน 2-3 วันทำการค่ะ",
      "ชำระเงินอย่างไร",
      "สร้างด้วย Jai (ใจ)",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("ไม่มีคำถาม");
    // No control characters from glyphs without a mapping.
    const controls = [...text].filter((character) => {
      const code = character.codePointAt(0) ?? 0;
      return code < 0x20 && character !== "\n" && character !== "\t";
    });
    expect(controls).toEqual([]);
  });

  it("labels an English card in English, and draws an uploaded avatar as an image", async () => {
    const avatar = await sharp({
      create: { width: 256, height: 256, channels: 3, background: "#f97316" },
    })
      .webp()
      .toBuffer();
    const requested: string[] = [];
    const pdf = await renderPersonaCardPdf({
      persona: PersonaSchema.parse({
        name: "Nam Jai",
        avatar: "/api/avatars/0b0e6a4e-3c8f-4c55-9b1f-1f0c6f6d2a11",
        role: "Sales Assistant",
        tone: "professional",
        language: "auto",
      }),
      locale: "en",
      loadAvatar: async (id) => {
        requested.push(id);
        return avatar;
      },
    });
    expect(requested).toEqual(["0b0e6a4e-3c8f-4c55-9b1f-1f0c6f6d2a11"]);
    expect(Buffer.from(pdf).toString("latin1")).toContain("/Subtype /Image");
    const text = await pdfText(pdf);
    for (const expected of ["Nam Jai", "Role", "Sales Assistant", "Professional", "Auto-detect"]) {
      expect(text).toContain(expected);
    }
  });

  it("shows the name's first letter for an emoji avatar (no emoji font in the PDF)", async () => {
    const pdf = await renderPersonaCardPdf({
      persona: PersonaSchema.parse({ name: "somchai", avatar: "😊" }),
      locale: "en",
      loadAvatar: async () => null,
    });
    expect(Buffer.from(pdf).toString("latin1")).not.toContain("/Subtype /Image");
    expect((await pdfText(pdf)).split(/\s+/)).toContain("S");
  });
});

describe("Thai shaping in the PDF font (fontkit, as pdfkit draws it)", () => {
  it("places tone marks and upper vowels by the font's GPOS and GSUB", async () => {
    const glyphs = await shape("ผู้ช่วยที่ปรึกษา ปี่");
    const marks = glyphs.filter((glyph) => glyph.xAdvance === 0);
    expect(marks.length).toBeGreaterThanOrEqual(7);
    // Every mark is pulled back over its consonant (mark-to-base positioning).
    for (const mark of marks) expect(mark.xOffset).toBeLessThan(0);
    // A tone mark above an upper vowel is the raised ".small" form (ที่), and after a tall
    // consonant (ป) marks take the ".narrow" forms, shifted further left.
    const names = glyphs.map((glyph) => glyph.name);
    expect(names).toContain("uni0E48.small");
    expect(names).toContain("uni0E35.narrow");
    const narrow = glyphs.find((glyph) => glyph.name === "uni0E35.narrow")!;
    const regular = glyphs.find((glyph) => glyph.name === "uni0E35")!;
    expect(narrow.xOffset).toBeLessThan(regular.xOffset);
  });

  it("stacks the tone mark above NIKHAHIT in a reordered SARA AM syllable", async () => {
    const glyphs = await shape(reorderSaraAm("น้ำ"));
    expect(glyphs.map((glyph) => glyph.name)).toEqual([
      "uni0E19",
      "uni0E4D",
      "uni0E49.small",
      "uni0E32",
    ]);
    // Raised above the NIKHAHIT (mark-to-mark), not drawn on top of it.
    expect(glyphs[2]!.yOffset).toBeGreaterThan(0);
  });
});
