import type { Server } from "node:http";
import type { Logger } from "../logger";

export type GracefulShutdownOptions = {
  server: Server;
  /** How long in-flight requests get before their connections are cut. */
  timeoutMs: number;
  logger: Logger;
  /** Runs once the server has stopped: close the database, stop workers. */
  onClosed: () => Promise<void>;
};

/**
 * Stops accepting connections, lets in-flight requests finish (bounded by timeoutMs), then runs
 * onClosed. Idle keep-alive connections are closed at once; busy ones get `Connection: close`
 * (the caller sets it while `isShuttingDown()`), so clients reconnect elsewhere.
 */
export function createGracefulShutdown({
  server,
  timeoutMs,
  logger,
  onClosed,
}: GracefulShutdownOptions) {
  let closing: Promise<void> | undefined;
  return {
    isShuttingDown: () => closing !== undefined,
    shutdown(reason: string): Promise<void> {
      closing ??= new Promise<void>((resolve, reject) => {
        logger.info("shutting down", { reason });
        const forceTimer = setTimeout(() => {
          logger.warn("shutdown timeout: closing remaining connections");
          server.closeAllConnections();
        }, timeoutMs);
        forceTimer.unref();
        server.close(() => {
          clearTimeout(forceTimer);
          onClosed().then(resolve, reject);
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
