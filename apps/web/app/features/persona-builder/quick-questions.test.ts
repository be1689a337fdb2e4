import { describe, expect, it } from "vitest";
import { getQuickQuestions, quickQuestionLabel } from "./quick-questions";

describe("quick test questions", () => {
  it("offers the first three FAQ questions, skipping blank ones", () => {
    const faqs = [
      { question: "  ", answer: "ignored" },
      { question: "Hours?", answer: "8 to 6" },
      { question: "Price?", answer: "" },
      { question: "", answer: "orphan answer" },
      { question: "Where?", answer: "Chiang Mai" },
      { question: "Delivery?", answer: "Yes" },
    ];
    expect(getQuickQuestions(faqs)).toEqual([
      { question: "Hours?", label: "Hours?" },
      { question: "Price?", label: "Price?" },
      { question: "Where?", label: "Where?" },
    ]);
    expect(getQuickQuestions([])).toEqual([]);
  });

  it("cuts labels at 30 characters plus an ellipsis", () => {
    const exactly30 = "a".repeat(30);
    expect(quickQuestionLabel(exactly30)).toBe(exactly30);
    expect(quickQuestionLabel("What are your opening hours on public holidays?")).toBe(
      "What are your opening hours on…",
    );
    expect(quickQuestionLabel(`${"b".repeat(31)}`)).toBe(`${"b".repeat(30)}…`);
  });

  it("never splits a Thai letter from its marks", () => {
    // 29 ASCII characters then "น้ำ" (3 code units): the whole character does not fit.
    const label = quickQuestionLabel(`${"x".repeat(29)}น้ำมีไหม`);
    expect(label).toBe(`${"x".repeat(29)}…`);
    const question = "ร้านเปิดกี่โมงและปิดกี่โมงในวันหยุดนักขัตฤกษ์คะ";
    const thai = quickQuestionLabel(question);
    expect(thai.endsWith("…")).toBe(true);
    const cut = thai.slice(0, -1);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(question.startsWith(cut)).toBe(true);
    // What was left out does not start with a mark that belonged to the label's last letter.
    expect(/\p{M}/u.test(question[cut.length]!)).toBe(false);
  });
});
