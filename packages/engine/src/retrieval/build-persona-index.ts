import type { Persona } from "../persona";
import { type BuildDocumentsInput, buildDocuments, type KnowledgeSource } from "./build-documents";
import { buildSearchIndex, type SearchIndex, type SearchIndexOptions } from "./search-index";

/** The id and source name given to the persona's own knowledge-base text. */
export const personaKnowledgeSource = { id: "knowledge-base", source: "Knowledge base" } as const;

/**
 * A bot's whole index: the persona's FAQs and knowledge-base text plus any other knowledge
 * (uploaded documents). The live preview calls it on every turn with the unsaved draft (a few
 * milliseconds for a typical persona); a saved bot's index is worth caching (`toJSON`).
 */
export function buildPersonaIndex(
  persona: Pick<Persona, "faqs" | "knowledgeBase"> & Partial<Pick<Persona, "synonyms">>,
  extra: {
    knowledge?: readonly KnowledgeSource[];
    chunk?: BuildDocumentsInput["chunk"];
    index?: SearchIndexOptions;
  } = {},
): SearchIndex {
  const knowledge: KnowledgeSource[] = [];
  if (persona.knowledgeBase.trim())
    knowledge.push({ ...personaKnowledgeSource, text: persona.knowledgeBase });
  knowledge.push(...(extra.knowledge ?? []));
  return buildSearchIndex(buildDocuments({ faqs: persona.faqs, knowledge, chunk: extra.chunk }), {
    ...(persona.synonyms?.length ? { synonyms: persona.synonyms } : {}),
    ...extra.index,
  });
}
