import {
  createSynonymMatcher,
  type Expansion,
  expansionWeights,
  guessCover,
  lexiconWords,
  questionWords,
  type SynonymMatcher,
  wordExpansions,
} from "../lexicon/expansions";
import { transliterationKey } from "../lexicon/transliteration";
import { charBigrams } from "../text/char-bigrams";
import { segmentWords } from "../text/segment-words";
import { stopWords } from "../text/stop-words";

/** One thing the index can return: a knowledge passage or an FAQ. */
export type IndexDocument = {
  /** Unique within the index (the caller's chunk or FAQ id). */
  id: string;
  kind: "faq" | "knowledge";
  /** The passage, or the FAQ's answer. */
  text: string;
  /** The FAQ's question (or a passage's heading): weighted above the text when ranking. */
  title?: string;
  /** Where it came from, shown to the model with the passage ("pricing.pdf", "FAQ" …). */
  source: string;
};

export type SearchHit = IndexDocument & {
  /** BM25 score: only comparable between hits of one query. */
  score: number;
  /**
   * How much of the query the document contains, 0-1: the summed rarity (IDF) of the query words
   * it has over that of all query words. Comparable between queries, so it is what a confidence
   * threshold should use (the local provider does).
   */
  coverage: number;
  /** Its place in `SearchOptions.vectorRanking` (0 = nearest), when it was there. */
  vectorRank?: number;
};

export type SearchIndexOptions = {
  /** BM25 term-frequency saturation. Default 1.2. */
  k1?: number;
  /** BM25 length normalisation. Default 0.75. */
  b?: number;
  /** A title word counts this many times a text word. Default 2. */
  titleWeight?: number;
  /** Leave Thai particles and English function words out. Default true. */
  dropStopWords?: boolean;
  /**
   * Weight of Thai character-pair matches next to word matches; 0 turns them off (and keeps them
   * out of the index). Default 0: measured on the Demo Bot set, see docs/decisions/0002.
   */
  bigramWeight?: number;
  /**
   * Cross-language and synonym matching: a query word also finds its equivalents from the
   * bilingual lexicon, Thai spellings of English words and back (transliteration), compounds
   * learnt from the bot's own knowledge, and the owner's `synonyms`. Default true; false gives
   * plain BM25 over normalised words (the benchmark's baseline).
   */
  expansion?: boolean;
  /** The owner's synonym sets: each a list of words or phrases that mean the same. */
  synonyms?: readonly (readonly string[])[];
};

export type SearchOptions = {
  /** Most hits to return. Default 5. */
  limit?: number;
  /** Only this kind of document. */
  kind?: IndexDocument["kind"];
  /** Leave out hits covering less of the query than this (0-1). Default 0. */
  minCoverage?: number;
  /**
   * Document ids ranked by vector similarity to the query, best first (hybrid retrieval, see
   * `rankByVector`): fused with the BM25 ranking by reciprocal rank. Absent: BM25 alone.
   */
  vectorRanking?: readonly string[];
};

/** A bot's retrieval index: immutable, safe to share between concurrent turns. */
export type SearchIndex = {
  readonly size: number;
  search(query: string, options?: SearchOptions): SearchHit[];
  /** A JSON-safe copy to cache (database, file, memory); `loadSearchIndex` restores it. */
  toJSON(): SerializedSearchIndex;
};

/** Bumped whenever tokenisation or the layout changes: an older cached index must be rebuilt. */
export const searchIndexFormat = 2;

type StoredOptions = Required<Omit<SearchIndexOptions, "synonyms">> & { synonyms: string[][] };

export type SerializedSearchIndex = {
  format: number;
  options: StoredOptions;
  documents: IndexDocument[];
  /** Weighted length of each document, in words, then in character pairs. */
  lengths: number[];
  pairLengths: number[];
  /** term → [document, weighted frequency, document, weighted frequency, …] */
  postings: Record<string, number[]>;
  pairPostings: Record<string, number[]>;
  /**
   * Thai words learnt from the bot's own texts: pairs of adjacent short words the dictionary
   * split and the texts use together at least twice ("ไอ" + "ติม"). Indexed whole as well, so
   * a question that writes the word whole (or split another way) still meets the passage.
   */
  compounds: string[];
};

