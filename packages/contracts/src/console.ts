import {
  analyticsPeriods,
  type CsatDto,
  type FeedbackRatingId,
  feedbackRatings,
  type MessageFeedbackDto,
} from "./analytics";
import type { SubscriptionStatus } from "./billing";
import type { ChatMedia, ChatSource } from "./chat";
import { type Persona, PersonaSchema } from "./persona";
import type { BillingCycle, PlanAllowances, PlanId } from "./plans";
import { cleanText, safeText } from "./text";
import { z } from "./zod";

/**
 * The owner console (`/app`) and its JSON API (`/api/console/*`): request schemas both sides
 * validate with, and the shapes the API answers. Browser-safe. Every list and text has a limit,
 * enforced by the server whatever a client sends.
 */

export const consoleLimits = {
  /** Personas in one owner's library. */
  personasPerOwner: 200,
  botName: 80,
  botDescription: 500,
  botPurpose: 500,
  botModel: 100,
  /** An owner's provider key, as pasted. */
  providerKey: 500,
  apiKeyName: 60,
  /** Active (not revoked) API keys per owner. */
  apiKeysPerOwner: 20,
  /** Knowledge sources per bot (text, FAQs and files together). */
  knowledgeSourcesPerBot: 100,
  knowledgeTitle: 120,
  /** One pasted text source, in characters. */
  knowledgeText: 200_000,
  /** FAQ pairs added at once; each pair within the persona's FAQ limits. */
  knowledgeFaqs: 200,
  /** One uploaded file. */
  knowledgeFileBytes: 10 * 1024 * 1024,
  /** Text extracted from one file, in characters (beyond it, ingestion fails with a reason). */
  knowledgeExtractedChars: 1_000_000,
  /**
   * What a DOCX's text parts (its XML) may unpack to, all together: checked against the sizes the
   * ZIP declares before anything is inflated, then while inflating (a declared size may lie).
   * Pictures are never unpacked. Beyond it: "too_large_unpacked".
   */
  knowledgeUnpackedBytes: 16 * 1024 * 1024,
  /**
   * How many times smaller than its XML a DOCX part may be packed. Word's XML packs about 5–20×;
   * a zip bomb (one repeated byte) thousands of times. Checked for parts over 1 MB unpacked.
   */
  knowledgeCompressionRatio: 200,
  /** Pages of one PDF, counted before any page is read. Beyond it: "too_many_pages". */
  knowledgePdfPages: 2_000,
  /** Time to read and cut one source, in seconds (in a worker thread). Beyond it: "timeout". */
  knowledgeExtractionSeconds: 60,
  knowledgeQuestion: 500,
  conversationSearch: 200,
  conversationsPageSize: 50,
  /** Rows in one CSV export (messages). */
  csvMaxRows: 100_000,
  /** What a bot remembers about one contact, in characters (the engine's `memoryMaxChars`). */
  contactMemory: 600,
} as const;

