import { describe, expect, it } from "vitest";
import { faqSuggestions } from "./faq-suggestions";

const faqs = [
  { question: "ร้านเปิดกี่โมง" },
  { question: "When are you open?" },
  { question: "ส่งของกี่วันถึง" },
  { question: " " },
];

describe("faqSuggestions", () => {
  it("offers the questions in the customer's language", () => {
    expect(faqSuggestions(faqs, "th")).toEqual(["ร้านเปิดกี่โมง", "ส่งของกี่วันถึง"]);
    expect(faqSuggestions(faqs, "en")).toEqual(["When are you open?"]);
  });

  it("offers every question while the customer's language is not known", () => {
    expect(faqSuggestions(faqs, null)).toHaveLength(3);
  });

  it("falls back to every question when none is in that language", () => {
    expect(faqSuggestions([{ question: "When are you open?" }], "th")).toEqual([
      "When are you open?",
    ]);
  });
});
