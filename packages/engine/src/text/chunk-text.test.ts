import { describe, expect, it } from "vitest";
import { seededRandom } from "../providers/seeded-random";
import { chunkText } from "./chunk-text";
import { thaiLexicon } from "./thai-lexicon";

// Words the ICU dictionary knows whole (no `thaiLexicon` entry), so its boundaries are the truth.
const thaiWords = [
  "ทดลอง",
  "ใช้งาน",
  "ฟรี",
  "ราคา",
  "บาท",
  "ต่อ",
  "เดือน",
  "ลูกค้า",
  "ร้านค้า",
  "ออนไลน์",
  "สินค้า",
  "จัดส่ง",
  "ภายใน",
  "วัน",
  "สอบถาม",
  "ข้อมูล",
  "เพิ่มเติม",
  "ติดต่อ",
  "เจ้าหน้าที่",
  "ตลอด",
  "เวลา",
  "บริการ",
  "รับประกัน",
  "คุณภาพ",
  "ของ",
  "เรา",
  "ช่องทาง",
  "เชื่อมต่อ",
  "ภาษา",
  "อัตโนมัติ",
  "ความ",
  "พึงพอใจ",
  "วิเคราะห์",
  "รายงาน",
  "ส่วนลด",
  "สมาชิก",
  "สมัคร",
  "ยกเลิก",
  "เมื่อไหร่",
  "ก็ได้",
];
const englishWords = [
  "plan",
  "price",
  "bot",
  "channel",
  "customers",
  "support",
  "monthly",
  "trial",
  "LINE",
  "Messenger",
  "analytics",
  "knowledge",
  "base",
  "answer",
  "questions",
  "quickly",
  "your",
  "team",
  "every",
  "day",
];
const numbers = ["990", "2,490", "๒,๔๙๐", "7", "10,000", "3.5"];

/** Text shaped like owners' knowledge: Thai phrases without inner spaces, English, numbers. */
function generateText(seed: number, words: readonly string[] = thaiWords): string {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const paragraphs: string[] = [];
  for (let p = 0, count = 1 + Math.floor(random() * 4); p < count; p++) {
    const phrases: string[] = [];
    for (let f = 0, length = 2 + Math.floor(random() * 12); f < length; f++) {
      const kind = random();
      if (kind < 0.55) {
        phrases.push(
          Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(words)).join(""),
        );
      } else if (kind < 0.85) {
        const sentence = Array.from({ length: 2 + Math.floor(random() * 8) }, () =>
          pick(englishWords),
        ).join(" ");
        phrases.push(random() < 0.5 ? `${sentence}.` : sentence);
      } else {
        phrases.push(pick(numbers));
      }
    }
    paragraphs.push(phrases.join(random() < 0.2 ? "\n" : " "));
  }
  return paragraphs.join("\n\n");
}

/** Every position where Intl.Segmenter, run over the whole text, puts a boundary. */
function segmenterBoundaries(text: string): Set<number> {
  const boundaries = new Set<number>([text.length]);
  for (const { index } of new Intl.Segmenter("th", { granularity: "word" }).segment(text))
    boundaries.add(index);
  return boundaries;
}

