import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { accountMessages } from "../app/features/accounts/messages";
import { billingMessages } from "../app/features/billing/messages";
import { pricingMessages } from "../app/features/pricing/messages";
import { fakeOmisePort } from "../server/test/fake-payments-credentials";
import { waitForEmail } from "./server-mail";
import { expect, test, waitForHydration } from "./support";

/**
 * Paying for a plan, in English and Thai, against the fake Omise (server/test/fake-omise.ts,
 * started by playwright.config.ts; the server's OMISE_* settings point at it): a plan chosen on
 * pricing → sign up → verify → sign in → the billing page with that plan and cycle preselected →
 * a card typed in the page (tokenised at the fake's vault from the browser) → the plan active and
 * its tax invoice downloadable as a PDF. PromptPay: the QR is shown, and when the fake marks the
 * charge paid (its control endpoint; the server hears of it by webhook) the page says paid.
 * BILLING_SCREENSHOTS=1 saves full-page screenshots in /tmp (desktop and a 390 px phone).
 */

const omiseUrl = `http://127.0.0.1:${fakeOmisePort(Number(process.env.E2E_PORT ?? 4173))}`;
const password = "a long and happy passphrase";

async function screenshot(page: Page, name: string) {
  if (!process.env.BILLING_SCREENSHOTS) return;
  await page.screenshot({ path: `/tmp/billing-${name}.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/tmp/billing-${name}-390.png`, fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(overflow, "no sideways scrolling at 390 px").toBe(false);
  if (size) await page.setViewportSize(size);
}

/** Signs up, verifies and signs in through the API (the request context keeps the session). */
async function signUpByApi(request: APIRequestContext, baseURL: string, locale: "en" | "th") {
  const email = `billing-${locale}-${randomUUID().slice(0, 8)}@example.com`;
  const headers = { Origin: baseURL };
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers,
    data: { name: "Malee Owner", email, password, locale },
  });
  expect(signUp.ok()).toBe(true);
  const mail = await waitForEmail(accountMessages[locale].emails.verifyEmail.subject("Jai"), {
    to: email,
  });
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  await request.get(`${link.pathname}${link.search}`);
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers,
    data: { email, password },
  });
  expect(signIn.ok()).toBe(true);
}

/** The fake Omise's pending PromptPay charge of `amount` satang (the newest). */
async function pendingPromptPayCharge(request: APIRequestContext, amount: number) {
  let id = "";
  await expect
    .poll(async () => {
      const charges = (await (await request.get(`${omiseUrl}/__control/charges`)).json()) as {
        id: string;
        amount: number;
        status: string;
        source: { type?: string } | null;
      }[];
      id =
        charges
          .filter(
            (charge) =>
              charge.status === "pending" &&
              charge.amount === amount &&
              charge.source?.type === "promptpay",
          )
          .at(-1)?.id ?? "";
      return id;
    })
    .not.toBe("");
  return id;
}

