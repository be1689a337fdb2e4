import { createHmac } from "node:crypto";
import type { WorkspaceRole } from "@jai/contracts/inbox";
import { type Locale, localizePath } from "@jai/contracts/locale";
import type { Database } from "@jai/db";
import type { Context } from "hono";
import { type AuthLimitOptions, createAuthLimits } from "../../auth/auth-limits";
import { runWithAuthRequest } from "../../auth/auth-request-context";
import { type Auth, type AuthEmailRequest, createAuth } from "../../auth/create-auth";
import { AppError } from "../../http/errors";
import type { Logger } from "../../logger";
import {
  chosenWorkspace,
  hasRole,
  resolveWorkspace,
  type WorkspaceAccess,
} from "../../modules/workspaces/workspace-access";
import { deleteOwnerData } from "./delete-owner-data";
import { enqueueAuthEmail } from "./enqueue-auth-email";
import { type VerifyEmailResult, verifyEmailToken } from "./verify-email-token";

/** The signed-in owner, as server code sees them. */
export type Owner = {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  locale: Locale;
  /** The session of this request (to mark "this device"). */
  sessionId: string;
};

/**
 * The signed-in user acting in a workspace: `workspaceId` is what every console query filters
 * by (it was the owner's id), `role` what they may do there.
 */
export type Member = Owner & WorkspaceAccess;

export type AccountSession = {
  id: string;
  userAgent: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  isCurrent: boolean;
};

export type Accounts = {
  /** better-auth itself (its `api` for server calls, its `handler` for /api/auth). */
  readonly auth: Auth;
  /**
   * Answers one /api/auth request with better-auth, knowing the client's address (for the
   * limits) and the language to write emails in.
   */
  handle(
    request: Request,
    input: { clientIp: string | undefined; locale: Locale },
  ): Promise<Response>;
  /** The owner of the request's session cookie, or null. Never refreshes the session. */
  getSessionUser(request: Request): Promise<Owner | null>;
  /**
   * The signed-in owner, or: for a Hono API handler, AppError UNAUTHORIZED (401 JSON); for a
   * page loader given its Request, a thrown redirect to the sign-in page (back here after).
   */
  requireOwner(input: Context | Request): Promise<Owner>;
  /**
   * The signed-in user in the workspace the request acts in, with at least `role` there
   * ("admin" unless given: everything in the console but the inbox and contacts). Not signed
   * in: as requireOwner. A lower role: AppError FORBIDDEN (403 JSON; a loader shows the 403
   * page).
   */
  requireMember(input: Context | Request, role?: WorkspaceRole): Promise<Member>;
  /** The member behind a request's session, or null (signed out). Never refreshes the session. */
  getMember(request: Request): Promise<Member | null>;
  /** The owner's active sessions, newest use first. */
  listSessions(request: Request): Promise<AccountSession[]>;
  /** The landing page of an email link: verifies the token, with the cookies to set. */
  verifyEmail(
    token: string,
    request: Request,
  ): Promise<{ result: VerifyEmailResult; headers: Headers }>;
};

export type AccountsOptions = {
  database: Database;
  logger: Logger;
  publicUrl: string;
  secretKey: string;
  clientKey: (ip: string | undefined) => string;
  onEmailQueued?: () => void;
  limits?: AuthLimitOptions;
  /** Account emails one address may receive per hour (5). */
  emailsPerAddressPerHour?: number;
  /**
   * Sign-up and reset answers take at least this long (400 ms), so timing does not tell whether
   * an account exists. Tests of other things set 0: the wait is most of a test sign-up.
   */
  minimumEmailResponseMs?: number;
  /** Runs once a new account is stored: starts its trial with the plan picked, if any. */
  onOwnerCreated?: (ownerId: string, requestedPlanId: string | null) => Promise<void>;
};

