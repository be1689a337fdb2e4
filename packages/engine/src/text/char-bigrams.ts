import { normalizeText } from "./normalize-text";

/**
 * Overlapping pairs of characters of the Thai (and other unspaced-script) runs of a text:
 * "แชทบอท" gives "แช" "ชท" "ทบ" "บอ" "อท". The dictionary cuts words it does not know (loan
 * words, brand names) differently depending on what surrounds them, so a query and a passage
 * may not share the word; they still share its pairs. The index can score them as a weak
 * second signal (see `SearchIndexOptions.bigramWeight`).
 */
export function charBigrams(text: string): string[] {
  const bigrams: string[] = [];
  for (const [run] of normalizeText(text).matchAll(unspacedRun)) {
    const chars = Array.from(run);
    for (let i = 0; i + 1 < chars.length; i++) bigrams.push(chars[i]! + chars[i + 1]!);
  }
  return bigrams;
}

const unspacedRun =
  /(?:(?!\p{N})[\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}])+/gu;
