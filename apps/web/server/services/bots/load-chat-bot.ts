import { and, type BotRow, bots, type Db, eq, personas } from "@jai/db";
import type { Persona } from "@jai/engine";
import { AppError } from "../../http/errors";
import type { SecretBox } from "../console/secret-box";
import { botIdPattern } from "./get-public-bot";
import { toEnginePersona } from "./persona-row";

/** An active bot with its persona, as a chat turn needs it. */
export type ChatBot = {
  bot: BotRow;
  persona: Persona;
  /** The persona row's last change: with `bot.knowledgeVersion`, what a cached index is for. */
  personaUpdatedAt: Date;
  /**
   * The owner's own key for the bot's provider, decrypted (never logged, never sent to a
   * browser); undefined: the server's configured key. A key that no longer decrypts (SECRET_KEY
   * changed) is left out, so the turn fails as "not configured" and the owner pastes it again.
   */
  providerKey?: string;
};

/** Loads an active bot and its persona; AppError NOT_FOUND when there is none. */
export async function loadChatBot(db: Db, botId: string, secretBox?: SecretBox): Promise<ChatBot> {
  if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({ bot: bots, persona: personas })
    .from(bots)
    .innerJoin(personas, eq(personas.id, bots.personaId))
    .where(and(eq(bots.id, botId), eq(bots.status, "active")));
  if (!row) throw new AppError("NOT_FOUND");
  const ciphertext = row.bot.providerKeyCiphertext;
  return {
    bot: row.bot,
    persona: toEnginePersona(row.persona),
    personaUpdatedAt: row.persona.updatedAt,
    ...(ciphertext && secretBox ? openKey(secretBox, ciphertext) : {}),
  };
}

function openKey(secretBox: SecretBox, ciphertext: string): { providerKey?: string } {
  try {
    return { providerKey: secretBox.open(ciphertext) };
  } catch {
    return {};
  }
}
