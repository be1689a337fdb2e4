import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { createDatabase, type Database, migrate } from "@jai/db";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApp } from "./app";
import { EnvError, getEnv } from "./env";
import { createGracefulShutdown } from "./http/graceful-shutdown";
import { createStaticHandler } from "./http/static-handler";
import { loadStaticFiles } from "./http/static-files";
import { createLogger, describeError } from "./logger";

async function main() {
  const env = getEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const isHttps = env.PUBLIC_URL.startsWith("https://");

  const database: Database = await createDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  });
  await migrate(database, {
    migrationsFolder: fileURLToPath(new URL("./migrations", import.meta.url)),
  });
  logger.info("database ready", { kind: database.kind });

  const buildUrl = new URL("../server/index.js", import.meta.url);
  const build = (await import(buildUrl.href)) as ServerBuild;
  const staticFiles = await loadStaticFiles(fileURLToPath(new URL("../client/", import.meta.url)), {
    publicUrl: env.PUBLIC_URL,
  });

  // The request handler is attached below, once the app exists; the lifecycle needs the server.
  const server = createServer();
  const lifecycle = createGracefulShutdown({
    server,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    logger,
    onClosed: () => database.close(),
  });
  const app = createApp({
    services: { database },
    handleDocument: createRequestHandler(build, "production"),
    logger,
    isHttps,
    publicUrl: env.PUBLIC_URL,
    isShuttingDown: () => lifecycle.isShuttingDown(),
  });
  const handleStatic = createStaticHandler(staticFiles, { isHttps });
  const handleApp = getRequestListener(app.fetch);

  server.on("request", (request, response) => {
    if (lifecycle.isShuttingDown()) response.setHeader("Connection", "close");
    if (handleStatic(request, response)) return;
    void handleApp(request, response);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  logger.info("listening", { url: env.PUBLIC_URL, host: env.HOST, port: env.PORT });

  // SIGTERM: stop accepting, let in-flight requests finish (bounded), then close the database.
  const stop = (signal: string) =>
    lifecycle.shutdown(signal).then(
      () => {
        logger.info("shutdown complete");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error("error during shutdown", describeError(error));
        process.exit(1);
      },
    );
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error("Jai failed to start:", error instanceof Error ? error.message : error);
    if (error instanceof Error && error.stack) console.error(error.stack);
  }
  process.exit(1);
});
