import { createHash } from "node:crypto";
import { apologyMessages } from "./apology-messages";
import type {
  CuratedAnswerInput,
  Engine,
  EngineConfig,
  Retrieval,
  RetrieveOptions,
  TurnEvent,
  TurnInput,
  TurnResult,
} from "./engine-types";
import { EngineError } from "./limits/engine-error";
import { validateChatMessage } from "./limits/validate-chat-message";
import { PersonaSchema } from "./persona";
import { buildPrompt } from "./prompt/build-prompt";
import { failingStream } from "./providers/failing-stream";
import {
  chooseLocalAnswer,
  createLocalProvider,
  localMinCoverage,
} from "./providers/local-provider";
import {
  type ChatProvider,
  ProviderError,
  type ProviderFactory,
  type ProviderSettings,
} from "./providers/provider";
import { providerFactories } from "./providers/provider-registry";
import { hashSeed } from "./providers/seeded-random";
import { Bulkhead } from "./resilience/bulkhead";
import { CircuitBreaker } from "./resilience/circuit-breaker";
import { type StreamOutcome, streamWithResilience } from "./resilience/stream-with-resilience";
import { buildPersonaIndex } from "./retrieval/build-persona-index";
import type { SearchIndex } from "./retrieval/search-index";
import { detectLanguage } from "./text/detect-language";
import { resolveReplyLanguage } from "./text/resolve-reply-language";

/**
 * The conversation engine. Pure: it stores nothing, reads no environment and opens no port; the
 * caller loads the persona, history and index, stores the user message before calling
 * `streamReply`, and stores the `done` result. Create one per process: it holds the circuit
 * breakers and a cache of provider clients.
 */
