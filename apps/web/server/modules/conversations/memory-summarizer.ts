import {
  type EngineConfig,
  extractMemoryFacts,
  type MemorySummary,
  type MemoryTurn,
  type ProviderFactory,
  type ProviderSettings,
  providerFactories,
  summarizeMemory,
} from "@jai/engine";
import type { SecretBox } from "../../services/console/secret-box";
import { redactSecrets } from "./redact-secrets";

/** What the contact-memory job knows about a conversation's bot. */
export type MemoryBot = {
  id: string;
  aiProvider: string;
  aiModel: string | null;
  /** The owner's own key for the provider, sealed (see secret-box.ts). */
  providerKeyCiphertext: string | null;
};

export type MemorySummaryRequest = {
  bot: MemoryBot;
  /** The messages not summarised yet, oldest first. */
  transcript: MemoryTurn[];
  previous: string | null;
  signal?: AbortSignal;
};

/** Writes a contact's new memory; never throws for a provider's failure (the rules step in). */
export type MemorySummarizer = (request: MemorySummaryRequest) => Promise<MemorySummary>;

export type MemorySummarizerOptions = {
  /** The engine's configuration: each provider's key and base URL, more factories (tests). */
  engineConfig?: EngineConfig;
  /** Opens owners' own keys; without it, only the server's keys are used. */
  secretBox?: SecretBox;
  /** Configured keys, never in a logged error. */
  secrets?: readonly (string | undefined)[];
  /** Longest wait for one model summary. Default 20 s. */
  timeoutMs?: number;
};

/** Longest summary a model writes, in tokens (600 characters of Thai fit well within it). */
const summaryMaxTokens = 500;

/**
 * The summariser the contact-memory job uses: the bot's own provider and model, with the owner's
 * key when they gave one (as a turn would: the same settings `runTurn` gives the engine), and the
 * rule-based `extractMemoryFacts` for local bots or when the model fails. A provider error's
 * message comes back with every key redacted.
 */
export function createMemorySummarizer(options: MemorySummarizerOptions = {}): MemorySummarizer {
  const { engineConfig, secretBox } = options;
  const factories: Record<string, ProviderFactory> = {
    ...providerFactories,
    ...engineConfig?.factories,
  };
  return async ({ bot, transcript, previous, signal }) => {
    const kind = bot.aiProvider?.trim() || "local";
    const factory = Object.hasOwn(factories, kind) ? factories[kind] : undefined;
    if (kind === "local" || !factory) {
      return {
        memory: extractMemoryFacts(transcript, previous),
        by: "rules",
        ...(factory ? {} : { error: { kind: "config", message: `unknown provider "${kind}"` } }),
      };
    }
    const ownerKey = openKey(secretBox, bot.providerKeyCiphertext);
    const settings: ProviderSettings = {
      ...engineConfig?.providers?.[kind],
      ...(ownerKey ? { apiKey: ownerKey } : {}),
      ...(bot.aiModel?.trim() ? { model: bot.aiModel.trim() } : {}),
      maxOutputTokens: summaryMaxTokens,
    };
    const summary = await summarizeMemory({
      provider: factory(settings),
      transcript,
      previous,
      signal,
      timeoutMs: options.timeoutMs ?? 20_000,
    });
    if (!summary.error) return summary;
    const secrets = [...(options.secrets ?? []), ownerKey];
    return {
      ...summary,
      error: { ...summary.error, message: redactSecrets(summary.error.message, secrets) },
    };
  };
}

function openKey(secretBox: SecretBox | undefined, ciphertext: string | null): string | undefined {
  if (!secretBox || !ciphertext) return undefined;
  try {
    return secretBox.open(ciphertext);
  } catch {
    // A key sealed with another SECRET_KEY: the server's key, or the rules when there is none.
    return undefined;
  }
}