const defaults: StoredOptions = {
  k1: 1.2,
  b: 0.75,
  titleWeight: 2,
  dropStopWords: true,
  bigramWeight: 0,
  expansion: true,
  synonyms: [],
};

/**
 * Builds a BM25 index over one bot's passages and FAQs, in memory. Each bot gets its own index
 * object and nothing is shared between them (no global vocabulary), so one bot's knowledge can
 * never answer another's question. Why BM25 in the engine rather than SQL:
 * docs/decisions/0002-retrieval-bm25.md; how words are matched across languages, spellings and
 * synonyms: docs/decisions/0012-answers.md.
 */
export function buildSearchIndex(
  documents: readonly IndexDocument[],
  options: SearchIndexOptions = {},
): SearchIndex {
  const settings: StoredOptions = {
    ...defaults,
    ...options,
    synonyms: (options.synonyms ?? []).map((set) => [...set]),
  };
  const ids = new Set<string>();
  const postings = new Map<string, number[]>();
  const pairPostings = new Map<string, number[]>();
  const lengths: number[] = [];
  const pairLengths: number[] = [];
  const words = { dropStopWords: settings.dropStopWords };
  const synonyms = settings.expansion ? createSynonymMatcher(settings.synonyms, words) : undefined;
  const segmented = documents.map((document) => ({
    text: segmentWords(document.text, words),
    title: document.title ? segmentWords(document.title, words) : [],
  }));
  const compounds = settings.expansion
    ? learnCompounds(segmented.flatMap(({ text, title }) => [text, title]))
    : new Set<string>();
  documents.forEach((document, position) => {
    if (ids.has(document.id)) throw new Error(`Duplicate document id in one index: ${document.id}`);
    ids.add(document.id);
    const counts = new Map<string, number>();
    let length = 0;
    const add = (terms: string[], weight: number) => {
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + weight);
      length += terms.length * weight;
      // What the words also stand for counts like them, without lengthening the document.
      if (!settings.expansion) return;
      for (const term of terms) {
        for (const { term: extra } of wordExpansions(term, "document")) {
          counts.set(extra, (counts.get(extra) ?? 0) + weight);
        }
      }
      for (const { term } of synonyms!(terms)) counts.set(term, (counts.get(term) ?? 0) + weight);
      for (const compound of compoundsIn(terms, compounds)) {
        counts.set(compound, (counts.get(compound) ?? 0) + weight);
      }
    };
    add(segmented[position]!.text, 1);
    if (document.title) add(segmented[position]!.title, settings.titleWeight);
    appendPostings(postings, counts, position);
    lengths.push(length);
    if (settings.bigramWeight > 0) {
      const pairs = new Map<string, number>();
      const all = charBigrams(`${document.title ?? ""} ${document.text}`);
      for (const pair of all) pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
      appendPostings(pairPostings, pairs, position);
      pairLengths.push(all.length);
    } else {
      pairLengths.push(0);
    }
  });
  return createIndex({
    format: searchIndexFormat,
    options: settings,
    documents: documents.map(copyDocument),
    lengths,
    pairLengths,
    postings: Object.fromEntries(postings),
    pairPostings: Object.fromEntries(pairPostings),
    compounds: [...compounds],
  });
}

/** Short enough to be a piece of a word the dictionary split, not a word of its own. */
const compoundPart = /^[\u0E01-\u0E4E]{1,4}$/u;
/** Pairs used together this often in the bot's texts become words. */
const compoundMinCount = 2;
const maxCompounds = 5000;

function learnCompounds(texts: string[][]): Set<string> {
  const pairs = new Map<string, number>();
  for (const words of texts) {
    for (let i = 0; i + 1 < words.length; i++) {
      const a = words[i]!;
      const b = words[i + 1]!;
      if (compoundPart.test(a) && compoundPart.test(b)) {
        pairs.set(a + b, (pairs.get(a + b) ?? 0) + 1);
      }
    }
  }
  return new Set(
    [...pairs]
      .filter(([, count]) => count >= compoundMinCount)
      .sort((a, b) => b[1] - a[1])
      .slice(0, maxCompounds)
      .map(([pair]) => pair),
  );
}

