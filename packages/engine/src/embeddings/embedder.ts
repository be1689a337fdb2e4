/** Who makes embeddings: the bot providers that offer them, and a local Ollama. */
export const embedderKinds = ["openai", "google", "ollama"] as const;
export type EmbedderKind = (typeof embedderKinds)[number];

/** How to reach an embedding API: the server's configured key and base URL, or an owner's key. */
export type EmbedderSettings = {
  apiKey?: string;
  /** The API's base, as the chat provider of the same kind takes it (see each `…Defaults`). */
  baseUrl?: string;
  model?: string;
  /** The whole call (one batch), from the request to the parsed answer. Default 30 s. */
  timeoutMs?: number;
};

/**
 * What a text is embedded for: some models embed a passage and a question differently (Gemini's
 * `taskType`). Default "document".
 */
export type EmbedPurpose = "document" | "query";

export type Embedder = {
  readonly kind: EmbedderKind;
  readonly model: string;
  /** Identifies the endpoint and model (never the key): for caches and back-off. */
  readonly key: string;
  /**
   * One L2-normalised vector per text, in order. Texts go in batches of at most
   * `embeddingBatchSize`, one request after another. Throws `ProviderError` (auth, quota,
   * rate_limited with `retryAfterMs`, server, network, timeout, client, invalid_response,
   * config); an abort of `signal` rejects with its reason.
   */
  embed(
    texts: readonly string[],
    signal?: AbortSignal,
    options?: { purpose?: EmbedPurpose },
  ): Promise<Float32Array[]>;
};

/** Texts per request: below every API's limit (Gemini's batch takes 100, OpenAI 2,048). */
export const embeddingBatchSize = 96;
