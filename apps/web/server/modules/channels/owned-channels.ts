import { and, bots, channelConnections, type Db, eq, sql } from "@jai/db";
import { AppError } from "../../http/errors";
import { botIdPattern } from "../../services/bots/get-public-bot";

/** NOT_FOUND unless the bot is the owner's (another owner's bot looks like no bot). */
export async function requireOwnedBot(db: Db, ownerId: string, botId: string): Promise<void> {
  if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.id, botId), eq(bots.ownerId, ownerId)));
  if (!row) throw new AppError("NOT_FOUND");
}

/** The owner's active channel connections, every channel (what the plan's allowance counts). */
export async function countActiveChannels(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(channelConnections)
    .where(and(eq(channelConnections.ownerId, ownerId), eq(channelConnections.status, "active")));
  return Number(row?.count ?? 0);
}

/** One owner's channel changes take turns (in `tx`), so two cannot both fit the last slot. */
export async function lockOwnerChannels(tx: Db, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`channels:${ownerId}`}))`);
}
