import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { AppError } from "./errors";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests another site's page could make with the owner's cookies
 * (a cross-site form can post multipart or text bodies without a preflight). A request passes
 * when its `Origin` is the server's public origin, or, without `Origin`, when the browser marks
 * it `Sec-Fetch-Site: same-origin`. Non-browser clients (tests, scripts) send `Origin`.
 * Cookies are SameSite=Lax too; this is the second fence. Answers 403 FORBIDDEN.
 */
export function requireSameOrigin(publicUrl: string): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (!safeMethods.has(c.req.method)) {
      const origin = c.req.header("origin");
      const fetchSite = c.req.header("sec-fetch-site");
      const sameOrigin = origin
        ? origin === publicOrigin || origin === new URL(c.req.url).origin
        : fetchSite === "same-origin";
      if (!sameOrigin) throw new AppError("FORBIDDEN");
    }
    await next();
  };
}
