/** One message of the conversation so far, as stored (oldest first). */
export type ChatMessage = { role: "user" | "assistant"; content: string };

/** An image the user attached, already validated (`parseImageDataUrl`). */
export type PromptImage = { bytes: Uint8Array; mediaType: string };

export type PromptPart =
  | { type: "text"; text: string }
  | { type: "image"; image: Uint8Array; mediaType: string };

/** A chat-model message; the shape the `ai` SDK's `ModelMessage` accepts as is. */
export type PromptMessage =
  | { role: "user"; content: string | PromptPart[] }
  | { role: "assistant"; content: string };

/** What the bot row says about the bot (seed, section 3). */
export type BotProfile = { name: string; description?: string | null; purpose?: string | null };