for (const locale of ["en", "th"] as const) {
  const prefix = locale === "th" ? "/th" : "";
  const m = billingMessages[locale];
  const accounts = accountMessages[locale];
  const pricing = pricingMessages[locale];

  test.describe(`billing (${locale})`, () => {
    test("choose a plan on pricing → sign up → pay by card → the plan is active, the invoice downloads", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const email = `card-${locale}-${randomUUID().slice(0, 8)}@example.com`;

      // Pricing: Pro, yearly.
      await page.goto(`${prefix}/pricing`);
      await waitForHydration(page);
      await page
        .getByRole("radiogroup")
        .locator("label", { hasText: pricing.cycles.names.yearly })
        .click();
      const choose = page.locator("#plan-pro").getByRole("link");
      await expect(choose).toHaveAttribute("href", `${prefix}/sign-up?plan=pro&cycle=yearly`);
      await choose.click();

      // Sign up, verify by email, sign in: the owner lands on checkout with Pro yearly chosen.
      await expect(page).toHaveURL(new RegExp(`${prefix}/sign-up\\?plan=pro&cycle=yearly$`));
      await waitForHydration(page);
      await page.getByLabel(accounts.fields.name).fill("Somchai Jaidee");
      await page.getByLabel(accounts.fields.email).fill(email);
      await page.getByLabel(accounts.fields.password, { exact: true }).fill(password);
      await page.getByRole("button", { name: accounts.signUp.submit }).click();
      await expect(
        page.getByRole("heading", { name: accounts.signUp.checkEmail.title }),
      ).toBeVisible();
      const verification = await waitForEmail(accounts.emails.verifyEmail.subject("Jai"), {
        to: email,
      });
      const link = new URL(verification.text.match(/https?:\/\/\S+/)![0]);
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole("link", { name: accounts.verifyEmail.toSignIn }).click();
      await waitForHydration(page);
      await page.getByLabel(accounts.fields.email).fill(email);
      await page.getByLabel(accounts.fields.password, { exact: true }).fill(password);
      await page.getByRole("button", { name: accounts.signIn.submit }).click();
      await expect(page).toHaveURL(
        (url) => `${url.pathname}${url.search}` === `${prefix}/app/billing?plan=pro&cycle=yearly`,
      );
      await waitForHydration(page);

      const checkout = page.getByTestId("billing-checkout");
      await expect(checkout.getByTestId("plan-pro")).toBeChecked();
      await expect(checkout.getByTestId("cycle-yearly")).toBeChecked();
      await expect(checkout.getByTestId("checkout-total")).toHaveText("฿26,892");
      await screenshot(page, `checkout-${locale}`);

      // A card the page sends to the fake's vault; Jai gets the token and charges it.
      await checkout.getByLabel(m.checkout.cardNumber).fill("4242 4242 4242 4242");
      await checkout.getByLabel(m.checkout.cardName).fill("SOMCHAI JAIDEE");
      await checkout.getByLabel(m.checkout.expiry).fill("12/34");
      await checkout.getByLabel(m.checkout.cvc).fill("123");
      await checkout.getByTestId("checkout-pay").click();
      await expect(page.getByText(m.checkout.paid(m.plans.pro))).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId("billing-plan")).toContainText(m.plans.pro);
      await expect(page.getByTestId("billing-plan")).toContainText(m.cycles.yearly);
      await expect(page.getByTestId("billing-status-label")).toHaveText(m.status.labels.active);
      await expect(page.getByTestId("billing-method")).toContainText("4242");
      await expect(page.getByTestId("billing-checkout")).toHaveCount(0);

      // The tax invoice: numbered, paid, a PDF in each language.
      const row = page.getByTestId("invoice-row").first();
      await expect(row.getByTestId("invoice-number")).not.toHaveText("—", { timeout: 15_000 });
      await expect(row).toContainText(m.invoices.statuses.paid);
      await expect(row).toContainText("฿26,892");
      for (const lang of ["th", "en"] as const) {
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          row.getByTestId(`invoice-pdf-${lang}`).click(),
        ]);
        const file = await readFile((await download.path())!);
        expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      }
      await screenshot(page, `active-${locale}`);
    });

    test("PromptPay: the QR is shown, and the page says paid when the payment arrives", async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      await signUpByApi(page.request, baseURL!, locale);
      // A plan and cycle of their own per language, so each finds its own charge by amount.
      const [plan, cycle, amount, shown] =
        locale === "en"
          ? (["starter", "sixMonths", 594_000, "฿5,940"] as const)
          : (["business", "monthly", 399_000, "฿3,990"] as const);
      await page.goto(`${prefix}/app/billing?plan=${plan}&cycle=${cycle}`);
      await waitForHydration(page);
      const checkout = page.getByTestId("billing-checkout");
      await checkout.getByTestId("method-promptpay").check();
      await expect(checkout.getByLabel(m.checkout.cardNumber)).toHaveCount(0);
      await checkout.getByTestId("checkout-pay").click();

      const panel = page.getByTestId("promptpay-panel");
      await expect(panel.getByTestId("promptpay-qr")).toBeVisible({ timeout: 15_000 });
      await expect(panel.getByTestId("promptpay-amount")).toHaveText(shown);
      await expect(panel.getByTestId("promptpay-expires")).toBeVisible();
      await screenshot(page, `promptpay-${locale}`);

      // The payer scans it: the fake marks the charge paid and posts its webhook.
      const chargeId = await pendingPromptPayCharge(page.request, amount);
      const paid = await page.request.post(`${omiseUrl}/__control/pay/${chargeId}`);
      expect(paid.ok(), await paid.text()).toBe(true);
      await expect(page.getByTestId("payment-paid")).toHaveText(m.promptPay.paid, {
        timeout: 15_000,
      });
      await expect(page.getByTestId("billing-plan")).toContainText(m.plans[plan]);
    });
  });
}
