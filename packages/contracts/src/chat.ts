import { cleanText, safeText } from "./text";
import { z } from "./zod";

/**
 * The public bot chat: one request schema for the chat page and for
 * `POST /api/bots/:botId/chat`, plus the shapes of what the API answers. Browser-safe.
 */

/** The limits of one message; the server enforces the same ones (the engine's `chatLimits`). */
export const chatMessageLimits = {
  /** Characters of text after trimming (what a textarea's maxLength counts). */
  messageMaxChars: 4000,
  /** An attached image, decoded. */
  imageMaxBytes: 5 * 1024 * 1024,
  /** Image types the server accepts, by their bytes. SVG is not one of them. */
  imageTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"],
} as const;

/**
 * Fields of the seed's chat payload that a browser controls and the server therefore never
 * trusts: the history comes from the database, the persona, provider and model from the bot.
 * They may be sent (the schema strips them) and change nothing.
 */
export const untrustedChatRequestFields = [
  "conversationHistory",
  "model",
  "botId",
  "apiProvider",
  "botName",
  "botPersona",
  "botPurpose",
  "knowledgeBase",
] as const;

/**
 * A chat message as the page sends it. Lengths and the image's bytes are checked by the server
 * (the engine's `validateChatMessage`) so the page and every other client get the same answers.
 * Marked pure so a bundle that only needs this file's types and limits (the chat page) leaves the
 * schema, and zod with it, out.
 */
export const ChatRequestSchema = /* @__PURE__ */ z
  .object({
    /** Control characters are removed, not refused (see ./text.ts). */
    message: cleanText().default(""),
    /** A `data:image/…;base64,…` URL, or null. */
    image: safeText().nullable().default(null),
    /** The conversation to continue (the server checks it is the visitor's); none starts one. */
    conversationId: z.uuid().nullable().optional(),
    /** The page's language ("en"); replies follow the persona's language setting. */
    language: safeText().max(16).optional(),
  })
  .strip();

export type ChatRequest = z.infer<typeof ChatRequestSchema>;
export type ChatRequestInput = z.input<typeof ChatRequestSchema>;

export type ChatMedia =
  | { type: "photo"; url: string }
  | { type: "map"; latitude: number; longitude: number; title?: string | null }
  /** A video, voice message or file from a chat app; `url` when it was kept. */
  | { type: "file"; kind: "video" | "audio" | "file"; name?: string | null; url?: string | null };

export type ChatSender = "user" | "bot" | "human";
export type ChatMessageStatus = "completed" | "streaming" | "cancelled" | "failed";

/** A stored message as the API returns it. */
export type ChatMessageDto = {
  id: string;
  sender: ChatSender;
  content: string;
  media: ChatMedia | null;
  status: ChatMessageStatus;
  /** ISO 8601. */
  createdAt: string;
  /** A teammate's reply (`human`): the first name the customer sees; absent otherwise. */
  authorName?: string | null;
  /** A bot reply: the customer's own thumbs on it (null: none); absent on other messages. */
  feedback?: "up" | "down" | null;
};

/** `GET /api/bots/:botId`: what anyone may know about a bot (never keys, prompts or knowledge). */
export type PublicBot = {
  id: string;
  name: string;
  description: string | null;
  /** The persona's avatar: an emoji (or, later, an image URL). */
  avatar: string;
  /** The persona's welcome message, shown as the bot's greeting; empty when it has none. */
  welcomeMessage: string;
  /**
   * The language of the chat's chrome (buttons, placeholders, errors): the persona's, or `auto`
   * (the visitor's browser decides).
   */
  language: "en" | "th" | "auto";
  /** Whether the "Powered by" link shows (hidden on plans with white-label). */
  poweredBy: boolean;
  /** Whether search engines may index the bot's page (the owner's choice). */
  indexable: boolean;
};

/** `GET /api/bots/:botId/conversations/:id/messages`, oldest first. */
export type ConversationMessages = {
  conversationId: string;
  messages: ChatMessageDto[];
  /**
   * The satisfaction question (CSAT, 1–5): asked (the chat shows its card until answered), and
   * the customer's score once answered.
   */
  csat?: { asked: boolean; score: number | null };
};

/**
 * One FAQ or knowledge passage a reply was answered from (the server stores them with the
 * reply). `passageId`: its id in the bot's index ("<source id>#<n>", "faq:<n>"); `sourceId`:
 * the knowledge source it came from, when it did; `title`: the file name or title.
 */
export type ChatSource = {
  passageId: string;
  sourceId: string | null;
  kind: "faq" | "knowledge" | "curated";
  title: string;
};

/** The ids of a stored turn: the first SSE event (`start`) and part of the last. */
export type ChatTurnIds = {
  conversationId: string;
  userMessageId: string;
  botMessageId: string;
};

/**
 * How a turn ended: `failed` turns stored and sent the apology. `silent`: a person answers this
 * conversation (it was handed off), so the bot did not reply and no bot message was stored
 * (`botMessageId` is ""); the team's reply arrives on the conversation's event stream.
 */
export type ChatTurnStatus = "completed" | "cancelled" | "failed" | "silent";

/**
 * Why a turn ended `cancelled` although the visitor did not stop it: `server_restart`, the server
 * stopped (a deploy) before the reply was complete. The part streamed so far is stored; the page
 * asks the visitor to send the message again.
 */
export type ChatCancelReason = "server_restart";

/**
 * The chat endpoint's Server-Sent Events, in order: one `start`, any number of `token`, then
 * exactly one of `done` or `error` (the provider failed: `message` is the apology, also stored).
 */
export type ChatStreamEvent =
  | { event: "start"; data: ChatTurnIds }
  | { event: "token"; data: { text: string } }
  | {
      event: "done";
      data: ChatTurnIds & {
        status: ChatTurnStatus;
        reason?: ChatCancelReason;
        /** What the reply was answered from, best first; empty when the bot did not know. */
        sources: ChatSource[];
      };
    }
  | { event: "error"; data: ChatTurnIds & { code: "PROVIDER_FAILED"; message: string } };

/** The chat endpoint with `Accept: application/json`: the same turn, answered at once. */
export type ChatReply = ChatTurnIds & {
  status: ChatTurnStatus;
  /** Set when the server cancelled the turn (see ChatCancelReason). */
  reason?: ChatCancelReason;
  /** The bot's stored reply (the apology when `status` is failed). */
  reply: string;
  /** What the reply was answered from, best first; empty when the bot did not know. */
  sources: ChatSource[];
  userMessage: ChatMessageDto;
  botMessage: ChatMessageDto;
};
