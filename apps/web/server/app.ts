import { randomBytes } from "node:crypto";
import { ChannelInputError } from "@jai/channels";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import type { AppLoadContext } from "react-router";
import { createAvatarsApi } from "./api/avatars";
import { createBotsApi } from "./api/bots";
import { createConsoleApi } from "./api/console";
import { createPaymentWebhooksApi } from "./api/console-billing";
import { requireWritablePlan } from "./api/console-read-only";
import { createContactApi } from "./api/contact";
import { createInboxStreamApi } from "./api/inbox-stream";
import { createLineWebhookApi } from "./api/line-webhook";
import { createMarketplaceApi } from "./api/marketplace";
import { createMediaApi } from "./api/media";
import { createNotificationsApi } from "./api/notifications";
import { createPersonaCardApi } from "./api/persona-card";
import { createPersonaPreviewApi } from "./api/persona-preview";
import { createPlatformStatsApi } from "./api/platform-stats";
import { createMetaWebhookApi, createTiktokWebhookApi } from "./api/platform-webhooks";
import { createPublicApi } from "./api/public-api";
import { createPublicApiDocument } from "./api/public-api-document";
import { createTeamApi } from "./api/team";
import { createWidgetApi } from "./api/widget";
import { createAuthApi } from "./auth/auth-api";
import type { AppEnv } from "./http/app-env";
import { getClientIp } from "./http/client-ip";
import { AppError, errorMessage, errorStatus, toErrorBody } from "./http/errors";
import { requestLocale } from "./http/request-locale";
import {
  baseSecurityHeaders,
  buildCsp,
  isFramableDocument,
  widgetFrameAncestors,
  widgetFrameBotId,
} from "./http/security-headers";
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
  /** TRUST_PROXY_HOPS: reverse proxies whose X-Forwarded-For is believed (see http/client-ip.ts). */
  trustProxyHops?: number;
};

/** Largest body a page form may post (the contact form at its limits, all in Thai, fits). */
export const documentBodyLimitBytes = 64 * 1024;

/** The Hono application: API routes, then React Router for every page it did not prerender. */
export function createApp({
  services,
  handleDocument,
  logger,
  isHttps,
  publicUrl,
  isShuttingDown = () => false,
  trustProxyHops = 0,
}: AppOptions) {
  const app = new Hono<AppEnv>();
  // The payment provider's card tokeniser, which the billing page posts card numbers to.
  const tokenizeUrl = services.billingProvider?.cardForm.tokenizeUrl;
  const paymentOrigins = tokenizeUrl ? [new URL(tokenizeUrl).origin] : [];

  app.use(async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();
    const widgetBotId = widgetFrameBotId(c.req.path);
    const frameAncestors = widgetBotId
      ? await services.channels.loadWidget(widgetBotId).then(
          (widget) =>
            widgetFrameAncestors({
              enabled: widget.enabled,
              allowedOrigins: widget.settings.allowedOrigins,
            }),
          () => "'none'",
        )
      : isFramableDocument(c.req.path)
        ? "'self'"
        : "'none'";
    for (const [name, value] of Object.entries(baseSecurityHeaders(isHttps, frameAncestors))) {
      c.res.headers.set(name, value);
    }
    if (!c.res.headers.has("Content-Security-Policy")) {
      c.res.headers.set(
        "Content-Security-Policy",
        buildCsp({
          scriptSources: [`'nonce-${nonce}'`],
          frameAncestors,
          connectSources: paymentOrigins,
          isHttps,
        }),
      );
    }
  });

  app.use(async (c, next) => {
    c.set("clientIp", getClientIp(c, trustProxyHops));
    await next();
  });

  app.onError((caught, c) => {
    const locale = c.get("locale") ?? requestLocale(c.req.raw);
    // A channel adapter refused a malformed body: the same answer as any invalid field.
    const error =
      caught instanceof ChannelInputError
        ? new AppError("VALIDATION_FAILED", { fields: caught.fields })
        : caught;
    if (error instanceof AppError) {
      const { retryAfterSeconds } = error;
      if (retryAfterSeconds) c.header("Retry-After", String(retryAfterSeconds));
      return c.json(
        toErrorBody(
          error.code,
          errorMessage(error.code, locale, { retryAfterSeconds, fields: error.fields }),
          error.fields,
        ),
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

  app.route("/api/stats", createPlatformStatsApi({ db: services.database.db, logger }));
  app.route("/api/contact", createContactApi(services));
  app.route("/api/auth", createAuthApi(services.accounts, { publicUrl, logger }));
  app.route("/api/bots", createBotsApi(services, { isHttps }));
  app.route("/api/widget", createWidgetApi(services, { publicUrl }));
  app.route("/api/webhooks/line", createLineWebhookApi(services));
  app.route("/api/webhooks/meta", createMetaWebhookApi(services));
  app.route("/api/webhooks/tiktok", createTiktokWebhookApi(services));
  app.route("/api/webhooks/payments", createPaymentWebhooksApi(services));
  // A paused workspace (read-only, trial over) reads, exports and deletes, but does not edit.
  app.use("/api/console/*", requireWritablePlan(services));
  app.route("/api/console/inbox/stream", createInboxStreamApi(services));
  app.route("/api", createTeamApi(services, { publicUrl, isHttps }));
  app.route("/api/console/notifications", createNotificationsApi(services, publicUrl));
  app.route("/api/console", createConsoleApi(services, publicUrl));
  const apiDocument = createPublicApiDocument(publicUrl);
  app.route("/api/v1", createPublicApi(services, { openApiDocument: apiDocument }));
  app.route("/api/marketplace", createMarketplaceApi(services, publicUrl));
  app.route("/api/personas/preview", createPersonaPreviewApi(services, publicUrl));
  app.route("/api/personas", createPersonaCardApi(services, { publicUrl }));
  app.route("/api/avatars", createAvatarsApi(services, { publicUrl }));
  app.route("/api/media", createMediaApi(services));

  app.all("/api/*", (c) => {
    const locale = requestLocale(c.req.raw);
    return c.json(toErrorBody("NOT_FOUND", errorMessage("NOT_FOUND", locale)), 404);
  });

  app.use("*", compress());
  // Page forms post to route actions (the contact form without JavaScript).
  const limitDocumentBody = bodyLimit({
    maxSize: documentBodyLimitBytes,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE");
    },
  });
  app.use("*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitDocumentBody(c, next),
  );
  app.all("*", (c) =>
    handleDocument(asPublicRequest(c.req.raw, isHttps), {
      cspNonce: c.get("cspNonce"),
      publicUrl,
      services,
      clientIp: c.get("clientIp"),
      apiDocument,
    }),
  );

  return app;
}

/**
 * With PUBLIC_URL on https, TLS ends at a proxy and the request reaches us over http. React
 * Router compares an action request's URL with its Origin header (CSRF protection), so a form
 * posted from https://… must be seen as an https request, or every page form would fail.
 */
function asPublicRequest(request: Request, isHttps: boolean): Request {
  if (!isHttps || request.method === "GET" || request.method === "HEAD") return request;
  const url = new URL(request.url);
  if (url.protocol !== "http:") return request;
  url.protocol = "https:";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // Node's fetch requires this for a streamed body.
    duplex: "half",
  } as RequestInit);
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out after ${milliseconds} ms`)),
      milliseconds,
    );
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
