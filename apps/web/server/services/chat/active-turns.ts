/**
 * The chat turns this process is running, so that a shutdown can let them finish, cancel the
 * ones that take too long, and wait until their partial replies are stored, all before the
 * database closes (see http/graceful-shutdown.ts).
 */
export type ActiveTurns = {
  /**
   * Aborted when the server stops waiting for running turns: each one ends `cancelled`, keeping
   * what was streamed. Combine it with the request's own signal.
   */
  readonly signal: AbortSignal;
  /** Turns running now. */
  readonly size: number;
  /** Counts a turn as running until the returned function is called (once is enough). */
  begin(): () => void;
  /** Resolves once no turn is running (at once when none is). */
  whenIdle(): Promise<void>;
  /** Cancels every running turn; turns started afterwards start cancelled. */
  abort(): void;
};

/** Why the turns were cancelled: the server is stopping, the visitor may send again. */
export class ServerShutdownError extends Error {
  override name = "ServerShutdownError";
  constructor() {
    super("the server is shutting down");
  }
}

export function createActiveTurns(): ActiveTurns {
  const controller = new AbortController();
  let size = 0;
  let idleWaiters: (() => void)[] = [];
  return {
    signal: controller.signal,
    get size() {
      return size;
    },
    begin() {
      size++;
      let isDone = false;
      return () => {
        if (isDone) return;
        isDone = true;
        size--;
        if (size > 0) return;
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiters) resolve();
      };
    },
    whenIdle() {
      if (size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    abort() {
      if (!controller.signal.aborted) controller.abort(new ServerShutdownError());
    },
  };
}
