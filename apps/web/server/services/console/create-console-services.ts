import type { Db } from "@jai/db";
import { checkProviderKey, type Engine, type ProviderSettings } from "@jai/engine";
import type { Logger } from "../../logger";
import type { VectorRanker } from "../../modules/knowledge/vector-ranking";
import type { BotIndexCache } from "../bots/bot-index-cache";
import { createConsoleApiKeys } from "./console-api-keys";
import { createConsoleBots, type ProviderKeyChecker } from "./console-bots";
import { createConsoleContactMemory } from "./console-contact-memory";
import { createConsoleConversations } from "./console-conversations";
import { createConsolePersonas } from "./console-personas";
import { createConsolePlan } from "./console-plan";
import type { ConsoleServices } from "./console-services";
import { createConsoleKnowledge } from "./knowledge/create-console-knowledge";
import type { SecretBox } from "./secret-box";

export type ConsoleServicesDeps = {
  db: Db;
  logger: Logger;
  engine: Engine;
  indexes: BotIndexCache;
  /** Hybrid retrieval's vector ranking, for "test a question" (none: BM25 alone). */
  vectors?: VectorRanker;
  /** Seals owners' provider keys (see secret-box.ts). */
  secretBox: SecretBox;
  /** Wakes the knowledge ingestion worker once a source is queued. */
  onSourceQueued?: () => void;
  /** The server's provider settings (the engine's `providers`): keys checked before a save. */
  providerSettings?: Partial<Record<string, ProviderSettings>>;
  /** Default: the engine's `checkProviderKey`, a call to the provider. */
  checkProviderKey?: ProviderKeyChecker;
};

/** The owner console's services (see console-services.ts): built once, in createAppServices. */
export function createConsoleServices(deps: ConsoleServicesDeps): ConsoleServices {
  const { db, logger, engine, indexes, secretBox, onSourceQueued } = deps;
  const providerKeys = {
    providerSettings: deps.providerSettings ?? {},
    checkProviderKey: deps.checkProviderKey ?? checkProviderKey,
    logger,
  };
  return {
    personas: createConsolePersonas(db),
    bots: createConsoleBots(db, secretBox, providerKeys),
    knowledge: createConsoleKnowledge({
      db,
      logger,
      engine,
      indexes,
      vectors: deps.vectors,
      onSourceQueued,
    }),
    conversations: createConsoleConversations(db),
    contacts: createConsoleContactMemory(db),
    apiKeys: createConsoleApiKeys(db),
    plan: createConsolePlan(db),
  };
}
