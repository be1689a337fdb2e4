import { and, type BotRow, bots, type Db, eq, personas } from "@jai/db";
import type { Persona } from "@jai/engine";
import { AppError } from "../../http/errors";
import { botIdPattern } from "./get-public-bot";
import { toEnginePersona } from "./persona-row";

/** An active bot with its persona, as a chat turn needs it. */
export type ChatBot = {
  bot: BotRow;
  persona: Persona;
  /** The persona row's last change: with `bot.knowledgeVersion`, what a cached index is for. */
  personaUpdatedAt: Date;
};

/** Loads an active bot and its persona; AppError NOT_FOUND when there is none. */
export async function loadChatBot(db: Db, botId: string): Promise<ChatBot> {
  if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({ bot: bots, persona: personas })
    .from(bots)
    .innerJoin(personas, eq(personas.id, bots.personaId))
    .where(and(eq(bots.id, botId), eq(bots.status, "active")));
  if (!row) throw new AppError("NOT_FOUND");
  return {
    bot: row.bot,
    persona: toEnginePersona(row.persona),
    personaUpdatedAt: row.persona.updatedAt,
  };
}
