import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { failingStream } from "./failing-stream";
import { type ChatProvider, ProviderError, type ProviderSettings } from "./provider";
import { streamLanguageModel } from "./stream-language-model";

export const openaiDefaults = {
  baseURL: "https://api.openai.com/v1",
  model: "gpt-4o-mini",
} as const;

/**
 * OpenAI and every server that speaks its chat-completions API, chosen by base URL: OpenAI,
 * Ollama (http://localhost:11434/v1), vLLM, LM Studio, Typhoon, OpenRouter … Uses the
 * OpenAI-compatible provider, which calls /chat/completions (the OpenAI provider's default model
 * calls the Responses API, which the others lack) and asks for usage in the stream.
 * A key is required for OpenAI itself; local servers usually need none.
 */
export function createOpenAIProvider(settings: ProviderSettings): ChatProvider {
  const baseURL = settings.baseURL ?? openaiDefaults.baseURL;
  const model = settings.model ?? openaiDefaults.model;
  const provider = createOpenAICompatible({
    name: "openai",
    baseURL,
    apiKey: settings.apiKey,
    headers: settings.headers,
    includeUsage: true,
  });
  const chatModel = provider.chatModel(model);
  return {
    kind: "openai",
    model,
    key: `openai:${baseURL}`,
    canSeeImages: settings.canSeeImages ?? true,
    stream(request, signal) {
      if (!settings.apiKey && baseURL === openaiDefaults.baseURL) {
        return failingStream(new ProviderError("config", "No API key configured for OpenAI"));
      }
      return streamLanguageModel(chatModel, request, signal, settings);
    },
  };
}
