/**
 * What went wrong talking to Google, by what the owner (or the operator) can do about it:
 * - `forbidden`: the sheet is not shared with the service account (403);
 * - `not_found`: no such spreadsheet (404);
 * - `tab_not_found`: the spreadsheet has no tab of that name (400, "Unable to parse range");
 * - `auth`: Google refused the service account itself (its email or key are wrong);
 * - `rate_limited`: Google's quota (429), and `unavailable`: Google or the network failed (5xx,
 *   timeouts): both are tried again later, with backoff.
 */
export type SheetsErrorKind =
  | "forbidden"
  | "not_found"
  | "tab_not_found"
  | "auth"
  | "rate_limited"
  | "unavailable";

export class SheetsError extends Error {
  override name = "SheetsError";
  constructor(
    readonly kind: SheetsErrorKind,
    options: { retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(kind, { cause: options.cause });
    this.retryAfterMs = options.retryAfterMs;
  }
  /** How long Google asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  get isRetryable(): boolean {
    return this.kind === "rate_limited" || this.kind === "unavailable";
  }

  static fromRetryable(response: Response, kind: "rate_limited" | "unavailable"): SheetsError {
    const seconds = Number(response.headers.get("retry-after"));
    return new SheetsError(kind, {
      retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
    });
  }
}
