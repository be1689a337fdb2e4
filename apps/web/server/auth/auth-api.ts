import type { Locale } from "@jai/contracts/locale";
import { isSafeText } from "@jai/contracts/text";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { accountMessages } from "~/features/accounts/messages";
import type { AppEnv } from "../http/app-env";
import { AppError, errorMessage, toErrorBody } from "../http/errors";
import { requestLocale } from "../http/request-locale";
import type { Logger } from "../logger";
import type { Accounts } from "../services/accounts/create-accounts";
import { trustedOriginsFor } from "./create-auth";

/** Largest auth request body: a name, an email and two passwords at their limits fit easily. */
export const authBodyLimitBytes = 16 * 1024;

/**
 * The better-auth endpoints we serve under /api/auth (method → paths). Anything else better-auth
 * has (social sign-in, account linking, password checks without a purpose …) answers 404.
 */
const allowedEndpoints: Record<"GET" | "POST", ReadonlySet<string>> = {
  GET: new Set(["/get-session", "/list-sessions", "/verify-email", "/ok"]),
  POST: new Set([
    "/sign-up/email",
    "/sign-in/email",
    "/sign-out",
    "/send-verification-email",
    "/request-password-reset",
    "/reset-password",
    "/update-user",
    "/change-email",
    "/change-password",
    "/delete-user",
    "/revoke-session",
    "/revoke-sessions",
    "/revoke-other-sessions",
    "/two-factor/enable",
    "/two-factor/disable",
    "/two-factor/get-totp-uri",
    "/two-factor/verify-totp",
    "/two-factor/verify-backup-code",
    "/two-factor/generate-backup-codes",
  ]),
};

/**
 * `/api/auth/*`: better-auth behind our checks. Requests are JSON only (a cross-site HTML form
 * cannot send JSON, on top of better-auth's Origin check), limited in size, and run with the
 * client's address as we resolve it. Errors use the API's usual shape,
 * `{ error: { code, message, fields? } }`, with better-auth's code and a message in the
 * request's language (Accept-Language).
 */
export function createAuthApi(
  accounts: Accounts,
  { publicUrl, logger }: { publicUrl: string; logger?: Logger } = {
    publicUrl: "http://localhost:3000",
  },
) {
  const api = new Hono<AppEnv>();
  const trusted = trustedOriginsFor(publicUrl);

  // A page opened at another address than PUBLIC_URL (a proxy's, an IP): say what to set
  // rather than let the auth library answer a bare 403.
  api.post("*", async (c, next) => {
    const origin = c.req.header("origin");
    if (!origin || trusted.includes(origin)) return next();
    logger?.warn(
      `sign-in refused from ${origin}: the server's PUBLIC_URL is ${publicUrl}. Open ${publicUrl}, or set PUBLIC_URL=${origin} if that is the address people use.`,
    );
    const locale = requestLocale(c.req.raw);
    return c.json(
      toErrorBody(
        "FORBIDDEN",
        accountMessages[locale].errors.wrongAddress(new URL(publicUrl).host),
      ),
      403,
    );
  });

  api.use(
    "*",
    bodyLimit({
      maxSize: authBodyLimitBytes,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    }),
  );

  api.all("*", async (c) => {
    const locale = requestLocale(c.req.raw);
    const method = c.req.method === "HEAD" ? "GET" : c.req.method;
    const path = c.req.path.replace(/^\/api\/auth/, "") || "/";
    const allowed = allowedEndpoints[method as "GET" | "POST"];
    if (!allowed?.has(path)) {
      const isKnownPath = Object.values(allowedEndpoints).some((paths) => paths.has(path));
      if (isKnownPath) {
        return c.json(
          toErrorBody("METHOD_NOT_ALLOWED", errorMessage("METHOD_NOT_ALLOWED", locale)),
          405,
          { Allow: allowedEndpoints.GET.has(path) ? "GET" : "POST" },
        );
      }
      return c.json(toErrorBody("NOT_FOUND", errorMessage("NOT_FOUND", locale)), 404);
    }
    if (method === "POST" && !isJson(c.req.header("content-type"))) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE");
    }
    const fields = unsafeTextFields(
      method === "POST"
        ? await readObjectBody(c.req.raw)
        : Object.fromEntries(new URL(c.req.url).searchParams),
    );
    if (fields) throw new AppError("VALIDATION_FAILED", { fields });
    const response = await accounts.handle(c.req.raw, { clientIp: c.get("clientIp"), locale });
    response.headers.set("Cache-Control", "no-store");
    return response.ok ? response : localizeError(response, locale);
  });

  return api;
}

