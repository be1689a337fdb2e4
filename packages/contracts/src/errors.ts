/**
 * Every error the API can answer with. The server maps a code to an HTTP status and a message in
 * the request's language only at the boundary (apps/web/server/http/errors.ts).
 */
export const errorCodes = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "VALIDATION_FAILED",
  "NOT_FOUND",
  "CONFLICT",
  "PLAN_LIMIT_REACHED",
  "PAYMENT_FAILED",
  "METHOD_NOT_ALLOWED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "SERVICE_UNAVAILABLE",
  "INTERNAL",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The body of every API error response. */
export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
};
