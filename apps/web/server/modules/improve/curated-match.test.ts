import { describe, expect, it } from "vitest";
import {
  type CuratedSource,
  fullScanComparisons,
  matchCuratedAnswer,
  sendsVerbatim,
  toCuratedCandidate,
} from "./curated-match";

let next = 0;
function answer(overrides: Partial<CuratedSource> & { question: string }): CuratedSource {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, "0")}`,
    variants: [],
    answer: `Answer to ${overrides.question}`,
    language: null,
    mode: "verbatim",
    questionKey: null,
    ...overrides,
  };
}

const parking = answer({
  question: "Is there parking?",
  answer: "Yes, 20 free spaces behind the shop.",
});
const opening = answer({
  question: "ร้านเปิดกี่โมง",
  answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ",
  language: "th",
});
const vegan = answer({
  question: "Do you have vegan food?",
  variants: ["มีอาหารเจไหม"],
  answer: "Yes: the green curry and the tofu salad are vegan.",
});
const candidates = [parking, opening, vegan].map(toCuratedCandidate);
const match = (message: string, language: string | null = null) =>
  matchCuratedAnswer(candidates, message, { language })?.candidate.id ?? null;

describe("matchCuratedAnswer", () => {
  it("matches English paraphrases", () => {
    expect(match("Do you have a car park?")).toBe(parking.id);
    expect(match("Can I park there?")).toBe(parking.id);
    expect(match("What are your opening hours?", "en")).toBe(opening.id);
    expect(match("vegan food available?")).toBe(vegan.id);
  });

  it("matches Thai paraphrases, and across Thai and English", () => {
    expect(match("มีที่จอดรถไหมคะ")).toBe(parking.id);
    expect(match("ที่จอดรถมีไหมครับ")).toBe(parking.id);
    expect(match("เปิดร้านกี่โมงคะ")).toBe(opening.id);
    expect(match("มีอาหารเจไหมครับ")).toBe(vegan.id);
  });

  it("leaves unrelated questions, small talk and empty messages alone", () => {
    expect(match("Do you sell gift cards?")).toBeNull();
    expect(match("ส่งของไปต่างประเทศได้ไหม")).toBeNull();
    expect(match("ok")).toBeNull();
    expect(match("   ")).toBeNull();
    expect(matchCuratedAnswer([], "Is there parking?", { language: "en" })).toBeNull();
  });

  it("matches the improvement group's key it was written for", () => {
    const written = toCuratedCandidate(
      answer({ question: "Refunds", questionKey: "parking", answer: "Free parking." }),
    );
    expect(matchCuratedAnswer([written], "มีที่จอดรถไหม", { language: "th" })?.score).toBe(1);
  });

  it("prefers, among equally good answers, the one in the reply language, then any language", () => {
    const thai = answer({ question: "มีที่จอดรถไหม", language: "th", answer: "มีค่ะ" });
    const english = answer({ question: "Is there parking?", language: "en", answer: "Yes." });
    const any = answer({ question: "Do you have parking?", language: null, answer: "Yes!" });
    const set = [thai, english, any].map(toCuratedCandidate);
    expect(matchCuratedAnswer(set, "Is there parking?", { language: "en" })?.candidate.id).toBe(
      english.id,
    );
    expect(matchCuratedAnswer(set, "Is there parking?", { language: "th" })?.candidate.id).toBe(
      thai.id,
    );
    const noThai = [english, any].map(toCuratedCandidate);
    expect(matchCuratedAnswer(noThai, "มีที่จอดรถไหม", { language: "th" })?.candidate.id).toBe(any.id);
  });

  it("keeps big sets fast: only wordings sharing a concept are compared", () => {
    const many = Array.from({ length: 1000 }, (_, index) =>
      answer({
        question: `Do you sell product model ${index} in size ${index % 7}?`,
        variants: Array.from({ length: 20 }, (_, variant) => `model ${index} colour ${variant}`),
      }),
    ).map(toCuratedCandidate);
    expect(many.reduce((sum, c) => sum + c.wordings.length, 0)).toBeGreaterThan(
      fullScanComparisons,
    );
    const set = [...many, toCuratedCandidate(parking)];
    const started = performance.now();
    expect(matchCuratedAnswer(set, "มีที่จอดรถไหม", { language: "th" })?.candidate.id).toBe(
      parking.id,
    );
    expect(performance.now() - started).toBeLessThan(250);
  });

  it("sends a verbatim answer as written in its language or for any; the engine says the rest", () => {
    const thai = toCuratedCandidate(answer({ question: "q", language: "th" }));
    const any = toCuratedCandidate(answer({ question: "q", language: null }));
    const guide = toCuratedCandidate(answer({ question: "q", language: "th", mode: "guide" }));
    expect(sendsVerbatim(thai, "th")).toBe(true);
    expect(sendsVerbatim(thai, "en")).toBe(false);
    expect(sendsVerbatim(any, "en")).toBe(true);
    expect(sendsVerbatim(guide, "th")).toBe(false);
    // Rows written by imports with other values are read safely.
    const odd = toCuratedCandidate(answer({ question: "q", language: "fr", mode: "other" }));
    expect(odd).toMatchObject({ language: null, mode: "verbatim" });
  });
});
