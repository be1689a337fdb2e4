import {
  AccountEmailSchema,
  AccountNameSchema,
  accountLocales,
  BackupCodeSchema,
  CurrentPasswordSchema,
  listAccountIssues,
  NewPasswordSchema,
  SignUpSchema,
  TotpCodeSchema,
} from "@jai/contracts/accounts";
import { type PlanId, planIds } from "@jai/contracts/plans";
import { and, type Db, eq, isNull, lt, or, twoFactors } from "@jai/db";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { renderSVG } from "uqr";
import { AppError } from "../http/errors";
import type { RateLimit } from "../http/rate-limit";
import type { AuthLimits } from "./auth-limits";
import { type AuthRequestState, currentAuthRequest } from "./auth-request-context";
import { findTotpStep } from "./totp";

export type AuthHookDeps = {
  db: Db;
  limits: AuthLimits;
  /** A keyed hash of the client's network (services.clientKey). */
  clientKey: (ip: string | undefined) => string;
  /** A keyed hash of an account identifier (normalized email or user id): limit keys only. */
  accountKey: (value: string) => string;
  /** Answers that could tell an existing account from a new one take at least this long. */
  minimumEmailResponseMs?: number;
};

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const twoFactorVerifyPaths = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);
/** Signed-in requests that check the owner's password (or a code): guessing is limited. */
const passwordCheckPaths = new Set([
  "/change-password",
  "/delete-user",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/two-factor/get-totp-uri",
]);
/** Requests that send an email to an address the client names. */
const emailSendingPaths = new Set([
  "/sign-up/email",
  "/request-password-reset",
  "/send-verification-email",
  "/change-email",
]);
/** Answers padded to a minimum duration, so timing does not tell whether the account exists. */
const paddedPaths = new Set([
  "/sign-up/email",
  "/request-password-reset",
  "/send-verification-email",
]);

/**
 * Our rules around better-auth's endpoints, as its `hooks.before` / `hooks.after`:
 * - brute-force limits per client and per account on sign-in, two-factor codes and password
 *   checks (counted before, given back on success);
 * - a TOTP code is accepted once: the step of each accepted code is stored, and a code of that
 *   step or an earlier one is refused (better-auth alone accepts a code again within its window);
 * - deleting an account needs the password, and a code when two-factor is on;
 * - input is validated with the schemas the pages use; session tokens never reach JavaScript
 *   (they live in the HttpOnly cookie only).
 */
