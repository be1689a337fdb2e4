import { describeError, type Logger } from "../logger";

export type PollingWorker = {
  /** Starts polling (a first round at once). Idempotent. */
  start(): void;
  /** Runs a round now: call after queueing work. Cheap; coalesces bursts. */
  wake(): void;
  /**
   * Stops polling and waits (at most `timeoutMs`) for the round in flight. Work cut short keeps
   * its claim until the lease expires, and another worker then takes it.
   */
  stop(timeoutMs?: number): Promise<void>;
};

export type PollingWorkerOptions = {
  /** Names the worker in log lines ("email outbox"). */
  name: string;
  logger: Logger;
  /** Claims and processes one batch; resolves with how many rows it claimed. */
  runOnce(): Promise<number>;
  batchSize: number;
  pollIntervalMs: number;
  /** What a stop that timed out was waiting for ("the sends in flight"). */
  inFlightWork: string;
};

/**
 * The loop of a database-backed background worker (the email outbox, knowledge ingestion): a
 * round every `pollIntervalMs`, another at once after a full batch (more may be due) or when
 * woken during a round, never two rounds at a time in one process. Claims themselves are the
 * worker's (`FOR UPDATE SKIP LOCKED` with a lease), so any number of instances can run.
 */
export function createPollingWorker({
  name,
  logger,
  runOnce,
  batchSize,
  pollIntervalMs,
  inFlightWork,
}: PollingWorkerOptions): PollingWorker {
  let isRunning = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let isWakeRequested = false;

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    if (!isRunning) return;
    timer = setTimeout(tick, delayMs);
    // The HTTP server keeps the process alive; a pending poll alone must not.
    timer.unref();
  };

  function tick() {
    if (inFlight) {
      isWakeRequested = true;
      return;
    }
    inFlight = (async () => {
      do {
        isWakeRequested = false;
        try {
          const claimed = await runOnce();
          // A full batch means more may be due: go on without waiting for the next poll.
          if (claimed === batchSize) isWakeRequested = true;
        } catch (error) {
          logger.error(`${name}: poll failed`, describeError(error));
        }
      } while (isWakeRequested && isRunning);
    })().finally(() => {
      inFlight = undefined;
      schedule(pollIntervalMs);
    });
  }

  return {
    start() {
      if (isRunning) return;
      isRunning = true;
      schedule(0);
    },
    wake() {
      if (!isRunning) return;
      if (inFlight) isWakeRequested = true;
      else schedule(0);
    },
    async stop(timeoutMs = 10_000) {
      isRunning = false;
      clearTimeout(timer);
      if (!inFlight) return;
      let deadline: NodeJS.Timeout | undefined;
      await Promise.race([
        inFlight,
        new Promise<void>((resolve) => {
          deadline = setTimeout(() => {
            logger.warn(`${name}: stopped before ${inFlightWork} finished`);
            resolve();
          }, timeoutMs);
        }),
      ]);
      clearTimeout(deadline);
    },
  };
}
