import { createHash } from "node:crypto";
import {
  createEmbedder,
  type Embedder,
  type EmbedderSettings,
  embeddingSupport,
  openaiEmbeddingDefaults,
} from "@jai/engine";
import type { EmbeddingsConfig } from "./embeddings-config";

/** Which embedding API one bot's knowledge goes through, with whose key. */
export type EmbeddingRoute = {
  embedder: Embedder;
  /**
   * Stored in `knowledge_chunks.embedding_model` ("openai:text-embedding-3-small"): a query is
   * only ever compared with vectors of the same model.
   */
  model: string;
  /**
   * What a failure backs off: the endpoint, model and credential (a hash of the key), so a
   * refused owner key pauses that owner's bots only, and a refused server key every bot on it.
   */
  backoffKey: string;
};

/**
 * The bot's provider's embeddings (OpenAI, Gemini) with the owner's own key or else the
 * server's; otherwise the server's Ollama when it runs one; otherwise none (BM25 alone). The
 * embeddings job and the query use this one choice, so their vectors always compare.
 */
export function resolveEmbeddingRoute(
  config: EmbeddingsConfig,
  aiProvider: string,
  ownerKey: string | undefined,
  options: { timeoutMs?: number } = {},
): EmbeddingRoute | undefined {
  const kind = embeddingSupport(aiProvider);
  if (kind) {
    const server = config.providers[kind] ?? {};
    const apiKey = ownerKey ?? server.apiKey;
    // OpenAI itself needs a key; an OpenAI-compatible server at another address may not.
    const isKeyless =
      kind === "openai" &&
      server.baseUrl !== undefined &&
      server.baseUrl !== openaiEmbeddingDefaults.baseUrl;
    if (apiKey || isKeyless) {
      return route(kind, { apiKey, baseUrl: server.baseUrl, timeoutMs: options.timeoutMs });
    }
  }
  if (config.ollama) {
    return route("ollama", { ...config.ollama, timeoutMs: options.timeoutMs });
  }
  return undefined;
}

function route(kind: "openai" | "google" | "ollama", settings: EmbedderSettings): EmbeddingRoute {
  const embedder = createEmbedder(kind, settings);
  const credential = settings.apiKey
    ? createHash("sha256").update(settings.apiKey).digest("hex").slice(0, 16)
    : "none";
  return {
    embedder,
    model: `${kind}:${embedder.model}`,
    backoffKey: `${embedder.key}#${credential}`,
  };
}
