import { charBigrams } from "../text/char-bigrams";
import { segmentWords } from "../text/segment-words";

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
export const searchIndexFormat = 1;

export type SerializedSearchIndex = {
  format: number;
  options: Required<SearchIndexOptions>;
  documents: IndexDocument[];
  /** Weighted length of each document, in words, then in character pairs. */
  lengths: number[];
  pairLengths: number[];
  /** term → [document, weighted frequency, document, weighted frequency, …] */
  postings: Record<string, number[]>;
  pairPostings: Record<string, number[]>;
};

const defaults: Required<SearchIndexOptions> = {
  k1: 1.2,
  b: 0.75,
  titleWeight: 2,
  dropStopWords: true,
  bigramWeight: 0,
};

/**
 * Builds a BM25 index over one bot's passages and FAQs, in memory. Each bot gets its own index
 * object and nothing is shared between them (no global vocabulary), so one bot's knowledge can
 * never answer another's question. Why BM25 in the engine rather than SQL:
 * docs/decisions/0002-retrieval-bm25.md.
 */
export function buildSearchIndex(
  documents: readonly IndexDocument[],
  options: SearchIndexOptions = {},
): SearchIndex {
  const settings = { ...defaults, ...options };
  const ids = new Set<string>();
  const postings = new Map<string, number[]>();
  const pairPostings = new Map<string, number[]>();
  const lengths: number[] = [];
  const pairLengths: number[] = [];
  const words = { dropStopWords: settings.dropStopWords };
  documents.forEach((document, position) => {
    if (ids.has(document.id)) throw new Error(`Duplicate document id in one index: ${document.id}`);
    ids.add(document.id);
    const counts = new Map<string, number>();
    let length = 0;
    const add = (terms: string[], weight: number) => {
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + weight);
      length += terms.length * weight;
    };
    add(segmentWords(document.text, words), 1);
    if (document.title) add(segmentWords(document.title, words), settings.titleWeight);
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
  });
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

function createIndex(data: SerializedSearchIndex): SearchIndex {
  const { options, documents } = data;
  const count = documents.length;
  // Maps, not the plain objects: a query word like "constructor" must not find Object's keys.
  const postings = new Map(Object.entries(data.postings));
  const pairPostings = new Map(Object.entries(data.pairPostings));
  const average = averageOf(data.lengths);
  const pairAverage = averageOf(data.pairLengths);
  const words = { dropStopWords: options.dropStopWords };
  const idf = (frequency: number) => Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));

  return {
    size: count,
    toJSON: () => data,
    search(query, { limit = 5, kind, minCoverage = 0 } = {}) {
      if (count === 0) return [];
      const scores = new Float64Array(count);
      const covered = new Float64Array(count);
      const seen = new Uint8Array(count);
      const touched: number[] = [];
      const accumulate = (
        list: number[],
        weight: number,
        lengths: number[],
        avg: number,
        isWord: boolean,
      ) => {
        const rarity = idf(list.length / 2);
        for (let i = 0; i < list.length; i += 2) {
          const document = list[i]!;
          const frequency = list[i + 1]!;
          const norm = options.k1 * (1 - options.b + (options.b * lengths[document]!) / (avg || 1));
          if (seen[document] === 0) {
            seen[document] = 1;
            touched.push(document);
          }
          scores[document]! +=
            (weight * rarity * frequency * (options.k1 + 1)) / (frequency + norm);
          if (isWord) covered[document]! += rarity;
        }
      };
      let queryRarity = 0;
      for (const term of new Set(segmentWords(query, words))) {
        const list = postings.get(term);
        queryRarity += idf(list ? list.length / 2 : 0);
        if (list) accumulate(list, 1, data.lengths, average, true);
      }
      if (options.bigramWeight > 0) {
        for (const pair of new Set(charBigrams(query))) {
          const list = pairPostings.get(pair);
          if (list) accumulate(list, options.bigramWeight, data.pairLengths, pairAverage, false);
        }
      }
      const ranked: { document: number; score: number; coverage: number }[] = [];
      for (const document of touched) {
        if (kind !== undefined && documents[document]!.kind !== kind) continue;
        const coverage = queryRarity > 0 ? covered[document]! / queryRarity : 0;
        if (coverage < minCoverage) continue;
        insertTop(ranked, { document, score: scores[document]!, coverage }, limit);
      }
      return ranked.map(({ document, score, coverage }) => ({
        ...documents[document]!,
        score,
        coverage,
      }));
    },
  };
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