/** The learnt words a list of words spells in two adjacent pieces. */
function compoundsIn(words: readonly string[], compounds: ReadonlySet<string>): string[] {
  if (compounds.size === 0) return [];
  const found: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const pair = words[i]! + words[i + 1]!;
    if (compounds.has(pair)) found.push(pair);
  }
  return found;
}

/**
 * Restores an index saved with `toJSON()`. Throws when it was saved by another format version
 * (tokenisation changed): rebuild it from the documents then.
 */
export function loadSearchIndex(data: SerializedSearchIndex): SearchIndex {
  if (data?.format !== searchIndexFormat) {
    throw new Error(
      `Search index format ${String(data?.format)} is not ${searchIndexFormat}: rebuild it`,
    );
  }
  return createIndex(data);
}

function appendPostings(
  postings: Map<string, number[]>,
  counts: Map<string, number>,
  document: number,
) {
  for (const [term, count] of counts) {
    const list = postings.get(term);
    if (list) list.push(document, count);
    else postings.set(term, [document, count]);
  }
}

function copyDocument({ id, kind, text, title, source }: IndexDocument): IndexDocument {
  return title === undefined ? { id, kind, text, source } : { id, kind, text, title, source };
}

/** One thing the query asks about: a word (or an owner's phrase) and what else it may be. */
type QueryGroup = Expansion[];

/** How much a question word ("price", "เวลา") counts in coverage, next to a topic word's 1. */
const questionWordShare = 0.5;

const thaiPiece = /^[\u0E01-\u0E4E]+$/u;

/** Reciprocal-rank fusion constant (Cormack et al. 2009): ranks past ~60 barely count. */
const fusionK = 60;

