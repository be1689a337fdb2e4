import type { EngineConfig, ProviderSettings } from "@jai/engine";
import type { Env } from "../../env";

type ProviderEnv = Pick<
  Env,
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "ANTHROPIC_API_KEY"
  | "ANTHROPIC_BASE_URL"
  | "GOOGLE_API_KEY"
  | "GOOGLE_BASE_URL"
  | "LLM_FIRST_TOKEN_TIMEOUT_MS"
  | "LLM_TOTAL_TIMEOUT_MS"
  | "LLM_MAX_RETRIES"
  | "LLM_MAX_CONCURRENT_CALLS"
  | "LLM_MAX_QUEUED_CALLS"
  | "LOCAL_PROVIDER_WORD_DELAY_MS"
>;

/** The engine's configuration from the parsed environment: provider keys, base URLs, timeouts. */
export function createEngineConfig(env: ProviderEnv): EngineConfig {
  const settings = (apiKey?: string, baseURL?: string): ProviderSettings => ({
    ...(apiKey ? { apiKey } : {}),
    ...(baseURL ? { baseURL } : {}),
  });
  return {
    providers: {
      openai: settings(env.OPENAI_API_KEY, env.OPENAI_BASE_URL),
      anthropic: settings(env.ANTHROPIC_API_KEY, env.ANTHROPIC_BASE_URL),
      google: settings(env.GOOGLE_API_KEY, env.GOOGLE_BASE_URL),
    },
    local: { wordDelayMs: env.LOCAL_PROVIDER_WORD_DELAY_MS },
    resilience: {
      firstTokenTimeoutMs: env.LLM_FIRST_TOKEN_TIMEOUT_MS,
      totalTimeoutMs: env.LLM_TOTAL_TIMEOUT_MS,
      maxRetries: env.LLM_MAX_RETRIES,
    },
    bulkhead: { maxConcurrent: env.LLM_MAX_CONCURRENT_CALLS, maxQueued: env.LLM_MAX_QUEUED_CALLS },
  };
}

/** The configured keys, so nothing logged can contain them. */
export function listSecrets(
  env: Pick<Env, "OPENAI_API_KEY" | "ANTHROPIC_API_KEY" | "GOOGLE_API_KEY">,
) {
  return [env.OPENAI_API_KEY, env.ANTHROPIC_API_KEY, env.GOOGLE_API_KEY];
}
