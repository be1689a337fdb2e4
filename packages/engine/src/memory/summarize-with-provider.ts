import { PersonaSchema } from "../persona";
import type { ChatProvider, ProviderRequest } from "../providers/provider";
import { toProviderError } from "../providers/stream-language-model";
import type { MemoryTurn } from "./memory-facts";
import { memoryPrompt, parseMemoryReply } from "./memory-prompt";
import { extractMemoryFacts } from "./summarize-memory";

export type SummarizeMemoryInput = {
  /** The bot's provider (an owner's own key included); the local one uses the rules. */
  provider: ChatProvider;
  /** The part of the conversation not summarised yet, oldest first. */
  transcript: readonly MemoryTurn[];
  previous: string | null;
  signal?: AbortSignal;
  /** Longest wait for the whole summary. Default 30 s. */
  timeoutMs?: number;
};

export type MemorySummary = {
  /** The new memory; null: nothing to remember. */
  memory: string | null;
  /** Who wrote it: the model, or the rules (local bots, or the model failed). */
  by: "model" | "rules";
  /** Why the model's summary was not used (its kind and message; the message may name a URL). */
  error?: { kind: string; message: string };
};

/**
 * A contact's memory after a conversation, written by the bot's model (`memoryPrompt`), or by
 * `extractMemoryFacts` for the local provider and whenever the model fails, times out or answers
 * nothing usable: a memory is never lost to a provider's bad minute. One call, no retries: it
 * runs in the background and the rules are a fine second choice. A model that answers NONE
 * keeps the previous memory (only a forget-me request or the owner clears it).
 */
export async function summarizeMemory(input: SummarizeMemoryInput): Promise<MemorySummary> {
  const { provider, transcript, previous } = input;
  const rules = (): string | null => extractMemoryFacts(transcript, previous);
  if (provider.kind === "local" || !transcript.some((turn) => turn.role === "user")) {
    return { memory: rules(), by: "rules" };
  }
  const prompt = memoryPrompt({ transcript, previous });
  const request: ProviderRequest = {
    system: prompt.system,
    messages: prompt.messages,
    // Read by the local provider only; a model reads the prompt.
    turn: {
      persona: PersonaSchema.parse({}),
      botName: "",
      userMessage: "",
      language: "en",
      hasImage: false,
      isFirstTurn: false,
      hits: [],
      seed: 0,
    },
  };
  const timeout = AbortSignal.timeout(input.timeoutMs ?? 30_000);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  let text = "";
  try {
    for await (const chunk of provider.stream(request, signal)) {
      if (chunk.type === "text") text += chunk.text;
      if (signal.aborted) break;
    }
    if (signal.aborted) throw signal.reason ?? new Error("aborted");
  } catch (error) {
    const failure = signal.aborted
      ? { kind: "timeout", message: "the summary took too long" }
      : describe(error);
    return { memory: rules(), by: "rules", error: failure };
  }
  const parsed = parseMemoryReply(text);
  if (parsed === null && !/^\s*none\.?\s*$/i.test(text)) {
    return {
      memory: rules(),
      by: "rules",
      error: { kind: "invalid_response", message: "no memory lines" },
    };
  }
  return { memory: parsed ?? (previous?.trim() || null), by: "model" };
}

function describe(error: unknown): { kind: string; message: string } {
  const failure = toProviderError(error);
  return { kind: failure.kind, message: failure.message.slice(0, 300) };
}