function createIndex(data: SerializedSearchIndex): SearchIndex {
  const { options, documents } = data;
  const count = documents.length;
  // Maps, not the plain objects: a query word like "constructor" must not find Object's keys.
  const postings = new Map(Object.entries(data.postings));
  const pairPostings = new Map(Object.entries(data.pairPostings));
  const average = averageOf(data.lengths);
  const pairAverage = averageOf(data.pairLengths);
  const words = { dropStopWords: options.dropStopWords };
  const synonyms: SynonymMatcher | undefined = options.expansion
    ? createSynonymMatcher(options.synonyms ?? [], words)
    : undefined;
  const typos = options.expansion ? createTypoFinder(postings) : undefined;
  const compounds = new Set(data.compounds ?? []);
  const idf = (frequency: number) => Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
  const idOf = new Map(documents.map((document, position) => [document.id, position]));
  let scratch:
    | {
        scores: Float64Array;
        covered: Float64Array;
        seen: Uint8Array;
        best: Float64Array;
        bestCover: Float64Array;
      }
    | undefined;

  /** The query's words, each with what else it may be written as. */
  const queryGroups = (query: string): QueryGroup[] => {
    const segmented = segmentWords(query, words);
    if (!options.expansion) return dedupeGroups(segmented.map((term) => [{ term, weight: 1 }]));
    // English written without spaces ("returnpolicy", "freeshipping"), or a Thai word the
    // dictionary kept whole that the bot's texts never use ("ส่งของ"): two known words.
    const terms = segmented.flatMap((word) =>
      !/^(?:[a-z]{6,}|[\u0E01-\u0E4E]{4,})$/.test(word) || known(word)
        ? [word]
        : (splitGlued(word) ?? [word]),
    );
    let groups: QueryGroup[] = terms.map((term) => [{ term, weight: 1 }]);
    groups = groups.map((group) => {
      const word = group[0]!.term;
      const extra = wordExpansions(word);
      const known = postings.has(word) || extra.some(({ term }) => postings.has(term));
      if (!known) {
        for (const near of typos!(word)) {
          const cover = guessCover.typo;
          extra.push({ term: near, weight: expansionWeights.typo, cover });
          for (const { term, weight } of wordExpansions(near)) {
            extra.push({ term, weight: weight * expansionWeights.typo, cover });
          }
        }
      }
      return [...group, ...extra];
    });
    // An owner's phrase ("delivery fee") is one thing asked about, not two; so is a Thai
    // spelling of an English word the dictionary cut into pieces ("ไฮ|ดรา|เฟ|เชียล").
    const merged: QueryGroup[] = [];
    // A learnt word written in two pieces is another spelling of each piece: a passage with
    // only one of the pieces still covers only that one.
    terms.forEach((term, start) => {
      const compound = term + (terms[start + 1] ?? "");
      if (start + 1 < terms.length && compounds.has(compound)) {
        groups[start]!.push({ term: compound, weight: 1 });
        groups[start + 1]!.push({ term: compound, weight: 1 });
      }
    });
    const matches = [...synonyms!(terms), ...soundsAcrossPieces(terms)].sort(
      (a, b) => a.start - b.start || b.length - a.length,
    );
    let position = 0;
    for (const match of matches) {
      if (match.start < position) continue;
      while (position < match.start) merged.push(groups[position++]!);
      const group = groups.slice(match.start, match.start + match.length).flat();
      group.push(
        match.term.startsWith("\u0001S")
          ? { term: match.term, weight: expansionWeights.sound, cover: guessCover.sound }
          : {
              term: match.term,
              weight: match.term.startsWith("\u0001") ? expansionWeights.synonym : 1,
            },
      );
      merged.push(group);
      position = match.start + match.length;
    }
    while (position < groups.length) merged.push(groups[position++]!);
    return dedupeGroups(merged);
  };

  /**
   * Runs of 2 to 4 adjacent Thai pieces whose joined spelling sounds like an English word of
   * the index, longest first: each becomes one group matched by that sound.
   */
  const soundsAcrossPieces = (terms: string[]) => {
    const found: { start: number; length: number; term: string }[] = [];
    for (let start = 0; start < terms.length; start++) {
      for (let length = Math.min(4, terms.length - start); length >= 2; length--) {
        const pieces = terms.slice(start, start + length);
        if (!pieces.every((piece) => thaiPiece.test(piece))) continue;
        const key = transliterationKey(pieces.join(""));
        if (key === undefined || key.length < 4) continue;
        const term = `\u0001S${key}`;
        if (postings.has(term)) {
          found.push({ start, length, term });
          break;
        }
      }
    }
    return found;
  };

  /** A glued word as two words the index or the lexicon knows, the longer first part first. */
  const known = (word: string) =>
    postings.has(word) || wordExpansions(word).some(({ term }) => postings.has(term));
  const splitGlued = (word: string): string[] | undefined => {
    const thai = !/^[a-z]/.test(word);
    const shortest = thai ? 2 : 3;
    for (let at = word.length - shortest; at >= shortest; at--) {
      const a = segmentWords(word.slice(0, at));
      const b = segmentWords(word.slice(at));
      if (a.length !== 1 || b.length !== 1) continue;
      // A Thai piece may be a particle or a function word ("ของ|ใช้"): it is then left out,
      // and a word made only of them asks nothing.
      const parts = [a[0]!, b[0]!].filter(
        (part) => !(thai && (stopWords.has(part) || questionWords.has(part))),
      );
      if (parts.every(known)) return parts;
    }
    return undefined;
  };

  return {
    size: count,
    toJSON: () => data,
    search(query, { limit = 5, kind, minCoverage = 0, vectorRanking } = {}) {
      if (count === 0) return [];
      // Scratch arrays shared by every search of this index: a search runs to the end without
      // yielding, and leaves them zeroed for the next.
      scratch ??= {
        scores: new Float64Array(count),
        covered: new Float64Array(count),
        seen: new Uint8Array(count),
        best: new Float64Array(count),
        bestCover: new Float64Array(count),
      };
      const { scores, covered, seen, best, bestCover } = scratch;
      const touched: number[] = [];
      const groupTouched: number[] = [];
      try {
        const touch = (document: number) => {
          if (seen[document] === 0) {
            seen[document] = 1;
            touched.push(document);
          }
        };
        const termScore = (frequency: number, length: number, avg: number, rarity: number) => {
          const norm = options.k1 * (1 - options.b + (options.b * length) / (avg || 1));
          return (rarity * frequency * (options.k1 + 1)) / (frequency + norm);
        };
        let queryRarity = 0;
        for (const group of queryGroups(query)) {
          // The group is as rare as its most common spelling: the documents matching any.
          let frequency = 0;
          for (const { term } of group) {
            const list = postings.get(term);
            if (list) frequency = Math.max(frequency, list.length / 2);
          }
          const groupRarity =
            idf(frequency) * (questionWords.has(group[0]!.term) ? questionWordShare : 1);
          queryRarity += groupRarity;
          for (const { term, weight, cover = 1 } of group) {
            const list = postings.get(term);
            if (!list) continue;
            const rarity = idf(list.length / 2);
            for (let i = 0; i < list.length; i += 2) {
              const document = list[i]!;
              const value =
                weight * termScore(list[i + 1]!, data.lengths[document]!, average, rarity);
              if (best[document] === 0 && bestCover[document] === 0) groupTouched.push(document);
              if (value > best[document]!) best[document] = value;
              if (cover > bestCover[document]!) bestCover[document] = cover;
            }
          }
          // A document counts once per group, by its best spelling of it.
          for (const document of groupTouched) {
            touch(document);
            scores[document]! += best[document]!;
            covered[document]! += groupRarity * bestCover[document]!;
            best[document] = 0;
            bestCover[document] = 0;
          }
          groupTouched.length = 0;
        }
        if (options.bigramWeight > 0) {
          for (const pair of new Set(charBigrams(query))) {
            const list = pairPostings.get(pair);
            if (!list) continue;
            const rarity = idf(list.length / 2);
            for (let i = 0; i < list.length; i += 2) {
              const document = list[i]!;
              touch(document);
              scores[document]! +=
                options.bigramWeight *
                termScore(list[i + 1]!, data.pairLengths[document]!, pairAverage, rarity);
            }
          }
        }
        const coverageOf = (document: number) =>
          queryRarity > 0 ? Math.min(1, covered[document]! / queryRarity) : 0;
        const keep = (document: number) =>
          (kind === undefined || documents[document]!.kind === kind) &&
          coverageOf(document) >= minCoverage;

        if (vectorRanking && vectorRanking.length > 0) {
          return fuse(touched, scores, vectorRanking, idOf, limit, keep).map(
            ({ document, score, vectorRank }) => ({
              ...documents[document]!,
              score,
              coverage: coverageOf(document),
              ...(vectorRank === undefined ? {} : { vectorRank }),
            }),
          );
        }
        const ranked: { document: number; score: number }[] = [];
        for (const document of touched) {
          if (keep(document)) insertTop(ranked, { document, score: scores[document]! }, limit);
        }
        return ranked.map(({ document, score }) => ({
          ...documents[document]!,
          score,
          coverage: coverageOf(document),
        }));
      } finally {
        for (const document of touched) {
          scores[document] = 0;
          covered[document] = 0;
          seen[document] = 0;
        }
        for (const document of groupTouched) {
          best[document] = 0;
          bestCover[document] = 0;
        }
      }
    },
  };
}

