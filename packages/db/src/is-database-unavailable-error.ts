// Network failures reaching the server.
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

// SQLSTATEs that say "not now" rather than "wrong query": class 08 (connection exception) is
// matched by prefix; then server shutting down / starting, too many connections, out of
// resources, and a read-only server (a replica during failover).
const unavailableStates = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53000",
  "53100",
  "53200",
  "53300",
  "25006",
]);

// node-postgres and PGlite report a closed or dead connection with these messages only.
const unavailableMessages = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Cannot use a pool after calling end on the pool/,
  /Client has encountered a connection error and is not queryable/,
  /^PGlite is closed/,
];

/**
 * Whether an error thrown by a query means the database cannot be reached right now (so the
 * caller should answer "try again later", 503) rather than that the query itself is wrong.
 * Looks through drizzle's wrapping (`cause`) and aggregated connection attempts.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string") {
      if (networkCodes.has(code) || unavailableStates.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
        return true;
      }
    }
    if (
      typeof message === "string" &&
      unavailableMessages.some((pattern) => pattern.test(message))
    ) {
      return true;
    }
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}
