import { describe, expect, it } from "vitest";
import { th } from "./messages";

describe("Thai pricing texts", () => {
  // Brand, platform and provider names, acronyms and units (MB) may stay in Latin script.
  const allowed =
    /\b(Jai|AI|API|CRM|FAQ|MB|LINE Official Account|LINE|Facebook Messenger|Facebook|Instagram|TikTok|OpenAI|Anthropic|Google)\b/g;

  function collectStrings(value: unknown): string[] {
    if (typeof value === "string") return [value];
    if (typeof value === "function") return collectStrings(value(1, "1"));
    if (Array.isArray(value)) return value.flatMap(collectStrings);
    if (value && typeof value === "object") return Object.values(value).flatMap(collectStrings);
    return [];
  }

  it("leave no English words on the Thai page", () => {
    const facts = { brand: "Jai", startingPrice: "฿990", maxDiscount: 10, trialDays: 7 };
    const { meta, ...rest } = th;
    const texts = [meta.title(facts), meta.description(facts), ...collectStrings(rest)];
    const leftovers = texts
      .map((text) => text.replace(allowed, ""))
      .filter((text) => /[A-Za-z]{2,}/.test(text));
    expect(leftovers).toEqual([]);
  });
});
