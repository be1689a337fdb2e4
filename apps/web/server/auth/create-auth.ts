import { hkdfSync } from "node:crypto";
import { brand } from "@jai/contracts";
import type { Locale } from "@jai/contracts/locale";
import { accounts, type Db, sessions, twoFactors, users, verifications } from "@jai/db";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { describeError, type Logger, withoutQueryParams } from "../logger";
import type { AuthEmailKind } from "../services/accounts/auth-emails";
import { type AuthHookDeps, createAuthHooks } from "./auth-hooks";

/** Sessions last 30 days from the last use; their expiry moves forward at most once a day. */
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60;
const sessionRefreshSeconds = 24 * 60 * 60;
/** Links in verification and change-of-email emails. */
export const verificationLinkHours = 24;
/** Links in password-reset emails. */
export const resetLinkHours = 1;

export type AuthEmailRequest = {
  kind: AuthEmailKind;
  to: string;
  locale: Locale;
  name: string;
  /** Path and query on PUBLIC_URL, in English form ("/verify-email?token=…"): localized here. */
  path: string;
  hours: number;
};

export type CreateAuthOptions = AuthHookDeps & {
  db: Db;
  logger: Logger;
  /** PUBLIC_URL: better-auth's base URL, the only trusted origin, and every link's origin. */
  publicUrl: string;
  /** SECRET_KEY: better-auth's secret is derived from it. */
  secretKey: string;
  /** Queues an account email in the outbox (never sends inline). */
  sendEmail: (email: AuthEmailRequest) => Promise<void>;
  /** Deletes what the owner owns (bots, personas …) and the owner, in one transaction. */
  deleteOwner: (user: { id: string; email: string }) => Promise<void>;
  /**
   * Runs once a new user row is stored, with the plan the sign-up named (`plan`, checked by the
   * hooks), if any: the owner's trial starts here.
   */
  onUserCreated?: (userId: string, requestedPlanId: string | null) => Promise<void>;
};

/**
 * better-auth's secret, derived from SECRET_KEY with HKDF under its own label, so the key used
 * for sessions and encrypted TOTP secrets is never the one that hashes client addresses.
 */
export function deriveAuthSecret(secretKey: string): string {
  return Buffer.from(hkdfSync("sha256", secretKey, "jai", "better-auth secret v1", 32)).toString(
    "base64url",
  );
}

const loopbackHosts = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins sign-in and sign-up may come from: PUBLIC_URL's, and when that is a loopback name
 * (the default `http://localhost:3000`), the other loopback names on the same port too, so a
 * developer who opens http://127.0.0.1:3000 can sign up.
 */
export function trustedOriginsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!loopbackHosts.includes(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : "";
  return loopbackHosts.map((host) => `${url.protocol}//${host}${port}`);
}

/**
 * better-auth on our database: email and password with required verification, TOTP two-factor
 * with backup codes, sessions in the database (revocable at once, no cookie cache). Its own rate
 * limiter is off: ours (per client address as we resolve it, and per account) runs in the hooks.
 */
export function createAuth(options: CreateAuthOptions) {
  const { db, logger, publicUrl, secretKey, sendEmail, deleteOwner, onUserCreated } = options;
  const isHttps = publicUrl.startsWith("https://");
  const hooks = createAuthHooks(options);
  // `locale` is our additional user field: better-auth's User type does not list it.
  const localeOf = (user: object): Locale =>
    (user as { locale?: unknown }).locale === "th" ? "th" : "en";

  return betterAuth({
    appName: brand.name,
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret: deriveAuthSecret(secretKey),
    trustedOrigins: trustedOriginsFor(publicUrl),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up never starts a session: the address must be verified first, and the answer
      // is the same whether or not the address already had an account.
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: resetLinkHours * 60 * 60,
      sendResetPassword: async ({ user, token }) =>
        sendEmail({
          kind: "resetPassword",
          to: user.email,
          locale: localeOf(user),
          name: user.name,
          path: `/reset-password?token=${encodeURIComponent(token)}`,
          hours: resetLinkHours,
        }),
      onExistingUserSignUp: async ({ user }) =>
        sendEmail({
          kind: "existingAccount",
          to: user.email,
          locale: localeOf(user),
          name: user.name,
          path: "/sign-in",
          hours: 0,
        }),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in with the right password but an unverified address sends a fresh link.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: verificationLinkHours * 60 * 60,
      sendVerificationEmail: async ({ user, token }) =>
        sendEmail({
          // The second step of a change of email goes to the new address (`user.email` is it).
          kind: isChangeOfEmail(token) ? "changeEmailVerify" : "verifyEmail",
          to: user.email,
          locale: localeOf(user),
          name: user.name,
          path: `/verify-email?token=${encodeURIComponent(token)}`,
          hours: verificationLinkHours,
        }),
    },
    user: {
      additionalFields: {
        locale: { type: "string", required: false, defaultValue: "en", input: true },
      },
      changeEmail: {
        enabled: true,
        // First step: the current address approves the change.
        sendChangeEmailConfirmation: async ({ user, token }) =>
          sendEmail({
            kind: "changeEmailConfirm",
            to: user.email,
            locale: localeOf(user),
            name: user.name,
            path: `/verify-email?token=${encodeURIComponent(token)}`,
            hours: verificationLinkHours,
          }),
      },
      deleteUser: {
        enabled: true,
        // Everything the owner has goes in one transaction here; better-auth then finds no
        // user left to delete and clears the cookie.
        beforeDelete: async (user) => deleteOwner({ id: user.id, email: user.email }),
      },
    },
    session: {
      expiresIn: sessionMaxAgeSeconds,
      updateAge: sessionRefreshSeconds,
      cookieCache: { enabled: false },
    },
    verification: { storeIdentifier: "hashed" },
    databaseHooks: {
      user: {
        create: {
          after: async (user, context) => {
            const plan = (context?.body as { plan?: unknown } | undefined)?.plan;
            // The account exists either way: without its plan row, the first read creates the
            // trial (see console-plan.ts); only the plan picked before signing up is lost.
            await onUserCreated?.(user.id, typeof plan === "string" ? plan : null).catch(
              (error: unknown) =>
                logger.error("trial not started for a new account", describeError(error)),
            );
          },
        },
      },
    },
    rateLimit: { enabled: false },
    advanced: {
      // `__Secure-` prefix and the Secure attribute when the site is served over https.
      useSecureCookies: isHttps,
      cookiePrefix: "jai",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      // Client addresses are never stored (docs/decisions/0006).
      ipAddress: { disableIpTracking: true },
    },
    onAPIError: {
      // Client errors (wrong password, expired link …) are answers, not incidents.
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) return;
        logger.error("auth: unexpected error", describeError(error));
      },
    },
    logger: {
      level: "warn",
      log: (level, message) => {
        // better-auth's messages may name an email address or a failed query's values; only its
        // text is kept (without either), at warn+.
        const text = `auth: ${withoutQueryParams(message).replace(/\S+@\S+/g, "[email]")}`;
        if (level === "error") logger.error(text);
        else if (level === "warn") logger.warn(text);
      },
    },
    plugins: [
      twoFactor({
        issuer: brand.name,
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted" },
      }),
    ],
    hooks,
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Whether a verification token is the second step of a change of email (its JWT says so). */
function isChangeOfEmail(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    return payload?.requestType === "change-email-verification";
  } catch {
    return false;
  }
}
