import { PersonaSchema } from "@jai/contracts/persona";
import { describe, expect, it } from "vitest";
import { findSynonymsProblems, formatSynonymsText, parseSynonymsText } from "./synonyms-text";

describe("synonyms as text", () => {
  it("reads one set a line, terms separated by commas or =", () => {
    const text = "latte, ลาเต้ ,กาแฟนม\n\n  ค่าส่ง = ค่าจัดส่ง = shipping  \r\nกาแฟ，coffee＝คอฟฟี่";
    expect(parseSynonymsText(text)).toEqual([
      ["latte", "ลาเต้", "กาแฟนม"],
      ["ค่าส่ง", "ค่าจัดส่ง", "shipping"],
      ["กาแฟ", "coffee", "คอฟฟี่"],
    ]);
  });

  it("keeps a half-typed line in the draft; the schema drops it", () => {
    const sets = parseSynonymsText("latte, ,\nค่าส่ง, ค่าส่ง\n , = ,");
    expect(sets).toEqual([["latte"], ["ค่าส่ง"]]);
    expect(PersonaSchema.parse({ synonyms: sets }).synonyms).toEqual([]);
  });

  it("writes sets back as the text it reads", () => {
    const sets = [
      ["latte", "ลาเต้", "กาแฟนม"],
      ["ค่าส่ง", "shipping"],
    ];
    const text = formatSynonymsText(sets);
    expect(text).toBe("latte, ลาเต้, กาแฟนม\nค่าส่ง, shipping");
    expect(parseSynonymsText(text)).toEqual(sets);
    expect(formatSynonymsText([])).toBe("");
  });

  it("names each problem by the line the owner sees", () => {
    expect(findSynonymsProblems("")).toEqual([]);
    expect(findSynonymsProblems("latte, ลาเต้")).toEqual([]);
    const eleven = Array.from({ length: 11 }, (_, index) => `w${index}`).join(", ");
    const long = "ก".repeat(61);
    expect(findSynonymsProblems(`latte\n\n${eleven}\nค่าส่ง = ${long}`)).toEqual([
      { code: "singleTerm", line: 1 },
      { code: "tooManyTerms", line: 3, count: 11, max: 10 },
      { code: "termTooLong", line: 4, term: long, max: 60 },
    ]);
    const sets = Array.from({ length: 102 }, (_, index) => `a${index}, b${index}`).join("\n");
    expect(findSynonymsProblems(`${sets}\nalone`)).toEqual([
      { code: "tooManySets", count: 102, max: 100 },
      { code: "singleTerm", line: 103 },
    ]);
  });
});
