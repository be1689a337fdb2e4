import { conversationChannels } from "./channels";
import { chatMessageLimits } from "./chat";
import {
  AddKnowledgeSchema,
  knowledgeErrorCodes,
  knowledgeSourceKinds,
  knowledgeSourceStatuses,
} from "./console";
import { errorCodes } from "./errors";
import { cleanText, safeText } from "./text";
import { z } from "./zod";

/**
 * The public API, `/api/v1`: the request and response shapes of every route, as zod schemas.
 * The server validates requests with them, and the OpenAPI document (`/api/v1/openapi.json`) is
 * generated from them (each `meta.id` becomes a named component).
 */

export const publicApiLimits = {
  /** Items per page of a list (default 20). */
  pageSizeMax: 100,
  pageSizeDefault: 20,
  /** Contact attributes: keys, key length, value length (strings). */
  attributesMax: 50,
  attributeKeyMaxChars: 64,
  attributeValueMaxChars: 1000,
  /** An integrator's id for their user. */
  contactIdMaxChars: 200,
  /** A chat request body (text only). */
  chatBodyMaxBytes: 64 * 1024,
} as const;

const isoDate = z.string().meta({ format: "date-time", example: "2026-11-24T03:15:00.000Z" });
const uuid = z.uuid();

export const ApiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(errorCodes),
      message: z.string().meta({ description: "In the request's language (Accept-Language)." }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: "What is wrong with each invalid field (`missing`, `invalid`…)." }),
    }),
  })
  .meta({ id: "Error", description: "Every error has this shape." });

export const PublicBotSchema = z
  .object({
    id: z.string().meta({ example: "k3Xp9aQ2" }),
    name: z.string(),
    description: z.string(),
    status: z.enum(["active", "paused"]),
    /** Path of the hosted page, e.g. /bot/k3Xp9aQ2. */
    publicPath: z.string().meta({ example: "/bot/k3Xp9aQ2" }),
    createdAt: isoDate,
  })
  .meta({ id: "Bot" });

export const BotListSchema = z.object({ bots: z.array(PublicBotSchema) }).meta({ id: "BotList" });

export const ChatContactSchema = z
  .object({
    id: safeText()
      .trim()
      .min(1)
      .max(publicApiLimits.contactIdMaxChars)
      .meta({ description: "Your own id for the person: one contact per id and bot." }),
    name: safeText().trim().max(200).optional(),
    email: z.email().max(320).optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
      .optional()
      .meta({ example: "th" }),
  })
  .meta({ id: "ChatContact" });

export const PublicChatRequestSchema = z
  .object({
    /** Control characters are removed, as in the browser chat (see ./text.ts). */
    message: cleanText().trim().min(1).max(chatMessageLimits.messageMaxChars),
    conversationId: uuid
      .nullable()
      .optional()
      .meta({ description: "Continue this conversation of the bot; none starts one." }),
    contact: ChatContactSchema.optional().meta({
      description: "Who is writing. Without it, the conversation belongs to the API key's contact.",
    }),
  })
  .meta({ id: "ChatRequest" });
export type PublicChatRequest = z.infer<typeof PublicChatRequestSchema>;

export const MessageSourceSchema = z
  .object({
    passageId: z.string().meta({
      description: "The passage's id: `<sourceId>#<n>` for knowledge, `faq:<n>` for a FAQ.",
      example: "0d6c2f9e-3b1a-4c55-9d2e-7a8b9c0d1e2f#3",
    }),
    sourceId: uuid.nullable().meta({
      description: "The knowledge source it came from (see the Knowledge routes); null for FAQs.",
    }),
    kind: z.enum(["faq", "knowledge"]),
    title: z
      .string()
      .meta({ description: "The file name or title.", example: "Delivery policy.pdf" }),
  })
  .meta({
    id: "MessageSource",
    description: "A FAQ or knowledge passage a reply was answered from.",
  });

export const PublicChatResponseSchema = z
  .object({
    conversationId: uuid,
    contactId: uuid,
    userMessageId: uuid,
    botMessageId: uuid,
    status: z.enum(["completed", "cancelled", "failed"]).meta({
      description: "`failed`: the model did not answer and `reply` is the apology the bot sent.",
    }),
    reason: z
      .enum(["server_restart"])
      .optional()
      .meta({ description: "A restart cut the reply short: send the message again." }),
    reply: z.string(),
    sources: z.array(MessageSourceSchema).meta({
      description:
        "What the reply was answered from (FAQs, knowledge passages), best first; empty when the bot did not know.",
    }),
  })
  .meta({ id: "ChatResponse" });

