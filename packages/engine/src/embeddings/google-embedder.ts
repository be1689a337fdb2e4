import { ProviderError } from "../providers/provider";
import { embedInBatches } from "./embed-in-batches";
import { type Embedder, type EmbedderSettings, embeddingBatchSize } from "./embedder";
import { expectVectors, postJson, trimSlash } from "./post-json";

export const googleEmbeddingDefaults = {
  // The chat provider's base (googleDefaults.baseURL, GOOGLE_BASE_URL): one setting for both.
  baseUrl: "https://generativelanguage.googleapis.com/v1beta",
  // text-embedding-004 was retired from the Gemini API on 2026-01-14; this is its successor.
  model: "gemini-embedding-001",
  // Gemini's vectors can be cut short (Matryoshka): 768 of 3,072 keeps nearly all the quality
  // (Google's MTEB figures) at a quarter of the memory.
  dimensions: 768,
} as const;

/**
 * Gemini's `POST {base}/models/{model}:batchEmbedContents`, authenticated like the Gemini chat
 * provider (the `x-goog-api-key` header, so the key never sits in a URL). Passages are embedded
 * as RETRIEVAL_DOCUMENT, questions as RETRIEVAL_QUERY. A bad key is a 400 with the reason
 * API_KEY_INVALID there, reported as `auth`.
 */
export function createGoogleEmbedder(settings: EmbedderSettings): Embedder {
  const baseUrl = trimSlash(settings.baseUrl ?? googleEmbeddingDefaults.baseUrl);
  const model = settings.model ?? googleEmbeddingDefaults.model;
  const label = "Gemini embeddings";
  return {
    kind: "google",
    model,
    key: `google:${model}@${baseUrl}`,
    embed: (texts, signal, options) =>
      embedInBatches(texts, embeddingBatchSize, async (batch) => {
        if (!settings.apiKey) throw new ProviderError("config", "No API key configured for Google");
        const taskType = options?.purpose === "query" ? "RETRIEVAL_QUERY" : "RETRIEVAL_DOCUMENT";
        const body = await postJson(
          `${baseUrl}/models/${encodeURIComponent(model)}:batchEmbedContents`,
          {
            requests: batch.map((text) => ({
              model: `models/${model}`,
              content: { parts: [{ text }] },
              taskType,
              outputDimensionality: googleEmbeddingDefaults.dimensions,
            })),
          },
          {
            headers: { "x-goog-api-key": settings.apiKey },
            timeoutMs: settings.timeoutMs ?? 30_000,
            signal,
            label,
            isAuthFailure: (status, text) => status === 400 && text.includes("API_KEY_INVALID"),
          },
        );
        const embeddings = (body as { embeddings?: unknown }).embeddings;
        const vectors = Array.isArray(embeddings)
          ? embeddings.map((item: { values?: unknown }) => item?.values)
          : undefined;
        expectVectors(vectors, batch.length, label);
        return vectors;
      }),
  };
}
