/**
 * The chat turns this process is running, so that a shutdown can let them finish, cancel the
 * ones that take too long, and wait until their partial replies are stored, all before the
 * database closes (see http/graceful-shutdown.ts).
 */
export type ActiveTurns = {
  /** Turns running now. */
  readonly size: number;
  /** Set once the shutdown cancelled the turns: new ones should not start. */
  readonly isAborted: boolean;
  /**
   * Counts a turn as running until `end()` (once is enough). Its `signal` aborts when the
   * shutdown cancels the turns (at once if it already has): combine it with the request's.
   */
  begin(): ActiveTurn;
  /** Resolves once no turn is running (at once when none is). */
  whenIdle(): Promise<void>;
  /** Cancels every running turn; turns started afterwards start cancelled. */
  abort(): void;
};

export type ActiveTurn = { signal: AbortSignal; end(): void };

/** Why the turns were cancelled: the server is stopping, the visitor may send again. */
export class ServerShutdownError extends Error {
  override name = "ServerShutdownError";
  constructor() {
    super("the server is shutting down");
  }
}

export function createActiveTurns(): ActiveTurns {
  // One controller per turn, never one long-lived signal that every turn's AbortSignal.any()
  // would hang on to: on Node 20 such a signal keeps each dependent signal forever (a leak).
  const running = new Set<AbortController>();
  let isAborted = false;
  let idleWaiters: (() => void)[] = [];
  return {
    get size() {
      return running.size;
    },
    get isAborted() {
      return isAborted;
    },
    begin() {
      const controller = new AbortController();
      if (isAborted) controller.abort(new ServerShutdownError());
      running.add(controller);
      return {
        signal: controller.signal,
        end() {
          if (!running.delete(controller) || running.size > 0) return;
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const resolve of waiters) resolve();
        },
      };
    },
    whenIdle() {
      if (running.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    abort() {
      isAborted = true;
      for (const controller of running) {
        if (!controller.signal.aborted) controller.abort(new ServerShutdownError());
      }
    },
  };
}