export const MessageMediaSchema = z
  .union([
    z.object({ type: z.literal("photo"), url: z.string() }),
    z.object({ type: z.literal("map"), latitude: z.number(), longitude: z.number() }),
  ])
  .meta({ id: "MessageMedia" });

export const PublicMessageSchema = z
  .object({
    id: uuid,
    sender: z.enum(["user", "bot", "human"]),
    content: z.string(),
    media: MessageMediaSchema.nullable(),
    status: z.enum(["completed", "streaming", "cancelled", "failed"]),
    createdAt: isoDate,
  })
  .meta({ id: "Message" });

export const PublicConversationSchema = z
  .object({
    id: uuid,
    botId: z.string(),
    channel: z.enum(conversationChannels),
    contactId: uuid,
    language: z.string().nullable(),
    messageCount: z.number().int(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: "Conversation" });

const page = <T extends z.ZodType, K extends string>(key: K, item: T, id: string) =>
  z
    .object({
      [key]: z.array(item),
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: "Pass as `cursor` for the next page; null on the last one." }),
    })
    .meta({ id });

export const ConversationPageSchema = page(
  "conversations",
  PublicConversationSchema,
  "ConversationPage",
);
export const MessagePageSchema = page("messages", PublicMessageSchema, "MessagePage");

const attributeValue = z.union([
  z.string().max(publicApiLimits.attributeValueMaxChars),
  z.number(),
  z.boolean(),
  z.null(),
]);

export const PublicContactSchema = z
  .object({
    id: uuid,
    botId: z.string(),
    channel: z.enum(conversationChannels),
    externalId: z.string().meta({
      description:
        "The channel's id for the person: `user:<your id>` from the API or a signed widget identity, `key:<key id>` for an API key's own contact, a LINE user id …",
    }),
    displayName: z.string().nullable(),
    email: z.string().nullable(),
    language: z.string().nullable(),
    attributes: z.record(z.string(), attributeValue),
    createdAt: isoDate,
    lastSeenAt: isoDate,
  })
  .meta({ id: "Contact" });

export const ContactPageSchema = page("contacts", PublicContactSchema, "ContactPage");

export const UpdateContactSchema = z
  .object({
    displayName: safeText().trim().max(200).nullable().optional(),
    email: z.email().max(320).nullable().optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
      .nullable()
      .optional(),
    attributes: z
      .record(
        safeText()
          .min(1)
          .max(publicApiLimits.attributeKeyMaxChars)
          .regex(/^[A-Za-z0-9_.-]+$/),
        attributeValue,
      )
      .refine((value) => Object.keys(value).length <= publicApiLimits.attributesMax, "tooMany")
      .optional()
      .meta({ description: "Merged into the stored attributes; `null` removes a key." }),
  })
  .meta({ id: "ContactUpdate" });
export type UpdateContactInput = z.infer<typeof UpdateContactSchema>;

export const PublicKnowledgeSourceSchema = z
  .object({
    id: uuid,
    kind: z.enum(knowledgeSourceKinds),
    title: z.string(),
    status: z.enum(knowledgeSourceStatuses).meta({
      description: "`pending` while it is read and indexed in the background.",
    }),
    fileName: z.string().nullable(),
    byteSize: z.number().int().nullable(),
    chunkCount: z.number().int(),
    error: z.enum(knowledgeErrorCodes).nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: "KnowledgeSource" });

export const KnowledgeSourceListSchema = z
  .object({ sources: z.array(PublicKnowledgeSourceSchema) })
  .meta({ id: "KnowledgeSourceList" });

export const AddKnowledgeRequestSchema = AddKnowledgeSchema.meta({ id: "KnowledgeSourceInput" });

/** Query strings of the lists. */
export const ListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(publicApiLimits.pageSizeMax)
    .default(publicApiLimits.pageSizeDefault),
  cursor: safeText().max(300).optional(),
});

export const ConversationListQuerySchema = ListQuerySchema.extend({
  botId: safeText().max(64).optional(),
  channel: z.enum(conversationChannels).optional(),
  contactId: uuid.optional(),
  updatedSince: z.iso.datetime({ offset: true }).optional(),
});

export const ContactListQuerySchema = ListQuerySchema.extend({
  botId: safeText().max(64).optional(),
  channel: z.enum(conversationChannels).optional(),
});
