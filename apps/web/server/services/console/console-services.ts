import type {
  AddKnowledgeInput,
  ApiKeyDto,
  BotDto,
  ContactMemoryDto,
  ConversationPageDto,
  CreateBotInput,
  CreatedApiKeyDto,
  KnowledgeSearchResultDto,
  KnowledgeSourceDto,
  PersonaDto,
  PersonaSummaryDto,
  PlanUsageDto,
  TranscriptDto,
  UpdateBotInput,
} from "@jai/contracts/console";
import type { PersonaInput } from "@jai/contracts/persona";

/**
 * What the owner console does, for its pages' loaders and for `/api/console/*` alike. Every
 * method takes the signed-in owner's id first and only ever reads or changes that owner's rows:
 * another owner's id (or an unknown one) throws AppError NOT_FOUND, never data. Inputs are
 * validated here (the contracts' schemas): VALIDATION_FAILED with `fields` otherwise.
 */
export type ConsoleServices = {
  personas: {
    list(ownerId: string): Promise<PersonaSummaryDto[]>;
    get(ownerId: string, personaId: string): Promise<PersonaDto>;
    /** PLAN_LIMIT_REACHED beyond `consoleLimits.personasPerOwner`. */
    create(ownerId: string, persona: PersonaInput): Promise<PersonaDto>;
    update(ownerId: string, personaId: string, persona: PersonaInput): Promise<PersonaDto>;
    /** A copy named "<name> (copy)". */
    duplicate(ownerId: string, personaId: string): Promise<PersonaDto>;
    /** CONFLICT while a bot uses it. */
    delete(ownerId: string, personaId: string): Promise<void>;
  };
  bots: {
    list(ownerId: string): Promise<BotDto[]>;
    get(ownerId: string, botId: string): Promise<BotDto>;
    /** PLAN_LIMIT_REACHED beyond the plan's bots (or once the trial has ended). */
    create(ownerId: string, input: CreateBotInput): Promise<BotDto>;
    update(ownerId: string, botId: string, input: UpdateBotInput): Promise<BotDto>;
    /** Deletes the bot with its conversations and knowledge. */
    delete(ownerId: string, botId: string): Promise<void>;
  };
  knowledge: {
    list(ownerId: string, botId: string): Promise<KnowledgeSourceDto[]>;
    /** Pasted text or FAQs: stored, then chunked in the background (status "pending"). */
    add(ownerId: string, botId: string, input: AddKnowledgeInput): Promise<KnowledgeSourceDto>;
    /** An uploaded file, checked by extension and content; extracted in the background. */
    addFile(
      ownerId: string,
      botId: string,
      file: { name: string; type: string; bytes: Uint8Array },
    ): Promise<KnowledgeSourceDto>;
    delete(ownerId: string, botId: string, sourceId: string): Promise<void>;
    /** What the bot would retrieve for a question (its FAQs and ready sources). */
    search(ownerId: string, botId: string, question: string): Promise<KnowledgeSearchResultDto>;
  };
  conversations: {
    list(
      ownerId: string,
      botId: string,
      query: { search?: string; cursor?: string },
    ): Promise<ConversationPageDto>;
    transcript(ownerId: string, botId: string, conversationId: string): Promise<TranscriptDto>;
    /** A file a contact sent the bot (photo, video, voice message, file); NOT_FOUND otherwise. */
    attachment(
      ownerId: string,
      botId: string,
      attachmentId: string,
    ): Promise<{ id: string; mimeType: string; byteSize: number; data: Uint8Array }>;
    /** The bot's conversations (matching `search`) as CSV, one row per message, streamed. */
    exportCsv(
      ownerId: string,
      botId: string,
      query: { search?: string },
    ): Promise<ReadableStream<Uint8Array>>;
  };
  /** What a bot remembers about a contact (the transcript's memory panel). */
  contacts: {
    /** The owner's own words (`ContactMemorySchema`: 600 characters at most); empty clears. */
    updateMemory(
      ownerId: string,
      botId: string,
      contactId: string,
      input: unknown,
    ): Promise<ContactMemoryDto>;
    /** Clears it; earlier conversations never rebuild it. */
    clearMemory(ownerId: string, botId: string, contactId: string): Promise<void>;
  };
  apiKeys: {
    list(ownerId: string): Promise<ApiKeyDto[]>;
    /** PLAN_LIMIT_REACHED beyond `consoleLimits.apiKeysPerOwner` active keys. */
    create(ownerId: string, input: { name: string }): Promise<CreatedApiKeyDto>;
    revoke(ownerId: string, keyId: string): Promise<void>;
    /** The owner of an active key (the public API's bearer token), or null; marks it used. */
    authenticate(key: string): Promise<{ ownerId: string; keyId: string } | null>;
  };
  plan: {
    get(ownerId: string): Promise<PlanUsageDto>;
    /** Called when an account is created: the 7-day trial, and the plan picked before, if any. */
    startTrial(ownerId: string, requestedPlanId?: string | null): Promise<void>;
  };
};
