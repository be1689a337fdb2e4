import { createAnthropic } from "@ai-sdk/anthropic";
import { failingStream } from "./failing-stream";
import { type ChatProvider, ProviderError, type ProviderSettings } from "./provider";
import { streamLanguageModel } from "./stream-language-model";

export const anthropicDefaults = {
  baseURL: "https://api.anthropic.com/v1",
  model: "claude-sonnet-4-5",
} as const;

/** Anthropic's Messages API (streamed server-sent events). Needs a key. */
export function createAnthropicProvider(settings: ProviderSettings): ChatProvider {
  const baseURL = settings.baseURL ?? anthropicDefaults.baseURL;
  const model = settings.model ?? anthropicDefaults.model;
  // The key is always passed (even empty): the SDK would otherwise read ANTHROPIC_API_KEY itself.
  const provider = createAnthropic({
    baseURL,
    apiKey: settings.apiKey ?? "",
    headers: settings.headers,
  });
  const chatModel = provider(model);
  return {
    kind: "anthropic",
    model,
    key: `anthropic:${baseURL}`,
    canSeeImages: settings.canSeeImages ?? true,
    stream(request, signal) {
      if (!settings.apiKey)
        return failingStream(new ProviderError("config", "No API key configured for Anthropic"));
      return streamLanguageModel(chatModel, request, signal, settings);
    },
  };
}
