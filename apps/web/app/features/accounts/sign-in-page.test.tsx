// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AuthEvent, onAuthEvent } from "~/lib/accounts-client";
import { accountMessages } from "./messages";
import { SignInPage } from "./sign-in-page";

const en = accountMessages.en;
const th = accountMessages.th;

type Reply = { status?: number; body: unknown };

const ConsoleStub = () => <p>console page</p>;
const BuilderStub = () => <p>builder page</p>;

function renderPage(url: string) {
  const Stub = createRoutesStub([
    { path: "/sign-in", Component: SignInPage },
    { path: "/th/sign-in", Component: SignInPage },
    { path: "/app", Component: ConsoleStub },
    { path: "/th/persona-builder", Component: BuilderStub },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

describe("the sign-in page", () => {
  let replies: Record<string, Reply[]>;
  let requests: Array<{ path: string; body: unknown; language: string }>;

  beforeEach(() => {
    localStorage.clear();
    requests = [];
    replies = {};
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        const path = input.replace("/api/auth", "");
        const headers = (init?.headers ?? {}) as Record<string, string>;
        requests.push({
          path,
          body: init?.body ? JSON.parse(String(init.body)) : null,
          language: headers["Accept-Language"] ?? "",
        });
        const reply = replies[path]?.shift() ?? { body: null };
        return new Response(JSON.stringify(reply.body), {
          status: reply.status ?? 200,
          headers: { "Content-Type": "application/json" },
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const session = {
    session: { expiresAt: "2026-12-21T00:00:00.000Z" },
    user: {
      id: "u1",
      name: "Somchai",
      email: "somchai@example.com",
      emailVerified: true,
      twoFactorEnabled: true,
      locale: "en",
    },
  };

  it("checks the fields before asking the server", async () => {
    renderPage("/sign-in");
    fireEvent.click(screen.getByRole("button", { name: en.signIn.submit }));
    expect(
      await screen.findByText(en.issues.missing, { selector: "p[id$='-email-error']" }),
    ).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("shows the server's sentence when the password is wrong", async () => {
    replies["/sign-in/email"] = [
      {
        status: 401,
        body: {
          error: { code: "INVALID_EMAIL_OR_PASSWORD", message: th.errors.invalidCredentials },
        },
      },
    ];
    renderPage("/th/sign-in");
    fireEvent.change(screen.getByLabelText(th.fields.email), {
      target: { value: "Somchai@Example.com " },
    });
    fireEvent.change(screen.getByLabelText(th.fields.password, { exact: true }), {
      target: { value: "wrong password" },
    });
    fireEvent.click(screen.getByRole("button", { name: th.signIn.submit }));
    expect((await screen.findByRole("alert")).textContent).toBe(th.errors.invalidCredentials);
    expect(requests[0]).toEqual({
      path: "/sign-in/email",
      body: { email: "somchai@example.com", password: "wrong password" },
      language: "th",
    });
  });

  it("asks for the code when two-step verification is on, then goes on and tells listeners", async () => {
    replies["/sign-in/email"] = [{ body: { twoFactorRedirect: true, twoFactorMethods: ["totp"] } }];
    replies["/two-factor/verify-totp"] = [{ body: { user: session.user } }];
    replies["/get-session"] = [{ body: session }, { body: session }];
    const events: AuthEvent[] = [];
    const stop = onAuthEvent((event) => events.push(event));

    renderPage(`/sign-in?next=${encodeURIComponent("/th/persona-builder")}`);
    fireEvent.change(screen.getByLabelText(en.fields.email), {
      target: { value: "somchai@example.com" },
    });
    fireEvent.change(screen.getByLabelText(en.fields.password, { exact: true }), {
      target: { value: "a long and happy passphrase" },
    });
    fireEvent.click(screen.getByRole("button", { name: en.signIn.submit }));

    const code = await screen.findByLabelText(en.fields.totpCode);
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    fireEvent.change(code, { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: en.signIn.twoFactor.verify }));

    expect(await screen.findByText("builder page")).toBeTruthy();
    expect(requests.find((request) => request.path === "/two-factor/verify-totp")?.body).toEqual({
      code: "123456",
    });
    await waitFor(() =>
      expect(events.map((event) => event.type)).toEqual([
        "INITIAL_SESSION",
        "MFA_CHALLENGE_VERIFIED",
        "SIGNED_IN",
      ]),
    );
    expect(events.at(-1)?.session?.user.name).toBe("Somchai");
    stop();
  });

  it("never follows a next address off the site", async () => {
    replies["/sign-in/email"] = [{ body: { user: session.user } }];
    replies["/get-session"] = [{ body: session }];
    renderPage(`/sign-in?next=${encodeURIComponent("//evil.example/")}`);
    fireEvent.change(screen.getByLabelText(en.fields.email), {
      target: { value: "somchai@example.com" },
    });
    fireEvent.change(screen.getByLabelText(en.fields.password, { exact: true }), {
      target: { value: "a long and happy passphrase" },
    });
    fireEvent.click(screen.getByRole("button", { name: en.signIn.submit }));
    // Owners come to build bots: the console.
    expect(await screen.findByText("console page")).toBeTruthy();
  });
});
