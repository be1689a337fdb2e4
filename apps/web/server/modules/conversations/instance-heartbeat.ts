import { randomUUID } from "node:crypto";
import { type Db, eq, instances, sql } from "@jai/db";
import { describeError, type Logger } from "../../logger";
import { markInterruptedTurns } from "./mark-interrupted-turns";

export type InstanceHeartbeatOptions = {
  logger: Logger;
  /** How often this instance says it is alive. */
  intervalMs?: number;
  /** An instance silent for this long is dead: its streaming replies are closed. */
  deadAfterMs?: number;
  /** How often this instance looks for dead ones (a cheap query on an index of streaming rows). */
  sweepEveryMs?: number;
};

export type InstanceHeartbeat = {
  /** Recorded on every bot reply this instance streams. */
  readonly id: string;
  /** Registers this instance, then beats (and sweeps) on an unref'd timer. Run at boot. */
  start(): Promise<void>;
  /**
   * Stops beating and removes this instance's row: run once its turns are stored, before the
   * database closes. Any reply it still left streaming is then closed by the next sweep.
   */
  stop(): Promise<void>;
  /** The sweep the timer runs, for boot: replies of dead instances are closed. */
  sweepDeadInstances(): Promise<number>;
};

export const heartbeatDefaults = {
  intervalMs: 5_000,
  deadAfterMs: 30_000,
  sweepEveryMs: 30_000,
} as const;

/**
 * This process's row in `instances`, kept fresh every few seconds. Several instances share one
 * PostgreSQL: a reply left `streaming` by one that crashed can only be told from a reply still
 * running on another by whether its instance still beats. The clock is the database's (`now()`),
 * so instances whose clocks differ still agree.
 */
export function createInstanceHeartbeat(
  db: Db,
  {
    logger,
    intervalMs = heartbeatDefaults.intervalMs,
    deadAfterMs = heartbeatDefaults.deadAfterMs,
    sweepEveryMs = heartbeatDefaults.sweepEveryMs,
  }: InstanceHeartbeatOptions,
): InstanceHeartbeat {
  const id = randomUUID();
  let timer: NodeJS.Timeout | undefined;
  // A beat still waiting on a slow database is not doubled by the next one.
  let running: Promise<void> | undefined;
  let lastSweepAt = 0;

  // An upsert: a row deleted while this instance was paused (found dead by another) comes back.
  const beat = () =>
    db
      .insert(instances)
      .values({ id })
      .onConflictDoUpdate({ target: instances.id, set: { heartbeatAt: sql`now()` } });

  const sweepDeadInstances = () =>
    markInterruptedTurns(db, {
      kind: "dead-instances",
      deadAfterSeconds: Math.ceil(deadAfterMs / 1000),
    });

  async function tick() {
    try {
      await beat();
      if (Date.now() - lastSweepAt >= sweepEveryMs) {
        lastSweepAt = Date.now();
        const closed = await sweepDeadInstances();
        if (closed > 0) logger.warn("replies of a stopped instance closed", { closed });
      }
    } catch (error) {
      // The database is away for a moment: the next beat tries again.
      logger.warn("instance heartbeat failed", describeError(error));
    }
  }

  return {
    id,
    async start() {
      await beat();
      lastSweepAt = Date.now();
      timer ??= setInterval(() => {
        running ??= tick().finally(() => {
          running = undefined;
        });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
      await db.delete(instances).where(eq(instances.id, id));
    },
    sweepDeadInstances,
  };
}
