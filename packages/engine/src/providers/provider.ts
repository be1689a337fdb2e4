import type { Persona } from "../persona";
import type { PromptMessage } from "../prompt/prompt-types";
import type { SearchHit } from "../retrieval/search-index";
import type { ReplyLanguage } from "../text/detect-language";

/** Tokens a provider reports; either may be missing when it does not say. */
export type TokenUsage = { inputTokens?: number; outputTokens?: number };

/** What a provider streams: text as it comes, then (maybe) usage. */
export type ProviderChunk = { type: "text"; text: string } | { type: "usage"; usage: TokenUsage };

/**
 * One turn as a provider receives it. Chat models read `system` and `messages` (`buildPrompt`);
 * the local provider answers from `turn` (retrieval hits, persona) without a model.
 */
export type ProviderRequest = {
  system: string;
  messages: PromptMessage[];
  turn: TurnContext;
};

export type TurnContext = {
  persona: Persona;
  botName: string;
  /** The user's message, trimmed (may be empty when only an image came). */
  userMessage: string;
  language: ReplyLanguage;
  hasImage: boolean;
  /** No user message before this one in the conversation. */
  isFirstTurn: boolean;
  /** Retrieval hits for the message, best first (FAQs and passages together). */
  hits: SearchHit[];
  /** Makes the local provider's choices (opener, catchphrase, default reply) repeatable. */
  seed: number;
  /** The owner's curated answer to this question (`TurnInput.curated`): the answer to give. */
  curated?: { question: string; answer: string } | null;
};

/**
 * Every provider has this shape, so adding one is one new file plus a line in
 * `provider-registry.ts`. `stream` yields text as the model produces it and must stop promptly
 * when `signal` aborts (the resilience layer also stops waiting for it). It throws
 * `ProviderError` for failures it can classify; anything else counts as `unknown`.
 */
export type ChatProvider = {
  /** "local", "openai", "anthropic", "google" … */
  readonly kind: string;
  readonly model: string;
  /** Identifies the upstream for the circuit breaker: one breaker per key. */
  readonly key: string;
  /** Whether image parts reach the model; when false the prompt says an image came. */
  readonly canSeeImages: boolean;
  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<ProviderChunk>;
};

/** How to reach a provider: the engine's configuration, possibly overridden per bot or owner. */
export type ProviderSettings = {
  model?: string;
  baseURL?: string;
  apiKey?: string;
  /** Default true for the chat-model providers. */
  canSeeImages?: boolean;
  /** Extra request headers (OpenRouter's HTTP-Referer, a proxy's auth …). */
  headers?: Record<string, string>;
  /** Longest reply in tokens. Default 1,024: chat replies are short, and cost is per token. */
  maxOutputTokens?: number;
};

export type ProviderFactory = (settings: ProviderSettings) => ChatProvider;

export const providerErrorKinds = [
  /** 429 */
  "rate_limited",
  /** 5xx */
  "server",
  /** Connection refused, reset, DNS … no HTTP status. */
  "network",
  /** 401 / 403: the key is wrong or lacks access. */
  "auth",
  /**
   * The key's quota or credit is used up (OpenAI's 429 `insufficient_quota`, Anthropic's credit
   * balance, Gemini's quota `RESOURCE_EXHAUSTED`, a 402): only the key's owner can fix it.
   */
  "quota",
  /** Any other 4xx: the request itself is wrong; retrying will not help. */
  "client",
  /** A response that could not be understood. */
  "invalid_response",
  /** Missing key, unknown provider: the bot or the server is misconfigured. */
  "config",
  /** No first token, or no end, in time. */
  "timeout",
  /** The circuit breaker is open: the provider failed too often just now. */
  "circuit_open",
  /** Too many calls to this provider endpoint are in flight and waiting: refused at once. */
  "overloaded",
  "unknown",
] as const;
export type ProviderErrorKind = (typeof providerErrorKinds)[number];

export class ProviderError extends Error {
  override readonly name = "ProviderError";
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  /** From Retry-After (or retry-after-ms), in milliseconds, when the provider sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(
    kind: ProviderErrorKind,
    message: string,
    details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
  }

  /** 429, 5xx and connection failures are worth another try; nothing else is. */
  get isRetryable(): boolean {
    return this.kind === "rate_limited" || this.kind === "server" || this.kind === "network";
  }
}
