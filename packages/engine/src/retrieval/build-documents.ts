import type { PersonaFaq } from "../persona";
import { type ChunkOptions, chunkText } from "../text/chunk-text";
import type { IndexDocument } from "./search-index";

/** A knowledge text before chunking: an uploaded file's text, the persona's knowledge base … */
export type KnowledgeSource = {
  /** Stable id of the source (a knowledge row id, "knowledge-base"); chunk ids derive from it. */
  id: string;
  /** Shown to the model next to each passage: a file name or a title. */
  source: string;
  text: string;
  /** A heading for every chunk of the text, weighted like an FAQ question when ranking. */
  title?: string;
};

export type BuildDocumentsInput = {
  faqs?: readonly PersonaFaq[];
  knowledge?: readonly KnowledgeSource[];
  /** How knowledge texts are cut (defaults of `chunkText`). */
  chunk?: Omit<ChunkOptions, "source">;
};

/**
 * Turns a bot's FAQs and knowledge texts into index documents: one per FAQ (question as the
 * weighted title, answer as the text; blank ones skipped) with ids `faq:<n>`, and one per chunk
 * of each knowledge text with ids `<source id>#<n>`. Same input, same ids, so a cached index can
 * be checked against its inputs.
 */
export function buildDocuments({
  faqs = [],
  knowledge = [],
  chunk,
}: BuildDocumentsInput): IndexDocument[] {
  const documents: IndexDocument[] = [];
  faqs.forEach((faq, position) => {
    const question = faq.question.trim();
    const answer = faq.answer.trim();
    if (!question || !answer) return;
    documents.push({
      id: `faq:${position}`,
      kind: "faq",
      title: question,
      text: answer,
      source: "FAQ",
    });
  });
  for (const item of knowledge) {
    for (const piece of chunkText(item.text, { ...chunk, source: item.source })) {
      const document: IndexDocument = {
        id: `${item.id}#${piece.index}`,
        kind: "knowledge",
        text: piece.text,
        source: piece.source,
      };
      if (item.title?.trim()) document.title = item.title.trim();
      documents.push(document);
    }
  }
  return documents;
}
