import {
  and,
  bots,
  type Db,
  eq,
  exists,
  isNull,
  knowledgeChunks,
  knowledgeSources,
  or,
  sql,
} from "@jai/db";
import { createPollingWorker } from "../../jobs/polling-worker";
import type { Logger } from "../../logger";
import type { SecretBox } from "../../services/console/secret-box";
import { chunkEmbeddingText } from "./chunk-embedding-text";
import { describeEmbeddingFailure } from "./describe-embedding-failure";
import { createEmbeddingBackoff, type EmbeddingBackoff } from "./embedding-backoff";
import { type EmbeddingRoute, resolveEmbeddingRoute } from "./embedding-route";
import type { EmbeddingsConfig } from "./embeddings-config";

export type EmbeddingsWorkerOptions = {
  db: Db;
  logger: Logger;
  config: EmbeddingsConfig;
  /** Opens owners' provider keys. */
  secretBox: SecretBox;
  /** Chunks embedded per round: one request. Default 96 (the clients' batch size). */
  batchSize?: number;
  /** Bots whose chunks are looked at per round, at most. Default 20. */
  botsPerRound?: number;
  /** How often to look for chunks to embed. Default 15 s. */
  pollIntervalMs?: number;
  /** One batch's request, at most. Default 30 s. */
  timeoutMs?: number;
  backoff?: EmbeddingBackoff;
};

export type EmbeddingsWorker = {
  start(): void;
  wake(): void;
  /** Embeds at most one batch of one bot's chunks; resolves with how many it stored. */
  runOnce(): Promise<number>;
  stop(timeoutMs?: number): Promise<void>;
};

type Candidate = {
  id: string;
  aiProvider: string;
  providerKeyCiphertext: string | null;
  knowledgeVersion: number;
};

/**
 * The "knowledge embeddings" job: gives the ready chunks of every bot that has an embedding
 * route (resolveEmbeddingRoute: its provider's embeddings with the owner's or the server's key,
 * or the server's Ollama) a vector from that route's model, where `embedding` is null or was
 * made by another model. Stores `embedding` and `embedding_model` and touches nothing else (no
 * `knowledge_version` bump: the BM25 index does not change; the vector ranker picks the new
 * vectors up by itself).
 *
 * Bounded: a round sends one request (96 chunks of one bot) and looks at no more than 20 bots;
 * a full batch runs the next round at once, so a backlog drains at the provider's pace. A bot
 * found fully embedded is not looked at again until its knowledge version or model changes. A
 * failure rests that endpoint and key (embedding-backoff.ts: a refused key for 15 min doubling
 * to 6 h, a down server 30 s doubling to 30 min, a 429 what Retry-After says) and is logged once
 * per streak. No route (no key, no Ollama): skipped, logged once per provider.
 *
 * With several instances two may embed the same batch at the same moment: the result is the
 * same and the cost bounded (a claim would need a lease column on chunks).
 *
 * The persona's own FAQs and knowledge-base text are not chunks and stay with BM25 (with the
 * lexicon's cross-language expansion): they are short and written by the owner, and embedding
 * them when an index is built would put a provider call, and its failures, in front of the
 * first turn after every persona edit, with nowhere to keep the vectors. FAQ sheets imported
 * as knowledge sources are chunks and are embedded (question and answer together).
 */
