import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { waitForEmail } from "./server-mail";
import { expect, test, waitForHydration } from "./support";

type Texts = {
  path: string;
  submit: string;
  sending: string;
  successTitle: string;
  successMessage: string;
  errorTitle: string;
  message: string;
};

const languages: Record<"en" | "th", Texts> = {
  en: {
    path: "/contact",
    submit: "Send Message",
    sending: "Sending...",
    successTitle: "Message Sent Successfully!",
    successMessage:
      "Thank you! Your message has been sent. We'll reply within 24 hours on business days.",
    errorTitle: "Error",
    message: "We would like a demo for our three shops.",
  },
  th: {
    path: "/th/contact",
    submit: "ส่งข้อความ",
    sending: "กำลังส่ง...",
    successTitle: "ส่งข้อความเรียบร้อยแล้ว!",
    successMessage: "ขอบคุณ! เราได้รับข้อความของคุณแล้ว และจะตอบกลับภายใน 1 วันทำการ",
    errorTitle: "เกิดข้อผิดพลาด",
    message: "สวัสดีครับ อยากให้สาธิตระบบสำหรับร้านสามสาขา",
  },
};

/** A subject no other test uses, to find this test's email among the server's. */
const uniqueSubject = (label: string) => `E2E ${label} ${randomUUID().slice(0, 8)}`;

const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

async function fillForm(
  page: Page,
  texts: Texts,
  subject: string,
  email = "somchai@example.co.th",
) {
  await field(page, "name").fill("Somchai Jaidee");
  await field(page, "email").fill(email);
  await field(page, "company").fill("Jaidee Shop");
  await field(page, "phone").fill("+66 81 234 5678");
  await field(page, "reason").selectOption("sales");
  await field(page, "subject").fill(subject);
  await field(page, "message").fill(texts.message);
}

async function expectEmpty(page: Page) {
  for (const name of ["name", "email", "company", "phone", "reason", "subject", "message"]) {
    await expect(field(page, name)).toHaveValue("");
  }
}

for (const [language, texts] of Object.entries(languages)) {
  test.describe(`contact form (${language})`, () => {
    test("sends through the real server, toasts its answer and empties the form", async ({
      page,
    }) => {
      await page.goto(texts.path);
      await waitForHydration(page);
      const subject = uniqueSubject(`js-${language}`);
      await fillForm(page, texts, subject);
      // Held back a moment so the pending state can be seen; the request still reaches the server.
      await page.route("/api/contact", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });

      await page.getByRole("button", { name: texts.submit }).click();
      await expect(page.getByRole("button", { name: texts.sending })).toBeDisabled();
      await expect(page.getByText(texts.successTitle)).toBeVisible();
      await expect(page.getByText(texts.successMessage)).toBeVisible();
      await expectEmpty(page);
      await expect(page.getByRole("button", { name: texts.submit })).toBeEnabled();

      // Without SMTP the server writes the email to its data directory.
      const email = await waitForEmail(subject);
      expect(email.header("subject")).toBe(`[Jai contact] Sales: ${subject}`);
      expect(email.header("to")).toBe("hello@jai.chat");
      expect(email.header("reply-to")).toBe("somchai@example.co.th");
      expect(email.text).toContain(
        `Language:  ${language === "th" ? "Thai (th)" : "English (en)"}`,
      );
      expect(email.text).toContain(`> ${texts.message}`);
    });

    test.describe("when the server fails", () => {
      test.use({ allowedConsoleErrors: /status of 503/ });

      test("shows the server's message and keeps every value", async ({ page }) => {
        const failure =
          language === "th"
            ? "ระบบไม่พร้อมให้บริการชั่วคราว กรุณาลองใหม่ภายหลัง"
            : "The service is temporarily unavailable. Please try again later.";
        await page.route("/api/contact", (route) =>
          route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "SERVICE_UNAVAILABLE", message: failure } }),
          }),
        );
        await page.goto(texts.path);
        await waitForHydration(page);
        const subject = uniqueSubject(`fail-${language}`);
        await fillForm(page, texts, subject);
        await page.getByRole("button", { name: texts.submit }).click();

        const toast = page.locator("[data-sonner-toast]").filter({ hasText: failure });
        await expect(toast).toBeVisible();
        await expect(toast).toContainText(texts.errorTitle);
        await expect(toast).toHaveAttribute("data-type", "error");
        await expect(field(page, "name")).toHaveValue("Somchai Jaidee");
        await expect(field(page, "reason")).toHaveValue("sales");
        await expect(field(page, "subject")).toHaveValue(subject);
        await expect(field(page, "message")).toHaveValue(texts.message);
        await expect(page.getByRole("button", { name: texts.submit })).toBeEnabled();
      });
    });
  });
}

test("checks the form with the shared schema before sending anything", async ({ page }) => {
  let requests = 0;
  await page.route("/api/contact", (route) => {
    requests++;
    return route.abort();
  });
  await page.goto("/th/contact");
  await waitForHydration(page);
  await page.getByRole("button", { name: "ส่งข้อความ" }).click();
  await expect(page.getByText("ข้อมูลไม่ครบถ้วน")).toBeVisible();
  await expect(field(page, "name")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "name")).toBeFocused();
  expect(requests).toBe(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: /status of 422/ });

  test("posts the form to the page and shows the result there", async ({ page }) => {
    await page.goto("/contact");
    const subject = uniqueSubject("nojs-en");
    await fillForm(page, languages.en, subject);
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page).toHaveURL(/\/contact#contact-result$/);
    const banner = page.getByRole("status").filter({ hasText: "Message Sent Successfully!" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(languages.en.successMessage);
    await expect(banner).toBeInViewport();
    await expectEmpty(page);

    const email = await waitForEmail(subject);
    expect(email.header("reply-to")).toBe("somchai@example.co.th");
  });

  test("keeps the values and marks the field when the server refuses (Thai)", async ({ page }) => {
    await page.goto("/th/contact");
    const subject = uniqueSubject("nojs-th");
    // The browser's own check accepts this address; the shared schema wants a domain with a TLD.
    await fillForm(page, languages.th, subject, "somchai@example");
    await page.getByRole("button", { name: "ส่งข้อความ" }).click();

    const alert = page.getByRole("alert").filter({ hasText: "เกิดข้อผิดพลาด" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("ข้อมูลบางช่องขาดหายหรือไม่ถูกต้อง");
    await expect(field(page, "email")).toHaveValue("somchai@example");
    await expect(field(page, "email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("กรุณากรอกอีเมลให้ถูกต้อง เช่น name@company.com")).toBeVisible();
    await expect(field(page, "name")).toHaveValue("Somchai Jaidee");
    await expect(field(page, "reason")).toHaveValue("sales");
    await expect(field(page, "subject")).toHaveValue(subject);
    await expect(field(page, "message")).toHaveValue(languages.th.message);
  });
});
