import { PersonaSchema } from "../persona";
import type { PromptImage } from "../prompt/prompt-types";
import type { ChatProvider, ProviderRequest, TokenUsage } from "../providers/provider";

/** A tiny PNG (1×1, transparent): real magic bytes for image tests. */
export const tinyPng = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  ),
);

/** A request as the engine would build it: system prompt, one earlier exchange, a question. */
export function sampleRequest(options: { image?: PromptImage } = {}): ProviderRequest {
  const question = "How much is the Pro plan?";
  return {
    system: "You are a helpful assistant.",
    messages: [
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello! How can I help?" },
      options.image
        ? {
            role: "user",
            content: [
              { type: "image", image: options.image.bytes, mediaType: options.image.mediaType },
              { type: "text", text: question },
            ],
          }
        : { role: "user", content: question },
    ],
    turn: {
      persona: PersonaSchema.parse({}),
      botName: "Test Bot",
      userMessage: question,
      language: "en",
      hasImage: Boolean(options.image),
      isFirstTurn: false,
      hits: [],
      seed: 1,
    },
  };
}

export type CollectedStream = {
  text: string;
  pieces: string[];
  usage?: TokenUsage;
  error?: unknown;
};

/** Runs a provider's stream to its end (or first error) without the resilience layer. */
export async function collectStream(
  provider: ChatProvider,
  request: ProviderRequest = sampleRequest(),
  signal: AbortSignal = new AbortController().signal,
): Promise<CollectedStream> {
  const result: CollectedStream = { text: "", pieces: [] };
  try {
    for await (const chunk of provider.stream(request, signal)) {
      if (chunk.type === "text") {
        result.pieces.push(chunk.text);
        result.text += chunk.text;
      } else {
        result.usage = chunk.usage;
      }
    }
  } catch (error) {
    result.error = error;
  }
  return result;
}
