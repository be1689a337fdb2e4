import { and, type Db, eq, lt, messages, sql } from "@jai/db";
import { apologyMessages } from "@jai/engine";

/**
 * Replies left `streaming` by a process that stopped mid-turn (a crash, a kill) are marked
 * failed with the apology, as a failed turn would have been. Only rows older than any turn can
 * last (the engine's total timeout is at most 10 minutes), so turns still running on other
 * instances are never touched. Run at boot. Returns how many it marked.
 */
export async function markInterruptedTurns(
  db: Db,
  { olderThanMinutes = 15 }: { olderThanMinutes?: number } = {},
): Promise<number> {
  const marked = await db
    .update(messages)
    .set({
      status: "failed",
      content: sql`case when ${messages.content} = '' then ${apologyMessages.en} else ${messages.content} end`,
      errorKind: "interrupted",
      completedAt: sql`now()`,
    })
    .where(
      and(
        eq(messages.status, "streaming"),
        lt(messages.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
      ),
    )
    .returning({ id: messages.id });
  return marked.length;
}
