import {
  and,
  count,
  type Db,
  eq,
  gte,
  isNotNull,
  knowledgeChunks,
  knowledgeSources,
  lt,
  max,
  sql,
} from "@jai/db";
import { type DocumentVector, rankByVector } from "@jai/engine";
import { describeError, type Logger } from "../../logger";
import type { ChatBot } from "../../services/bots/load-chat-bot";
import type { SecretBox } from "../../services/console/secret-box";
import { describeEmbeddingFailure } from "./describe-embedding-failure";
import { createEmbeddingBackoff, type EmbeddingBackoff } from "./embedding-backoff";
import { type EmbeddingRoute, resolveEmbeddingRoute } from "./embedding-route";
import type { EmbeddingsConfig } from "./embeddings-config";

export type VectorRanker = {
  /**
   * The bot's knowledge chunks ranked by similarity to `text`, best first, as index ids
   * ("<source id>#<ordinal>", as bot-index-cache.ts names them); undefined when the bot has no
   * embedding route or no vectors yet, or anything fails (the turn then ranks with BM25 alone:
   * this never throws and never takes longer than the query embedding's timeout).
   */
  rank(chatBot: ChatBot, text: string, signal?: AbortSignal): Promise<string[] | undefined>;
  /** Bots whose vectors are in memory, and their bytes. */
  readonly stats: { bots: number; bytes: number };
};

export type VectorRankerOptions = {
  db: Db;
  config: EmbeddingsConfig;
  logger: Logger;
  /** Opens the owner's key when the bot was loaded without it (the console). */
  secretBox?: SecretBox;
  /** Embedding the question, at most: it delays the reply's first word. Default 1.5 s. */
  queryTimeoutMs?: number;
  /**
   * How long a turn waits for a bot's vectors to be read (the first turn after a change); a
   * large bot's take longer, and that turn ranks with BM25 alone while they load. Default 250 ms.
   */
  loadWaitMs?: number;
  /** Ids returned. Default 20. */
  limit?: number;
  /** Vectors kept in memory, all bots together (least recently used out). Default 256 MiB. */
  maxBytes?: number;
  maxBots?: number;
  /** A bot whose chunks are not all embedded yet is re-read after this. Default 60 s. */
  refreshMs?: number;
  /** Questions whose vectors are kept (a question asked again costs no call). Default 1,000. */
  queryCacheSize?: number;
  backoff?: EmbeddingBackoff;
  now?: () => number;
};

type BotVectors = { documents: DocumentVector[]; bytes: number; isComplete: boolean };
type Entry = {
  botId: string;
  vectors: Promise<BotVectors>;
  loaded?: BotVectors;
  loadedAt: number;
  refreshing?: boolean;
};

/**
 * Query-time half of hybrid retrieval (docs/decisions/0011): per bot, its chunks' vectors of
 * the bot's embedding model are loaded once and kept in memory (least recently used out past
 * `maxBytes`), keyed by bot id, knowledge version (bumped when its sources change, as for the
 * BM25 index) and model; a turn waits at most `loadWaitMs` for them. The question is embedded
 * through the same route the embeddings job used (1.5 s at most, remembered for repeats) and
 * the chunks ranked by exact cosine. A failing endpoint rests (embedding-backoff.ts: a refused
 * key minutes, a down server seconds), so a broken provider costs turns nothing but the first
 * timeout.
 */
