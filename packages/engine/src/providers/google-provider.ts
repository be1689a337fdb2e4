import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { failingStream } from "./failing-stream";
import { type ChatProvider, ProviderError, type ProviderSettings } from "./provider";
import { streamLanguageModel } from "./stream-language-model";

export const googleDefaults = {
  baseURL: "https://generativelanguage.googleapis.com/v1beta",
  model: "gemini-2.5-flash",
} as const;

/** Google's Gemini API (`streamGenerateContent?alt=sse`). Needs a key. */
export function createGoogleProvider(settings: ProviderSettings): ChatProvider {
  const baseURL = settings.baseURL ?? googleDefaults.baseURL;
  const model = settings.model ?? googleDefaults.model;
  // The key is always passed (even empty): the SDK would otherwise read an environment variable.
  const provider = createGoogleGenerativeAI({
    baseURL,
    apiKey: settings.apiKey ?? "",
    headers: settings.headers,
  });
  const chatModel = provider(model);
  return {
    kind: "google",
    model,
    key: `google:${baseURL}`,
    canSeeImages: settings.canSeeImages ?? true,
    stream(request, signal) {
      if (!settings.apiKey)
        return failingStream(new ProviderError("config", "No API key configured for Google"));
      return streamLanguageModel(chatModel, request, signal, settings);
    },
  };
}
