import { describe, expect, it } from "vitest";
import { charBigrams } from "./char-bigrams";
import { normalizeText } from "./normalize-text";
import { scanWordSpans } from "./scan-words";
import { segmentWords } from "./segment-words";

describe("normalizeText", () => {
  it("folds full-width forms, Thai digits and case", () => {
    expect(normalizeText("ＡＢＣ １２３ ๒๔๙๐ Pro")).toBe("abc 123 2490 pro");
  });

  it("keeps SARA AM whole, as the dictionary spells it", () => {
    // NFKC alone would turn ำ into ํ + า.
    expect(normalizeText("คำถาม น้ำ")).toBe("คำถาม น้ำ");
    // Typed as separate marks, in either order around the tone mark.
    expect(normalizeText("น\u0E49\u0E4D\u0E32")).toBe("น้ำ");
    expect(normalizeText("น\u0E4D\u0E49\u0E32")).toBe("น้ำ");
  });

  it("keeps zero width space as a break and drops joiners", () => {
    expect(normalizeText("ราคา\u200Bบาท\u00AD\u200D")).toBe("ราคา บาท");
  });
});

describe("segmentWords", () => {
  it("splits a Thai sentence into dictionary words", () => {
    expect(segmentWords("ทดลองใช้ฟรีได้กี่วัน")).toEqual(["ทดลอง", "ใช้", "ฟรี", "ได้", "กี่", "วัน"]);
  });

  it("splits mixed Thai-English text and keeps English words and numbers", () => {
    expect(segmentWords("ราคาแพ็กเกจ Pro เท่าไหร่คะ")).toEqual([
      "ราคา",
      "แพ็กเกจ",
      "pro",
      "เท่า",
      "ไหร่",
      "คะ",
    ]);
    expect(segmentWords("เชื่อมต่อ LINE OA กับ Messenger ได้ไหม")).toContain("messenger");
  });

  it("treats Thai and Arabic digits and digit groups alike", () => {
    expect(segmentWords("๒,๔๙๐ บาท")).toEqual(["2490", "baht"]);
    expect(segmentWords("2,490 บาท")).toEqual(["2490", "baht"]);
    expect(segmentWords("2490บาท")).toEqual(["2490", "baht"]);
    expect(segmentWords("ราคา1.5ล้าน")).toEqual(["ราคา", "1.5", "ล้าน"]);
  });

  it("never glues digits to Thai words, unlike the segmenter alone", () => {
    expect(segmentWords("ทดลองใช้ฟรี7วัน")).toEqual(["ทดลอง", "ใช้", "ฟรี", "7", "วัน"]);
  });

  it("drops punctuation and spaces", () => {
    expect(segmentWords("Hello, world! (ราคา) — ๆ ฯ …")).toEqual(["hello", "world", "ราคา"]);
  });

  it("folds English plurals", () => {
    expect(segmentWords("plans prices channels business analysis bus")).toEqual([
      "plan",
      "price",
      "channel",
      "business",
      "analysis",
      "bus",
    ]);
  });

  it("keeps loan words the dictionary lacks whole, wherever they stand", () => {
    expect(segmentWords("สร้างบอทได้")).toContain("บอท");
    expect(segmentWords("จากบอท")).toEqual(["จาก", "บอท"]);
    expect(segmentWords("แดชบอร์ดวิเคราะห์ข้อมูล")).toEqual(["แดชบอร์ด", "วิเคราะห์", "ข้อมูล"]);
  });

  it("drops Thai particles and English function words on request", () => {
    const words = segmentWords("สวัสดีครับ How much is the Pro plan คะ", { dropStopWords: true });
    expect(words).toEqual(["pro", "plan"]);
  });

  it("gives the same words for Latin text as Intl.Segmenter does", () => {
    const text = "Don't email bar.com about v2 of gpt_4 at 3.5x the 2,490 price; A.I. rocks.";
    const segmenter = new Intl.Segmenter("th", { granularity: "word" });
    const expected = [...segmenter.segment(text)]
      .filter((part) => part.isWordLike)
      .map((part) => part.segment);
    expect(scanWordSpans(text).map(({ start, end }) => text.slice(start, end))).toEqual(expected);
  });

  it("segments a very long unspaced Thai run like the segmenter, in linear time", () => {
    const run = "ทดลองใช้งานฟรีสร้างหน้าร้านได้หนึ่งแห่งแพ็กเกจโปรมีระบบวิเคราะห์ข้อมูล".repeat(300);
    const segmenter = new Intl.Segmenter("th", { granularity: "word" });
    const started = performance.now();
    const words = scanWordSpans(run).map(({ start, end }) => run.slice(start, end));
    const elapsed = performance.now() - started;
    expect(words.join("")).toBe(run);
    // The lexicon keeps แพ็กเกจ whole where the dictionary cuts it; otherwise the same words.
    const expected = [...segmenter.segment(run.slice(0, 2000))].filter((part) => part.isWordLike);
    expect(words.slice(0, 20)).toEqual(
      expected
        .map((part) => part.segment)
        .slice(0, 30)
        .join("|")
        .replaceAll("แพ็ก|เกจ", "แพ็กเกจ")
        .split("|")
        .slice(0, 20),
    );
    expect(elapsed).toBeLessThan(2000);
  });
});

describe("charBigrams", () => {
  it("pairs the characters of Thai runs only", () => {
    expect(charBigrams("แชท bot 7วัน")).toEqual(["แช", "ชท", "วั", "ัน"]);
  });
});