/** One entry per term in a group (its best weight), and no empty groups. */
function dedupeGroups(groups: QueryGroup[]): QueryGroup[] {
  const seen = new Set<string>();
  const result: QueryGroup[] = [];
  for (const group of groups) {
    const byTerm = new Map<string, Expansion>();
    for (const expansion of group) {
      const known = byTerm.get(expansion.term);
      if (!known || expansion.weight > known.weight) byTerm.set(expansion.term, expansion);
    }
    const key = [...byTerm.keys()].sort().join("\u0000");
    // A word asked twice is asked once.
    if (seen.has(key)) continue;
    seen.add(key);
    result.push([...byTerm.values()]);
  }
  return result;
}

/**
 * Reciprocal-rank fusion of the BM25 ranking and a vector ranking: each document scores
 * 1/(60 + rank) in each list it is in. Documents the vector search found but no word matched
 * still come back (with their word coverage, usually 0).
 */
function fuse(
  touched: number[],
  scores: Float64Array,
  vectorRanking: readonly string[],
  idOf: Map<string, number>,
  limit: number,
  keep: (document: number) => boolean,
): { document: number; score: number; vectorRank?: number }[] {
  const byWords = [...touched].sort((a, b) => scores[b]! - scores[a]! || a - b);
  const fused = new Map<number, { score: number; vectorRank?: number }>();
  byWords.forEach((document, rank) => {
    fused.set(document, { score: 1 / (fusionK + rank + 1) });
  });
  vectorRanking.forEach((id, rank) => {
    const document = idOf.get(id);
    if (document === undefined) return;
    const entry = fused.get(document) ?? { score: 0 };
    if (entry.vectorRank !== undefined) return;
    entry.score += 1 / (fusionK + rank + 1);
    entry.vectorRank = rank;
    fused.set(document, entry);
  });
  const ranked: { document: number; score: number; vectorRank?: number }[] = [];
  for (const [document, entry] of fused) {
    if (keep(document)) insertTop(ranked, { document, ...entry }, limit);
  }
  return ranked;
}

