import { bilingualLexicon } from "../lexicon/bilingual-lexicon";
import { segmentWords } from "../text/segment-words";

/** Thai and English words for one concept (the shape of the engine's bilingual lexicon). */
export type ConceptEntry = { th: readonly string[]; en: readonly string[] };

export type ConceptEmbeddingOptions = {
  /**
   * Words that mean the same in Thai and English: each entry's words share dimensions. Default
   * the engine's bilingual lexicon.
   */
  lexicon?: readonly ConceptEntry[];
  /** Default 256. */
  dimensions?: number;
  /** Weight of each character trigram next to a word's 1. Default 0.25. */
  trigramWeight?: number;
};

/**
 * A deterministic embedding whose vectors carry meaning, for tests and benchmarks of hybrid
 * retrieval without a model: a hashed bag of concepts. Each word (Thai segmented as the engine
 * segments it, stop words dropped) counts as its lexicon concept when it has one, so "ราคา" and
 * "price" land on the same dimensions, else as itself; its character trigrams add a weaker
 * signal (spelling variants, compounds). Hashed into `dimensions` with a sign bit, then
 * L2-normalised. Not a language model: it knows no more than its lexicon.
 */
export function createConceptEmbedding({
  lexicon = bilingualLexicon,
  dimensions = 256,
  trigramWeight = 0.25,
}: ConceptEmbeddingOptions = {}): (text: string) => Float32Array {
  // Phrases ("credit card", "บัตรเครดิต" if cut in two) are matched longest first.
  const concepts = new Map<string, number>();
  let longest = 1;
  lexicon.forEach((entry, position) => {
    for (const term of [...entry.th, ...entry.en]) {
      const words = segmentWords(term);
      if (words.length === 0) continue;
      const key = words.join(" ");
      if (!concepts.has(key)) concepts.set(key, position);
      longest = Math.max(longest, words.length);
    }
  });

  return (text) => {
    const vector = new Float32Array(dimensions);
    const add = (feature: string, weight: number) => {
      const hash = fnv1a(feature);
      const sign = hash & 0x8000_0000 ? -1 : 1;
      const slot = (hash & 0x7fff_ffff) % dimensions;
      vector[slot] = vector[slot]! + sign * weight;
    };
    // Only stop words ("hello", "ค่ะ"): those, rather than an empty vector no model gives.
    const content = segmentWords(text, { dropStopWords: true });
    const words = content.length > 0 ? content : segmentWords(text);
    if (words.length === 0 && text.trim()) add(`text:${text.trim()}`, 1);
    for (let start = 0; start < words.length; ) {
      let matched = 0;
      for (let length = Math.min(longest, words.length - start); length > 0; length--) {
        const concept = concepts.get(words.slice(start, start + length).join(" "));
        if (concept !== undefined) {
          add(`concept:${concept}`, 1);
          matched = length;
          break;
        }
      }
      if (matched === 0) {
        add(`word:${words[start]}`, 1);
        matched = 1;
      }
      for (const word of words.slice(start, start + matched)) {
        const padded = Array.from(`#${word}#`);
        for (let i = 0; i + 3 <= padded.length; i++) {
          add(`tri:${padded.slice(i, i + 3).join("")}`, trigramWeight);
        }
      }
      start += matched;
    }
    let sum = 0;
    for (const value of vector) sum += value * value;
    if (sum > 0) {
      const scale = 1 / Math.sqrt(sum);
      for (let i = 0; i < dimensions; i++) vector[i] = vector[i]! * scale;
    }
    return vector;
  };
}

/** FNV-1a over the UTF-16 code units: small, fast and the same on every machine. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
