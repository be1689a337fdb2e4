import { createAnthropicProvider } from "./anthropic-provider";
import { createGoogleProvider } from "./google-provider";
import { createLocalProvider } from "./local-provider";
import { createOpenAIProvider } from "./openai-provider";
import type { ProviderFactory } from "./provider";

/** The providers a bot's `ai_provider` can name. Add one here after writing its file. */
export const providerFactories = {
  local: createLocalProvider,
  openai: createOpenAIProvider,
  anthropic: createAnthropicProvider,
  google: createGoogleProvider,
} satisfies Record<string, ProviderFactory>;

export type ProviderKind = keyof typeof providerFactories;
export const providerKinds = Object.keys(providerFactories) as ProviderKind[];
