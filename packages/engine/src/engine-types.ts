import type { ParsedImage } from "./limits/parse-image-data-url";
import type { Persona, PersonaInput } from "./persona";
import type { BotProfile, ChatMessage } from "./prompt/prompt-types";
import type { LocalProviderSettings } from "./providers/local-provider";
import type {
  ProviderErrorKind,
  ProviderFactory,
  ProviderSettings,
  TokenUsage,
} from "./providers/provider";
import type { BulkheadOptions } from "./resilience/bulkhead";
import type { CircuitBreakerOptions, CircuitState } from "./resilience/circuit-breaker";
import type { ResilienceOptions, StreamStatus } from "./resilience/stream-with-resilience";
import type { SearchHit, SearchIndex } from "./retrieval/search-index";
import type { ReplyLanguage } from "./text/detect-language";

/** The shapes of `createEngine`'s configuration, a turn's input and its result. */

export type EngineConfig = {
  /**
   * Default settings per provider kind ("openai", "anthropic", "google", or a kind added in
   * `factories`): keys and base URLs from the server's environment. A turn may override them.
   */
  providers?: Partial<Record<string, ProviderSettings>>;
  /** The local provider's tuning. */
  local?: Omit<LocalProviderSettings, keyof ProviderSettings>;
  /** More provider kinds, or replacements (tests, benchmarks). */
  factories?: Record<string, ProviderFactory>;
  /** Timeouts and retries. */
  resilience?: ResilienceOptions;
  /** One breaker per provider endpoint (kind + base URL) and credential (a hash of the key). */
  breaker?: Omit<CircuitBreakerOptions, "now">;
  /** Bounds the calls in flight to each provider endpoint (not the local provider). */
  bulkhead?: BulkheadOptions;
  retrieval?: {
    /** Knowledge passages put in a model's prompt. Default 4. */
    passages?: number;
    /** FAQs put in a model's prompt. Default 3. */
    faqs?: number;
    /** Hits covering less of the message than this stay out of a model's prompt. Default 0.2. */
    minCoverage?: number;
  };
  /** Messages of history a model sees. Default 10. */
  historyLimit?: number;
  /** A monotonic clock in milliseconds (tests). Default `performance.now`. */
  now?: () => number;
};

export type TurnInput = {
  bot: BotProfile & {
    /** The bot's `ai_provider`: "local" (default), "openai", "anthropic", "google" … */
    provider?: string | null;
    /** The bot's `ai_model`; each provider has a default. */
    model?: string | null;
  };
  /** The persona as stored (parsed again here; `PersonaSchema` fills in defaults). */
  persona: Persona | PersonaInput;
  /**
   * The conversation before this message, oldest first, loaded from the database (never from the
   * client). Leave out the message being answered and failed turns' apologies.
   */
  history: readonly ChatMessage[];
  /** The user's text, as validated by `validateChatMessage` (validated again here). */
  message: string;
  /** The attached image: a data URL or the `ParsedImage` `validateChatMessage` returned. */
  image?: string | ParsedImage | null;
  /**
   * The bot's search index (knowledge + FAQs), usually cached. Without one, an index of the
   * persona's own FAQs and knowledge base is built for this turn (right for the live preview).
   */
  index?: SearchIndex | null;
  /** Overrides the engine's settings for this bot's provider (an owner's own key). */
  providerSettings?: ProviderSettings;
  /** Abort when the client goes away: the provider call stops and the turn ends `cancelled`. */
  signal?: AbortSignal;
  /** Makes the local provider's choices repeatable; default: derived from the message and history. */
  seed?: number | string;
  /**
   * What the bot remembers about this contact from earlier conversations (a short summary of
   * durable facts, see contacts.memory): given to a model as data, never as instructions.
   */
  memory?: string | null;
  /**
   * The bot's documents ranked by vector similarity to the message, best first (hybrid
   * retrieval; the server computes it when the bot's provider offers embeddings).
   */
  vectorRanking?: readonly string[];
  /**
   * An answer the bot's owner curated for this question (the improvement queue), matched by the
   * caller before retrieval. Authoritative: a model is told to answer from it (above the
   * knowledge, in the reply language), the local provider gives it as its answer, and it is the
   * result's only source (`curated:<id>`).
   */
  curated?: CuratedAnswerInput | null;
};

/** A curated answer as a turn gets it. */
export type CuratedAnswerInput = {
  id: string;
  question: string;
  answer: string;
};

export type TurnResult = {
  /** completed: `reply` is the answer; cancelled: the part streamed; failed: the apology. */
  status: StreamStatus;
  /** What to store (and show) as the bot's message. */
  reply: string;
  /** Everything the provider streamed (for a failed turn, what came before the failure). */
  text: string;
  error?: { kind: ProviderErrorKind; message: string; status?: number };
  usage?: TokenUsage;
  latency: {
    /** From the call to `streamReply` to the first token, when one came. */
    firstTokenMs?: number;
    totalMs: number;
  };
  provider: string;
  model: string;
  attempts: number;
  language: ReplyLanguage;
  /**
   * What the reply was built from, best first: a model's prompt FAQs and passages, or the hits
   * the local provider quoted (`Retrieval.used`). Empty when the bot did not know. `id` is the
   * passage's index id ("<source id>#<n>", "faq:<n>"), `source` its file name or title. A
   * curated answer is `{ id: "curated:<id>", kind: "curated", source: <its question> }`.
   */
  sources: {
    id: string;
    kind: SearchHit["kind"] | "curated";
    source: string;
    score: number;
    coverage: number;
  }[];
};

export type Retrieval = {
  hits: SearchHit[];
  faqs: SearchHit[];
  passages: SearchHit[];
  /**
   * What the reply will be built from: for a model, the FAQs and passages in its prompt; for the
   * local provider, the hits its answer quotes (empty: it will say it does not know). The
   * console's "test a question" shows exactly these as used.
   */
  used: SearchHit[];
};

export type RetrieveOptions = {
  /** The bot's provider kind ("local" when absent): decides what `used` holds. */
  provider?: string | null;
  /** See `TurnInput.vectorRanking`. */
  vectorRanking?: readonly string[];
  /** The reply's language ("th", "en" …); default: the message's (Thai or English). */
  language?: string;
};

export type TurnEvent = { type: "token"; text: string } | { type: "done"; result: TurnResult };

export type Engine = {
  /**
   * Answers one user message. Yields `token` events as the reply streams, then exactly one
   * `done` event with the result, whatever happened to the provider. Throws (before yielding)
   * only `EngineError` for an invalid message or persona: validate before storing.
   */
  streamReply(input: TurnInput): AsyncGenerator<TurnEvent, void, undefined>;
  /**
   * What a message retrieves from an index, as a turn does: the hits, best first, and those put
   * in a model's prompt (`faqs`, `passages`: the engine's `retrieval` counts and `minCoverage`).
   */
  retrieve(index: SearchIndex, text: string, options?: RetrieveOptions): Retrieval;
  /** The circuit breakers' states, by provider key (for a health endpoint or logs). */
  providerHealth(): Record<string, CircuitState>;
};
