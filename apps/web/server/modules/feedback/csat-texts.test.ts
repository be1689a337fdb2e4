import { describe, expect, it } from "vitest";
import { csatLanguage, csatTexts, parseCsatAnswer } from "./csat-texts";

describe("CSAT texts", () => {
  it("reads a tapped score, a typed number (Thai digits too) and nothing else", () => {
    expect(parseCsatAnswer("csat:4")).toEqual({ score: 4, from: "button" });
    expect(parseCsatAnswer(" 5 ")).toEqual({ score: 5, from: "number" });
    expect(parseCsatAnswer("๓")).toEqual({ score: 3, from: "number" });
    expect(parseCsatAnswer("4/5")).toEqual({ score: 4, from: "number" });
    expect(parseCsatAnswer(csatTexts.button(2))).toEqual({ score: 2, from: "number" });
    for (const text of ["csat:6", "0", "6", "15", "5 ชิ้น", "ขอ 2 ที่", "", "csat:"]) {
      expect(parseCsatAnswer(text)).toBeNull();
    }
  });

  it("asks in the customer's language, Thai when unknown", () => {
    expect(csatLanguage("th-TH")).toBe("th");
    expect(csatLanguage(null, "en")).toBe("en");
    expect(csatLanguage("ja", "th")).toBe("en");
    expect(csatLanguage(null, undefined)).toBe("th");
    expect(csatTexts.question("th", false)).toContain("1–5");
    expect(csatTexts.question("en", true)).toContain("Tap a number");
  });
});