export function createAuthHooks(deps: AuthHookDeps) {
  const { db, limits, clientKey, accountKey, minimumEmailResponseMs = 400 } = deps;

  const before = createAuthMiddleware(async (ctx) => {
    const path = ctx.path;
    const isLimited =
      path === "/sign-in/email" ||
      twoFactorVerifyPaths.has(path) ||
      passwordCheckPaths.has(path) ||
      emailSendingPaths.has(path);
    if (!isLimited) {
      if (path === "/update-user") validateProfileUpdate(ctx.body);
      if (path === "/reset-password") {
        const next = NewPasswordSchema.safeParse(
          (ctx.body as { newPassword?: unknown })?.newPassword,
        );
        if (!next.success) throw invalid({ newPassword: listAccountIssues(next.error).form });
      }
      if (path === "/revoke-session") return { context: { body: await revokedToken(ctx) } };
      return;
    }
    const state = currentAuthRequest();
    // Every HTTP request goes through runWithAuthRequest (see auth-api.ts); a server-side call
    // of a limited endpoint without it would bypass the limits.
    if (!state) throw new Error(`better-auth ${path} called outside runWithAuthRequest`);
    const client = clientKey(state.clientIp);
    const body = (ctx.body ?? {}) as Record<string, unknown>;

    if (path === "/sign-in/email") {
      await count(state, limits.signInClient, client, "refund");
      const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
      if (email) await count(state, limits.signInAccount, accountKey(`email:${email}`), "reset");
      if (typeof body.password === "string" && body.password.length > 128) {
        throw invalid({ password: "passwordTooLong" });
      }
      return;
    }

    if (twoFactorVerifyPaths.has(path)) {
      await count(state, limits.twoFactorClient, client, "refund");
      const userId = await resolveTwoFactorUserId(ctx);
      if (!userId) return; // better-auth answers: the challenge is missing or expired
      await count(state, limits.twoFactorAccount, accountKey(`user:${userId}`), "reset");
      if (path === "/two-factor/verify-totp") {
        const code = TotpCodeSchema.safeParse(body.code);
        if (!code.success) throw invalid({ code: "invalidCode" });
        await claimTotpStep(ctx, userId, code.data);
      } else {
        const code = BackupCodeSchema.safeParse(body.code);
        if (!code.success) throw invalid({ code: "invalidCode" });
        return { context: { body: { ...body, code: code.data } } };
      }
      return;
    }

    if (emailSendingPaths.has(path)) {
      await count(state, limits.emailClient, client, "none");
      if (path === "/sign-up/email") {
        if ("image" in body) throw invalid({ image: "invalid" });
        // The plan a pricing card linked to (`/sign-up?plan=pro`), kept with the new account.
        if (body.plan !== undefined && !planIds.includes(body.plan as PlanId)) {
          throw invalid({ plan: "invalid" });
        }
        const parsed = SignUpSchema.safeParse({ ...body, locale: body.locale ?? state.locale });
        if (!parsed.success) throw invalid(listAccountIssues(parsed.error));
        return { context: { body: { ...body, ...parsed.data } } };
      }
      if (path === "/change-email") {
        const session = await getSessionFromCtx(ctx);
        const parsed = AccountEmailSchema.safeParse(body.newEmail);
        if (!parsed.success)
          throw invalid({ newEmail: listAccountIssues(parsed.error).form ?? "invalidEmail" });
        if (session && parsed.data === session.user.email) {
          throw new APIError("BAD_REQUEST", {
            code: "EMAIL_UNCHANGED",
            message: "email unchanged",
          });
        }
        return { context: { body: { ...body, newEmail: parsed.data } } };
      }
      const parsed = AccountEmailSchema.safeParse(body.email);
      if (!parsed.success) throw invalid({ email: "invalidEmail" });
      return { context: { body: { ...body, email: parsed.data } } };
    }

    // Signed-in requests that check the password.
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // better-auth answers 401
    await count(state, limits.passwordAccount, accountKey(`user:${session.user.id}`), "reset");
    if (path === "/change-password") {
      const current = CurrentPasswordSchema.safeParse(body.currentPassword);
      const next = NewPasswordSchema.safeParse(body.newPassword);
      if (!current.success || !next.success) {
        throw invalid({
          ...(current.success ? {} : { currentPassword: listAccountIssues(current.error).form }),
          ...(next.success ? {} : { newPassword: listAccountIssues(next.error).form }),
        });
      }
      // Other devices are signed out whenever the password changes.
      return { context: { body: { ...body, revokeOtherSessions: true } } };
    }
    if (path === "/delete-user") {
      await checkAccountDeletion(ctx, session.user, body);
    }
    return;
  });

  const after = createAuthMiddleware(async (ctx) => {
    const path = ctx.path;
    const state = currentAuthRequest();
    const returned = ctx.context.returned;
    const isError = isAPIError(returned);

    if (state) {
      const code = isError ? (returned as APIError).body?.code : undefined;
      // The password was right: the attempt is not a failure even though no session started.
      const isSuccess = !isError || (path === "/sign-in/email" && code === "EMAIL_NOT_VERIFIED");
      if (isSuccess) {
        await Promise.all([
          ...state.resetOnSuccess.map((reset) => reset()),
          ...state.counted.map((entry) => entry.refund()),
        ]);
      }
      if (paddedPaths.has(path)) {
        const remaining = state.startedAt + minimumEmailResponseMs - Date.now();
        if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
      }
    }
    if (isError || returned === null || typeof returned !== "object") return;

    if (path === "/list-sessions" && Array.isArray(returned)) {
      const current = await getSessionFromCtx(ctx);
      return ctx.json(
        returned.map((session: Record<string, unknown>) => ({
          id: session.id,
          userAgent: session.userAgent ?? null,
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
          expiresAt: session.expiresAt,
          isCurrent: session.id === current?.session.id,
        })),
      );
    }
    if (path === "/two-factor/enable") {
      const result = returned as { totpURI?: string };
      if (typeof result.totpURI === "string") {
        Object.assign(result, {
          totpSecret: new URL(result.totpURI).searchParams.get("secret"),
          totpQrSvg: renderSVG(result.totpURI, { ecc: "M", border: 2 }),
        });
      }
    }
    stripSessionTokens(returned as Record<string, unknown>);
    return;
  });

  /** Counts one attempt; throws 429 past the limit. `refund`/`reset`: undone on success. */
  async function count(
    state: AuthRequestState,
    limit: RateLimit,
    key: string,
    onSuccess: "refund" | "reset" | "none",
  ): Promise<void> {
    try {
      await limit.consume(key);
    } catch (error) {
      if (error instanceof AppError && error.code === "RATE_LIMITED") {
        const seconds = error.retryAfterSeconds ?? 60;
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { code: "RATE_LIMITED", message: "too many attempts", retryAfterSeconds: seconds },
          { "Retry-After": String(seconds) },
        );
      }
      throw error;
    }
    if (onSuccess === "refund") state.counted.push({ refund: () => limit.refund(key) });
    if (onSuccess === "reset") state.resetOnSuccess.push(() => limit.reset(key));
  }

  /**
   * Accepts a TOTP code's time step once. The conditional update is atomic, so of two requests
   * racing with the same code only one gets through. A code that matches no step is left to
   * better-auth, which refuses it and counts the failure.
   */
  async function claimTotpStep(ctx: HookContext, userId: string, code: string): Promise<void> {
    const [factor] = await db
      .select({ secret: twoFactors.secret })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    if (!factor) return;
    const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: factor.secret });
    const step = findTotpStep(new TextEncoder().encode(secret), code);
    if (step === undefined) return;
    const claimed = await db
      .update(twoFactors)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactors.userId, userId),
          or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step)),
        ),
      )
      .returning({ id: twoFactors.id });
    if (claimed.length === 0) {
      throw new APIError("UNAUTHORIZED", {
        code: "CODE_ALREADY_USED",
        message: "this code was already used",
      });
    }
  }

  /**
   * Deleting an account needs the password, checked here before any code is spent, and, with
   * two-factor on, a current TOTP code or an unused backup code.
   */
  async function checkAccountDeletion(
    ctx: HookContext,
    user: { id: string; twoFactorEnabled?: boolean | null },
    body: Record<string, unknown>,
  ): Promise<void> {
    const password = CurrentPasswordSchema.safeParse(body.password);
    if (!password.success) throw invalid({ password: listAccountIssues(password.error).form });
    if ("token" in body || "callbackURL" in body) throw invalid({ form: "invalid" });
    const account = await ctx.context.internalAdapter.findCredentialAccount(user.id);
    const isPasswordRight =
      !!account?.password &&
      (await ctx.context.password.verify({ hash: account.password, password: password.data }));
    if (!isPasswordRight) {
      throw new APIError("BAD_REQUEST", { code: "INVALID_PASSWORD", message: "invalid password" });
    }
    if (!user.twoFactorEnabled) return;
    const totp = TotpCodeSchema.safeParse(body.code);
    if (totp.success) {
      const [factor] = await db
        .select({ secret: twoFactors.secret })
        .from(twoFactors)
        .where(eq(twoFactors.userId, user.id));
      const secret = factor
        ? await symmetricDecrypt({ key: ctx.context.secretConfig, data: factor.secret })
        : undefined;
      if (!secret || findTotpStep(new TextEncoder().encode(secret), totp.data) === undefined) {
        throw new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: "invalid code" });
      }
      await claimTotpStep(ctx, user.id, totp.data);
      return;
    }
    const backup = BackupCodeSchema.safeParse(body.code);
    if (!backup.success || !(await spendBackupCode(ctx, user.id, backup.data))) {
      throw new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message: "invalid code" });
    }
  }

  /** Removes one backup code if it is among the owner's (atomically, like better-auth). */
  async function spendBackupCode(ctx: HookContext, userId: string, code: string) {
    const [factor] = await db
      .select({ backupCodes: twoFactors.backupCodes })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    if (!factor) return false;
    const key = ctx.context.secretConfig;
    const codes = JSON.parse(await symmetricDecrypt({ key, data: factor.backupCodes })) as string[];
    if (!codes.includes(code)) return false;
    const remaining = await symmetricEncrypt({
      key,
      data: JSON.stringify(codes.filter((candidate) => candidate !== code)),
    });
    const updated = await db
      .update(twoFactors)
      .set({ backupCodes: remaining })
      .where(and(eq(twoFactors.userId, userId), eq(twoFactors.backupCodes, factor.backupCodes)))
      .returning({ id: twoFactors.id });
    return updated.length === 1;
  }

  return { before, after };
}

