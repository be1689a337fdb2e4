import type { PublicBot } from "@jai/contracts/chat";
import { getPlan, isPaidPlanId } from "@jai/contracts/plans";
import { and, bots, type Db, eq, ownerPlans, personas } from "@jai/db";
import { AppError } from "../../http/errors";

/** Bot ids appear in URLs: anything else is not a bot, without asking the database. */
export const botIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What the public chat page may know about an active bot: name, description, the persona's
 * avatar and welcome message. Never its provider, model, prompts, knowledge or owner.
 * Throws AppError NOT_FOUND for an unknown or paused bot.
 */
export async function getPublicBot(db: Db, botId: string): Promise<PublicBot> {
  if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({
      id: bots.id,
      name: bots.name,
      description: bots.description,
      avatar: personas.avatar,
      welcomeMessage: personas.welcomeMessage,
      language: personas.language,
      indexable: bots.indexable,
      planId: ownerPlans.planId,
    })
    .from(bots)
    .innerJoin(personas, eq(personas.id, bots.personaId))
    .leftJoin(ownerPlans, eq(ownerPlans.ownerId, bots.ownerId))
    .where(and(eq(bots.id, botId), eq(bots.status, "active")));
  if (!row) throw new AppError("NOT_FOUND");
  return {
    id: row.id,
    name: row.name,
    description: row.description?.trim() ? row.description : null,
    avatar: row.avatar,
    welcomeMessage: row.welcomeMessage.trim(),
    language: row.language === "thai" ? "th" : row.language === "auto" ? "auto" : "en",
    // White-label plans hide the link; bots without an owner (the Demo Bot) are ours.
    poweredBy: !(
      row.planId &&
      isPaidPlanId(row.planId) &&
      getPlan(row.planId).allowances.whiteLabel
    ),
    indexable: row.indexable,
  };
}
