import type { ChatMessageDto, ChatTurnIds } from "@jai/contracts/chat";
import { and, type Db, eq, monthlyContacts, monthlyUsage, sql, type Transaction } from "@jai/db";
import { AppError } from "../../http/errors";
import { loadOwnerPlan } from "../../services/console/console-plan";
import type { ChatTurnOutcome } from "../conversations/run-turn";
import { planState } from "./plan-state";

/** Why a contact's turn was not answered by the bot. */
export type RefusalReason = "usersPerMonth" | "paused";

export type Admission = { admitted: true } | { admitted: false; reason: RefusalReason };

const bangkokOffsetMs = 7 * 3_600_000;

/**
 * The month a moment belongs to in Asia/Bangkok (UTC+7 all year, no daylight saving), as its
 * first day: "2026-11-01". A new month starts at 17:00 UTC on the last day of the previous one.
 */
export function bangkokMonth(now: Date): string {
  const local = new Date(now.getTime() + bangkokOffsetMs);
  const month = String(local.getUTCMonth() + 1).padStart(2, "0");
  return `${local.getUTCFullYear()}-${month}-01`;
}

/**
 * How a refused turn's reply is marked (messages.error_kind on a completed `system` reply):
 * such replies are visible in the inbox like any other and counted by this mark.
 */
export const refusedTurnErrorKind: Readonly<Record<RefusalReason, string>> = {
  usersPerMonth: "plan_users_per_month",
  paused: "plan_paused",
};

/**
 * What a customer the bot cannot take now is told, in their language, with the persona's
 * Thai particle (ค่ะ / ครับ / none) as handoff messages do. It says nothing about plans: that
 * is the owner's business, not the customer's.
 */
export function refusedTurnMessage(language: "th" | "en", gender: string): string {
  if (language === "th") {
    const particle = gender === "male" ? "ครับ" : gender === "female" ? "ค่ะ" : "";
    return `ขออภัย${particle} ตอนนี้แชทบอทรับข้อความใหม่ไม่ได้ชั่วคราว ทีมงานได้รับข้อความของคุณแล้วและจะติดต่อกลับโดยเร็ว`;
  }
  return "Sorry, this chat can't take new conversations right now. The team has your message and will get back to you.";
}

/** The refusal, already stored, streamed as the reply. */
export async function* refusedReply(
  ids: ChatTurnIds,
  botMessage: ChatMessageDto,
  language: "th" | "en",
  reason: RefusalReason,
): AsyncGenerator<string, ChatTurnOutcome, undefined> {
  yield botMessage.content;
  return {
    ...ids,
    status: "completed",
    reply: botMessage.content,
    botMessage,
    language,
    answered: false,
    sources: [],
    refused: reason,
  };
}

/** The share of the allowance at which the owner is told (once a month each). */
export const usageNoticeThresholds = { warning: 0.8, reached: 1 } as const;

/** The contacts needed for the 80% notice: 80% of 750 is 600; of 5, 4. */
export function warningThreshold(allowance: number): number {
  return Math.max(1, Math.ceil(allowance * usageNoticeThresholds.warning));
}

/**
 * May this contact be answered by the bot now? Called in the turn's transaction, after the
 * contact exists and before any reply is stored.
 *
 * - Paused (the trial is over, or the workspace is read-only): refused, reason "paused".
 * - The contact already wrote this Bangkok month: admitted without a lock (the fast path).
 * - Otherwise the month's usage row is locked (so two new contacts cannot both take the last
 *   place), then the contact is counted if the plan's `usersPerMonth` has room, or refused
 *   with reason "usersPerMonth" (counted in `refused_turns`).
 *
 * Crossing 80% and 100% of the allowance stamps `notified_80_at` / `notified_100_at` once a
 * month; the plan notices job (plan-notices-job.ts) emails the owner from those stamps.
 */
