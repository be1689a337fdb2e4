import { describe, expect, it } from "vitest";
import { buildSearchIndex } from "../retrieval/search-index";
import { bilingualLexicon } from "./bilingual-lexicon";

/**
 * Every lexicon entry works across languages through the index: a question with any of its
 * Thai words finds a passage that only has its English word, and the other way round.
 */
describe("bilingual lexicon entries match across languages", () => {
  const filler = {
    id: "other",
    kind: "knowledge" as const,
    source: "other",
    text: "Something else entirely: zebra quartz.",
  };
  it.each(bilingualLexicon.map((entry) => [`${entry.th[0]} / ${entry.en[0]}`, entry] as const))(
    "%s",
    (_, entry) => {
      const english = buildSearchIndex([
        { id: "en", kind: "knowledge", source: "en", text: `About ${entry.en[0]}.` },
        filler,
      ]);
      const thai = buildSearchIndex([
        { id: "th", kind: "knowledge", source: "th", text: `เรื่อง ${entry.th[0]}` },
        filler,
      ]);
      for (const word of entry.th) expect(english.search(word)[0]?.id, word).toBe("en");
      for (const word of entry.en) expect(thai.search(word)[0]?.id, word).toBe("th");
    },
  );
});