/**
 * The body as a JSON object, or BAD_REQUEST: better-auth reads fields with `in` and fails with a
 * 500 on a bare string, number, array or null. An empty body is an empty object (sign-out).
 */
async function readObjectBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.clone().text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", { message: "body is not JSON" });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("BAD_REQUEST", { message: "body is not a JSON object" });
  }
  return body as Record<string, unknown>;
}

/**
 * Fields holding text with control characters or lone surrogates (the contracts' text rule),
 * as VALIDATION_FAILED fields, or null. Every value better-auth might store or look up (names,
 * emails, tokens, ids, URLs) is checked here, at any depth; passwords are only hashed, so they
 * are left to the hooks' own length checks.
 */
export function unsafeTextFields(body: Record<string, unknown>): Record<string, string> | null {
  const fields: Record<string, string> = {};
  const visit = (field: string, value: unknown, depth: number): void => {
    if (typeof value === "string") {
      if (!isSafeText(value)) fields[field] ??= "invalidText";
    } else if (typeof value === "object" && value !== null && depth < 8) {
      for (const item of Object.values(value)) visit(field, item, depth + 1);
    }
  };
  for (const [key, value] of Object.entries(body)) {
    if (!/password/i.test(key)) visit(key, value, 0);
    if (!isSafeText(key)) fields.form = "invalidText";
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

function isJson(header: string | undefined): boolean {
  return header?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

type BetterAuthErrorBody = {
  code?: unknown;
  message?: unknown;
  fields?: unknown;
  retryAfterSeconds?: unknown;
};

/** better-auth's `{ code, message }` → our `{ error: { code, message, fields? } }`, localized. */
async function localizeError(response: Response, locale: Locale): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  let body: BetterAuthErrorBody = {};
  try {
    body = (await response.clone().json()) as BetterAuthErrorBody;
  } catch {
    // Not JSON after all: answered as is.
    return response;
  }
  const code = typeof body.code === "string" ? body.code : statusCode(response.status);
  const retryAfterSeconds =
    typeof body.retryAfterSeconds === "number"
      ? body.retryAfterSeconds
      : Number(response.headers.get("retry-after")) || undefined;
  const fields =
    body.fields && typeof body.fields === "object"
      ? (body.fields as Record<string, string>)
      : undefined;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json; charset=UTF-8");
  return new Response(
    JSON.stringify({
      error: {
        code,
        message: describeAuthError(code, locale, { retryAfterSeconds }),
        ...(fields ? { fields } : {}),
      },
    }),
    { status: response.status, headers },
  );
}

function statusCode(status: number): string {
  if (status === 401) return "UNAUTHORIZED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 429) return "RATE_LIMITED";
  return status >= 500 ? "INTERNAL" : "BAD_REQUEST";
}

/**
 * The sentence for an auth error code in a language. Sign-in failures are one sentence whether
 * or not the account exists; codes we do not expect get a general sentence.
 */
export function describeAuthError(
  code: string,
  locale: Locale,
  { retryAfterSeconds }: { retryAfterSeconds?: number } = {},
): string {
  const m = accountMessages[locale];
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return m.errors.invalidCredentials;
    case "INVALID_PASSWORD":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return m.errors.invalidPassword;
    case "EMAIL_NOT_VERIFIED":
      return m.signIn.unverified;
    case "INVALID_CODE":
    case "INVALID_TWO_FACTOR_AUTHENTICATION":
    case "CODE_ALREADY_USED":
      return m.errors.invalidCode;
    case "INVALID_BACKUP_CODE":
      return m.errors.invalidBackupCode;
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return m.errors.challengeExpired;
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return m.errors.invalidLink;
    case "UNAUTHORIZED":
    case "SESSION_EXPIRED":
    case "FAILED_TO_GET_SESSION":
      return m.errors.sessionExpired;
    case "EMAIL_UNCHANGED":
      return m.errors.emailUnchanged;
    case "TOTP_ALREADY_ENABLED":
      return m.errors.alreadyEnabled;
    case "PASSWORD_TOO_SHORT":
      return m.issues.passwordTooShort;
    case "PASSWORD_TOO_LONG":
      return m.issues.passwordTooLong;
    case "INVALID_EMAIL":
      return m.issues.invalidEmail;
    case "VALIDATION_FAILED":
    case "VALIDATION_ERROR":
      return m.errors.invalidInput;
    case "RATE_LIMITED":
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return m.errors.tooManyAttempts(Math.max(1, Math.ceil((retryAfterSeconds ?? 900) / 60)));
    default:
      return m.errors.generic;
  }
}
