import { and, type Db, eq, instances, isNull, lt, messages, or, type SQL, sql } from "@jai/db";
import { apologyMessages } from "@jai/engine";

export type InterruptedTurnsScope =
  /**
   * Every reply left `streaming`, whatever its age: on the embedded database only one process
   * ever runs on a data directory (it is locked), so at its boot none can still be running.
   */
  | { kind: "all" }
  /**
   * Replies of instances whose heartbeat stopped (PostgreSQL, where several instances share the
   * database), and replies recorded without an instance (rows older than migration 0005) once
   * they are older than any turn can last.
   */
  | { kind: "dead-instances"; deadAfterSeconds: number; unownedAfterMinutes?: number };

/**
 * Closes replies that a process stopped in the middle of (a crash, a kill) and that nothing will
 * ever finish: with their text as `cancelled` when some was stored, otherwise `failed` with the
 * apology (errorKind `interrupted`), as a failed turn would have been. Then forgets the instances
 * found dead. Run at boot, and now and then by each instance (see instance-heartbeat.ts).
 * Returns how many replies it closed.
 */
export async function markInterruptedTurns(db: Db, scope: InterruptedTurnsScope): Promise<number> {
  const isEmpty = sql`${messages.content} = ''`;
  const interrupted = scope.kind === "all" ? undefined : ownerIsGone(scope);
  const closed = await db
    .update(messages)
    .set({
      status: sql`case when ${isEmpty} then 'failed' else 'cancelled' end`,
      content: sql`case when ${isEmpty} then ${apologyMessages.en} else ${messages.content} end`,
      errorKind: sql`case when ${isEmpty} then 'interrupted' else ${messages.errorKind} end`,
      completedAt: sql`now()`,
    })
    .where(and(eq(messages.status, "streaming"), interrupted))
    .returning({ id: messages.id });
  if (scope.kind === "dead-instances") {
    await db.delete(instances).where(lt(instances.heartbeatAt, secondsAgo(scope.deadAfterSeconds)));
  }
  return closed.length;
}

/**
 * The reply's instance has not beaten for `deadAfterSeconds` (or its row is gone: it stopped, or
 * was found dead before), or the reply has no instance and is older than any turn can last (the
 * engine's total timeout is at most 10 minutes).
 */
function ownerIsGone({
  deadAfterSeconds,
  unownedAfterMinutes = 15,
}: {
  deadAfterSeconds: number;
  unownedAfterMinutes?: number;
}): SQL | undefined {
  return or(
    and(
      isNull(messages.instanceId),
      lt(messages.createdAt, sql`now() - make_interval(mins => ${unownedAfterMinutes})`),
    ),
    sql`${messages.instanceId} is not null and not exists (
      select 1 from ${instances}
      where ${instances.id} = ${messages.instanceId}
        and ${instances.heartbeatAt} >= ${secondsAgo(deadAfterSeconds)}
    )`,
  );
}

function secondsAgo(seconds: number): SQL {
  return sql`now() - make_interval(secs => ${seconds})`;
}