export function createEngine(config: EngineConfig = {}): Engine {
  const now = config.now ?? (() => performance.now());
  const factories: Record<string, ProviderFactory> = {
    ...providerFactories,
    local: (settings) => createLocalProvider({ ...settings, ...config.local }),
    ...config.factories,
  };
  const breakers = new Map<string, CircuitBreaker>();
  const bulkheads = new Map<string, Bulkhead>();
  const clients = new Map<string, ChatProvider>();
  const retrieval = { passages: 4, faqs: 3, minCoverage: 0.2, ...config.retrieval };
  const answerCoverage = config.local?.minCoverage ?? localMinCoverage;

  // What a message retrieves, which hits go in a model's prompt, and what the reply will be
  // built from (the console's "test a question" box shows the same).
  const retrieve = (index: SearchIndex, text: string, options: RetrieveOptions = {}): Retrieval => {
    const language = options.language ?? detectLanguage(text);
    const limit = Math.max(8, retrieval.passages + retrieval.faqs);
    const hits = text.trim()
      ? index.search(text, {
          limit,
          ...(options.vectorRanking ? { vectorRanking: options.vectorRanking } : {}),
        })
      : [];
    // A vector search's nearest passages count as relevant even when no word matched.
    const relevant = hits.filter(
      (hit) =>
        hit.coverage >= retrieval.minCoverage ||
        (hit.vectorRank !== undefined && hit.vectorRank < retrieval.passages),
    );
    const faqs = relevant.filter((hit) => hit.kind === "faq").slice(0, retrieval.faqs);
    const passages = relevant
      .filter((hit) => hit.kind === "knowledge")
      .slice(0, retrieval.passages);
    const local = !options.provider?.trim() || options.provider.trim() === "local";
    const used = local
      ? chooseLocalAnswer(hits, { minCoverage: answerCoverage, language })
      : [...faqs, ...passages];
    return { hits, faqs, passages, used };
  };

  // One breaker per provider endpoint *and credential*: an owner whose own key is refused or
  // rate-limited opens only their breaker, never the one every other owner's bots go through.
  // Most recently used last; the oldest goes when there are too many (owners' keys are many).
  const breakerFor = (provider: ChatProvider, apiKey: string | undefined) => {
    const key = `${provider.key}#${credentialTag(apiKey)}`;
    let breaker = breakers.get(key);
    if (breaker) {
      breakers.delete(key);
    } else {
      breaker = new CircuitBreaker({ ...config.breaker });
      if (breakers.size >= maxBreakers) breakers.delete(breakers.keys().next().value as string);
    }
    breakers.set(key, breaker);
    return breaker;
  };

  // One bulkhead per endpoint, shared by every key: it bounds the connections and waiting
  // visitors a hanging upstream can hold. The local provider calls nothing.
  const bulkheadFor = (provider: ChatProvider): Bulkhead | undefined => {
    if (provider.kind === "local") return undefined;
    let bulkhead = bulkheads.get(provider.key);
    if (!bulkhead) {
      bulkhead = new Bulkhead(config.bulkhead);
      bulkheads.set(provider.key, bulkhead);
    }
    return bulkhead;
  };

  const providerFor = (kind: string, settings: ProviderSettings): ChatProvider => {
    const factory = Object.hasOwn(factories, kind) ? factories[kind] : undefined;
    if (!factory) return unknownProvider(kind, settings.model);
    const cacheKey = JSON.stringify([kind, settings]);
    let client = clients.get(cacheKey);
    if (!client) {
      // Bounded: owners' own keys could otherwise grow it without limit.
      if (clients.size >= 256) clients.clear();
      client = factory(settings);
      clients.set(cacheKey, client);
    }
    return client;
  };

  async function* streamReply(input: TurnInput): AsyncGenerator<TurnEvent, void, undefined> {
    const startedAt = now();
    const parsed = PersonaSchema.safeParse(input.persona);
    if (!parsed.success)
      throw new EngineError("PERSONA_INVALID", "The persona does not match PersonaSchema");
    const persona = parsed.data;
    const message = validateChatMessage({ text: input.message, image: input.image });
    const { language } = resolveReplyLanguage(persona.language, message.text);

    const index = input.index ?? buildPersonaIndex(persona);
    // The owner's curated answer, when the caller matched one: what the reply is built from.
    const curated = input.curated?.answer.trim() ? input.curated : null;
    const kind = input.bot.provider?.trim() || "local";
    const { hits, faqs, passages, used } = retrieve(index, message.text, {
      provider: kind,
      language,
      ...(input.vectorRanking ? { vectorRanking: input.vectorRanking } : {}),
    });

    const settings: ProviderSettings = { ...config.providers?.[kind], ...input.providerSettings };
    if (input.bot.model?.trim()) settings.model = input.bot.model.trim();
    const provider = providerFor(kind, settings);

    const prompt = buildPrompt({
      persona,
      botProfile: input.bot,
      history: input.history,
      passages,
      faqs: faqs.map((hit) => ({ question: hit.title ?? "", answer: hit.text })),
      userMessage: message.text,
      image: message.image,
      canSeeImages: provider.canSeeImages,
      historyLimit: config.historyLimit,
      memory: input.memory ?? null,
      curated: curated ? { question: curated.question, answer: curated.answer } : null,
    });
    const seed =
      typeof input.seed === "number"
        ? input.seed
        : hashSeed(input.seed ?? `${input.history.length}\u0000${message.text}`);
    const request = {
      system: prompt.system,
      messages: prompt.messages,
      turn: {
        persona,
        botName: input.bot.name,
        userMessage: message.text,
        language,
        hasImage: message.image !== null,
        isFirstTurn: !input.history.some((previous) => previous.role === "user"),
        hits,
        seed,
        curated: curated ? { question: curated.question, answer: curated.answer } : null,
      },
    };

    const run = streamWithResilience(provider, request, {
      signal: input.signal,
      breaker: breakerFor(provider, settings.apiKey),
      bulkhead: bulkheadFor(provider),
      options: config.resilience,
      startedAt,
      now,
    });
    let step: IteratorResult<string, StreamOutcome>;
    try {
      step = await run.next();
      while (!step.done) {
        yield { type: "token", text: step.value };
        step = await run.next();
      }
    } finally {
      // The caller stopped iterating (its client went away): stop the provider call too.
      await run.return(undefined as never);
    }
    const outcome = step.value;
    const result: TurnResult = {
      status: outcome.status,
      reply: outcome.status === "failed" ? apologyMessages[language] : outcome.text,
      text: outcome.text,
      latency: { totalMs: now() - startedAt },
      provider: provider.kind,
      model: provider.model,
      attempts: outcome.attempts,
      language,
      // A failed turn's apology used nothing; a local "I don't know" has nothing in `used`.
      sources:
        outcome.status === "failed"
          ? []
          : curated
            ? [curatedSource(curated)]
            : used.map(({ id, kind: hitKind, source, score, coverage }) => ({
                id,
                kind: hitKind,
                source,
                score,
                coverage,
              })),
    };
    if (outcome.firstTokenMs !== undefined) result.latency.firstTokenMs = outcome.firstTokenMs;
    if (outcome.error) result.error = outcome.error;
    if (outcome.usage) result.usage = outcome.usage;
    yield { type: "done", result };
  }

  return {
    streamReply,
    retrieve,
    providerHealth: () =>
      Object.fromEntries([...breakers].map(([key, breaker]) => [key, breaker.state])),
  };
}

/** A curated answer as a turn's source: the reply is built from it alone. */
function curatedSource(curated: CuratedAnswerInput): TurnResult["sources"][number] {
  return {
    id: `curated:${curated.id}`,
    kind: "curated",
    source: curated.question,
    score: 1,
    coverage: 1,
  };
}

/** Breakers kept at most (each a few numbers). */
const maxBreakers = 10_000;

/**
 * Names a credential without holding it: a breaker's key can reach a health endpoint or a log,
 * the key itself never may.
 */
function credentialTag(apiKey: string | undefined): string {
  if (!apiKey) return "none";
  return createHash("sha256").update(apiKey).digest("hex").slice(0, 16);
}

/** A bot naming a provider nobody registered: every turn fails (and stores the apology). */
function unknownProvider(kind: string, model: string | undefined): ChatProvider {
  return {
    kind,
    model: model ?? "",
    key: `unknown:${kind}`,
    canSeeImages: false,
    stream: () => failingStream(new ProviderError("config", `Unknown provider "${kind}"`)),
  };
}
