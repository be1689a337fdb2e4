import { thaiLexicon } from "./thai-lexicon";

/** A word in a text: `text.slice(start, end)`. */
export type WordSpan = { start: number; end: number };

/**
 * Finds the words of a text, Thai or not, with their positions.
 *
 * Scripts written without spaces between words (Thai first; also Lao, Khmer, Myanmar, Chinese,
 * Japanese) go through `Intl.Segmenter("th", { granularity: "word" })`, whose dictionary finds the
 * breaks. Words of other scripts and numbers are matched by a pattern that follows the same
 * Unicode word rules the segmenter applies to them (UAX #29: "don't", "bar.com", "2,490", "3.5x",
 * "gpt_4" stay whole), which measured ~2.7× faster on mixed Thai-English text than sending
 * everything through the segmenter. Digits are never part of a Thai word ("ฟรี7วัน" is
 * "ฟรี" "7" "วัน"), unlike with the segmenter alone.
 *
 * The segmenter slows down quadratically on long inputs (67,000 characters took 7.6 s in one
 * call, 54 ms in pieces), so runs are sent in batches of about a thousand characters and a
 * run longer than that is cut where the segmenter itself found a break.
 */
export function scanWordSpans(text: string): WordSpan[] {
  const items: (WordSpan | ComplexRun)[] = [];
  const runs: ComplexRun[] = [];
  for (const match of text.matchAll(tokenPattern)) {
    const start = match.index;
    const end = start + match[0].length;
    if (match.groups?.complex !== undefined) {
      // Loan words the dictionary lacks are words of their own; the segmenter gets the rest.
      let from = start;
      const addRun = (to: number) => {
        if (to <= from) return;
        const run: ComplexRun = { start: from, end: to, words: [] };
        runs.push(run);
        items.push(run);
      };
      for (const known of match[0].matchAll(lexiconPattern)) {
        addRun(start + known.index);
        items.push({ start: start + known.index, end: start + known.index + known[0].length });
        from = start + known.index + known[0].length;
      }
      addRun(end);
    } else {
      items.push({ start, end });
    }
  }
  segmentRuns(text, runs);
  const spans: WordSpan[] = [];
  for (const item of items) {
    if ("words" in item) spans.push(...item.words);
    else spans.push(item);
  }
  return spans;
}

type ComplexRun = WordSpan & { words: WordSpan[] };

const complex =
  "[\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}]";
/** A letter or mark of a script that needs the dictionary (digits excluded). */
const complexChar = `(?:(?!\\p{N})${complex})`;
/** A character of a word in any other script, or a digit of any script. */
const simpleChar = `(?:\\p{N}|(?!${complex})[\\p{L}\\p{M}_])`;
/** UAX #29 WB6/7 and WB11/12: a mid-word letter or number separator between two of a kind. */
const midLetter = "(?<=\\p{L})[.:'\u2019\u00B7](?=\\p{L})";
const midNumber = "(?<=\\p{N})[.,;'\u2019](?=\\p{N})";
const tokenPattern = new RegExp(
  `(?<complex>${complexChar}+)|${simpleChar}+(?:(?:${midLetter}|${midNumber})${simpleChar}+)*`,
  "gu",
);

/**
 * `thaiLexicon`, longest first, not starting after a leading vowel nor ending before a vowel
 * (ะ า ำ ๅ included) or tone mark (either would cut a syllable in two).
 */
const lexiconPattern = new RegExp(
  `(?<![\u0E40-\u0E44])(?:${[...thaiLexicon].sort((a, b) => b.length - a.length).join("|")})(?![\u0E30-\u0E3A\u0E45\u0E47-\u0E4E])`,
  "g",
);

/** The segmenter is costly to create; one per process is enough (it holds no state). */
let segmenter: Intl.Segmenter | undefined;
function getSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter("th", { granularity: "word" });
  return segmenter;
}

/** Characters per call to the segmenter: past a few thousand it gets slower per character. */
const batchChars = 1000;

/**
 * Segments the runs in batches joined by spaces: the segmenter treats each run between spaces
 * on its own, so a batch gives the same words as one call per run, with far fewer calls.
 */
function segmentRuns(text: string, runs: ComplexRun[]): void {
  let batch: { run: ComplexRun; offset: number }[] = [];
  let joined = "";
  const flush = () => {
    if (batch.length === 0) return;
    let cursor = 0;
    for (const segment of getSegmenter().segment(joined)) {
      if (!segment.isWordLike) continue;
      while (cursor + 1 < batch.length && batch[cursor + 1]!.offset <= segment.index) cursor++;
      const { run, offset } = batch[cursor]!;
      const start = run.start + segment.index - offset;
      run.words.push({ start, end: start + segment.segment.length });
    }
    batch = [];
    joined = "";
  };
  for (const run of runs) {
    const length = run.end - run.start;
    if (length > batchChars) {
      flush();
      segmentLongRun(text, run);
      continue;
    }
    if (joined.length + length + 1 > batchChars) flush();
    if (joined.length > 0) joined += " ";
    batch.push({ run, offset: joined.length });
    joined += text.slice(run.start, run.end);
  }
  flush();
}

/**
 * A run too long for one call: segment a window and keep its words but the last few (the window
 * may have cut the last one, and the dictionary looks a few words ahead to place a break), then
 * start the next window where the first dropped word started.
 */
function segmentLongRun(text: string, run: ComplexRun): void {
  let from = run.start;
  while (from < run.end) {
    const to = Math.min(run.end, from + batchChars);
    const words: WordSpan[] = [];
    for (const segment of getSegmenter().segment(text.slice(from, to))) {
      if (segment.isWordLike) {
        const start = from + segment.index;
        words.push({ start, end: start + segment.segment.length });
      }
    }
    if (to === run.end || words.length <= lookAheadWords) {
      run.words.push(...words);
      from = to;
    } else {
      const kept = words.length - lookAheadWords;
      run.words.push(...words.slice(0, kept));
      from = words[kept]!.start;
    }
  }
}

/** ICU's Thai dictionary break looks up to three words ahead. */
const lookAheadWords = 3;
