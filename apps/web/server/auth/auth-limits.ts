import type { Database } from "@jai/db";
import { createRateLimit, type RateLimit } from "../http/rate-limit";

/** Every auth limit counts over the same window, fixed from a key's first attempt. */
export const authLimitWindowSeconds = 15 * 60;

export type AuthLimits = {
  /** Failed sign-ins per account (keyed by a hash of the email, whether or not it exists). */
  signInAccount: RateLimit;
  /** Failed sign-ins per client network. */
  signInClient: RateLimit;
  /** Failed two-factor codes per account (user id). */
  twoFactorAccount: RateLimit;
  /** Failed two-factor codes per client network. */
  twoFactorClient: RateLimit;
  /** Wrong passwords (or codes) given by a signed-in owner: change password, delete … */
  passwordAccount: RateLimit;
  /** Requests that send an email (sign up, password reset, verification, change of email). */
  emailClient: RateLimit;
};

export type AuthLimitOptions = {
  /** Failures per account per window (5). */
  accountAttempts?: number;
  /** Failures per client network per window (20): many people can share one address. */
  clientAttempts?: number;
  /** Email-sending requests per client network per window (10). */
  emailsPerClient?: number;
};

/**
 * Brute-force limits of sign-in and two-factor verification, per client and per account, on
 * our rate limiter (shared by every instance on PostgreSQL). The auth hooks count an attempt
 * before it runs and give it back once it succeeds, so what accumulates are failures, and a
 * burst of parallel guesses cannot slip past a check-then-count race.
 */
export function createAuthLimits(
  database: Database,
  { accountAttempts = 5, clientAttempts = 20, emailsPerClient = 10 }: AuthLimitOptions = {},
): AuthLimits {
  const limit = (name: string, points: number) =>
    createRateLimit(database, { name, points, durationSeconds: authLimitWindowSeconds });
  return {
    signInAccount: limit("sign-in-account", accountAttempts),
    signInClient: limit("sign-in-client", clientAttempts),
    twoFactorAccount: limit("two-factor-account", accountAttempts),
    twoFactorClient: limit("two-factor-client", clientAttempts),
    passwordAccount: limit("password-account", accountAttempts),
    emailClient: limit("auth-email-client", emailsPerClient),
  };
}
