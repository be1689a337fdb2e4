import { questionKey, questionMatchThreshold, questionSimilarity } from "@jai/engine";

/** A curated answer ready to be matched: its wordings, their question keys and concepts. */
export type CuratedCandidate = {
  id: string;
  question: string;
  answer: string;
  /** "th", "en", or null: any language. */
  language: "th" | "en" | null;
  mode: "verbatim" | "guide";
  /** The question and its variants. */
  wordings: string[];
  /** Their question keys, and the key of the improvement group it was written for. */
  keys: Set<string>;
  /** Every concept of those keys (a key is its concepts joined by spaces): the pre-filter. */
  concepts: Set<string>;
};

export type CuratedMatch = { candidate: CuratedCandidate; score: number };

/** What a stored curated answer gives the matcher (other columns are not needed). */
export type CuratedSource = {
  id: string;
  question: string;
  variants: readonly string[];
  answer: string;
  language: string | null;
  mode: string;
  questionKey: string | null;
};

/** Prepares a stored answer for matching (done once per cached set, not per turn). */
export function toCuratedCandidate(row: CuratedSource): CuratedCandidate {
  const wordings = [row.question, ...row.variants].map((text) => text.trim()).filter(Boolean);
  const keys = new Set<string>();
  for (const text of wordings) {
    const key = questionKey(text);
    if (key) keys.add(key);
  }
  if (row.questionKey) keys.add(row.questionKey);
  const concepts = new Set([...keys].flatMap((key) => key.split(" ")));
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    language: row.language === "th" || row.language === "en" ? row.language : null,
    mode: row.mode === "guide" ? "guide" : "verbatim",
    wordings,
    keys,
    concepts,
  };
}

/**
 * Wordings compared in full (`questionSimilarity`, some 25 µs each: 5 ms a turn at most): up to
 * this many, every wording is compared, so loose matches (a transliteration, a tone mark) count
 * too; beyond it only the answers sharing a concept with the message are, so a bot's 1,000
 * answers with 20 variants each stay fast on every turn.
 */
export const fullScanComparisons = 200;

/** Answers this close to the best are equally good: the reply language decides among them. */
const tieMargin = 0.05;

/**
 * The curated answer for a customer's message: the one whose question or a variant is most
 * alike by meaning (`questionSimilarity`, Thai and English), at least `threshold` (the engine's
 * `questionMatchThreshold`), or whose question key is the message's (score 1). Among answers as
 * good as the best, one in the reply language wins, then one for any language. Null: none.
 */
export function matchCuratedAnswer(
  candidates: readonly CuratedCandidate[],
  message: string,
  {
    language,
    threshold = questionMatchThreshold,
    fullScan = fullScanComparisons,
  }: {
    language: string | null;
    threshold?: number;
    /** Wordings compared in full before the pre-filter starts (0: always pre-filter). */
    fullScan?: number;
  },
): CuratedMatch | null {
  const text = message.trim();
  if (!text || candidates.length === 0) return null;
  const key = questionKey(text);
  if (!key) return null;
  const concepts = key.split(" ");
  const comparisons = candidates.reduce((sum, candidate) => sum + candidate.wordings.length, 0);
  const prefilter = comparisons > fullScan;
  const shares = (candidate: CuratedCandidate) =>
    concepts.some((concept) => candidate.concepts.has(concept));

  const matches: CuratedMatch[] = [];
  for (const candidate of candidates) {
    let score = candidate.keys.has(key) ? 1 : 0;
    if (score < 1 && (!prefilter || shares(candidate))) {
      for (const wording of candidate.wordings) {
        score = Math.max(score, questionSimilarity(text, wording));
        if (score >= 1) break;
      }
    }
    if (score >= threshold) matches.push({ candidate, score });
  }
  if (matches.length === 0) return null;
  const best = Math.max(...matches.map((match) => match.score));
  const rank = (match: CuratedMatch) =>
    match.candidate.language === language ? 0 : match.candidate.language === null ? 1 : 2;
  return matches
    .filter((match) => match.score >= best - tieMargin)
    .sort((a, b) => rank(a) - rank(b) || b.score - a.score)[0]!;
}

/**
 * Whether a matched answer is sent as written (no provider call): a `verbatim` answer in the
 * reply language, or for any language. A `guide` answer, or one written in the other language,
 * goes to the engine as the authoritative answer (a model says it in the reply language).
 */
export function sendsVerbatim(candidate: CuratedCandidate, replyLanguage: string): boolean {
  return (
    candidate.mode === "verbatim" &&
    (candidate.language === null || candidate.language === replyLanguage)
  );
}
