import type { Embedder, EmbedderKind, EmbedderSettings } from "./embedder";
import { createGoogleEmbedder } from "./google-embedder";
import { createOllamaEmbedder } from "./ollama-embedder";
import { createOpenAIEmbedder } from "./openai-embedder";

const factories: Record<EmbedderKind, (settings: EmbedderSettings) => Embedder> = {
  openai: createOpenAIEmbedder,
  google: createGoogleEmbedder,
  ollama: createOllamaEmbedder,
};

/** An embedding client for one API (see each file for its endpoint, defaults and key). */
export function createEmbedder(kind: EmbedderKind, settings: EmbedderSettings = {}): Embedder {
  return factories[kind](settings);
}

/**
 * Which embedding API a bot's chat provider offers ("openai", "google"); undefined for those
 * without one (anthropic, local): such a bot ranks with BM25 alone unless the server runs an
 * Ollama embedding model for every bot.
 */
export function embeddingSupport(providerKind: string): "openai" | "google" | undefined {
  return providerKind === "openai" || providerKind === "google" ? providerKind : undefined;
}