export function createAccounts(options: AccountsOptions): Accounts {
  const { database, logger, publicUrl, secretKey, clientKey, onEmailQueued } = options;
  const db = database.db;
  const accountKey = (value: string) =>
    createHmac("sha256", secretKey).update(`auth-account:${value}`).digest("base64url");

  const sendEmail = async (email: AuthEmailRequest) => {
    const [pathname, query] = splitQuery(email.path);
    await enqueueAuthEmail(
      { db, logger, onEmailQueued, maxPerAddressPerHour: options.emailsPerAddressPerHour },
      email.to,
      {
        kind: email.kind,
        locale: email.locale,
        name: email.name,
        link: `${publicUrl}${localizePath(pathname, email.locale)}${query}`,
        hours: email.hours,
      },
    );
  };

  const auth = createAuth({
    db,
    logger,
    publicUrl,
    secretKey,
    limits: createAuthLimits(database, options.limits),
    clientKey,
    accountKey,
    sendEmail,
    deleteOwner: (user) => deleteOwnerData(db, user),
    onUserCreated: options.onOwnerCreated,
    minimumEmailResponseMs: options.minimumEmailResponseMs,
  });

  const getSessionUser = async (request: Request): Promise<Owner | null> => {
    if (!request.headers.get("cookie")) return null;
    const result = await auth.api.getSession({
      headers: request.headers,
      query: { disableRefresh: true },
    });
    if (!result) return null;
    const user = result.user as typeof result.user & { locale?: string };
    return {
      userId: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled === true,
      locale: user.locale === "th" ? "th" : "en",
      sessionId: result.session.id,
    };
  };

  const toMember = async (owner: Owner, request: Request): Promise<Member> => ({
    ...owner,
    ...(await resolveWorkspace(
      db,
      { id: owner.userId, name: owner.name },
      chosenWorkspace(request),
    )),
  });

  const accounts: Accounts = {
    auth,
    handle: (request, input) => runWithAuthRequest(input, () => auth.handler(request)),
    getSessionUser,
    async getMember(request) {
      const owner = await getSessionUser(request);
      return owner ? toMember(owner, request) : null;
    },
    async requireMember(input, role = "admin") {
      const owner = await accounts.requireOwner(input);
      const request = input instanceof Request ? input : input.req.raw;
      const member = await toMember(owner, request);
      if (!hasRole(member.role, role)) {
        if (input instanceof Request) throw new Response("Forbidden", { status: 403 });
        throw new AppError("FORBIDDEN", { message: `this needs the ${role} role` });
      }
      return member;
    },
    async requireOwner(input) {
      const request = input instanceof Request ? input : input.req.raw;
      const owner = await getSessionUser(request);
      if (owner) return owner;
      if (!(input instanceof Request)) throw new AppError("UNAUTHORIZED");
      const url = new URL(request.url);
      const locale: Locale =
        url.pathname === "/th" || url.pathname.startsWith("/th/") ? "th" : "en";
      const next = `${url.pathname}${url.search}`;
      throw new Response(null, {
        status: 302,
        headers: {
          Location: `${localizePath("/sign-in", locale)}?next=${encodeURIComponent(next)}`,
          "Cache-Control": "no-store",
        },
      });
    },
    async listSessions(request) {
      const sessions = (await auth.api.listSessions({ headers: request.headers })) as unknown[];
      return (sessions as Array<Record<string, unknown>>)
        .map((session) => ({
          id: String(session.id),
          userAgent: typeof session.userAgent === "string" ? session.userAgent : null,
          createdAt: new Date(session.createdAt as string).toISOString(),
          updatedAt: new Date(session.updatedAt as string).toISOString(),
          expiresAt: new Date(session.expiresAt as string).toISOString(),
          isCurrent: session.isCurrent === true,
        }))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    },
    verifyEmail: (token, request) => verifyEmailToken(auth, token, request),
  };
  return accounts;
}

function splitQuery(path: string): [string, string] {
  const index = path.indexOf("?");
  return index === -1 ? [path, ""] : [path.slice(0, index), path.slice(index)];
}
