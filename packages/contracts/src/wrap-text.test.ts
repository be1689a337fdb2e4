import { describe, expect, it } from "vitest";
import { wrapText } from "./wrap-text";

/** One unit per grapheme cluster: a Thai letter with its marks counts once, like its width. */
const graphemes = new Intl.Segmenter("th", { granularity: "grapheme" });
const measure = (text: string) => Array.from(graphemes.segment(text)).length;

const thaiWords = (line: string) =>
  Array.from(new Intl.Segmenter("th", { granularity: "word" }).segment(line))
    .filter((part) => part.isWordLike)
    .map((part) => part.segment);

describe("wrapText", () => {
  it("wraps English at spaces", () => {
    expect(wrapText("The quick brown fox jumps over", measure, { maxWidth: 10 })).toEqual([
      "The quick",
      "brown fox",
      "jumps over",
    ]);
  });

  it("wraps Thai at word boundaries, never inside a word", () => {
    const text = "สวัสดีค่ะยินดีต้อนรับสู่ร้านของเราวันนี้มีโปรโมชั่นพิเศษ";
    const lines = wrapText(text, measure, { maxWidth: 12 });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join("")).toBe(text);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(12);
    // Every line is made of whole words of the text.
    const allWords = thaiWords(text);
    for (const line of lines) {
      for (const word of thaiWords(line)) expect(allWords).toContain(word);
    }
    // สวัสดี|ค่ะ|ยินดี fill 9 of 12; ต้อนรับ (5 more) goes to the next line.
    expect(lines[0]).toBe("สวัสดีค่ะยินดี");
  });

  it("keeps tone marks and vowels with their consonant when a word must be split", () => {
    const lines = wrapText("น้ำใจน้ำใจน้ำใจ", measure, { maxWidth: 4 });
    for (const line of lines) expect(line).not.toMatch(/^[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/u);
    expect(lines.join("")).toBe("น้ำใจน้ำใจน้ำใจ");
  });

  it("keeps line breaks and cuts to maxLines with an ellipsis", () => {
    expect(wrapText("one\ntwo\n\nthree", measure, { maxWidth: 20 })).toEqual([
      "one",
      "two",
      "",
      "three",
    ]);
    const cut = wrapText("alpha beta gamma delta epsilon", measure, { maxWidth: 11, maxLines: 2 });
    expect(cut).toEqual(["alpha beta", "gamma…"]);
    for (const line of cut) expect(measure(line)).toBeLessThanOrEqual(11);
  });

  it("gives no lines for blank text", () => {
    expect(wrapText("  \n ", measure, { maxWidth: 10 })).toEqual([]);
  });
});
