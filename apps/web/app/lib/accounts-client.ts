/**
 * The browser side of accounts, small enough for every page's header: JSON calls to
 * `/api/auth/*`, the signed-in owner, and a typed stream of session events.
 *
 * The session itself is an HttpOnly cookie that JavaScript never sees. A flag in localStorage
 * only says "this browser signed in", so pages of anonymous visitors make no request at all;
 * with the flag set, the owner is fetched once after hydration and kept up to date.
 */

import { hasSessionHint, setSessionHint } from "~/lib/session-hint";

export const authEventTypes = [
  "INITIAL_SESSION",
  "SIGNED_IN",
  "SIGNED_OUT",
  "TOKEN_REFRESHED",
  "USER_UPDATED",
  "PASSWORD_RECOVERY",
  "MFA_CHALLENGE_VERIFIED",
] as const;
export type AuthEventType = (typeof authEventTypes)[number];

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  locale: "en" | "th";
};

export type ClientSession = {
  user: SessionUser;
  /** When the session ends unless used again (ISO time); moves forward as it is refreshed. */
  expiresAt: string;
} | null;

export type AuthEvent = { type: AuthEventType; session: ClientSession };
export type AuthListener = (event: AuthEvent) => void;

export type AuthError = {
  code: string;
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
};
export type AuthResult<T> = { ok: true; data: T } | { ok: false; status: number; error: AuthError };

const channelName = "jai-auth";
/** A visible tab checks its session again at most this often. */
const refreshIntervalMs = 60_000;

let current: ClientSession | undefined;
let loading: Promise<ClientSession> | undefined;
let lastCheckedAt = 0;
const listeners = new Set<AuthListener>();
let channel: BroadcastChannel | undefined;
let isWatching = false;

/**
 * Calls one better-auth endpoint. Answers in `locale` (errors come localized from the server).
 * Never throws: a network failure is `{ ok: false, status: 0, error: { code: "NETWORK" } }`.
 */
export async function authRequest<T = unknown>(
  path: string,
  {
    body,
    method = body === undefined ? "GET" : "POST",
    locale = "en",
  }: {
    body?: unknown;
    method?: "GET" | "POST";
    locale?: "en" | "th";
  } = {},
): Promise<AuthResult<T>> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        "Accept-Language": locale,
        ...(method === "POST" ? { "Content-Type": "application/json" } : {}),
      },
      body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch {
    return { ok: false, status: 0, error: { code: "NETWORK", message: "" } };
  }
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // an empty or non-JSON answer
  }
  if (response.ok) return { ok: true, data: payload as T };
  const error = (payload as { error?: Partial<AuthError> } | null)?.error;
  const retryAfter = Number(response.headers.get("Retry-After"));
  return {
    ok: false,
    status: response.status,
    error: {
      code: typeof error?.code === "string" ? error.code : "UNKNOWN",
      message: typeof error?.message === "string" ? error.message : "",
      fields: error?.fields,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    },
  };
}

/** The owner of this browser's session, from the server (`force`: even without the flag). */
export function loadSession({ force = false } = {}): Promise<ClientSession> {
  if (!force && !hasSessionHint()) return Promise.resolve(setCurrent(null));
  loading ??= authRequest<{ session: { expiresAt: string }; user: SessionUser } | null>(
    "/get-session",
  )
    .then((result) => {
      lastCheckedAt = Date.now();
      // A failed check keeps what we knew: being offline is not being signed out.
      if (!result.ok) return current ?? null;
      return setCurrent(toClientSession(result.data));
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/**
 * Listens to session events. The listener first gets INITIAL_SESSION with the session as
 * known (loaded if needed), then every change. Returns the function that stops listening.
 */
export function onAuthEvent(listener: AuthListener): () => void {
  listeners.add(listener);
  watch();
  const initial = current === undefined ? loadSession() : Promise.resolve(current);
  void initial.then((session) => {
    if (listeners.has(listener)) listener({ type: "INITIAL_SESSION", session });
  });
  return () => listeners.delete(listener);
}

/**
 * Tells listeners (in this tab and the others) what just happened. Events that change who is
 * signed in or what they look like reload the session from the server first.
 */
export async function emitAuthEvent(type: AuthEventType): Promise<ClientSession> {
  const session = await sessionAfter(type);
  notify(type, session);
  channel?.postMessage(type);
  return session;
}

/** The session as last known in this tab (undefined before the first check). */
export function getCurrentSession(): ClientSession | undefined {
  return current;
}

async function sessionAfter(type: AuthEventType): Promise<ClientSession> {
  if (type === "SIGNED_OUT") return setCurrent(null);
  if (type === "PASSWORD_RECOVERY") return current ?? null;
  return loadSession({ force: true });
}

function notify(type: AuthEventType, session: ClientSession) {
  for (const listener of listeners) {
    try {
      listener({ type, session });
    } catch (error) {
      // One broken listener must not silence the others.
      setTimeout(() => {
        throw error;
      });
    }
  }
}

/** Cross-tab events, and a check of the session when a tab comes back into view. */
function watch() {
  if (isWatching || typeof window === "undefined") return;
  isWatching = true;
  if ("BroadcastChannel" in window) {
    channel = new BroadcastChannel(channelName);
    channel.onmessage = (message: MessageEvent<unknown>) => {
      const type = message.data;
      if (typeof type !== "string" || !authEventTypes.includes(type as AuthEventType)) return;
      void sessionAfter(type as AuthEventType).then((session) =>
        notify(type as AuthEventType, session),
      );
    };
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || !hasSessionHint()) return;
    if (Date.now() - lastCheckedAt < refreshIntervalMs) return;
    void refreshSession();
  });
}

/** Checks the session again and reports what changed (expired, refreshed, updated elsewhere). */
export async function refreshSession(): Promise<ClientSession> {
  const before = current;
  const after = await loadSession({ force: true });
  if (before && !after) notify("SIGNED_OUT", after);
  else if (!before && after) notify("SIGNED_IN", after);
  else if (before && after) {
    if (JSON.stringify(before.user) !== JSON.stringify(after.user)) notify("USER_UPDATED", after);
    else if (before.expiresAt !== after.expiresAt) notify("TOKEN_REFRESHED", after);
  }
  return after;
}

function setCurrent(session: ClientSession): ClientSession {
  current = session;
  setSessionHint(session !== null);
  return session;
}

function toClientSession(
  data: { session: { expiresAt: string }; user: SessionUser } | null,
): ClientSession {
  if (!data?.user) return null;
  const { user } = data;
  return {
    expiresAt: String(data.session.expiresAt),
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified === true,
      twoFactorEnabled: user.twoFactorEnabled === true,
      locale: user.locale === "th" ? "th" : "en",
    },
  };
}
