import { and, asc, type Db, eq, knowledgeChunks, knowledgeSources } from "@jai/db";
import {
  buildDocuments,
  buildSearchIndex,
  type IndexDocument,
  personaKnowledgeSource,
  type SearchIndex,
} from "@jai/engine";
import { parseFaqChunk } from "./faq-chunk";
import type { ChatBot } from "./load-chat-bot";

export type BotIndexCache = {
  /** The bot's retrieval index (its FAQs, knowledge-base text and knowledge chunks), cached. */
  get(chatBot: ChatBot): Promise<SearchIndex>;
  readonly size: number;
};

/**
 * Per-bot retrieval indexes in memory, least recently used first out. An index is keyed by the
 * bot id, its `knowledge_version` (bumped when its sources change) and its persona's
 * `updated_at` (FAQs and knowledge-base text live there), so a change is picked up at the next
 * turn on every instance without any invalidation message. One index per bot: knowledge is
 * never shared across bots.
 */
export function createBotIndexCache(db: Db, { maxEntries = 200 } = {}): BotIndexCache {
  const entries = new Map<string, Promise<SearchIndex>>();
  const currentKey = new Map<string, string>();

  return {
    get size() {
      return entries.size;
    },
    get(chatBot) {
      const { bot, personaUpdatedAt } = chatBot;
      const key = `${bot.id}\u0000${bot.knowledgeVersion}\u0000${personaUpdatedAt.getTime()}`;
      const cached = entries.get(key);
      if (cached) {
        // Most recently used goes last.
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      const previous = currentKey.get(bot.id);
      if (previous !== undefined && previous !== key) entries.delete(previous);
      const building = buildBotIndex(db, chatBot).catch((error: unknown) => {
        // A failed build (database hiccup) is not cached.
        if (entries.get(key) === building) entries.delete(key);
        throw error;
      });
      entries.set(key, building);
      currentKey.set(bot.id, key);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
        const botId = oldest.slice(0, oldest.indexOf("\u0000"));
        if (currentKey.get(botId) === oldest) currentKey.delete(botId);
      }
      return building;
    },
  };
}

/** Builds one bot's index from its persona and its ready knowledge chunks. */
export async function buildBotIndex(db: Db, { bot, persona }: ChatBot): Promise<SearchIndex> {
  const chunks = await db
    .select({
      sourceId: knowledgeChunks.sourceId,
      ordinal: knowledgeChunks.ordinal,
      text: knowledgeChunks.text,
      title: knowledgeSources.title,
      kind: knowledgeSources.kind,
      fileName: knowledgeSources.fileName,
    })
    .from(knowledgeChunks)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgeChunks.sourceId))
    .where(and(eq(knowledgeChunks.botId, bot.id), eq(knowledgeSources.status, "ready")))
    .orderBy(
      asc(knowledgeSources.createdAt),
      asc(knowledgeSources.id),
      asc(knowledgeChunks.ordinal),
    );

  const documents: IndexDocument[] = buildDocuments({
    faqs: persona.faqs,
    knowledge: persona.knowledgeBase.trim()
      ? [{ ...personaKnowledgeSource, text: persona.knowledgeBase }]
      : [],
  });
  for (const chunk of chunks) {
    if (chunk.kind === "faq") {
      // One FAQ pair per chunk: answered as an FAQ, like the persona's own.
      const { question, answer } = parseFaqChunk(chunk.text);
      documents.push({
        id: `${chunk.sourceId}#${chunk.ordinal}`,
        kind: "faq",
        title: question,
        text: answer,
        source: chunk.title,
      });
      continue;
    }
    const document: IndexDocument = {
      id: `${chunk.sourceId}#${chunk.ordinal}`,
      kind: "knowledge",
      text: chunk.text,
      source: chunk.fileName ?? chunk.title,
    };
    // A written section's title says what it is about (weighted like an FAQ question); a file's
    // name usually does not.
    if (chunk.kind !== "file" && chunk.title.trim()) document.title = chunk.title.trim();
    documents.push(document);
  }
  return buildSearchIndex(
    documents,
    persona.synonyms.length > 0 ? { synonyms: persona.synonyms } : {},
  );
}
