import { isWithinQuota, knowledgeBaseStandard } from "@jai/contracts/plans";
import { bots, type Db, eq, knowledgeSources, sql, type Transaction } from "@jai/db";
import { AppError } from "../../http/errors";
import { loadOwnerPlan } from "../../services/console/console-plan";
import { type PlanState, planState } from "./plan-state";

/*
 * Every plan allowance is checked the same way where it is used: in the transaction that adds
 * the thing, with the owner's plan row locked (`owner_plans … FOR UPDATE`) before counting, so
 * two creations at once cannot both take the last place, and a plan change waits for them.
 *
 *   bots       console-bots.ts (create)
 *   channels   owned-channels.ts (chat apps), channel-connections.ts (the widget)
 *   seats      workspaces/team.ts (invitations), accept-invitation.ts
 *   knowledge  knowledge/create-console-knowledge.ts (a source added: size and count)
 *   users      users-per-month.ts (the chat turn; its own lock on the month's usage row)
 *
 * Analytics levels (analytics, exports) and white-label (get-public-bot) are features, not
 * counts: they read the plan without a lock.
 */

/** The counted allowances a creation is checked against. */
export type QuotaKey = "bots" | "channels" | "seats";

/** The owner's plan, its row locked for the rest of `tx`. */
export async function lockPlan(
  tx: Db | Transaction,
  ownerId: string,
  now = new Date(),
): Promise<PlanState> {
  return planState(await loadOwnerPlan(tx, ownerId, { lock: true }), now);
}

/**
 * PLAN_LIMIT_REACHED (`fields.limit` = `key`) unless one more fits: locks the plan row, then
 * counts what the owner has now (`countNow`: a number counted under a lock already held, or a
 * function run after the plan lock). Returns the plan state for further checks.
 */
export async function assertWithinQuota(
  tx: Db | Transaction,
  ownerId: string,
  key: QuotaKey,
  countNow: number | (() => Promise<number>),
): Promise<PlanState> {
  const state = await lockPlan(tx, ownerId);
  const used = typeof countNow === "number" ? countNow : await countNow();
  if (!isWithinQuota(used + 1, state.allowances[key])) {
    throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: key } });
  }
  return state;
}

/** What a workspace's knowledge base holds: sources and their stored bytes, every bot. */
export async function knowledgeBaseUsage(
  db: Db | Transaction,
  ownerId: string,
): Promise<{ sources: number; bytes: number }> {
  const [row] = await db
    .select({
      sources: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${knowledgeSources.byteSize}), 0)::bigint`,
    })
    .from(knowledgeSources)
    .innerJoin(bots, eq(bots.id, knowledgeSources.botId))
    .where(eq(bots.ownerId, ownerId));
  return { sources: Number(row?.sources ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * PLAN_LIMIT_REACHED (`fields.limit` "knowledgeBase", with `fields.over` "sources" | "bytes")
 * unless a source of `addBytes` fits the plan's knowledge base ("standard":
 * `knowledgeBaseStandard`, per workspace; "unlimited": no check). Locks the plan row first.
 */
export async function assertKnowledgeRoom(
  tx: Db | Transaction,
  ownerId: string,
  addBytes: number,
): Promise<void> {
  const state = await lockPlan(tx, ownerId);
  if (state.allowances.knowledgeBase === "unlimited") return;
  const usage = await knowledgeBaseUsage(tx, ownerId);
  if (usage.sources + 1 > knowledgeBaseStandard.sources) {
    throw new AppError("PLAN_LIMIT_REACHED", {
      fields: { limit: "knowledgeBase", over: "sources" },
    });
  }
  if (usage.bytes + addBytes > knowledgeBaseStandard.bytes) {
    throw new AppError("PLAN_LIMIT_REACHED", { fields: { limit: "knowledgeBase", over: "bytes" } });
  }
}
