import { segmentWords } from "../text/segment-words";
import { bilingualLexicon } from "./bilingual-lexicon";
import { thaiToneFold, transliterationKey } from "./transliteration";

/**
 * The other words a word may stand for, as index terms of their own. A document's word adds
 * them to the document; a query's word looks them up. They start with a control character, so
 * no word of a text can be one.
 *
 * - `lexicon`: the word's concept in the bilingual lexicon ("ราคา", "price", "cost" share one);
 * - `tone`: a Thai word without tone marks ("โปรโมชั่น" and "โปรโมชัน");
 * - `sound`: the transliteration skeleton ("โปรโมชั่น" and "promotion");
 * - `synonym`: the owner's synonym set the word or phrase belongs to.
 */
export const expansionWeights = {
  lexicon: 0.9,
  tone: 0.95,
  sound: 0.7,
  synonym: 0.9,
  /** A query word within one or two edits of a known word (a typo). */
  typo: 0.75,
} as const;

/**
 * A term a query word may be matched by: `weight` scales its BM25 score, `cover` how much of the
 * word a match covers (1 unless the match is a guess: a sound alike or a typo).
 */
export type Expansion = { term: string; weight: number; cover?: number };

/** How much of a word a guessed match covers. */
export const guessCover = { sound: 0.85, typo: 0.6 } as const;

/**
 * The lexicon, tone-fold and sound terms of one word (not the word itself), as a document
 * indexes them or as a query looks them up. Sounds match across scripts (a Thai spelling and
 * the English word) and between Thai spellings, never between two English words ("price" and
 * "prize" share a skeleton but not a meaning).
 */
export function wordExpansions(word: string, side: "document" | "query" = "query"): Expansion[] {
  // Texts repeat their words: the expansions of each are worked out once per process.
  const key = `${side === "document" ? "d" : "q"}${word}`;
  const cached = expansionCache.get(key);
  if (cached) return cached.slice();
  const found = expandWord(word, side);
  if (expansionCache.size >= maxCachedWords) expansionCache.clear();
  expansionCache.set(key, found);
  return found.slice();
}

const expansionCache = new Map<string, Expansion[]>();
const maxCachedWords = 100_000;

function expandWord(word: string, side: "document" | "query"): Expansion[] {
  const found: Expansion[] = [];
  // A clock time in a text, and the words that ask for one ("กี่โมง", "what time").
  if (clockTime.test(word) || timeWords.has(word))
    found.push({ term: "\u0001clock", weight: expansionWeights.lexicon });
  for (const unit of ambiguousUnits.get(word) ?? [])
    found.push({ term: unit, weight: expansionWeights.lexicon });
  const concept = lexiconConcepts().get(word);
  if (concept !== undefined)
    found.push({ term: `\u0001l${concept}`, weight: expansionWeights.lexicon });
  // A document's Thai word with tone marks also stands for its spelling without them; a query's
  // word looks for both ("ลาเต" finds "ลาเต้", "ลาเต้" finds "ลาเต").
  const tone = thaiToneFold(word);
  if (tone !== undefined) {
    if (side === "query") {
      found.push({ term: `\u0001t${tone}`, weight: expansionWeights.tone });
      if (tone !== word) found.push({ term: tone, weight: expansionWeights.tone });
    } else if (tone !== word) {
      found.push({ term: `\u0001t${tone}`, weight: expansionWeights.tone });
    }
  }
  const sound = transliterationKey(word);
  if (sound !== undefined) {
    const thai = tone !== undefined;
    if (side === "document") {
      found.push({ term: `\u0001${thai ? "s" : "S"}${sound}`, weight: expansionWeights.sound });
    } else {
      const cover = guessCover.sound;
      found.push({ term: `\u0001s${sound}`, weight: expansionWeights.sound, cover });
      if (thai) found.push({ term: `\u0001S${sound}`, weight: expansionWeights.sound, cover });
    }
  }
  return found;
}

const clockTime = /^t\d{4}$/;
const timeWords = new Set(["โมง", "นาฬิกา", "ทุ่ม", "เวลา", "time", "clock", "hour", "when"]);
/** "กิโล" is a kilometre or a kilogram, as the sentence has it. */
const ambiguousUnits = new Map([
  ["กิโล", ["km", "kg"]],
  ["kilo", ["km", "kg"]],
  ["โล", ["km", "kg"]],
]);

/**
 * Words that say what kind of answer is wanted, not what about ("price", "time", "มี"): a
 * passage lacking one of them may still answer, so they count half in a hit's coverage.
 */
export const questionWords: ReadonlySet<string> = new Set([
  "price",
  "cost",
  "fee",
  "charge",
  "time",
  "hour",
  "when",
  "where",
  "much",
  "many",
  "long",
  "available",
  "work",
  "use",
  "support",
  "offer",
  "have",
  "there",
  "get",
  "need",
  "want",
  "info",
  "information",
  "detail",
  "ราคา",
  "ค่า",
  "เวลา",
  "โมง",
  "ที่ไหน",
  "ตรงไหน",
  "เมื่อไร",
  "เมื่อไหร่",
  "ต้องการ",
  "ใช้",
  "รองรับ",
  "อยาก",
  "ขอ",
  "ข้อมูล",
  "รายละเอียด",
  "ต้อง",
]);

/** Where the owner's synonyms occur in a text's words: each match covers `length` words. */
export type SynonymMatch = { start: number; length: number; term: string };

export type SynonymMatcher = (words: readonly string[]) => SynonymMatch[];

/**
 * Finds the owner's synonym sets in a list of words (as `segmentWords` gives them, with the
 * same stop-word setting): a set's term may be one word or a phrase ("delivery fee").
 */
export function createSynonymMatcher(
  sets: readonly (readonly string[])[],
  options: { dropStopWords: boolean },
): SynonymMatcher {
  const byFirstWord = new Map<string, { words: string[]; term: string }[]>();
  sets.forEach((set, position) => {
    for (const phrase of set) {
      const words = segmentWords(phrase, options);
      if (words.length === 0) continue;
      const list = byFirstWord.get(words[0]!) ?? [];
      list.push({ words, term: `\u0001y${position}` });
      byFirstWord.set(words[0]!, list);
    }
  });
  for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  if (byFirstWord.size === 0) return () => [];
  return (words) => {
    const matches: SynonymMatch[] = [];
    words.forEach((word, start) => {
      for (const candidate of byFirstWord.get(word) ?? []) {
        if (candidate.words.every((part, offset) => words[start + offset] === part)) {
          matches.push({ start, length: candidate.words.length, term: candidate.term });
          break;
        }
      }
    });
    return matches;
  };
}

let concepts: Map<string, number> | undefined;
let lexiconWordList: string[] | undefined;

/** Every word of the lexicon, for typo matching against words the bot's texts may lack. */
export function lexiconWords(): readonly string[] {
  lexiconWordList ??= [...lexiconConcepts().keys()];
  return lexiconWordList;
}

/** Every lexicon word (segmented as texts are) → its entry's position. */
export function lexiconConcepts(): ReadonlyMap<string, number> {
  if (concepts) return concepts;
  const built = new Map<string, number>();
  bilingualLexicon.forEach((entry, position) => {
    for (const word of [...entry.th, ...entry.en]) {
      const words = segmentWords(word);
      if (words.length === 1 && !built.has(words[0]!)) built.set(words[0]!, position);
    }
  });
  concepts = built;
  return built;
}
