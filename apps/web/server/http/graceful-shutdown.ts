import type { Server, ServerResponse } from "node:http";
import type { Logger } from "../logger";

/** Long work that outlives the timeout only if cancelled: the chat turns (services/chat/active-turns.ts). */
export type CancellableWork = {
  /** Resolves once nothing is running. */
  whenIdle(): Promise<void>;
  /** Cancels what runs: each piece ends soon after, its result stored and its client told. */
  abort(): void;
};

export type GracefulShutdownOptions = {
  server: Server;
  /** How long in-flight requests and work get to finish before the work is cancelled. */
  timeoutMs: number;
  /**
   * Once the work is cancelled, how long it gets to store what it has and send its last event
   * before the connections left are cut. Default 5 s.
   */
  abortGraceMs?: number;
  logger: Logger;
  work?: CancellableWork;
  /** Runs once every connection is closed: stop workers, close the database. */
  onClosed: () => Promise<void>;
};

/**
 * Shuts the server down without losing a word, in this order:
 *
 * 1. stop accepting connections; idle keep-alive ones are closed at once, responses still to be
 *    sent say `Connection: close`, so clients reconnect elsewhere;
 * 2. let in-flight requests and the work (streaming chat turns) finish, for up to `timeoutMs`;
 * 3. cancel the work still running, and wait (up to `abortGraceMs`) until it has stored its
 *    partial results and its requests have sent their last event;
 * 4. cut the connections left, then run `onClosed` (workers, then the database).
 *
 * So the database closes only after every turn's reply is stored.
 */
export function createGracefulShutdown({
  server,
  timeoutMs,
  abortGraceMs = 5_000,
  logger,
  work,
  onClosed,
}: GracefulShutdownOptions) {
  const responses = new Set<ServerResponse>();
  let idleWaiters: (() => void)[] = [];
  let closing: Promise<void> | undefined;

  server.on("request", (_request, response) => {
    if (closing && !response.headersSent) response.setHeader("Connection", "close");
    responses.add(response);
    response.once("close", () => {
      responses.delete(response);
      if (responses.size > 0) return;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    });
  });

  const whenRequestsEnd = () =>
    responses.size === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => idleWaiters.push(resolve));
  const whenQuiet = () => Promise.all([whenRequestsEnd(), work?.whenIdle()]).then(() => undefined);

  async function shutdown(reason: string) {
    logger.info("shutting down", { reason });
    const isClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    for (const response of responses) {
      if (!response.headersSent) response.setHeader("Connection", "close");
    }

    if (!(await settlesWithin(whenQuiet(), timeoutMs))) {
      logger.warn("shutdown timeout: cancelling what is still running", {
        requests: responses.size,
      });
      work?.abort();
      if (!(await settlesWithin(whenQuiet(), abortGraceMs))) {
        logger.warn("shutdown: requests still open after cancelling, closing them", {
          requests: responses.size,
        });
      }
    }
    server.closeAllConnections();
    await isClosed;
    await onClosed();
  }

  return {
    isShuttingDown: () => closing !== undefined,
    shutdown(reason: string): Promise<void> {
      closing ??= shutdown(reason);
      return closing;
    },
  };
}

/** Whether `promise` settled within `milliseconds`. */
function settlesWithin(promise: Promise<unknown>, milliseconds: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), milliseconds);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}
