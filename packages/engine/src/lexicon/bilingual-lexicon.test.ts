import { describe, expect, it } from "vitest";
import { segmentWords } from "../text/segment-words";
import { stopWords } from "../text/stop-words";
import { bilingualLexicon, type LexiconEntry } from "./bilingual-lexicon";

/** Which entries hold each word, per language: a word in two entries would join two concepts. */
function ownersOf(language: "th" | "en"): Map<string, LexiconEntry[]> {
  const owners = new Map<string, LexiconEntry[]>();
  for (const entry of bilingualLexicon) {
    for (const word of entry[language]) owners.set(word, [...(owners.get(word) ?? []), entry]);
  }
  return owners;
}

const owners = { th: ownersOf("th"), en: ownersOf("en") };
const thaiLetters = /^[\u0E01-\u0E4E]+$/;
const englishWord = /^[a-z0-9]+$/;

/**
 * The lexicon is matched word by word after segmentation, so each of its words must come out of
 * `segmentWords` as one word, unchanged: a Thai word the dictionary cuts, or an English word that
 * loses a plural "s", would never be looked up.
 */
describe("bilingualLexicon", () => {
  it.each(bilingualLexicon.map((entry) => [`${entry.th[0]} / ${entry.en[0]}`, entry] as const))(
    "%s",
    (_, entry) => {
      expect(entry.th.length, "Thai words").toBeGreaterThan(0);
      expect(entry.en.length, "English words").toBeGreaterThan(0);
      for (const word of entry.th) {
        expect(word, word).toMatch(thaiLetters);
        expect(segmentWords(word), word).toEqual([word]);
        expect(stopWords.has(word), `${word} is a stop word`).toBe(false);
        expect(owners.th.get(word), `${word} in one entry`).toEqual([entry]);
      }
      for (const word of entry.en) {
        expect(word, word).toMatch(englishWord);
        expect(segmentWords(word), word).toEqual([word]);
        expect(stopWords.has(word), `${word} is a stop word`).toBe(false);
        expect(owners.en.get(word), `${word} in one entry`).toEqual([entry]);
      }
    },
  );
});
