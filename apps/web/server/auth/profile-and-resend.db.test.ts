import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { type AppServices, createAppServices } from "../services/app-services";
import { createMemoryLogger } from "../test/memory-logger";
import {
  createTestBrowser,
  linkIn,
  listAuthEmails,
  type TestBrowser,
} from "./test/auth-test-client";

const publicUrl = "http://localhost:3000";
const secretKey = "test-secret-key-0123456789abcdef-0123456789";
const password = "correct horse battery";

/**
 * The two allow-listed auth endpoints the pages call that the account tests did not: renaming the
 * owner (the account page's profile form) and resending the verification link (the sign-up and
 * verify-email pages), through the real app as main.ts builds it.
 */
// Each test hashes passwords a few times (scrypt): seconds on a busy machine.
describe("/api/auth/update-user and /api/auth/send-verification-email", { timeout: 60_000 }, () => {
  let testDatabase: TestDatabase;
  let log: ReturnType<typeof createMemoryLogger>;
  let services: AppServices;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    log = createMemoryLogger();
  });
  afterEach(() => testDatabase.cleanup());

  function makeApp(limits: { emailsPerClient?: number } = {}) {
    services = createAppServices({
      database: testDatabase.database,
      logger: log.logger,
      secretKey,
      contactTo: "team@example.com",
      publicUrl,
      authLimits: limits,
    });
    return createApp({
      services,
      handleDocument: async () =>
        new Response("page", { headers: { "Content-Type": "text/html" } }),
      logger: log.logger,
      isHttps: false,
      publicUrl,
      trustProxyHops: 0,
    });
  }

  const signUp = (browser: TestBrowser, email: string) =>
    browser.post("/api/auth/sign-up/email", { name: "Somchai Jaidee", email, password });

  const verifyWith = (browser: TestBrowser, link: URL) =>
    browser.get(`/api/auth/verify-email?token=${link.searchParams.get("token")}`);

  async function signedIn(browser: TestBrowser, email: string) {
    expect((await signUp(browser, email)).status).toBe(200);
    const [verification] = await listAuthEmails(testDatabase.db, email);
    expect((await verifyWith(browser, linkIn(verification!.textBody))).status).toBe(200);
    expect((await browser.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
  }

  /** A request from the browser's cookies, as a console page loader receives it. */
  const pageRequest = (browser: TestBrowser) =>
    new Request(`${publicUrl}/app`, {
      headers: { Cookie: [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });

  it("renames the signed-in owner: the session and the console's owner show the new name", async () => {
    const app = makeApp();
    const browser = createTestBrowser(app);
    await signedIn(browser, "somchai@example.com");

    const renamed = await browser.post("/api/auth/update-user", { name: "สมชาย ใจดี" });
    expect(renamed.status).toBe(200);
    expect((await browser.get("/api/auth/get-session")).body.user).toMatchObject({
      name: "สมชาย ใจดี",
      email: "somchai@example.com",
    });
    // The console's layout and overview read the owner through requireOwner.
    expect(await services.accounts.requireOwner(pageRequest(browser))).toMatchObject({
      name: "สมชาย ใจดี",
    });

    // Another device of the same owner sees it too (sessions are read from the database).
    const phone = createTestBrowser(app, { ip: "203.0.113.20" });
    await phone.post("/api/auth/sign-in/email", { email: "somchai@example.com", password });
    expect((await phone.get("/api/auth/get-session")).body.user.name).toBe("สมชาย ใจดี");

    // The profile form sends a name (and the language); nothing else is the owner's to set here.
    for (const body of [{ name: "" }, { name: "x".repeat(101) }, { email: "eve@example.com" }]) {
      const refused = await browser.post("/api/auth/update-user", body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error.code).toBe("VALIDATION_FAILED");
    }
    const unverify = await browser.post("/api/auth/update-user", { emailVerified: false });
    expect(unverify.status).toBe(422);
    expect((await browser.get("/api/auth/get-session")).body.user).toMatchObject({
      name: "สมชาย ใจดี",
      email: "somchai@example.com",
      emailVerified: true,
    });
    expect(log.lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("refuses to rename anyone when signed out (401), and after signing out", async () => {
    const app = makeApp();
    const stranger = createTestBrowser(app);
    expect((await stranger.post("/api/auth/update-user", { name: "Mallory" })).status).toBe(401);

    const browser = createTestBrowser(app, { ip: "203.0.113.30" });
    await signedIn(browser, "somchai@example.com");
    expect((await browser.post("/api/auth/sign-out")).status).toBe(200);
    expect((await browser.post("/api/auth/update-user", { name: "Mallory" })).status).toBe(401);

    const owner = createTestBrowser(app, { ip: "203.0.113.31" });
    await owner.post("/api/auth/sign-in/email", { email: "somchai@example.com", password });
    expect((await owner.get("/api/auth/get-session")).body.user.name).toBe("Somchai Jaidee");
  });

  it("resends the verification link: a new email in the outbox whose link verifies", async () => {
    const app = makeApp();
    const browser = createTestBrowser(app);
    expect((await signUp(browser, "somchai@example.com")).status).toBe(200);
    const [first] = await listAuthEmails(testDatabase.db, "somchai@example.com");

    // The sign-up page's "send it again" (signed out, the address it was sent to).
    const resent = await browser.post("/api/auth/send-verification-email", {
      email: "Somchai@Example.com",
    });
    expect(resent.status).toBe(200);
    const emails = await listAuthEmails(testDatabase.db, "somchai@example.com");
    expect(emails).toHaveLength(2);
    const second = emails[1]!;
    expect(second).toMatchObject({
      kind: "auth",
      status: "queued",
      toAddress: "somchai@example.com",
      subject: first!.subject,
    });
    const link = linkIn(second.textBody);
    expect(link.pathname).toBe("/verify-email");
    expect(log.text()).not.toContain(link.searchParams.get("token")!);

    // The new link verifies the account, which then signs in.
    expect((await verifyWith(browser, link)).status).toBe(200);
    const signIn = await browser.post("/api/auth/sign-in/email", {
      email: "somchai@example.com",
      password,
    });
    expect(signIn.status).toBe(200);

    // Asking again for a verified address or one with no account answers the same and sends
    // nothing (the answer does not tell who has an account).
    await browser.post("/api/auth/sign-out");
    for (const email of ["somchai@example.com", "nobody@example.com"]) {
      const answer = await browser.post("/api/auth/send-verification-email", { email });
      expect(answer.status, email).toBe(200);
      expect(answer.body).toEqual({ status: true });
      expect(await listAuthEmails(testDatabase.db, email)).toHaveLength(
        email.startsWith("s") ? 2 : 0,
      );
    }
    expect(log.lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("counts each resend toward the client's email limit (429 with a wait, nothing sent)", async () => {
    const app = makeApp({ emailsPerClient: 3 });
    const browser = createTestBrowser(app);
    expect((await signUp(browser, "somchai@example.com")).status).toBe(200);
    for (let resend = 0; resend < 2; resend++) {
      const resent = await browser.post("/api/auth/send-verification-email", {
        email: "somchai@example.com",
      });
      expect(resent.status).toBe(200);
    }
    const limited = await browser.post("/api/auth/send-verification-email", {
      email: "somchai@example.com",
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(limited.body.error.message).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await listAuthEmails(testDatabase.db, "somchai@example.com")).toHaveLength(3);

    // The limit is per client: another address may still ask for its own link.
    browser.moveTo("203.0.113.99");
    const elsewhere = await browser.post("/api/auth/send-verification-email", {
      email: "somchai@example.com",
    });
    expect(elsewhere.status).toBe(200);
    expect(await listAuthEmails(testDatabase.db, "somchai@example.com")).toHaveLength(4);
  });
});
