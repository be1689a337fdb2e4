import { embedInBatches } from "./embed-in-batches";
import { type Embedder, type EmbedderSettings, embeddingBatchSize } from "./embedder";
import { expectVectors, postJson, trimSlash } from "./post-json";

export const ollamaEmbeddingDefaults = {
  baseUrl: "http://127.0.0.1:11434",
  model: "nomic-embed-text",
} as const;

/**
 * A local Ollama (`POST {base}/api/embed`, `{ model, input: string[] }`): no key, unless a proxy
 * in front of it wants one (sent as a bearer token). Texts longer than the model's context are
 * cut by Ollama (`truncate`), not refused.
 */
export function createOllamaEmbedder(settings: EmbedderSettings): Embedder {
  const baseUrl = trimSlash(settings.baseUrl ?? ollamaEmbeddingDefaults.baseUrl);
  const model = settings.model ?? ollamaEmbeddingDefaults.model;
  const label = "Ollama embeddings";
  return {
    kind: "ollama",
    model,
    key: `ollama:${model}@${baseUrl}`,
    embed: (texts, signal) =>
      embedInBatches(texts, embeddingBatchSize, async (batch) => {
        const body = await postJson(
          `${baseUrl}/api/embed`,
          { model, input: batch, truncate: true },
          {
            headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
            // A local model may have to load first: more time than a hosted API.
            timeoutMs: settings.timeoutMs ?? 60_000,
            signal,
            label,
          },
        );
        const vectors = (body as { embeddings?: unknown }).embeddings;
        expectVectors(vectors, batch.length, label);
        return vectors;
      }),
  };
}