/**
 * Who is answering a two-factor challenge: the signed-in owner (turning it on), or the owner
 * whose password was just accepted (the signed `two_factor` cookie names the challenge).
 */
async function resolveTwoFactorUserId(ctx: HookContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!challenge || new Date(challenge.expiresAt).getTime() < Date.now()) return undefined;
  return challenge.value;
}

/**
 * Pages name a session by its id (tokens never leave the server); better-auth's revoke-session
 * takes the token, looked up here among the signed-in owner's sessions only.
 */
async function revokedToken(ctx: HookContext): Promise<{ token: string }> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const session = await getSessionFromCtx(ctx);
  if (!session || typeof body.sessionId !== "string") throw invalid({ sessionId: "missing" });
  const [row] = await ctx.context.adapter.findMany<{ token: string }>({
    model: "session",
    where: [
      { field: "id", value: body.sessionId },
      { field: "userId", value: session.user.id },
    ],
    limit: 1,
  });
  // An unknown id revokes nothing (better-auth answers success for a token it does not find).
  return { token: row?.token ?? "" };
}

function validateProfileUpdate(body: unknown): void {
  const input = (body ?? {}) as Record<string, unknown>;
  const allowed = new Set(["name", "locale"]);
  const unknown = Object.keys(input).filter((key) => !allowed.has(key));
  if (unknown.length > 0) throw invalid(Object.fromEntries(unknown.map((key) => [key, "invalid"])));
  if ("name" in input) {
    const name = AccountNameSchema.safeParse(input.name);
    if (!name.success) throw invalid({ name: listAccountIssues(name.error).form ?? "invalid" });
  }
  if ("locale" in input && !accountLocales.includes(input.locale as "en")) {
    throw invalid({ locale: "invalid" });
  }
}

function invalid(fields: Record<string, string | undefined>): APIError {
  const clean = Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return new APIError("UNPROCESSABLE_ENTITY", {
    code: "VALIDATION_FAILED",
    message: "some fields are missing or invalid",
    fields: clean,
  });
}

/** Session tokens stay in the HttpOnly cookie: answers never carry them to JavaScript. */
function stripSessionTokens(value: Record<string, unknown>): void {
  delete value.token;
  const session = value.session;
  if (session && typeof session === "object") {
    delete (session as Record<string, unknown>).token;
    delete (session as Record<string, unknown>).ipAddress;
  }
}
