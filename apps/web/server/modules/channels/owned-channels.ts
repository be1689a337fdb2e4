import type { ConnectableChannel } from "@jai/contracts/channels";
import type { Quota } from "@jai/contracts/plans";
import { and, bots, channelConnections, type Db, eq, sql } from "@jai/db";
import { AppError } from "../../http/errors";
import { botIdPattern } from "../../services/bots/get-public-bot";
import { assertWithinQuota } from "../billing/allowances";

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

/**
 * Connects (or reconnects) a bot's chat app with checked settings and sealed secrets: active,
 * errors and verification cleared, one row per bot and channel. A channel not active yet counts
 * against the plan's allowance (`quota`, read before: on the embedded database a query outside
 * an open transaction waits for it): PLAN_LIMIT_REACHED past it. Returns the connection's id.
 */
export async function activateChannelConnection(
  db: Db,
  input: {
    ownerId: string;
    botId: string;
    channel: Exclude<ConnectableChannel, "widget">;
    settings: Record<string, unknown>;
    secretsSealed: string;
    /** @deprecated read under the plan lock now (allowances.ts); kept for the callers. */
    quota?: Quota;
  },
): Promise<string> {
  const { ownerId, botId, channel } = input;
  return db.transaction(async (tx) => {
    await lockOwnerChannels(tx, ownerId);
    const [existing] = await tx
      .select({ id: channelConnections.id, status: channelConnections.status })
      .from(channelConnections)
      .where(and(eq(channelConnections.botId, botId), eq(channelConnections.channel, channel)));
    if (existing?.status !== "active") {
      // The allowance as the plan says it now, its row locked (allowances.ts).
      await assertWithinQuota(tx, ownerId, "channels", () => countActiveChannels(tx, ownerId));
    }
    const values = {
      status: "active" as const,
      settings: input.settings,
      secretsSealed: input.secretsSealed,
      lastError: null,
      webhookVerifiedAt: null,
      signatureFailedAt: null,
      updatedAt: new Date(),
    };
    if (existing) {
      await tx.update(channelConnections).set(values).where(eq(channelConnections.id, existing.id));
      return existing.id;
    }
    const [created] = await tx
      .insert(channelConnections)
      .values({ botId, ownerId, channel, ...values })
      .returning({ id: channelConnections.id });
    return created!.id;
  });
}
