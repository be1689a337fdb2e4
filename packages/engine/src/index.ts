/**
 * @jai/engine: the conversation engine. A pure library (no database, no HTTP server, no
 * environment): see README.md for how the server wires it.
 */

// The engine
// Analytics: questions by meaning, daily forecasts
export {
  type ForecastResult,
  forecastDaily,
  forecastMinHistory,
  groupQuestions,
  groupSimilarityThreshold,
  type QuestionGroup,
  type QuestionGroupInput,
  questionKey,
  questionKeyMaxLength,
  questionMatchThreshold,
  questionSimilarity,
} from "./analytics";
export { apologyMessages } from "./apology-messages";
export { createEngine } from "./create-engine";
export { createDemoBot, type DemoBot, type DemoFaq, type DemoSection } from "./demo-bot-knowledge";
// Embeddings (hybrid retrieval, docs/decisions/0011)
export {
  createEmbedder,
  type DocumentVector,
  type Embedder,
  type EmbedderKind,
  type EmbedderSettings,
  type EmbedPurpose,
  embedderKinds,
  embeddingBatchSize,
  embeddingSupport,
  googleEmbeddingDefaults,
  l2Normalize,
  ollamaEmbeddingDefaults,
  openaiEmbeddingDefaults,
  rankByVector,
} from "./embeddings";
// The engine's shapes
export type {
  CuratedAnswerInput,
  Engine,
  EngineConfig,
  Retrieval,
  RetrieveOptions,
  TurnEvent,
  TurnInput,
  TurnResult,
} from "./engine-types";
// Long-term memory per contact (and "forget me")
export { isHandoffRequest, matchesHandoffKeyword } from "./handoff/handoff-request";
// Limits and validation
export { chatLimits } from "./limits/chat-limits";
export {
  EngineError,
  type EngineErrorCode,
  engineErrorCodes,
  engineErrorHttp,
} from "./limits/engine-error";
export {
  type ImageMediaType,
  type ParsedImage,
  parseImageDataUrl,
  sniffImageType,
} from "./limits/parse-image-data-url";
export {
  type ChatMessageInput,
  type ValidChatMessage,
  validateChatMessage,
} from "./limits/validate-chat-message";
export { forgetMeReply, isForgetMeRequest } from "./memory/forget-me";
export { type MemoryTurn, memoryMaxChars } from "./memory/memory-facts";
export { type MemoryPromptInput, memoryPrompt, parseMemoryReply } from "./memory/memory-prompt";
export { extractMemoryFacts } from "./memory/summarize-memory";
export {
  type MemorySummary,
  type SummarizeMemoryInput,
  summarizeMemory,
} from "./memory/summarize-with-provider";
// Persona (browser-safe; may move to packages/contracts)
export {
  type Persona,
  type PersonaFaq,
  PersonaFaqSchema,
  type PersonaGender,
  type PersonaInput,
  type PersonaLanguage,
  PersonaSchema,
  type PersonaTone,
  personaGenders,
  personaLanguages,
  personaLimits,
  personaRoles,
  personaTones,
} from "./persona";
// Prompt
export { type BuildPromptInput, buildPrompt, type Prompt } from "./prompt/build-prompt";
export type {
  BotProfile,
  ChatMessage,
  PromptImage,
  PromptMessage,
  PromptPart,
} from "./prompt/prompt-types";
// Providers
export { anthropicDefaults, createAnthropicProvider } from "./providers/anthropic-provider";
export { checkProviderKey, type ProviderKeyCheck } from "./providers/check-provider-key";
export { createGoogleProvider, googleDefaults } from "./providers/google-provider";
export { classifySmallTalk } from "./providers/local-answer";
export {
  composeLocalReply,
  createLocalProvider,
  type LocalProviderSettings,
} from "./providers/local-provider";
export { createOpenAIProvider, openaiDefaults } from "./providers/openai-provider";
export {
  type ChatProvider,
  type ProviderChunk,
  ProviderError,
  type ProviderErrorKind,
  type ProviderFactory,
  type ProviderRequest,
  type ProviderSettings,
  providerErrorKinds,
  type TokenUsage,
  type TurnContext,
} from "./providers/provider";
export { type ProviderKind, providerFactories, providerKinds } from "./providers/provider-registry";

// Resilience
export {
  Bulkhead,
  type BulkheadOptions,
  type BulkheadRelease,
  bulkheadDefaults,
} from "./resilience/bulkhead";
export {
  type BreakerPermit,
  CircuitBreaker,
  type CircuitBreakerOptions,
  type CircuitState,
} from "./resilience/circuit-breaker";
export { parseRetryAfter } from "./resilience/retry-after";
export {
  type ResilienceOptions,
  resilienceDefaults,
  type StreamOutcome,
  type StreamStatus,
  streamWithResilience,
} from "./resilience/stream-with-resilience";

// Retrieval
export {
  type BuildDocumentsInput,
  buildDocuments,
  type KnowledgeSource,
} from "./retrieval/build-documents";
export { buildPersonaIndex, personaKnowledgeSource } from "./retrieval/build-persona-index";
export {
  buildSearchIndex,
  type IndexDocument,
  loadSearchIndex,
  type SearchHit,
  type SearchIndex,
  type SearchIndexOptions,
  type SearchOptions,
  type SerializedSearchIndex,
  searchIndexFormat,
} from "./retrieval/search-index";

// Thai-aware text
export { type ChunkOptions, chunkText, type TextChunk } from "./text/chunk-text";
export { detectLanguage, type ReplyLanguage, replyLanguages } from "./text/detect-language";
export { normalizeText } from "./text/normalize-text";
export { resolveReplyLanguage } from "./text/resolve-reply-language";
export { type SegmentOptions, segmentWords } from "./text/segment-words";
export { stopWords } from "./text/stop-words";