/**
 * Known words one edit away from a word nobody wrote (two for long words), for typos
 * ("delivry", "ลาเต๊"): a deletion index over the vocabulary (SymSpell's idea), built at the
 * first query that needs it. Words shorter than four characters are left alone: one edit
 * makes them another real word too often.
 */
function createTypoFinder(postings: Map<string, number[]>): (word: string) => string[] {
  let deletions: Map<string, string[]> | undefined;
  let vocabulary: Set<string> | undefined;
  const build = () => {
    const map = new Map<string, string[]>();
    vocabulary = new Set([...postings.keys(), ...lexiconWords()]);
    for (const term of vocabulary) {
      if (term.startsWith("\u0001") || !typoCandidate.test(term)) continue;
      for (const variant of deletesOf(term)) {
        const list = map.get(variant);
        if (list) list.push(term);
        else map.set(variant, [term]);
      }
    }
    return map;
  };
  return (word) => {
    if (!typoCandidate.test(word)) return [];
    deletions ??= build();
    const found = new Set<string>();
    for (const variant of [word, ...deletesOf(word)]) {
      for (const term of deletions.get(variant) ?? []) {
        if (term !== word && editDistance(word, term) <= (word.length >= 8 ? 2 : 1)) {
          found.add(term);
        }
      }
      if (variant !== word && variant.length >= 4 && vocabulary!.has(variant)) found.add(variant);
    }
    return [...found].slice(0, 5);
  };
}

/** Four letters or more, no digits, not an expansion term: "delivry", "ลาเต๊". */
const typoCandidate = { test: (word: string) => word.length >= 4 && !/[\d\p{Cc}]/u.test(word) };

function deletesOf(word: string): string[] {
  const chars = Array.from(word);
  const result: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    result.push(chars.slice(0, i).join("") + chars.slice(i + 1).join(""));
  }
  return result;
}

/** Optimal string alignment distance (adjacent swaps count one), on code points. */
function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > 2) return 3;
  const rows: number[][] = [];
  for (let i = 0; i <= x.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= y.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]!.push(value);
    }
  }
  return rows[x.length]![y.length]!;
}

/** Keeps `ranked` sorted by score (ties: earlier document first) and at most `limit` long. */
function insertTop<T extends { document: number; score: number }>(
  ranked: T[],
  hit: T,
  limit: number,
) {
  if (limit <= 0) return;
  if (ranked.length === limit && !isBetter(hit, ranked[limit - 1]!)) return;
  let at = ranked.length;
  while (at > 0 && isBetter(hit, ranked[at - 1]!)) at--;
  ranked.splice(at, 0, hit);
  if (ranked.length > limit) ranked.pop();
}

function isBetter(a: { document: number; score: number }, b: { document: number; score: number }) {
  return a.score > b.score || (a.score === b.score && a.document < b.document);
}

function averageOf(values: number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return values.length > 0 ? sum / values.length : 0;
}
