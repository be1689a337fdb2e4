import { notificationsMessages } from "../app/features/notifications/messages";
import { createOwnerBot } from "./owner";
import { expect, test, waitForHydration } from "./support";

/**
 * A member's notification settings (/app/notifications) in the real build, on a phone's width:
 * the choices save and stay, in both languages; the push service worker is served from the
 * site's root and registers under the site's Content-Security-Policy.
 */

test("saves a member's alert choices in Thai and English, at 390 px", async ({ page, baseURL }) => {
  await createOwnerBot(page.request, baseURL!, {
    persona: { name: "Mali", language: "auto" },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  const th = notificationsMessages.th;
  await page.goto("/th/app/notifications");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: th.title })).toBeVisible();
  await expect(page.getByRole("button", { name: th.browser.allow })).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByLabel(th.events.newConversation).uncheck();
  await page.getByLabel(th.quiet.enabled).check();
  await page.getByLabel(th.quiet.from).fill("21:30");
  await page.getByRole("button", { name: th.common.save }).click();
  await expect(page.getByText(th.common.saved)).toBeVisible();

  const en = notificationsMessages.en;
  await page.goto("/app/notifications");
  await waitForHydration(page);
  await expect(page.getByLabel(en.events.newConversation)).not.toBeChecked();
  await expect(page.getByLabel(en.events.handoff)).toBeChecked();
  await expect(page.getByLabel(en.quiet.enabled)).toBeChecked();
  await expect(page.getByLabel(en.quiet.from)).toHaveValue("21:30");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("serves the push service worker, which registers under the site's CSP", async ({ page }) => {
  const script = await page.request.get("/push-sw.js");
  expect(script.status()).toBe(200);
  expect(script.headers()["content-type"]).toContain("javascript");
  expect(await script.text()).toContain("showNotification");

  await page.goto("/");
  const registered = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register("/push-sw.js", { scope: "/" });
    const ready = await navigator.serviceWorker.ready;
    const url = ready.active?.scriptURL ?? "";
    await registration.unregister();
    return url;
  });
  expect(registered).toMatch(/\/push-sw\.js$/);
});
