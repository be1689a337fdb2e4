import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "@jai/contracts/locale";

/**
 * What the auth hooks need to know about the HTTP request behind a better-auth call, and what
 * they hand from their `before` to their `after` half. Set by the /api/auth mount (and by any
 * server code that calls better-auth for a request); never read from request headers, so a
 * client cannot forge its address.
 */
export type AuthRequestState = {
  /** The client's address as server/http/client-ip.ts resolved it. */
  clientIp: string | undefined;
  /** The language to answer and write emails in when the account has none yet. */
  locale: Locale;
  /** When the request started: some answers are padded to a minimum duration. */
  startedAt: number;
  /** Limits counted by the `before` hook, refunded by the `after` hook when the attempt succeeds. */
  counted: Array<{ refund: () => Promise<void> }>;
  /** Attempts to forget once the request succeeds (e.g. an account's failed sign-ins). */
  resetOnSuccess: Array<() => Promise<void>>;
};

const storage = new AsyncLocalStorage<AuthRequestState>();

export function runWithAuthRequest<T>(
  input: { clientIp: string | undefined; locale: Locale },
  run: () => Promise<T>,
): Promise<T> {
  return storage.run({ ...input, startedAt: Date.now(), counted: [], resetOnSuccess: [] }, run);
}

/** The state of the request being handled; undefined outside runWithAuthRequest. */
export function currentAuthRequest(): AuthRequestState | undefined {
  return storage.getStore();
}