/** File types a knowledge base accepts: by extension, then checked by content on the server. */
export const knowledgeFileTypes = {
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;
export type KnowledgeFileExtension = keyof typeof knowledgeFileTypes;

// ---- personas ------------------------------------------------------------------------------

export type PersonaSummaryDto = {
  id: string;
  name: string;
  avatar: string;
  role: string;
  tone: string;
  language: Persona["language"];
  /** Bots using it (a persona in use cannot be deleted). */
  botCount: number;
  createdAt: string;
  updatedAt: string;
};

export type PersonaDto = { id: string; persona: Persona; createdAt: string; updatedAt: string };

/** POST /api/console/personas and PUT /api/console/personas/:id take a persona as the body. */
export const SavePersonaSchema = PersonaSchema;

// ---- bots ------------------------------------------------------------------------------------

export const botProviders = ["local", "openai", "anthropic", "google"] as const;
export type BotProviderId = (typeof botProviders)[number];
export const botStatuses = ["active", "paused"] as const;
export type BotStatusId = (typeof botStatuses)[number];

/** Suggested models per provider (the field is free text; empty means the provider's default). */
export const suggestedModels: Record<BotProviderId, readonly string[]> = {
  local: [],
  openai: ["gpt-4o-mini", "gpt-4o", "gpt-4.1-mini"],
  anthropic: ["claude-3-5-haiku-latest", "claude-sonnet-4-0"],
  google: ["gemini-2.0-flash", "gemini-2.5-flash"],
};

const optionalText = (max: number) => safeText().trim().max(max);

export const CreateBotSchema = z.object({
  personaId: z.uuid(),
  name: safeText().trim().min(1).max(consoleLimits.botName),
  description: optionalText(consoleLimits.botDescription).default(""),
  purpose: optionalText(consoleLimits.botPurpose).default(""),
  provider: z.enum(botProviders).default("local"),
  model: optionalText(consoleLimits.botModel).default(""),
  /** The owner's own key for `provider`; empty: the server's key. Never answered back. */
  providerKey: optionalText(consoleLimits.providerKey).default(""),
});
export type CreateBotInput = z.input<typeof CreateBotSchema>;

/** PATCH /api/console/bots/:id: any subset. `providerKey: ""` removes the owner's key. */
export const UpdateBotSchema = z.object({
  personaId: z.uuid().optional(),
  name: safeText().trim().min(1).max(consoleLimits.botName).optional(),
  description: optionalText(consoleLimits.botDescription).optional(),
  purpose: optionalText(consoleLimits.botPurpose).optional(),
  provider: z.enum(botProviders).optional(),
  model: optionalText(consoleLimits.botModel).optional(),
  providerKey: optionalText(consoleLimits.providerKey).optional(),
  status: z.enum(botStatuses).optional(),
  /** Whether search engines may index the bot's public page (off until the owner allows it). */
  indexable: z.boolean().optional(),
});
export type UpdateBotInput = z.input<typeof UpdateBotSchema>;

/**
 * What customers' turns failed on that only the owner can fix: "auth" (the provider refused the
 * key), "quota" (its quota or credit is used up), "config" (no key: the server has none).
 */
export const botProviderProblems = ["auth", "quota", "config"] as const;
export type BotProviderProblem = (typeof botProviderProblems)[number];

export type BotDto = {
  id: string;
  name: string;
  description: string;
  purpose: string;
  personaId: string;
  personaName: string;
  personaAvatar: string;
  provider: BotProviderId;
  model: string;
  /** "…abcd" when the owner gave their own key; null when the server's key is used. */
  providerKeyHint: string | null;
  /**
   * Customers are getting an apology: the bot's latest turn failed on something the owner must
   * fix (see botProviderProblems); null once a turn succeeds or the settings are saved again
   * (after their check passed).
   */
  providerProblem: BotProviderProblem | null;
  /** When that turn failed (ISO 8601); null without a problem. */
  providerProblemAt: string | null;
  status: BotStatusId;
  /** The public chat page, e.g. "/bot/k3Xp9aQ2". */
  /** Search engines may index the public page. */
  indexable: boolean;
  publicPath: string;
  conversationCount: number;
  createdAt: string;
  updatedAt: string;
};

// ---- knowledge -------------------------------------------------------------------------------

export const knowledgeSourceKinds = ["text", "faq", "file"] as const;
export type KnowledgeSourceKindId = (typeof knowledgeSourceKinds)[number];
export const knowledgeSourceStatuses = ["pending", "ready", "failed"] as const;
export type KnowledgeSourceStatusId = (typeof knowledgeSourceStatuses)[number];

/**
 * Why a source's ingestion failed (`KnowledgeSourceDto.error`), for the console to put in words:
 * no_text: nothing to read (a scanned PDF, an empty document); corrupt_file: the file cannot be
 * opened; too_much_text: beyond `consoleLimits.knowledgeExtractedChars`; too_large_unpacked:
 * a DOCX that unpacks beyond `knowledgeUnpackedBytes` or `knowledgeCompressionRatio` (a zip bomb),
 * or any file whose reading outgrew the extraction worker's memory; too_many_pages: a PDF beyond
 * `knowledgePdfPages`; timeout: not read within `knowledgeExtractionSeconds`; unsupported: not a
 * format we read after all (an encrypted PDF); internal: our fault, after a few retries (or at
 * once when the extraction worker crashed on it: a file that crashes it is never retried).
 */
export const knowledgeErrorCodes = [
  "no_text",
  "corrupt_file",
  "too_much_text",
  "too_large_unpacked",
  "too_many_pages",
  "timeout",
  "unsupported",
  "internal",
] as const;
export type KnowledgeErrorCode = (typeof knowledgeErrorCodes)[number];

export const AddKnowledgeTextSchema = z.object({
  kind: z.literal("text"),
  title: safeText().trim().min(1).max(consoleLimits.knowledgeTitle),
  /** Pasted prose: control characters are removed, not refused (see ./text.ts). */
  text: cleanText().trim().min(1).max(consoleLimits.knowledgeText),
});

export const AddKnowledgeFaqSchema = z.object({
  kind: z.literal("faq"),
  title: safeText().trim().min(1).max(consoleLimits.knowledgeTitle),
  faqs: z
    .array(
      z.object({
        question: safeText().trim().min(1).max(500),
        answer: cleanText().trim().min(1).max(4000),
      }),
    )
    .min(1)
    .max(consoleLimits.knowledgeFaqs),
});

/** POST /api/console/bots/:id/knowledge (JSON); files go to …/knowledge/files (multipart "file"). */
export const AddKnowledgeSchema = z.discriminatedUnion("kind", [
  AddKnowledgeTextSchema,
  AddKnowledgeFaqSchema,
]);
export type AddKnowledgeInput = z.input<typeof AddKnowledgeSchema>;

export type KnowledgeSourceDto = {
  id: string;
  kind: KnowledgeSourceKindId;
  title: string;
  status: KnowledgeSourceStatusId;
  fileName: string | null;
  byteSize: number | null;
  chunkCount: number;
  /** Why ingestion failed (status "failed"): one of `knowledgeErrorCodes`. */
  error: KnowledgeErrorCode | null;
  createdAt: string;
  updatedAt: string;
};

export const KnowledgeQuestionSchema = z.object({
  question: safeText().trim().min(1).max(consoleLimits.knowledgeQuestion),
});

/** POST /api/console/bots/:id/knowledge/search: what the bot would retrieve for a question. */
export type KnowledgeSearchResultDto = {
  /** Whether a chat reply would draw on any hit; false: the bot would say it does not know. */
  answered: boolean;
  hits: {
    kind: "chunk" | "faq";
    /** The source's title, or "FAQ". */
    source: string;
    text: string;
    score: number;
    /** Share of the question's terms the passage covers, 0–1. */
    coverage: number;
    /**
     * Whether the reply would use it: in a model's prompt, or quoted by the embedded answerer
     * (the same choice a chat turn makes).
     */
    used: boolean;
  }[];
};

// ---- conversations ---------------------------------------------------------------------------

export type ConversationSummaryDto = {
  id: string;
  language: string | null;
  messageCount: number;
  /** The first user message, cut to 200 characters. */
  preview: string;
  createdAt: string;
  lastMessageAt: string;
};

export type ConversationPageDto = {
  conversations: ConversationSummaryDto[];
  /** Pass as `?cursor=` for the next page; null on the last page. */
  nextCursor: string | null;
};

export type TranscriptMessageDto = {
  id: string;
  sender: "user" | "bot" | "human";
  content: string;
  status: "completed" | "streaming" | "cancelled" | "failed";
  hasImage: boolean;
  /**
   * What came with the message: a photo (its `url` is the console's), a shared location (with
   * its address), a video / voice message / file from a chat app (`url` when it was kept).
   */
  media: ChatMedia | null;
  /** Chat apps: how the reply went out ("reply": LINE's free reply token; "push": paid). */
  sentVia: "reply" | "push" | null;
  /** Chat apps: why the reply could not be delivered, in words. */
  deliveryError: string | null;
  /** Bot replies: the FAQs and knowledge passages it was answered from, best first. */
  sources: ChatSource[];
  createdAt: string;
  /** Bot replies: the customer's thumbs on it (and why, on a thumbs down); null: none. */
  feedback?: MessageFeedbackDto | null;
};

export type TranscriptDto = {
  conversation: ConversationSummaryDto;
  messages: TranscriptMessageDto[];
  /** What the bot remembers about the conversation's contact (the memory panel). */
  contact: ContactMemoryDto;
  /** The satisfaction question (CSAT): when asked, and the customer's score. */
  csat?: CsatDto;
};

// ---- customers' feedback (GET /api/console/feedback, admins) ---------------------------------

export const feedbackPageSize = 50;

const feedbackDay = safeText().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * The team's list of customers' thumbs, newest first: a period (calendar days in the
 * workspace's time zone, like the dashboard's), optionally one bot and one rating.
 */
export const FeedbackListQuerySchema = z
  .object({
    botId: safeText().min(1).max(64).optional(),
    period: z.enum(analyticsPeriods).default("30d"),
    from: feedbackDay.optional(),
    to: feedbackDay.optional(),
    rating: z.enum(feedbackRatings).optional(),
    cursor: safeText().max(200).optional(),
  })
  .refine((q) => q.period !== "custom" || (q.from !== undefined && q.to !== undefined), {
    message: "from and to are required for a custom period",
    path: ["from"],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: "from must not be after to",
    path: ["to"],
  });
export type FeedbackListQuery = z.input<typeof FeedbackListQuerySchema>;

/** One thumbs, with the reply it rates and the customer's message before it. */
export type FeedbackItemDto = {
  /** The rated reply's id. */
  messageId: string;
  botId: string;
  botName: string;
  conversationId: string;
  channel: string;
  contactName: string | null;
  rating: FeedbackRatingId;
  reason: string | null;
  /** The bot's reply, cut to `feedbackTextChars`. */
  reply: string;
  /** The customer's message before it (cut the same); null when there was none. */
  question: string | null;
  at: string;
};

/** Characters of a reply or question in the list (the transcript has the whole text). */
export const feedbackTextChars = 1000;

export type FeedbackPageDto = {
  items: FeedbackItemDto[];
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
};

/** A contact's long-term memory: a few lines of facts the customer told the bot. */
export type ContactMemoryDto = {
  contactId: string;
  /** Null: nothing remembered (yet, or cleared). */
  memory: string | null;
  /** When it was last written (by a summary or the owner); null when cleared. */
  updatedAt: string | null;
};

/** PUT /api/console/bots/:botId/contacts/:contactId/memory. Empty clears it, like DELETE. */
export const ContactMemorySchema = z.object({
  memory: cleanText().trim().max(consoleLimits.contactMemory),
});
export type ContactMemoryInput = z.input<typeof ContactMemorySchema>;

// ---- API keys --------------------------------------------------------------------------------

export const CreateApiKeySchema = z.object({
  name: safeText().trim().min(1).max(consoleLimits.apiKeyName),
});

export type ApiKeyDto = {
  id: string;
  name: string;
  /** The key's first characters, e.g. "jai_k3Xp9aQ2". */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The answer to creating a key: the only time `key` is ever sent. */
export type CreatedApiKeyDto = ApiKeyDto & { key: string };

// ---- plan ------------------------------------------------------------------------------------

export type PlanUsageDto = {
  planId: PlanId;
  billingCycle: BillingCycle | null;
  /** The trial's end (plan "free"); null for paid plans. */
  trialEndsAt: string | null;
  trialExpired: boolean;
  /** The plan chosen on the pricing page before signing up, if any. */
  requestedPlanId: PlanId | null;
  allowances: PlanAllowances;
  usage: {
    bots: number;
    /** Distinct visitors of the owner's bots this calendar month (UTC). */
    usersThisMonth: number;
  };
  /**
   * The subscription's state for the console's banners (owner_plans.status, the next dunning
   * try); absent where a loader does not fill it.
   */
  subscription?: { status: SubscriptionStatus; nextRetryAt: string | null };
};
