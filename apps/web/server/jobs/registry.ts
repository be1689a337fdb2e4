import { describeError, type Logger } from "../logger";

/** A background worker: started at boot, stopped (waiting for its work in flight) at shutdown. */
export type Job = {
  name: string;
  start(): void;
  /** Stops and waits at most `timeoutMs` for the work in flight. */
  stop(timeoutMs: number): Promise<void>;
  /** Looks for work now (after queueing some). Cheap; coalesces bursts. */
  wake?(): void;
};

export type Jobs = {
  readonly names: readonly string[];
  /** Starts every job, in order. */
  start(): void;
  /** Stops every job at once and waits for all of them (each at most `timeoutMs`). */
  stop(timeoutMs: number): Promise<void>;
  /** Wakes one job by name (a no-op for an unknown one or one without `wake`). */
  wake(name: string): void;
};

/**
 * The one registry of background work (email outbox, knowledge ingestion, avatar sweep,
 * deliveries …): main.ts starts and stops them in one loop, and a producer wakes a job by name
 * after queueing work. Jobs claim their rows with `FOR UPDATE SKIP LOCKED`, so every instance
 * runs all of them.
 */
export function createJobs(jobs: readonly Job[], logger: Logger): Jobs {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (byName.size !== jobs.length) throw new Error("two jobs share a name");
  return {
    names: jobs.map((job) => job.name),
    start() {
      for (const job of jobs) job.start();
    },
    async stop(timeoutMs) {
      await Promise.all(
        jobs.map((job) =>
          job.stop(timeoutMs).catch((error: unknown) => {
            logger.error(`${job.name}: error while stopping`, describeError(error));
          }),
        ),
      );
    },
    wake(name) {
      byName.get(name)?.wake?.();
    },
  };
}