export function createVectorRanker({
  db,
  config,
  logger,
  secretBox,
  queryTimeoutMs = 1_500,
  loadWaitMs = 250,
  limit = 20,
  maxBytes = 256 * 2 ** 20,
  maxBots = 200,
  refreshMs = 60_000,
  queryCacheSize = 1_000,
  backoff = createEmbeddingBackoff({
    refusedMs: { first: 5 * 60_000, max: 60 * 60_000 },
    unavailableMs: { first: 15_000, max: 5 * 60_000 },
    rateLimitedMs: 30_000,
  }),
  now = Date.now,
}: VectorRankerOptions): VectorRanker {
  const entries = new Map<string, Entry>();
  const currentKey = new Map<string, string>();
  const queries = new Map<string, Float32Array>();
  let bytes = 0;

  function evict(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.loaded?.bytes ?? 0;
    if (currentKey.get(entry.botId) === key) currentKey.delete(entry.botId);
  }

  function load(key: string, entry: Entry, chatBot: ChatBot, model: string): Promise<BotVectors> {
    const loading = loadBotVectors(db, chatBot.bot.id, model).then(
      (vectors) => {
        if (entries.get(key) === entry) {
          bytes += vectors.bytes - (entry.loaded?.bytes ?? 0);
          entry.loaded = vectors;
          entry.loadedAt = now();
          entry.vectors = Promise.resolve(vectors);
          while ((bytes > maxBytes || entries.size > maxBots) && entries.size > 1) {
            const oldest = entries.keys().next().value as string;
            if (oldest === key) break;
            evict(oldest);
          }
        }
        return vectors;
      },
      (error: unknown) => {
        // A failed read (database hiccup) is not kept.
        if (entries.get(key) === entry && !entry.loaded) evict(key);
        throw error;
      },
    );
    return loading;
  }

  function getVectors(chatBot: ChatBot, model: string): Promise<BotVectors> {
    // Like the BM25 index's key (bot-index-cache.ts) without the persona's change: its FAQs
    // and text are not embedded, so a persona edit leaves the vectors as they are.
    const { bot } = chatBot;
    const key = `${bot.id}\u0000${bot.knowledgeVersion}\u0000${model}`;
    const cached = entries.get(key);
    if (cached) {
      entries.delete(key);
      entries.set(key, cached);
      // Not all chunks had vectors: the job may have added some since. Served as they are
      // while they are read again.
      const { loaded } = cached;
      if (
        loaded &&
        !loaded.isComplete &&
        !cached.refreshing &&
        now() - cached.loadedAt > refreshMs
      ) {
        cached.refreshing = true;
        load(key, cached, chatBot, model)
          .catch((error: unknown) => {
            logger.warn("bot vectors not refreshed", { botId: bot.id, ...describeError(error) });
          })
          .finally(() => {
            cached.refreshing = false;
          });
      }
      return cached.vectors;
    }
    const previous = currentKey.get(bot.id);
    if (previous !== undefined && previous !== key) evict(previous);
    const entry: Entry = { botId: bot.id, vectors: Promise.resolve(empty), loadedAt: now() };
    entries.set(key, entry);
    currentKey.set(bot.id, key);
    entry.vectors = load(key, entry, chatBot, model);
    return entry.vectors;
  }

  async function embedQuery(
    route: EmbeddingRoute,
    text: string,
    signal: AbortSignal | undefined,
  ): Promise<Float32Array> {
    const key = `${route.embedder.key}\u0000${text}`;
    const cached = queries.get(key);
    if (cached) {
      queries.delete(key);
      queries.set(key, cached);
      return cached;
    }
    const [vector] = await route.embedder.embed([text], signal, { purpose: "query" });
    queries.set(key, vector!);
    if (queries.size > queryCacheSize) queries.delete(queries.keys().next().value as string);
    return vector!;
  }

  return {
    get stats() {
      return { bots: entries.size, bytes };
    },
    async rank(chatBot, text, signal) {
      const question = text.trim();
      if (!question || signal?.aborted) return undefined;
      const { bot } = chatBot;
      const ownerKey = chatBot.providerKey ?? openKey(secretBox, bot.providerKeyCiphertext);
      const route = resolveEmbeddingRoute(config, bot.aiProvider, ownerKey, {
        timeoutMs: queryTimeoutMs,
      });
      if (!route) return undefined;
      let vectors: BotVectors | undefined;
      try {
        vectors = await within(getVectors(chatBot, route.model), loadWaitMs);
      } catch (error) {
        logger.warn("bot vectors not loaded", { botId: bot.id, ...describeError(error) });
        return undefined;
      }
      // Still being read, or none yet (the job has not run, or cannot): no call for the
      // question either.
      if (!vectors || vectors.documents.length === 0) return undefined;
      if (backoff.remainingMs(route.backoffKey) > 0) return undefined;
      try {
        const query = await embedQuery(route, question, signal);
        backoff.succeed(route.backoffKey);
        return rankByVector(query, vectors.documents, limit);
      } catch (error) {
        if (signal?.aborted) return undefined;
        const { waitMs, isFirst } = backoff.fail(route.backoffKey, error);
        if (isFirst) {
          logger.warn("question not embedded, BM25 alone for now", {
            botId: bot.id,
            model: route.model,
            ...describeEmbeddingFailure(error, [
              ownerKey,
              config.providers.openai?.apiKey,
              config.providers.google?.apiKey,
            ]),
            retryInSeconds: Math.round(waitMs / 1000),
          });
        }
        return undefined;
      }
    },
  };
}

