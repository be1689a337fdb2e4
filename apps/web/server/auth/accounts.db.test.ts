import { accounts as accountRows, sessions, sql, twoFactors, users } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { AppError } from "../http/errors";
import { type AppServices, createAppServices } from "../services/app-services";
import { createMemoryLogger } from "../test/memory-logger";
import {
  createTestBrowser,
  linkIn,
  listAuthEmails,
  type TestBrowser,
} from "./test/auth-test-client";
import { generateHotp, keyFromOtpauthUri, totpStep } from "./totp";

const publicUrl = "http://localhost:3000";
const secretKey = "test-secret-key-0123456789abcdef-0123456789";
const password = "correct horse battery";

describe("accounts over /api/auth", () => {
  let testDatabase: TestDatabase;
  let log: ReturnType<typeof createMemoryLogger>;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    log = createMemoryLogger();
  });
  afterEach(() => testDatabase.cleanup());

  let services: AppServices;

  /** The real app (createApp) with its services, built as main.ts builds them. */
  function makeApp({
    trustProxyHops = 0,
    limits = {},
    publicUrl: url = publicUrl,
  }: {
    trustProxyHops?: number;
    limits?: { clientAttempts?: number; emailsPerClient?: number };
    publicUrl?: string;
  } = {}) {
    services = createAppServices({
      database: testDatabase.database,
      logger: log.logger,
      secretKey,
      contactTo: "team@example.com",
      publicUrl: url,
      authLimits: limits,
    });
    const app = createApp({
      services,
      handleDocument: async () =>
        new Response("page", { headers: { "Content-Type": "text/html" } }),
      logger: log.logger,
      isHttps: url.startsWith("https://"),
      publicUrl: url,
      trustProxyHops,
    });
    return { app, services };
  }

  async function signUp(browser: TestBrowser, email: string, extra: Record<string, unknown> = {}) {
    return browser.post("/api/auth/sign-up/email", {
      name: "Somchai Jaidee",
      email,
      password,
      ...extra,
    });
  }

  async function verifyLatest(browser: TestBrowser, email: string) {
    const emails = await listAuthEmails(testDatabase.db, email);
    const link = linkIn(emails.at(-1)!.textBody);
    return browser.get(`/api/auth/verify-email?token=${link.searchParams.get("token")}`);
  }

  async function signUpAndVerify(browser: TestBrowser, email: string) {
    expect((await signUp(browser, email)).status).toBe(200);
    expect((await verifyLatest(browser, email)).status).toBe(200);
  }

  const codeAt = (uri: string, offset = 0) =>
    generateHotp(keyFromOtpauthUri(uri), totpStep() + offset);

  it("signs up, verifies the email, signs in with safe cookies, and signs out", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app);

    const signedUp = await signUp(browser, "Owner@Example.com", { locale: "th" });
    expect(signedUp.status).toBe(200);
    expect(signedUp.body.token).toBeUndefined();
    expect(signedUp.setCookies).toEqual([]);

    // The verification email is queued in the outbox, in the owner's language, with our link.
    const [email] = await listAuthEmails(testDatabase.db, "owner@example.com");
    expect(email).toMatchObject({ kind: "auth", status: "queued", toAddress: "owner@example.com" });
    expect(email!.subject).toBe("ยืนยันอีเมลของคุณสำหรับ Jai");
    const link = linkIn(email!.textBody);
    expect(link.pathname).toBe("/th/verify-email");
    expect(log.text()).not.toContain(link.searchParams.get("token")!);

    // Not verified yet: the right password is refused, and a fresh link is sent.
    const early = await browser.post("/api/auth/sign-in/email", {
      email: "owner@example.com",
      password,
    });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe("EMAIL_NOT_VERIFIED");
    expect(await listAuthEmails(testDatabase.db, "owner@example.com")).toHaveLength(2);

    const verified = await browser.get(
      `/api/auth/verify-email?token=${link.searchParams.get("token")}`,
    );
    expect(verified.status).toBe(200);

    const signedIn = await browser.post("/api/auth/sign-in/email", {
      email: "owner@example.com",
      password,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toBeUndefined();
    expect(signedIn.body.user).toMatchObject({ email: "owner@example.com", locale: "th" });
    const cookie = signedIn.setCookies.find((line) => line.startsWith("jai.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    expect(cookie).toMatch(/Max-Age=2592000/);

    const session = await browser.get("/api/auth/get-session");
    expect(session.body.user.email).toBe("owner@example.com");
    expect(session.body.session.token).toBeUndefined();
    expect(session.headers.get("cache-control")).toBe("no-store");

    expect((await browser.post("/api/auth/sign-out")).status).toBe(200);
    expect((await browser.get("/api/auth/get-session")).body).toBeNull();
  });

  it("sets __Secure- cookies with Secure behind https", async () => {
    const { app } = makeApp({ publicUrl: "https://jai.example" });
    const browser = createTestBrowser(app, { origin: "https://jai.example" });
    expect((await signUp(browser, "secure@example.com")).status).toBe(200);
    const [email] = await listAuthEmails(testDatabase.db, "secure@example.com");
    const token = linkIn(email!.textBody, "https://jai.example").searchParams.get("token");
    await browser.get(`/api/auth/verify-email?token=${token}`);
    const signedIn = await browser.post("/api/auth/sign-in/email", {
      email: "secure@example.com",
      password,
    });
    const cookie = signedIn.setCookies.find((line) => line.includes("session_token="));
    expect(cookie).toMatch(/^__Secure-jai\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it("gives the same answers whether or not an account exists, and tells the owner", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app);
    await signUpAndVerify(browser, "taken@example.com");

    const again = await signUp(browser, "taken@example.com");
    const fresh = await signUp(browser, "fresh@example.com");
    expect(again.status).toBe(fresh.status);
    expect(Object.keys(again.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
    const notices = await listAuthEmails(testDatabase.db, "taken@example.com");
    expect(notices.at(-1)!.subject).toBe("Someone tried to create a Jai account with your email");

    const wrongPassword = await browser.post("/api/auth/sign-in/email", {
      email: "taken@example.com",
      password: "not the password",
    });
    const noAccount = await browser.post("/api/auth/sign-in/email", {
      email: "nobody@example.com",
      password: "not the password",
    });
    expect(wrongPassword.status).toBe(401);
    expect(noAccount.status).toBe(401);
    expect(wrongPassword.body).toEqual(noAccount.body);
    expect(wrongPassword.body.error.message).toBe("Invalid email or password.");

    const resetKnown = await browser.post("/api/auth/request-password-reset", {
      email: "taken@example.com",
    });
    const resetUnknown = await browser.post("/api/auth/request-password-reset", {
      email: "nobody@example.com",
    });
    expect(resetKnown.status).toBe(200);
    expect(resetKnown.body).toEqual(resetUnknown.body);
  });

  it("answers in Thai when asked", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app, { language: "th" });
    const failed = await browser.post("/api/auth/sign-in/email", {
      email: "nobody@example.com",
      password: "not the password",
    });
    expect(failed.body.error.message).toBe("อีเมลหรือรหัสผ่านไม่ถูกต้อง");
    const invalid = await signUp(browser, "bad-address", { password: "short" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { email: "invalidEmail", password: "passwordTooShort" },
    });
  });

  it("turns on two-factor with a real TOTP code, then asks for it at sign-in, once per code", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app);
    await signUpAndVerify(browser, "mfa@example.com");
    await browser.post("/api/auth/sign-in/email", { email: "mfa@example.com", password });

    const enabled = await browser.post("/api/auth/two-factor/enable", { password });
    expect(enabled.status).toBe(200);
    const { totpURI, totpSecret, totpQrSvg, backupCodes } = enabled.body;
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Jai:mfa%40example\.com\?/);
    expect(new URL(totpURI).searchParams.get("issuer")).toBe("Jai");
    expect(totpSecret).toMatch(/^[A-Z2-7]+$/);
    expect(totpQrSvg).toMatch(/^<svg/);
    expect(backupCodes).toHaveLength(10);

    // Not on until a code proves the app has the key.
    expect((await browser.get("/api/auth/get-session")).body.user.twoFactorEnabled).toBe(false);
    const wrong = await browser.post("/api/auth/two-factor/verify-totp", { code: "000000" });
    expect(wrong.status).toBe(401);
    const firstCode = codeAt(totpURI, -1);
    const confirmed = await browser.post("/api/auth/two-factor/verify-totp", { code: firstCode });
    expect(confirmed.status).toBe(200);
    expect((await browser.get("/api/auth/get-session")).body.user.twoFactorEnabled).toBe(true);

    await browser.post("/api/auth/sign-out");
    const challenged = await browser.post("/api/auth/sign-in/email", {
      email: "mfa@example.com",
      password,
    });
    expect(challenged.status).toBe(200);
    expect(challenged.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect((await browser.get("/api/auth/get-session")).body).toBeNull();

    // The code that turned it on was seen once: it cannot sign in.
    const replayedSetupCode = await browser.post("/api/auth/two-factor/verify-totp", {
      code: firstCode,
    });
    expect(replayedSetupCode.status).toBe(401);
    // Seen once; on a slow machine the 30-second window may also have moved on since (then the
    // code is simply out of date): refused either way.
    expect(["CODE_ALREADY_USED", "INVALID_CODE"]).toContain(replayedSetupCode.body.error.code);

    const code = codeAt(totpURI);
    const passed = await browser.post("/api/auth/two-factor/verify-totp", { code });
    expect(passed.status).toBe(200);
    expect(passed.body.token).toBeUndefined();
    expect((await browser.get("/api/auth/get-session")).body.user.email).toBe("mfa@example.com");

    // Someone who saw that code cannot use it again, even on a fresh challenge.
    const other = createTestBrowser(app, { ip: "203.0.113.99" });
    await other.post("/api/auth/sign-in/email", { email: "mfa@example.com", password });
    const replayed = await other.post("/api/auth/two-factor/verify-totp", { code });
    expect(replayed.status).toBe(401);
    expect(replayed.body.error).toMatchObject({
      code: "CODE_ALREADY_USED",
      message: "That code is not valid. Wait for the next one and try again.",
    });

    // A backup code works once.
    const backup = backupCodes[0] as string;
    const withBackup = await other.post("/api/auth/two-factor/verify-backup-code", {
      code: backup,
    });
    expect(withBackup.status).toBe(200);
    await other.post("/api/auth/sign-out");
    await other.post("/api/auth/sign-in/email", { email: "mfa@example.com", password });
    const backupAgain = await other.post("/api/auth/two-factor/verify-backup-code", {
      code: backup,
    });
    expect(backupAgain.status).toBe(401);
    expect(backupAgain.body.error.code).toBe("INVALID_BACKUP_CODE");

    // New backup codes replace the old ones; turning it off needs the password.
    const regenerated = await browser.post("/api/auth/two-factor/generate-backup-codes", {
      password,
    });
    expect(regenerated.body.backupCodes).toHaveLength(10);
    expect(regenerated.body.backupCodes).not.toContain(backupCodes[1]);
    expect((await browser.post("/api/auth/two-factor/disable", { password: "wrong" })).status).toBe(
      400,
    );
    expect((await browser.post("/api/auth/two-factor/disable", { password })).status).toBe(200);
    const [factor] = await testDatabase.db.select().from(twoFactors);
    expect(factor).toBeUndefined();
  });

  it("resets a forgotten password with the emailed link, once, and signs out everywhere", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app);
    await signUpAndVerify(browser, "forgot@example.com");
    await browser.post("/api/auth/sign-in/email", { email: "forgot@example.com", password });

    const stranger = createTestBrowser(app, { ip: "203.0.113.20" });
    expect(
      (await stranger.post("/api/auth/request-password-reset", { email: "forgot@example.com" }))
        .status,
    ).toBe(200);
    const emails = await listAuthEmails(testDatabase.db, "forgot@example.com");
    const resetEmail = emails.at(-1)!;
    expect(resetEmail.subject).toBe("Reset your Jai password");
    const link = linkIn(resetEmail.textBody);
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token")!;
    // Only a hash of the token is stored.
    const stored = await testDatabase.db.execute<{ identifier: string }>(
      sql`select identifier from verifications`,
    );
    expect(stored.rows.some((row) => row.identifier.includes(token))).toBe(false);

    const tooShort = await stranger.post("/api/auth/reset-password", {
      token,
      newPassword: "short",
    });
    expect(tooShort.status).toBe(422);
    const reset = await stranger.post("/api/auth/reset-password", {
      token,
      newPassword: "a brand new passphrase",
    });
    expect(reset.status).toBe(200);
    const reused = await stranger.post("/api/auth/reset-password", {
      token,
      newPassword: "another new passphrase",
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe("INVALID_TOKEN");

    expect((await browser.get("/api/auth/get-session")).body).toBeNull();
    const old = await browser.post("/api/auth/sign-in/email", {
      email: "forgot@example.com",
      password,
    });
    expect(old.status).toBe(401);
    const fresh = await browser.post("/api/auth/sign-in/email", {
      email: "forgot@example.com",
      password: "a brand new passphrase",
    });
    expect(fresh.status).toBe(200);
  });

  it("changes the password (signing out other devices) and the email (approved, then verified)", async () => {
    const { app } = makeApp();
    const laptop = createTestBrowser(app);
    const phone = createTestBrowser(app, { ip: "203.0.113.30" });
    await signUpAndVerify(laptop, "change@example.com");
    await laptop.post("/api/auth/sign-in/email", { email: "change@example.com", password });
    await phone.post("/api/auth/sign-in/email", { email: "change@example.com", password });

    const wrong = await laptop.post("/api/auth/change-password", {
      currentPassword: "not it",
      newPassword: "the next passphrase",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("That password is not correct.");
    const changed = await laptop.post("/api/auth/change-password", {
      currentPassword: password,
      newPassword: "the next passphrase",
    });
    expect(changed.status).toBe(200);
    expect(changed.body.token).toBeUndefined();
    expect((await laptop.get("/api/auth/get-session")).body.user).toBeTruthy();
    expect((await phone.get("/api/auth/get-session")).body).toBeNull();

    const same = await laptop.post("/api/auth/change-email", { newEmail: "Change@example.com" });
    expect(same.body.error.code).toBe("EMAIL_UNCHANGED");
    expect(
      (await laptop.post("/api/auth/change-email", { newEmail: "new@example.com" })).status,
    ).toBe(200);
    // First the current address approves …
    const approval = (await listAuthEmails(testDatabase.db, "change@example.com")).at(-1)!;
    expect(approval.subject).toBe("Approve the change of your Jai email address");
    await laptop.get(
      `/api/auth/verify-email?token=${linkIn(approval.textBody).searchParams.get("token")}`,
    );
    expect((await laptop.get("/api/auth/get-session")).body.user.email).toBe("change@example.com");
    // … then the new one confirms.
    const confirmation = (await listAuthEmails(testDatabase.db, "new@example.com")).at(-1)!;
    expect(confirmation.subject).toBe("Confirm your new email address for Jai");
    const done = await laptop.get(
      `/api/auth/verify-email?token=${linkIn(confirmation.textBody).searchParams.get("token")}`,
    );
    expect(done.status).toBe(200);
    expect((await laptop.get("/api/auth/get-session")).body.user.email).toBe("new@example.com");
  });

  it("lists sessions without their tokens, revokes one and all the others", async () => {
    const { app } = makeApp();
    const laptop = createTestBrowser(app);
    const phone = createTestBrowser(app, { ip: "203.0.113.40" });
    const tablet = createTestBrowser(app, { ip: "203.0.113.41" });
    await signUpAndVerify(laptop, "devices@example.com");
    for (const browser of [laptop, phone, tablet]) {
      await browser.post(
        "/api/auth/sign-in/email",
        { email: "devices@example.com", password },
        { "User-Agent": `Browser ${browser === laptop ? "laptop" : "other"}` },
      );
    }
    const listed = await laptop.get("/api/auth/list-sessions");
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(3);
    expect(listed.body.filter((session: { isCurrent: boolean }) => session.isCurrent)).toHaveLength(
      1,
    );
    expect(JSON.stringify(listed.body)).not.toMatch(/token/i);
    const stored = await testDatabase.db.select().from(sessions);
    // Client addresses are never stored.
    expect(stored.every((session) => !session.ipAddress)).toBe(true);

    const phoneSession = (await phone.get("/api/auth/list-sessions")).body.find(
      (session: { isCurrent: boolean }) => session.isCurrent,
    );
    const revoked = await laptop.post("/api/auth/revoke-session", { sessionId: phoneSession.id });
    expect(revoked.status).toBe(200);
    expect((await phone.get("/api/auth/get-session")).body).toBeNull();
    expect((await tablet.get("/api/auth/get-session")).body).toBeTruthy();

    expect((await laptop.post("/api/auth/revoke-other-sessions")).status).toBe(200);
    expect((await tablet.get("/api/auth/get-session")).body).toBeNull();
    expect((await laptop.get("/api/auth/list-sessions")).body).toHaveLength(1);
  });

  it("deletes the account and everything in it, with the password and a code", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app);
    await signUpAndVerify(browser, "leaving@example.com");
    await browser.post("/api/auth/sign-in/email", { email: "leaving@example.com", password });
    const { totpURI } = (await browser.post("/api/auth/two-factor/enable", { password })).body;
    await browser.post("/api/auth/two-factor/verify-totp", { code: codeAt(totpURI, -1) });
    const [user] = await testDatabase.db.select().from(users);

    const noCode = await browser.post("/api/auth/delete-user", { password });
    expect(noCode.status).toBe(401);
    const wrongPassword = await browser.post("/api/auth/delete-user", {
      password: "nope",
      code: codeAt(totpURI),
    });
    expect(wrongPassword.status).toBe(400);
    const deleted = await browser.post("/api/auth/delete-user", {
      password,
      code: codeAt(totpURI),
    });
    expect(deleted.status).toBe(200);

    expect(await testDatabase.db.select().from(users)).toEqual([]);
    expect(await testDatabase.db.select().from(sessions)).toEqual([]);
    expect(await testDatabase.db.select().from(accountRows)).toEqual([]);
    expect(await testDatabase.db.select().from(twoFactors)).toEqual([]);
    expect(await listAuthEmails(testDatabase.db, "leaving@example.com")).toEqual([]);
    expect(user!.id).toBeTruthy();
    expect((await browser.get("/api/auth/get-session")).body).toBeNull();
  });

  it("limits failed sign-ins per account and per client; a spoofed X-Forwarded-For changes nothing", async () => {
    const { app } = makeApp({ limits: { clientAttempts: 7 } });
    const attacker = createTestBrowser(app, { ip: "198.51.100.7" });
    await signUpAndVerify(createTestBrowser(app), "target@example.com");

    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await attacker.post(
        "/api/auth/sign-in/email",
        { email: "target@example.com", password: `guess ${attempt}` },
        { "X-Forwarded-For": `192.0.2.${attempt}` },
      );
      expect(failed.status).toBe(401);
    }
    // The account is locked for this window, even with the right password from elsewhere.
    const owner = createTestBrowser(app, { ip: "203.0.113.50" });
    const blocked = await owner.post("/api/auth/sign-in/email", {
      email: "target@example.com",
      password,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(blocked.body.error.message).toMatch(
      /^Too many attempts\. Please try again in 1[45] minutes\.$/,
    );

    // The same client, other accounts: 7 attempts per client in all, whatever the header says.
    for (let attempt = 0; attempt < 2; attempt++) {
      const other = await attacker.post(
        "/api/auth/sign-in/email",
        { email: `other${attempt}@example.com`, password: "guess" },
        { "X-Forwarded-For": `192.0.2.${100 + attempt}` },
      );
      expect(other.status).toBe(401);
    }
    const clientBlocked = await attacker.post(
      "/api/auth/sign-in/email",
      { email: "someone-else@example.com", password: "guess" },
      { "X-Forwarded-For": "192.0.2.200" },
    );
    expect(clientBlocked.status).toBe(429);
  });

  it("counts the address the trusted proxy saw when one is configured", async () => {
    const { app } = makeApp({ trustProxyHops: 1, limits: { clientAttempts: 2 } });
    const proxied = createTestBrowser(app, { ip: "10.0.0.2" });
    const attempt = (client: string) =>
      proxied.post(
        "/api/auth/sign-in/email",
        { email: `${client}@example.com`, password: "guess" },
        { "X-Forwarded-For": client },
      );
    expect((await attempt("192.0.2.1")).status).toBe(401);
    expect((await attempt("192.0.2.1")).status).toBe(401);
    expect((await attempt("192.0.2.1")).status).toBe(429);
    expect((await attempt("192.0.2.2")).status).toBe(401);
  });

  it("limits two-factor codes per account, and successes do not count", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app);
    await signUpAndVerify(browser, "guess2fa@example.com");
    await browser.post("/api/auth/sign-in/email", { email: "guess2fa@example.com", password });
    const { totpURI } = (await browser.post("/api/auth/two-factor/enable", { password })).body;
    await browser.post("/api/auth/two-factor/verify-totp", { code: codeAt(totpURI, -1) });
    await browser.post("/api/auth/sign-out");

    const attackers = ["198.51.100.21", "198.51.100.22", "198.51.100.23"].map((ip) =>
      createTestBrowser(app, { ip }),
    );
    let failures = 0;
    for (const attacker of attackers) {
      await attacker.post("/api/auth/sign-in/email", { email: "guess2fa@example.com", password });
      for (let guess = 0; guess < 2 && failures < 5; guess++, failures++) {
        const failed = await attacker.post("/api/auth/two-factor/verify-totp", {
          code: String(100000 + failures),
        });
        expect(failed.status).toBe(401);
      }
    }
    await browser.post("/api/auth/sign-in/email", { email: "guess2fa@example.com", password });
    const locked = await browser.post("/api/auth/two-factor/verify-totp", {
      code: codeAt(totpURI),
    });
    expect(locked.status).toBe(429);
  });

  it("serves only the endpoints the product uses, as JSON", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app);
    expect((await browser.post("/api/auth/verify-password", { password })).status).toBe(404);
    expect((await browser.post("/api/auth/sign-in/social", { provider: "google" })).status).toBe(
      404,
    );
    expect((await browser.get("/api/auth/sign-in/email")).status).toBe(405);
    const form = await app.request(`${publicUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: publicUrl },
      body: "email=a%40b.c&password=x",
    });
    expect(form.status).toBe(415);
  });

  it("answers 400 to bodies that are not JSON objects, before better-auth reads them", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app);
    await signUpAndVerify(browser, "somchai@example.com");
    expect(
      (await browser.post("/api/auth/sign-in/email", { email: "somchai@example.com", password }))
        .status,
    ).toBe(200);
    for (const path of [
      "/api/auth/sign-up/email",
      "/api/auth/update-user",
      "/api/auth/sign-in/email",
    ]) {
      for (const body of ['"str"', "1", "null", "[]", '[{"name":"x"}]', "true", "{"]) {
        const response = await app.request(`${publicUrl}${path}`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Origin: publicUrl,
            Cookie: [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; "),
          },
          body,
        });
        expect(response.status, `${path} ${body}`).toBe(400);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
          "BAD_REQUEST",
        );
      }
    }
    expect(log.lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("refuses control characters and lone surrogates in names, emails and tokens (422)", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app);
    const nul = await signUp(browser, "somchai@example.com", { name: "hi\u0000there" });
    expect(nul.status).toBe(422);
    expect(nul.body.error.fields).toEqual({ name: "invalidText" });
    const surrogate = await signUp(browser, "som\uD800chai@example.com");
    expect(surrogate.status).toBe(422);
    expect(surrogate.body.error.fields.email).toBe("invalidText");

    await signUpAndVerify(browser, "somchai@example.com");
    expect(
      (await browser.post("/api/auth/sign-in/email", { email: "somchai@example.com", password }))
        .status,
    ).toBe(200);
    const rename = await browser.post("/api/auth/update-user", { name: "Bell\u0007" });
    expect(rename.status).toBe(422);
    expect(rename.body.error.fields).toEqual({ name: "invalidText" });
    const reset = await browser.post("/api/auth/reset-password", {
      newPassword: "a new long password",
      token: "abc\u0000",
    });
    expect(reset.status).toBe(422);
    const verify = await browser.get("/api/auth/verify-email?token=a%00b");
    expect(verify.status).toBe(422);
    expect(log.lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("gives server code the signed-in owner: requireOwner for APIs and pages, getSessionUser", async () => {
    const { app } = makeApp();
    const browser = createTestBrowser(app);
    await signUpAndVerify(browser, "console@example.com");
    await browser.post("/api/auth/sign-in/email", { email: "console@example.com", password });
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const signedIn = new Request(`${publicUrl}/th/account?tab=bots`, {
      headers: { Cookie: cookie },
    });
    const anonymous = new Request(`${publicUrl}/th/account?tab=bots`);

    const owner = await services.accounts.requireOwner(signedIn);
    expect(owner).toMatchObject({ email: "console@example.com", twoFactorEnabled: false });
    expect(owner.userId).toMatch(/^\w+$/);
    expect(await services.accounts.getSessionUser(signedIn)).toEqual(owner);
    expect(await services.accounts.getSessionUser(anonymous)).toBeNull();

    // A page loader gets a redirect to sign in (and back); an API handler a 401.
    const redirect = await services.accounts.requireOwner(anonymous).catch((thrown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/th/sign-in?next=%2Fth%2Faccount%3Ftab%3Dbots");
    const context = { req: { raw: anonymous } } as unknown as Parameters<
      AppServices["accounts"]["requireOwner"]
    >[0];
    const unauthorized = await services.accounts.requireOwner(context).catch((thrown) => thrown);
    expect(unauthorized).toBeInstanceOf(AppError);
    expect(unauthorized.code).toBe("UNAUTHORIZED");

    // A revoked session is refused at once (no cookie cache).
    await browser.post("/api/auth/sign-out");
    expect(await services.accounts.getSessionUser(signedIn)).toBeNull();
  });
});
