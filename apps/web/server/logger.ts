// JSON-lines logger. Never pass secrets, tokens or full URLs with query strings to it.
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>;

export function createLogger(minimum: Level = "info"): Logger {
  const write = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (order[level] < order[minimum]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
    if (level === "error" || level === "warn") process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/**
 * An error as log fields. The one place errors become log lines, so the one place that keeps
 * personal data out of them: a failed database query is logged by its statement (placeholders,
 * `$1`) and SQLSTATE, never its parameter values (a contact form's name, email and message) nor
 * the database's own message, which may quote a value (`invalid input syntax for type uuid: "…"`).
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const failure = findQueryFailure(error);
  if (!failure) return { error: error.message, stack: error.stack };
  const message = failure.query ? `Failed query: ${failure.query}` : "Database error";
  return {
    error: message,
    ...(failure.sqlState ? { sqlState: failure.sqlState } : {}),
    ...(failure.constraint ? { constraint: failure.constraint } : {}),
    // The stack's first lines repeat the message, values included: only the frames stay.
    stack: error.stack
      ?.split("\n")
      .filter((line) => /^\s+at /.test(line))
      .join("\n"),
  };
}

type QueryFailure = { query?: string; sqlState?: string; constraint?: string };

/**
 * A failed query anywhere in the error's cause chain: drizzle's error carries `query` and
 * `params` (and says both in its message); the driver's error, its cause, the SQLSTATE `code`
 * (a PostgreSQL error has a `severity`, which tells its `code` from Node's `EPIPE`).
 */
function findQueryFailure(error: Error): QueryFailure | null {
  let query: string | undefined;
  let sqlState: string | undefined;
  let constraint: string | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const fields = current as {
      query?: unknown;
      params?: unknown;
      code?: unknown;
      severity?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (query === undefined && typeof fields.query === "string" && "params" in fields) {
      query = fields.query;
    }
    if (
      sqlState === undefined &&
      typeof fields.code === "string" &&
      typeof fields.severity === "string" &&
      /^[0-9A-Z]{5}$/.test(fields.code)
    ) {
      sqlState = fields.code;
      if (typeof fields.constraint === "string") constraint = fields.constraint;
    }
    current = fields.cause;
  }
  if (query === undefined) {
    // Some callers wrap the error and keep only drizzle's message: cut it at the params.
    const match = /Failed query: ([\s\S]*?)\nparams: /.exec(error.message);
    if (match?.[1]) query = match[1];
    else if (sqlState === undefined) return null;
  }
  return { query, sqlState, constraint };
}

/** A log text with a failed query's parameter values cut off (see describeError). */
export function withoutQueryParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*$/, "");
}