export function createEmbeddingsWorker({
  db,
  logger,
  config,
  secretBox,
  batchSize = 96,
  botsPerRound = 20,
  pollIntervalMs = 15_000,
  timeoutMs = 30_000,
  backoff = createEmbeddingBackoff(),
}: EmbeddingsWorkerOptions): EmbeddingsWorker {
  /** Bot id → "<knowledge version>|<model>" once nothing was left to embed. */
  const settled = new Map<string, string>();
  const noRouteLogged = new Set<string>();
  let controller = new AbortController();

  async function listCandidates(): Promise<Candidate[]> {
    const rows = await db
      .select({
        id: bots.id,
        aiProvider: bots.aiProvider,
        providerKeyCiphertext: bots.providerKeyCiphertext,
        knowledgeVersion: bots.knowledgeVersion,
      })
      .from(bots)
      .where(
        exists(
          db
            .select({ one: sql`1` })
            .from(knowledgeChunks)
            .where(eq(knowledgeChunks.botId, bots.id)),
        ),
      );
    // A random order: no bot waits behind another's backlog, and instances rarely collide.
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [rows[i], rows[j]] = [rows[j]!, rows[i]!];
    }
    return rows;
  }

  function routeOf(bot: Candidate): { route?: EmbeddingRoute; ownerKey?: string } {
    let ownerKey: string | undefined;
    if (bot.providerKeyCiphertext) {
      try {
        ownerKey = secretBox.open(bot.providerKeyCiphertext);
      } catch {
        // SECRET_KEY changed: the turn uses the server's key too (load-chat-bot.ts).
      }
    }
    const route = resolveEmbeddingRoute(config, bot.aiProvider, ownerKey, { timeoutMs });
    if (!route && !noRouteLogged.has(bot.aiProvider)) {
      noRouteLogged.add(bot.aiProvider);
      logger.info("knowledge embeddings: none for these bots, they rank with BM25 alone", {
        provider: bot.aiProvider,
        reason:
          bot.aiProvider === "openai" || bot.aiProvider === "google"
            ? "no key configured"
            : "the provider has no embeddings and EMBEDDINGS_OLLAMA_URL is not set",
      });
    }
    return { route, ownerKey };
  }

  async function pendingChunks(botId: string, model: string) {
    return db
      .select({
        id: knowledgeChunks.id,
        text: knowledgeChunks.text,
        kind: knowledgeSources.kind,
        title: knowledgeSources.title,
      })
      .from(knowledgeChunks)
      .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgeChunks.sourceId))
      .where(
        and(
          eq(knowledgeChunks.botId, botId),
          eq(knowledgeSources.status, "ready"),
          or(
            isNull(knowledgeChunks.embedding),
            sql`${knowledgeChunks.embeddingModel} is distinct from ${model}`,
          ),
        ),
      )
      .orderBy(knowledgeChunks.sourceId, knowledgeChunks.ordinal)
      .limit(batchSize);
  }

  async function runOnce(): Promise<number> {
    let looked = 0;
    for (const bot of await listCandidates()) {
      if (looked >= botsPerRound || controller.signal.aborted) break;
      const { route, ownerKey } = routeOf(bot);
      if (!route) continue;
      const settledAs = `${bot.knowledgeVersion}|${route.model}`;
      if (settled.get(bot.id) === settledAs) continue;
      if (backoff.remainingMs(route.backoffKey) > 0) continue;
      looked++;
      const chunks = await pendingChunks(bot.id, route.model);
      if (chunks.length === 0) {
        settled.set(bot.id, settledAs);
        continue;
      }
      return embed(bot.id, route, chunks, ownerKey);
    }
    return 0;
  }

  async function embed(
    botId: string,
    route: EmbeddingRoute,
    chunks: { id: string; text: string; kind: string; title: string }[],
    ownerKey: string | undefined,
  ): Promise<number> {
    const startedAt = performance.now();
    let vectors: Float32Array[];
    try {
      vectors = await route.embedder.embed(chunks.map(chunkEmbeddingText), controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return 0;
      const { waitMs, isFirst } = backoff.fail(route.backoffKey, error);
      if (isFirst) {
        logger.warn("knowledge embeddings failed, resting this key", {
          botId,
          model: route.model,
          ...describeEmbeddingFailure(error, [
            ownerKey,
            config.providers.openai?.apiKey,
            config.providers.google?.apiKey,
          ]),
          retryInSeconds: Math.round(waitMs / 1000),
        });
      }
      return 0;
    }
    backoff.succeed(route.backoffKey);
    // One short transaction per batch; a chunk replaced meanwhile (re-ingested) is simply gone.
    await db.transaction(async (tx) => {
      for (const [position, chunk] of chunks.entries()) {
        await tx
          .update(knowledgeChunks)
          .set({ embedding: Array.from(vectors[position]!), embeddingModel: route.model })
          .where(eq(knowledgeChunks.id, chunk.id));
      }
    });
    logger.info("knowledge chunks embedded", {
      botId,
      model: route.model,
      chunks: chunks.length,
      ms: Math.round(performance.now() - startedAt),
    });
    return chunks.length;
  }

  const loop = createPollingWorker({
    name: "knowledge embeddings",
    logger,
    runOnce,
    batchSize,
    pollIntervalMs,
    inFlightWork: "the batch being embedded",
  });
  return {
    start() {
      if (controller.signal.aborted) controller = new AbortController();
      loop.start();
    },
    wake: loop.wake,
    runOnce,
    async stop(stopTimeoutMs) {
      // A request in flight is dropped: its chunks are embedded again next time.
      controller.abort();
      await loop.stop(stopTimeoutMs);
    },
  };
}
