import { scanWordSpans } from "./scan-words";

/** A passage of a longer text: `original.slice(start, end) === text`. */
export type TextChunk = {
  text: string;
  /** Where it came from (a file name, "knowledge-base" …), copied from the options. */
  source: string;
  /** Position among the chunks of its text, from 0. */
  index: number;
  start: number;
  end: number;
};

export type ChunkOptions = {
  /** Longest chunk, in UTF-16 code units. Default 800. */
  maxChars?: number;
  /** Text repeated at the start of the next chunk, at most this long. Default 100. */
  overlap?: number;
  source?: string;
};

/**
 * Cuts a text into passages of at most `maxChars`, where a reader would pause: at a paragraph
 * if one ends in reach, else a line, a sentence, a phrase (Thai separates phrases with spaces and
 * often has no full stops), and only then between two words. Never inside a word: the only
 * exception is a single "word" longer than `maxChars` (a long URL, a pasted blob), which is cut
 * between characters. Consecutive chunks share up to `overlap` characters, also cut at a
 * boundary, so a fact that straddles a cut is whole in one of them.
 */
export function chunkText(text: string, options: ChunkOptions = {}): TextChunk[] {
  const maxChars = Math.max(20, options.maxChars ?? 800);
  const overlap = Math.min(Math.max(0, options.overlap ?? 100), Math.floor(maxChars / 3));
  const source = options.source ?? "";
  const cuts = rankCuts(text);
  const chunks: TextChunk[] = [];
  let from = skipSpace(text, 0);
  while (from < text.length) {
    const end =
      trimEnd(text, from, text.length) - from <= maxChars
        ? text.length
        : bestCut(text, cuts, from, maxChars);
    const last = trimEnd(text, from, end);
    if (last > from) {
      chunks.push({
        text: text.slice(from, last),
        source,
        index: chunks.length,
        start: from,
        end: last,
      });
    }
    if (end >= text.length) break;
    from = skipSpace(text, nextStart(cuts, from, end, overlap) ?? end);
  }
  return chunks;
}

/** How good a place to cut each position is; 0 where cutting would split a word. */
const Cut = { None: 0, Word: 1, Phrase: 2, Sentence: 3, Line: 4, Paragraph: 5 } as const;
type Cut = (typeof Cut)[keyof typeof Cut];

/**
 * For every position between two characters, the best kind of break there. Word ends come from
 * `scanWordSpans` (the Thai dictionary), sentence starts from `Intl.Segmenter`'s sentence
 * granularity, phrases and lines from white space. Positions inside a word are then cleared, so
 * nothing below can cut one.
 */
function rankCuts(text: string): Uint8Array {
  const cuts = new Uint8Array(text.length + 1);
  const raise = (position: number, kind: Cut) => {
    if (cuts[position]! < kind) cuts[position] = kind;
  };
  const words = scanWordSpans(text);
  for (const { start, end } of words) {
    raise(start, Cut.Word);
    raise(end, Cut.Word);
  }
  for (const [start, end] of sentenceWindows(text)) {
    for (const { index } of sentenceSegmenter().segment(text.slice(start, end))) {
      raise(start + index, Cut.Sentence);
    }
  }
  for (const match of text.matchAll(/\s+/g)) {
    const blank = match[0];
    const kind = /\n[^\S\n]*\n/.test(blank)
      ? Cut.Paragraph
      : blank.includes("\n")
        ? Cut.Line
        : Cut.Phrase;
    raise(match.index, kind);
    raise(match.index + blank.length, kind);
  }
  for (const { start, end } of words) cuts.fill(Cut.None, start + 1, end);
  return cuts;
}

/** Longest stretch given to the sentence segmenter at once (see `sentenceWindows`). */
const sentenceWindowChars = 2000;

/**
 * The text in stretches for the sentence segmenter, whose cost grows faster than the length of
 * what it is given (a 230,000-character text took 6 s whole, 30 ms in stretches). Stretches end
 * at line breaks, which are stronger cuts than sentences anyway; a longer line is split after its
 * last sentence-ending punctuation within reach, else at its last white space, where the
 * segmenter then sees a sentence start: a phrase break ranked as a sentence, the only
 * difference from segmenting the whole text (and only in long lines without full stops).
 */
function* sentenceWindows(text: string): Generator<[number, number]> {
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + sentenceWindowChars);
    if (end < text.length) {
      const lineEnd = text.lastIndexOf("\n", end);
      if (lineEnd > start) end = lineEnd + 1;
      else {
        const stretch = text.slice(start, end);
        const sentenceEnd = lastMatchEnd(stretch, /[.!?…。]["'”’)\]]*\s+/g);
        const space = stretch.search(/\s\S*$/);
        if (sentenceEnd > stretch.length / 2) end = start + sentenceEnd;
        else if (space > 0) end = start + space + 1;
      }
    }
    yield [start, end];
    start = end;
  }
}

function lastMatchEnd(text: string, pattern: RegExp): number {
  let end = -1;
  for (const match of text.matchAll(pattern)) end = match.index + match[0].length;
  return end;
}

/**
 * The end of the chunk starting at `from`: the strongest break within reach that still leaves
 * the chunk at least 40 % full (a weaker break further on beats a paragraph end after two
 * words), else the strongest break at all, else a cut between characters.
 */
function bestCut(text: string, cuts: Uint8Array, from: number, maxChars: number): number {
  const limit = from + maxChars;
  const fullEnough = from + Math.floor(maxChars * 0.4);
  let best = -1;
  let bestKind = 0;
  for (let position = limit; position > from; position--) {
    const kind = cuts[position]!;
    if (kind > bestKind) {
      best = position;
      bestKind = kind;
    }
    if (position === fullEnough && best > 0) return best;
  }
  return best > 0 ? best : betweenCharacters(text, limit);
}

/**
 * Where the next chunk starts so that it repeats at most `overlap` characters of this one: the
 * earliest strong break (a phrase or better) in that tail, else the earliest word break. Never
 * from before a line break: a new paragraph does not need the end of the previous one.
 */
function nextStart(
  cuts: Uint8Array,
  from: number,
  end: number,
  overlap: number,
): number | undefined {
  if (overlap === 0 || cuts[end]! >= Cut.Line) return undefined;
  let earliest = Math.max(from + 1, end - overlap);
  for (let position = end - 1; position >= earliest; position--) {
    if (cuts[position]! >= Cut.Line) earliest = position;
  }
  let word: number | undefined;
  for (let position = earliest; position < end; position++) {
    const kind = cuts[position]!;
    if (kind >= Cut.Phrase) return position;
    if (kind === Cut.Word && word === undefined) word = position;
  }
  return word;
}

/** Backs off a hard cut so it does not separate a surrogate pair or a mark from its letter. */
function betweenCharacters(text: string, position: number): number {
  let cut = position;
  while (cut > 1 && (isLowSurrogate(text.charCodeAt(cut)) || /\p{M}/u.test(text[cut] ?? ""))) cut--;
  return cut;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function skipSpace(text: string, position: number): number {
  let at = position;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

function trimEnd(text: string, from: number, end: number): number {
  let at = end;
  while (at > from && /\s/.test(text[at - 1]!)) at--;
  return at;
}

let sentences: Intl.Segmenter | undefined;
function sentenceSegmenter(): Intl.Segmenter {
  sentences ??= new Intl.Segmenter("th", { granularity: "sentence" });
  return sentences;
}
