import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { accountMessages } from "../app/features/accounts/messages";
import { commonMessages } from "../app/i18n/messages";
import { decodeBase32, generateHotp, totpStep } from "../server/auth/totp";
import { waitForEmail } from "./server-mail";
import { expect, test, waitForHydration } from "./support";

const password = "a long and happy passphrase";

/** The code an authenticator app shows for `secret`, `offset` steps from now. */
function totp(secret: string, offset = 0): string {
  return generateHotp(decodeBase32(secret), totpStep() + offset);
}

async function signIn(page: Page, prefix: string, email: string) {
  const m = accountMessages[prefix ? "th" : "en"];
  await page.goto(`${prefix}/sign-in`);
  await waitForHydration(page);
  await page.getByLabel(m.fields.email).fill(email);
  await page.getByLabel(m.fields.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: m.signIn.submit }).click();
}

for (const locale of ["en", "th"] as const) {
  const m = accountMessages[locale];
  const common = commonMessages[locale];
  const prefix = locale === "th" ? "/th" : "";

  test.describe(`accounts (${locale})`, () => {
    // A wrong password and a used code are refused on purpose: the browser logs both 401s.
    test.use({
      allowedConsoleErrors:
        /status of 401 .*\/api\/auth\/(sign-in\/email|two-factor\/verify-totp)\)$/,
    });

    test("sign up, verify by email, sign in, turn on two-step verification, sign in with a code", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const email = `owner-${locale}-${randomUUID().slice(0, 8)}@example.com`;
      const header = page.getByRole("banner");

      // A paid plan's card leads here with the plan named.
      await page.goto(`${prefix}/sign-up?plan=pro`);
      await waitForHydration(page);
      await expect(page.getByText(m.signUp.planNotice(m.plans.pro))).toBeVisible();
      await expect(header.getByRole("link", { name: common.nav.signIn })).toBeVisible();

      await page.getByLabel(m.fields.name).fill("Somchai Jaidee");
      await page.getByLabel(m.fields.email).fill(email);
      const passwordField = page.getByLabel(m.fields.password, { exact: true });
      await expect(passwordField).toHaveAttribute("autocomplete", "new-password");
      await passwordField.fill("short");
      await page.getByRole("button", { name: m.signUp.submit }).click();
      await expect(page.getByText(m.issues.passwordTooShort)).toBeVisible();
      await passwordField.fill(password);
      await page.getByRole("button", { name: m.signUp.submit }).click();
      await expect(page.getByRole("heading", { name: m.signUp.checkEmail.title })).toBeVisible();

      // The verification email, in the page's language, links to the page in that language.
      const verification = await waitForEmail(m.emails.verifyEmail.subject("Jai"), { to: email });
      const link = new URL(verification.text.match(/https?:\/\/\S+/)![0]);
      expect(link.pathname).toBe(`${prefix}/verify-email`);
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole("heading", { name: m.verifyEmail.verified.title })).toBeVisible();
      await page.getByRole("link", { name: m.verifyEmail.toSignIn }).click();

      // Signing in lands on the plan's checkout in the console (the card named Pro, monthly).
      const checkout = `${prefix}/app/billing?plan=pro&cycle=monthly`;
      await expect(page).toHaveURL(
        new RegExp(`${prefix}/sign-in\\?next=${encodeURIComponent(checkout)}$`),
      );
      await waitForHydration(page);
      await page.getByLabel(m.fields.email).fill(email);
      const current = page.getByLabel(m.fields.password, { exact: true });
      await expect(current).toHaveAttribute("autocomplete", "current-password");
      await current.fill("not my password");
      await page.getByRole("button", { name: m.signIn.submit }).click();
      await expect(page.getByRole("alert")).toHaveText(m.errors.invalidCredentials);
      await current.fill(password);
      await page.getByRole("button", { name: m.signIn.submit }).click();
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === checkout);
      await page.goto(`${prefix}/account`);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: m.account.title })).toBeVisible();
      await expect(
        header.getByRole("link", { name: `${common.nav.yourAccount}: Somchai Jaidee` }),
      ).toBeVisible();

      // Turn on two-step verification with the key the page shows.
      const twoFactor = page.getByRole("region", { name: m.account.twoFactor.title });
      await expect(twoFactor.getByTestId("two-factor-status")).toHaveText(m.account.twoFactor.off);
      await twoFactor.getByRole("button", { name: m.account.twoFactor.enable }).click();
      await twoFactor.getByLabel(m.fields.password, { exact: true }).fill(password);
      await twoFactor.getByRole("button", { name: m.account.twoFactor.continue }).click();
      await expect(twoFactor.getByRole("img", { name: m.account.twoFactor.qrAlt })).toBeVisible();
      const secret = (await twoFactor.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
      const codeField = twoFactor.getByLabel(m.account.twoFactor.enterCode);
      await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
      // The previous window's code is accepted only until the window moves on: a cold browser
      // near a window's end could lose it before the server checks, so start a fresh window.
      const leftInWindow = 30_000 - (Date.now() % 30_000);
      if (leftInWindow < 10_000) await page.waitForTimeout(leftInWindow + 500);
      const enableCode = totp(secret, -1);
      await codeField.fill(enableCode);
      await twoFactor.getByRole("button", { name: m.account.twoFactor.verify }).click();
      await expect(twoFactor.getByTestId("backup-codes").getByRole("listitem")).toHaveCount(10);
      await twoFactor.getByRole("button", { name: m.account.twoFactor.savedThem }).click();
      await expect(twoFactor.getByTestId("two-factor-status")).toHaveText(m.account.twoFactor.on);

      // Sign out: the header offers to sign in again.
      await page.getByRole("button", { name: m.account.signOut }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/sign-in$`));
      await expect(header.getByRole("link", { name: common.nav.signIn })).toBeVisible();

      // Signing in now asks for a code; the one used to turn it on is refused.
      await signIn(page, prefix, email);
      await expect(page.getByRole("heading", { name: m.signIn.twoFactor.title })).toBeVisible();
      const signInCode = page.getByLabel(m.fields.totpCode);
      // The same code, not "the previous step's code" again: a 30-second boundary may have passed.
      await signInCode.fill(enableCode);
      await page.getByRole("button", { name: m.signIn.twoFactor.verify }).click();
      await expect(page.getByRole("alert")).toHaveText(m.errors.invalidCode);
      await signInCode.fill(totp(secret));
      await page.getByRole("button", { name: m.signIn.twoFactor.verify }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/app$`));
      await page.goto(`${prefix}/account`);
      await expect(
        page
          .getByRole("region", { name: m.account.twoFactor.title })
          .getByTestId("two-factor-status"),
      ).toHaveText(m.account.twoFactor.on);
      await expect(
        header.getByRole("link", { name: `${common.nav.yourAccount}: Somchai Jaidee` }),
      ).toBeVisible();
      const devices = page.getByRole("region", { name: m.account.sessions.title });
      await expect(devices.getByText(m.account.sessions.thisDevice, { exact: true })).toBeVisible();
      await expect(devices.getByText(m.account.sessions.onlyThis)).toBeVisible();
    });
  });
}

test.describe("accounts", () => {
  test("the account page sends anonymous visitors to sign in, and back after", async ({ page }) => {
    const response = await page.goto("/th/account");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/th\/sign-in\?next=%2Fth%2Faccount$/);
    await expect(
      page.getByRole("heading", { name: accountMessages.th.signIn.title }),
    ).toBeVisible();
  });

  test("forgot password always answers the same", async ({ page }) => {
    const m = accountMessages.en;
    await page.goto("/forgot-password");
    await waitForHydration(page);
    await page.getByLabel(m.fields.email).fill(`nobody-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByRole("button", { name: m.forgotPassword.submit }).click();
    await expect(page.getByRole("status")).toHaveText(m.forgotPassword.sent);
  });

  test("pricing cards lead to sign up with the plan, Enterprise to sales", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.locator("#plan-pro").getByRole("link")).toHaveAttribute(
      "href",
      "/sign-up?plan=pro&cycle=monthly",
    );
    await expect(page.locator("#plan-free").getByRole("link")).toHaveAttribute(
      "href",
      "/sign-up?plan=free",
    );
    await expect(page.locator("#plan-enterprise").getByRole("link")).toHaveAttribute(
      "href",
      "/contact?plan=enterprise",
    );
  });
});
