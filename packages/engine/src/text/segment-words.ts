import { foldMeasures, unitWord } from "./fold-measures";
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
 * forms documents use. Repeated letters, clock times, money and units fold to one form
 * (`foldMeasures`, `unitWord`: "500g" and "500 กรัม" are both "500" "g"), and a hyphenated
 * Latin word gives its parts and the word joined ("e-mail": "e" "mail" "email"), so "email"
 * meets "e-mail" whichever side wrote which.
 */
export function segmentWords(text: string, options: SegmentOptions = {}): string[] {
  const normalized = foldMeasures(normalizeText(text));
  const words: string[] = [];
  let previous: { word: string; end: number } | undefined;
  for (const { start, end } of scanWordSpans(normalized)) {
    const word = normalized.slice(start, end);
    if (thaiMarksOnly.test(word)) continue;
    const hyphenated =
      previous &&
      start === previous.end + 1 &&
      normalized[previous.end] === "-" &&
      latinWord.test(previous.word) &&
      latinWord.test(word);
    if (hyphenated) words.push(foldWord(previous!.word + word));
    previous = { word: hyphenated ? previous!.word + word : word, end };
    if (options.dropStopWords && stopWords.has(word)) continue;
    const glued = numberWithUnit.exec(word);
    const unit = glued ? unitWord(foldWord(glued[2]!)) : undefined;
    if (glued && unit) {
      words.push(foldWord(glued[1]!), unit);
      continue;
    }
    // Spreadsheet headers ("price_thb", "opening_hours"): the parts are the words.
    if (word.includes("_")) {
      for (const part of word.split("_")) {
        if (part && !(options.dropStopWords && stopWords.has(part))) {
          const folded = foldWord(part);
          words.push(unitWord(folded) ?? folded);
        }
      }
      continue;
    }
    const folded = foldWord(word);
    words.push(unitWord(folded) ?? folded);
  }
  return words;
}

const latinWord = /^[a-z]+$/;
/** "500g", "2km", "65thb": a number glued to its unit. */
const numberWithUnit = /^(\d+(?:[.,]\d+)?)([a-z\u0E01-\u0E4E]+)$/;

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
