/** Embeddings for hybrid retrieval: API clients, the exact vector ranking, provider support. */
export { createEmbedder, embeddingSupport } from "./create-embedder";
export {
  type Embedder,
  type EmbedderKind,
  type EmbedderSettings,
  type EmbedPurpose,
  embedderKinds,
  embeddingBatchSize,
} from "./embedder";
export { googleEmbeddingDefaults } from "./google-embedder";
export { l2Normalize } from "./l2-normalize";
export { ollamaEmbeddingDefaults } from "./ollama-embedder";
export { openaiEmbeddingDefaults } from "./openai-embedder";
export { type DocumentVector, rankByVector } from "./rank-by-vector";
