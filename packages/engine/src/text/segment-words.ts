import { normalizeText } from "./normalize-text";
import { scanWordSpans } from "./scan-words";
import { stopWords } from "./stop-words";

export type SegmentOptions = {
  /** Drop `stopWords` (Thai particles, English function words). Default false. */
  dropStopWords?: boolean;
};

/**
 * The words of a text as the index and the queries compare them: normalised (`normalizeText`),
 * lower case, Thai digits as 0-9, punctuation and spaces gone, Thai split by the dictionary and
 * English and numbers kept. Digit groups lose their separators ("2,490" and "๒,๔๙๐" are both
 * "2490") and English plurals their "s" ("plans" is "plan"), so the forms people type meet the
 * forms documents use.
 */
export function segmentWords(text: string, options: SegmentOptions = {}): string[] {
  const normalized = normalizeText(text);
  const words: string[] = [];
  for (const { start, end } of scanWordSpans(normalized)) {
    const word = normalized.slice(start, end);
    if (thaiMarksOnly.test(word) || (options.dropStopWords && stopWords.has(word))) continue;
    words.push(foldWord(word));
  }
  return words;
}

function foldWord(word: string): string {
  if (digitGroups.test(word)) return word.replaceAll(",", "");
  if (englishPlural.test(word) && !keepFinalS.test(word)) {
    return word.endsWith("ies") ? `${word.slice(0, -3)}y` : word.slice(0, -1);
  }
  return word;
}

/** ๆ (repeat), ฯ (abbreviation) and the like standing alone: marks, not words. */
const thaiMarksOnly = /^[\u0E2F\u0E46\u0E4F\u0E5A\u0E5B]+$/;
const digitGroups = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
/** Four letters or more ending in s: "plans", "prices", "channels" (not "bus", "yes"). */
const englishPlural = /^[a-z]{3,}s$/;
/** Not plurals: "business", "analysis", "status", "bonus". */
const keepFinalS = /(?:ss|is|us)$/;
