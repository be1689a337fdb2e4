// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthEvent } from "~/lib/accounts-client";

type SessionBody = {
  session: { expiresAt: string };
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
    locale: string;
  };
} | null;

const owner = (
  overrides: Partial<NonNullable<SessionBody>["user"]> = {},
  expiresAt = "2026-12-21T00:00:00.000Z",
): SessionBody => ({
  session: { expiresAt },
  user: {
    id: "u1",
    name: "Somchai",
    email: "somchai@example.com",
    emailVerified: true,
    twoFactorEnabled: false,
    locale: "th",
    ...overrides,
  },
});

describe("the accounts client", () => {
  let serverSession: SessionBody;
  let fetchMock: ReturnType<typeof vi.fn>;

  async function loadClient() {
    vi.resetModules();
    return import("~/lib/accounts-client");
  }

  beforeEach(() => {
    localStorage.clear();
    serverSession = null;
    fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
      if (input === "/api/auth/get-session") {
        return new Response(JSON.stringify(serverSession), {
          headers: { "Content-Type": "application/json" },
        });
      }
      if (input === "/api/auth/sign-in/email") {
        return new Response(
          JSON.stringify({
            error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password." },
          }),
          { status: 401, headers: { "Content-Type": "application/json", "Retry-After": "60" } },
        );
      }
      return new Response(JSON.stringify({ init: init?.body ?? null }), {
        headers: { "Content-Type": "application/json" },
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    // Each test's module gets its own channel: no message of an earlier test arrives late.
    vi.stubGlobal(
      "BroadcastChannel",
      class {
        onmessage: ((event: MessageEvent) => void) | null = null;
        postMessage() {}
        close() {}
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks nothing of the server for visitors who never signed in", async () => {
    const client = await loadClient();
    const events: AuthEvent[] = [];
    client.onAuthEvent((event) => events.push(event));
    await vi.waitFor(() => expect(events).toEqual([{ type: "INITIAL_SESSION", session: null }]));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports sign-in, updates, refreshes and sign-out as typed events", async () => {
    const client = await loadClient();
    const events: AuthEvent[] = [];
    client.onAuthEvent((event) => events.push(event));
    await vi.waitFor(() => expect(events).toHaveLength(1));

    serverSession = owner();
    await client.emitAuthEvent("SIGNED_IN");
    expect(events.at(-1)).toMatchObject({
      type: "SIGNED_IN",
      session: { user: { name: "Somchai", locale: "th" } },
    });
    expect(localStorage.getItem("jai.signed-in")).toBe("1");

    serverSession = owner({ name: "Somchai J." });
    await client.refreshSession();
    expect(events.at(-1)).toMatchObject({
      type: "USER_UPDATED",
      session: { user: { name: "Somchai J." } },
    });

    serverSession = owner({ name: "Somchai J." }, "2026-12-22T00:00:00.000Z");
    await client.refreshSession();
    expect(events.at(-1)?.type).toBe("TOKEN_REFRESHED");

    serverSession = null;
    await client.refreshSession();
    expect(events.at(-1)).toEqual({ type: "SIGNED_OUT", session: null });
    expect(localStorage.getItem("jai.signed-in")).toBeNull();

    expect(events.map((event) => event.type)).toEqual([
      "INITIAL_SESSION",
      "SIGNED_IN",
      "USER_UPDATED",
      "TOKEN_REFRESHED",
      "SIGNED_OUT",
    ]);
  });

  it("loads the session once for a browser that signed in before, and stops listening on request", async () => {
    localStorage.setItem("jai.signed-in", "1");
    serverSession = owner();
    const client = await loadClient();
    const first: AuthEvent[] = [];
    const second: AuthEvent[] = [];
    const stop = client.onAuthEvent((event) => first.push(event));
    client.onAuthEvent((event) => second.push(event));
    await vi.waitFor(() => expect(second).toHaveLength(1));
    expect(first[0]).toMatchObject({ type: "INITIAL_SESSION", session: { user: { id: "u1" } } });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    stop();
    await client.emitAuthEvent("MFA_CHALLENGE_VERIFIED");
    await client.emitAuthEvent("PASSWORD_RECOVERY");
    expect(first).toHaveLength(1);
    expect(second.map((event) => event.type)).toEqual([
      "INITIAL_SESSION",
      "MFA_CHALLENGE_VERIFIED",
      "PASSWORD_RECOVERY",
    ]);
  });

  it("returns errors as data, with the server's sentence and the wait", async () => {
    const client = await loadClient();
    const result = await client.authRequest("/sign-in/email", {
      body: { email: "a@b.co", password: "x" },
      locale: "th",
    });
    expect(result).toEqual({
      ok: false,
      status: 401,
      error: {
        code: "INVALID_EMAIL_OR_PASSWORD",
        message: "Invalid email or password.",
        fields: undefined,
        retryAfterSeconds: 60,
      },
    });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.headers).toMatchObject({
      "Accept-Language": "th",
      "Content-Type": "application/json",
    });

    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    const offline = await client.authRequest("/sign-out", { body: {} });
    expect(offline).toMatchObject({ ok: false, status: 0, error: { code: "NETWORK" } });
  });
});
