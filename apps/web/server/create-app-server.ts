import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createGracefulShutdown } from "./http/graceful-shutdown";
import { describeError, type Logger } from "./logger";
import type { AppServices } from "./services/app-services";

export type AppServerOptions = {
  services: AppServices;
  logger: Logger;
  /** SHUTDOWN_TIMEOUT_MS: how long running requests and chat turns get once a stop begins. */
  shutdownTimeoutMs: number;
  /** Once the turns are cancelled, how long they get to store their replies (default 5 s). */
  abortGraceMs?: number;
  /** Builds the app once the lifecycle exists: readiness answers 503 while shutting down. */
  createApp(isShuttingDown: () => boolean): {
    fetch: (request: Request) => Response | Promise<Response>;
  };
  /** Answers prerendered pages and assets before the app does; true when it answered. */
  handleStatic?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** Stops the background workers; runs once the connections are closed, before the database. */
  stopWorkers?: () => Promise<void>;
};

export type AppServer = {
  server: ReturnType<typeof createServer>;
  listen(port: number, host: string): Promise<AddressInfo>;
  isShuttingDown(): boolean;
  /**
   * Closes the event streams, stops accepting, lets requests and chat turns finish (bounded),
   * cancels the rest and waits until their replies are stored, closes the connections left, stops
   * the workers and the real-time listener, removes this instance's heartbeat, then closes the
   * database.
   */
  shutdown(reason: string): Promise<void>;
};

/**
 * The HTTP server around the app, with its shutdown, as main.ts runs it (tests build the same
 * one, without the React build).
 */
export function createAppServer({
  services,
  logger,
  shutdownTimeoutMs,
  abortGraceMs,
  createApp,
  handleStatic,
  stopWorkers = async () => {},
}: AppServerOptions): AppServer {
  // The request handler is attached below, once the app exists; the lifecycle needs the server.
  const server = createServer();
  const lifecycle = createGracefulShutdown({
    server,
    timeoutMs: shutdownTimeoutMs,
    abortGraceMs,
    logger,
    work: services.chat.activeTurns,
    onClosed: async () => {
      await stopWorkers();
      await services.realtime.stop();
      await services.chat.heartbeat.stop().catch((error: unknown) => {
        // Its row is then found dead by another instance's sweep: nothing is lost.
        logger.warn("instance heartbeat not removed", describeError(error));
      });
      await services.database.close();
    },
  });
  const app = createApp(() => lifecycle.isShuttingDown());
  const handleApp = getRequestListener(app.fetch);

  server.on("request", (request, response) => {
    if (handleStatic?.(request, response)) return;
    void handleApp(request, response);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;

  return {
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          resolve(server.address() as AddressInfo);
        });
      }),
    isShuttingDown: lifecycle.isShuttingDown,
    shutdown(reason) {
      // Event streams never end by themselves: they are closed first (their browsers reconnect
      // to another instance), so the wait below is for real requests only.
      services.realtime.closeStreams();
      return lifecycle.shutdown(reason);
    },
  };
}
