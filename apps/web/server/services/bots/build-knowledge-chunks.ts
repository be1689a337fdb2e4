import { createHash } from "node:crypto";
import { chunkText, segmentWords } from "@jai/engine";

export type KnowledgeChunkDraft = { ordinal: number; text: string; wordCount: number };

/**
 * Cuts a knowledge source's text into the passages retrieval works on (the engine's Thai-aware
 * `chunkText`: at paragraph, sentence or phrase boundaries, never inside a word). Done once when
 * a source is added or changed; indexes are built from the stored chunks.
 */
export function buildKnowledgeChunks(text: string): KnowledgeChunkDraft[] {
  return chunkText(text).map((chunk, ordinal) => ({
    ordinal,
    text: chunk.text,
    wordCount: segmentWords(chunk.text).length,
  }));
}

/** sha256 of a text, hex: tells whether a source's content changed. */
export function hashContent(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
