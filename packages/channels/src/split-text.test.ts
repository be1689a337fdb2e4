import { describe, expect, it } from "vitest";
import { splitText } from "./split-text";

describe("splitText", () => {
  it("keeps a short text whole", () => {
    expect(splitText("  Hello there  ", 100)).toEqual(["Hello there"]);
    expect(splitText("", 100)).toEqual([]);
  });

  it("cuts at paragraph breaks first", () => {
    const text = `${"a".repeat(30)}\n\n${"b".repeat(30)}`;
    expect(splitText(text, 40)).toEqual(["a".repeat(30), "b".repeat(30)]);
  });

  it("cuts English at sentence ends, then spaces, never inside a word", () => {
    const parts = splitText("One two three. Four five six seven eight nine ten.", 20);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(20);
    expect(parts.join(" ")).toBe("One two three. Four five six seven eight nine ten.");
    expect(parts[0]).toBe("One two three.");
  });

  it("cuts Thai, which has no spaces between words, at word boundaries", () => {
    const text = "ร้านเปิดทุกวันตั้งแต่เก้าโมงเช้าถึงหกโมงเย็นยกเว้นวันหยุดนักขัตฤกษ์";
    const parts = splitText(text, 20);
    expect(parts.join("")).toBe(text);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(20);
    // No word is split: every part ends where the segmenter ends a word.
    const words = [...new Intl.Segmenter("th", { granularity: "word" }).segment(text)].map(
      (segment) => segment.index + segment.segment.length,
    );
    let offset = 0;
    for (const part of parts.slice(0, -1)) {
      offset += part.length;
      expect(words).toContain(offset);
    }
  });

  it("cuts a single word longer than the limit", () => {
    expect(splitText("x".repeat(25), 10)).toEqual(["x".repeat(10), "x".repeat(10), "x".repeat(5)]);
  });
});
