import { ProviderError } from "../providers/provider";
import { embedInBatches } from "./embed-in-batches";
import { type Embedder, type EmbedderSettings, embeddingBatchSize } from "./embedder";
import { expectVectors, postJson, trimSlash } from "./post-json";

export const openaiEmbeddingDefaults = {
  baseUrl: "https://api.openai.com/v1",
  model: "text-embedding-3-small",
} as const;

/**
 * OpenAI's embeddings API (`POST {base}/embeddings`, `{ model, input: string[] }`), and every
 * server that speaks it (Ollama's /v1, vLLM, LM Studio …) by base URL: the same base URL and key
 * as the OpenAI chat provider. A key is required for OpenAI itself only.
 */
export function createOpenAIEmbedder(settings: EmbedderSettings): Embedder {
  const baseUrl = trimSlash(settings.baseUrl ?? openaiEmbeddingDefaults.baseUrl);
  const model = settings.model ?? openaiEmbeddingDefaults.model;
  const label = "OpenAI embeddings";
  return {
    kind: "openai",
    model,
    key: `openai:${model}@${baseUrl}`,
    embed: (texts, signal) =>
      embedInBatches(texts, embeddingBatchSize, async (batch) => {
        if (!settings.apiKey && baseUrl === openaiEmbeddingDefaults.baseUrl)
          throw new ProviderError("config", "No API key configured for OpenAI");
        const body = await postJson(
          `${baseUrl}/embeddings`,
          { model, input: batch, encoding_format: "float" },
          {
            headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
            timeoutMs: settings.timeoutMs ?? 30_000,
            signal,
            label,
          },
        );
        // `data` is in input order, each with its `index`: sorted by it all the same.
        const data = (body as { data?: unknown }).data;
        const vectors = Array.isArray(data)
          ? [...data]
              .sort((a, b) => Number(a?.index) - Number(b?.index))
              .map((item: { embedding?: unknown }) => item?.embedding)
          : undefined;
        expectVectors(vectors, batch.length, label);
        return vectors;
      }),
  };
}
