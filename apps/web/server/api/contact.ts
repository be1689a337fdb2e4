import { Hono } from "hono";
import { contactMessages } from "~/features/contact/messages";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { jsonBody, readJsonBody } from "../http/json-body";
import { rateLimitBy } from "../http/rate-limit";
import { requestLocale } from "../http/request-locale";
import { methodNotAllowed } from "../http/responses";
import type { AppServices } from "../services/app-services";

/** Largest accepted body: the longest valid message, even all in escaped Thai, fits easily. */
export const contactBodyLimitBytes = 32 * 1024;

/**
 * `POST /api/contact` (JSON): `{ message }` once the message is stored and its email queued,
 * `{ error: { code, message, fields? } }` otherwise, in the request's language. Cheap checks
 * run first: content type (415), size (413), the per-client limit (429), then JSON (400) and
 * the shared schema (422).
 */
export function createContactApi(services: AppServices) {
  const api = new Hono<AppEnv>();

  api.post(
    "/",
    jsonBody(contactBodyLimitBytes),
    rateLimitBy<AppEnv>(services.rateLimits.contact, (c) => services.clientKey(c.get("clientIp"))),
    async (c) => {
      const body = await readJsonBody(c);
      if (!body || typeof body !== "object" || Array.isArray(body)) {
        throw new AppError("BAD_REQUEST", { message: "body is not a JSON object" });
      }
      // The form says which language its visitor reads; errors from here on use it too.
      const language = (body as { language?: unknown }).language;
      const locale = requestLocale(c.req.raw, typeof language === "string" ? language : null);
      c.set("locale", locale);

      await services.contact.submit({
        input: body,
        ip: c.get("clientIp"),
        userAgent: c.req.header("user-agent"),
      });
      // A filled honeypot gets exactly this answer too: bots learn nothing.
      return c.json({ message: contactMessages[locale].success.received });
    },
  );

  api.all("/", methodNotAllowed("POST"));

  return api;
}