const empty: BotVectors = { documents: [], bytes: 0, isComplete: true };

/** What `promise` gives within `ms`, or undefined (it goes on; a later failure is handled). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One bot's chunk vectors of `model`, from ready sources, with whether every ready chunk has
 * one. Read a page of one source's ordinals at a time (through the source-and-ordinal index, no
 * sort), each page into one Float32Array (one allocation, a fast scan), as text parsed with
 * JSON.parse: drizzle's own `real[]` parser is twice as slow. Pages bound what is held while
 * reading (the text of 10,000 × 1,536 floats is ~180 MB) and, on the embedded database, how
 * long one query holds the event loop (bench/hybrid-retrieval.ts).
 */
export async function loadBotVectors(
  db: Db,
  botId: string,
  model: string,
  { pageSize = 64 } = {},
): Promise<BotVectors> {
  const sources = await db
    .select({
      id: knowledgeSources.id,
      last: max(knowledgeChunks.ordinal),
      chunks: count(),
      embedded:
        sql<number>`count(*) filter (where ${knowledgeChunks.embeddingModel} = ${model})`.mapWith(
          Number,
        ),
    })
    .from(knowledgeSources)
    .innerJoin(knowledgeChunks, eq(knowledgeChunks.sourceId, knowledgeSources.id))
    .where(and(eq(knowledgeSources.botId, botId), eq(knowledgeSources.status, "ready")))
    .groupBy(knowledgeSources.id)
    .orderBy(knowledgeSources.id);
  const documents: DocumentVector[] = [];
  let bytes = 0;
  let dimensions = 0;
  for (const source of sources) {
    if (source.embedded === 0 || source.last === null) continue;
    for (let start = 0; start <= source.last; start += pageSize) {
      const rows = await db
        .select({
          ordinal: knowledgeChunks.ordinal,
          embedding: sql<string>`${knowledgeChunks.embedding}::text`,
        })
        .from(knowledgeChunks)
        .where(
          and(
            eq(knowledgeChunks.sourceId, source.id),
            gte(knowledgeChunks.ordinal, start),
            lt(knowledgeChunks.ordinal, start + pageSize),
            eq(knowledgeChunks.embeddingModel, model),
            isNotNull(knowledgeChunks.embedding),
          ),
        )
        .orderBy(knowledgeChunks.ordinal);
      // "{0.1,-0.2,…}": the same numbers as a JSON array.
      const parsed = rows.map((row) => JSON.parse(`[${row.embedding.slice(1, -1)}]`) as number[]);
      dimensions ||= parsed.find((values) => values.length > 0)?.length ?? 0;
      const usable = parsed.filter((values) => dimensions > 0 && values.length === dimensions);
      const buffer = new Float32Array(usable.length * dimensions);
      let position = 0;
      rows.forEach((row, i) => {
        if (dimensions === 0 || parsed[i]!.length !== dimensions) return;
        const vector = buffer.subarray(position * dimensions, (position + 1) * dimensions);
        vector.set(parsed[i]!);
        position++;
        const id = `${source.id}#${row.ordinal}`;
        documents.push({ id, vector });
        bytes += 2 * id.length + 64;
      });
      bytes += buffer.byteLength;
    }
  }
  const total = sources.reduce((sum, source) => sum + source.chunks, 0);
  return { documents, bytes, isComplete: documents.length >= total };
}

function openKey(secretBox: SecretBox | undefined, ciphertext: string | null): string | undefined {
  if (!secretBox || !ciphertext) return undefined;
  try {
    return secretBox.open(ciphertext);
  } catch {
    return undefined;
  }
}