describe("chunkText", () => {
  it("never cuts inside a word: every edge is a boundary of the whole text, re-segmented", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const text = generateText(seed);
      const boundaries = segmenterBoundaries(text);
      const maxChars = 40 + (seed % 7) * 50;
      const overlap = (seed % 3) * 20;
      const chunks = chunkText(text, { maxChars, overlap, source: "generated" });
      expect(chunks.length).toBeGreaterThan(0);
      for (const chunk of chunks) {
        expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
        expect(chunk.text.length).toBeLessThanOrEqual(maxChars);
        expect(
          boundaries.has(chunk.start),
          `seed ${seed}: starts inside a word: ${chunk.text}`,
        ).toBe(true);
        expect(boundaries.has(chunk.end), `seed ${seed}: ends inside a word: ${chunk.text}`).toBe(
          true,
        );
      }
    }
  });

  it("covers the whole text, in order, with bounded overlap", () => {
    for (let seed = 100; seed < 140; seed++) {
      const text = generateText(seed);
      const overlap = 30;
      const chunks = chunkText(text, { maxChars: 120, overlap });
      const covered = new Uint8Array(text.length);
      chunks.forEach((chunk, position) => {
        covered.fill(1, chunk.start, chunk.end);
        expect(chunk.index).toBe(position);
        const previous = chunks[position - 1];
        if (previous) {
          expect(chunk.start).toBeGreaterThan(previous.start);
          expect(previous.end - chunk.start).toBeLessThanOrEqual(overlap);
        }
      });
      for (let i = 0; i < text.length; i++) {
        if (!/\s/.test(text[i]!))
          expect(covered[i], `seed ${seed}: character ${i} in no chunk`).toBe(1);
      }
    }
  });

  it("keeps the loan words of the lexicon whole", () => {
    for (let seed = 200; seed < 230; seed++) {
      const text = generateText(seed, [...thaiWords, ...thaiLexicon]);
      for (const chunk of chunkText(text, { maxChars: 60, overlap: 15 })) {
        for (const word of thaiLexicon) {
          for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
            const end = at + word.length;
            expect(chunk.start > at && chunk.start < end).toBe(false);
            expect(chunk.end > at && chunk.end < end).toBe(false);
          }
        }
      }
    }
  });

  it("ends English chunks at sentences when one ends in reach", () => {
    const text =
      "Starter costs 990 THB. Pro costs 2,490 THB and includes four bots. Business costs 3,990 THB.";
    const chunks = chunkText(text, { maxChars: 70, overlap: 0 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      "Starter costs 990 THB. Pro costs 2,490 THB and includes four bots.",
      "Business costs 3,990 THB.",
    ]);
  });

  it("finds sentence ends deep into a long text without line breaks (segmented in stretches)", () => {
    const sentence = "Pro costs 2,490 THB and includes four bots. ";
    const text = sentence.repeat(400).trim();
    const chunks = chunkText(text, { maxChars: 200, overlap: 0 });
    expect(text.length).toBeGreaterThan(10_000);
    for (const chunk of chunks) expect(chunk.text.endsWith("bots.")).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join(" ")).toBe(text);
  });

  it("cuts Thai without full stops at the spaces between phrases", () => {
    const text =
      "แพ็กเกจโปรราคาสองพันสี่ร้อยเก้าสิบบาทต่อเดือน สร้างบอทได้สี่ตัว เชื่อมต่อได้สองช่องทาง รองรับผู้ใช้หนึ่งหมื่นคนต่อเดือน";
    const chunks = chunkText(text, { maxChars: 60, overlap: 0 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      "แพ็กเกจโปรราคาสองพันสี่ร้อยเก้าสิบบาทต่อเดือน",
      "สร้างบอทได้สี่ตัว เชื่อมต่อได้สองช่องทาง",
      "รองรับผู้ใช้หนึ่งหมื่นคนต่อเดือน",
    ]);
  });

  it("prefers a paragraph end and does not carry overlap across it", () => {
    const text = `${"First paragraph words here. ".repeat(3).trim()}\n\nSecond paragraph starts here and goes on.`;
    const chunks = chunkText(text, { maxChars: 100, overlap: 30 });
    expect(chunks[0]!.text.endsWith("here.")).toBe(true);
    expect(chunks[1]!.text.startsWith("Second")).toBe(true);
  });

  it("repeats the end of a chunk at the start of the next, from a phrase boundary", () => {
    const text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
    const chunks = chunkText(text, { maxChars: 40, overlap: 12 });
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.start).toBeLessThan(chunks[i - 1]!.end);
      expect(text[chunks[i]!.start - 1]).toBe(" ");
    }
  });

  it("cuts a single word longer than maxChars between characters (the one exception)", () => {
    const text = `see https://example.com/${"a".repeat(200)} now`;
    const chunks = chunkText(text, { maxChars: 50, overlap: 0 }).map((chunk) => chunk.text);
    expect(chunks[0]).toBe("see https://example.com/");
    expect(chunks.every((chunk) => chunk.length <= 50)).toBe(true);
    expect(chunks.slice(1, -1).every((chunk) => /^a+$/.test(chunk))).toBe(true);
    expect(chunks.join("").replaceAll(" ", "")).toBe(text.replaceAll(" ", ""));
  });

  it("returns nothing for blank text and one chunk for short text", () => {
    expect(chunkText("  \n ")).toEqual([]);
    expect(chunkText("  สวัสดีค่ะ  ", { source: "greeting" })).toEqual([
      { text: "สวัสดีค่ะ", source: "greeting", index: 0, start: 2, end: 11 },
    ]);
  });
});