export async function admitContact(
  tx: Db | Transaction,
  input: { ownerId: string; contactId: string; now?: Date },
): Promise<Admission> {
  const now = input.now ?? new Date();
  const { ownerId, contactId } = input;
  const month = bangkokMonth(now);
  const plan = await loadOwnerPlan(tx, ownerId).catch((error: unknown) => {
    // A bot whose owner has no account (bots.owner_id has no foreign key: seeded or imported
    // bots) has no plan to count against, like the Demo Bot, which has no owner at all.
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  });
  if (!plan) return { admitted: true };
  const state = planState(plan, now);
  if (state.paused) {
    await countRefusal(tx, ownerId, month);
    return { admitted: false, reason: "paused" };
  }
  if (await isCounted(tx, ownerId, month, contactId)) return { admitted: true };

  await tx.insert(monthlyUsage).values({ ownerId, month }).onConflictDoNothing();
  const [usage] = await tx
    .select()
    .from(monthlyUsage)
    .where(and(eq(monthlyUsage.ownerId, ownerId), eq(monthlyUsage.month, month)))
    .for("update");
  // The same contact's other turn may have counted it while this one waited for the lock.
  if (await isCounted(tx, ownerId, month, contactId)) return { admitted: true };

  const allowance = state.allowances.usersPerMonth;
  const used = usage?.contacts ?? 0;
  if (allowance !== "unlimited" && used >= allowance) {
    await tx
      .update(monthlyUsage)
      .set({
        refusedTurns: sql`${monthlyUsage.refusedTurns} + 1`,
        // The allowance may have been reached before a plan change: the owner still hears.
        notified100At: sql`coalesce(${monthlyUsage.notified100At}, ${now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(monthlyUsage.ownerId, ownerId), eq(monthlyUsage.month, month)));
    return { admitted: false, reason: "usersPerMonth" };
  }

  await tx
    .insert(monthlyContacts)
    .values({ ownerId, month, contactId, firstSeenAt: now })
    .onConflictDoNothing();
  const counted = used + 1;
  const stamps: Partial<typeof monthlyUsage.$inferInsert> = {};
  if (allowance !== "unlimited") {
    if (counted >= allowance && !usage?.notified100At) stamps.notified100At = now;
    if (counted >= warningThreshold(allowance) && !usage?.notified80At) {
      stamps.notified80At = now;
    }
  }
  await tx
    .update(monthlyUsage)
    .set({ contacts: sql`${monthlyUsage.contacts} + 1`, ...stamps })
    .where(and(eq(monthlyUsage.ownerId, ownerId), eq(monthlyUsage.month, month)));
  return { admitted: true };
}

async function isCounted(
  tx: Db | Transaction,
  ownerId: string,
  month: string,
  contactId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ contactId: monthlyContacts.contactId })
    .from(monthlyContacts)
    .where(
      and(
        eq(monthlyContacts.ownerId, ownerId),
        eq(monthlyContacts.month, month),
        eq(monthlyContacts.contactId, contactId),
      ),
    );
  return row !== undefined;
}

async function countRefusal(tx: Db | Transaction, ownerId: string, month: string) {
  await tx
    .insert(monthlyUsage)
    .values({ ownerId, month, refusedTurns: 1 })
    .onConflictDoUpdate({
      target: [monthlyUsage.ownerId, monthlyUsage.month],
      set: { refusedTurns: sql`${monthlyUsage.refusedTurns} + 1` },
    });
}

/** A workspace's usage this Bangkok month: counted contacts and turns refused. */
export async function monthUsage(
  db: Db | Transaction,
  ownerId: string,
  now = new Date(),
): Promise<{ month: string; contacts: number; refusedTurns: number }> {
  const month = bangkokMonth(now);
  const [row] = await db
    .select({ contacts: monthlyUsage.contacts, refusedTurns: monthlyUsage.refusedTurns })
    .from(monthlyUsage)
    .where(and(eq(monthlyUsage.ownerId, ownerId), eq(monthlyUsage.month, month)));
  return { month, contacts: row?.contacts ?? 0, refusedTurns: row?.refusedTurns ?? 0 };
}
