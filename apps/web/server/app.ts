import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { AppLoadContext } from "react-router";
import { AppError, errorMessage, errorStatus, toErrorBody } from "./http/errors";
import { requestLocale } from "./http/request-locale";
import { baseSecurityHeaders, buildCsp, isFramableDocument } from "./http/security-headers";
import type { Logger } from "./logger";
import { describeError } from "./logger";
import type { AppServices } from "./services/app-services";

export type AppOptions = {
  services: AppServices;
  /** Renders every page that was not prerendered (React Router's request handler). */
  handleDocument: (request: Request, context: AppLoadContext) => Promise<Response>;
  logger: Logger;
  isHttps: boolean;
  publicUrl: string;
  /** Set while shutting down: readiness turns 503 so a load balancer stops sending traffic. */
  isShuttingDown?: () => boolean;
};

type AppEnv = { Variables: { cspNonce: string } };

/** The Hono application: API routes, then React Router for every page it did not prerender. */
export function createApp({
  services,
  handleDocument,
  logger,
  isHttps,
  publicUrl,
  isShuttingDown = () => false,
}: AppOptions) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    const frameAncestors = isFramableDocument(c.req.path) ? "'self'" : "'none'";
    for (const [name, value] of Object.entries(baseSecurityHeaders(isHttps, frameAncestors))) {
      c.res.headers.set(name, value);
    }
    if (!c.res.headers.has("Content-Security-Policy")) {
      c.res.headers.set(
        "Content-Security-Policy",
        buildCsp({ scriptSources: [`'nonce-${nonce}'`], frameAncestors, isHttps }),
      );
    }
  });

  app.onError((error, c) => {
    const locale = requestLocale(c.req.raw);
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json(
        toErrorBody(error.code, errorMessage(error.code, locale), error.fields),
        errorStatus[error.code],
      );
    }
    logger.error("unhandled error", { path: c.req.path, ...describeError(error) });
    return c.json(toErrorBody("INTERNAL", errorMessage("INTERNAL", locale)), 500);
  });

  app.get("/api/health", (c) => c.json({ status: "ok" }));

  app.get("/api/ready", async (c) => {
    if (isShuttingDown()) return c.json({ status: "shutting-down" }, 503);
    try {
      await withTimeout(services.database.ping(), 2_000);
      return c.json({ status: "ready", database: services.database.kind });
    } catch (error) {
      logger.warn("readiness check failed", describeError(error));
      return c.json({ status: "unavailable" }, 503);
    }
  });

  app.all("/api/*", (c) => {
    const locale = requestLocale(c.req.raw);
    return c.json(toErrorBody("NOT_FOUND", errorMessage("NOT_FOUND", locale)), 404);
  });

  app.use("*", compress());
  app.all("*", (c) =>
    handleDocument(c.req.raw, { cspNonce: c.get("cspNonce"), publicUrl, services }),
  );

  return app;
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${milliseconds} ms`)), milliseconds);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
