import type { APIRequestContext, Page } from "@playwright/test";
import { type HostSite, startHostSite, stopHostSite } from "./host-site";
import { createOwnerBot } from "./owner";
import { allowConsoleErrorsOn, expect, test, waitForHydration } from "./support";

/**
 * The website widget on an owner's site: a host page served from another origin with a strict
 * Content-Security-Policy that allows only our origin, on a desktop and a 390 px phone, with the
 * keyboard only; and a site that is not in the bot's allowed list gets nothing.
 */

/** An owner with an English bot whose widget allows `allowedOrigins`; returns the bot id. */
async function ownerWithWidget(
  request: APIRequestContext,
  baseURL: string,
  allowedOrigins: string[],
): Promise<string> {
  const botId = await createOwnerBot(request, baseURL, {
    persona: {
      name: "Mali",
      language: "english",
      welcomeMessage: "Hi! I'm Mali from the shop.",
      faqs: [{ question: "When are you open?", answer: "Every day from 9 to 5." }],
    },
  });
  const widget = await request.put(`/api/console/bots/${botId}/channels/widget`, {
    headers: { Origin: baseURL },
    data: { enabled: true, settings: { allowedOrigins, greeting: "" } },
  });
  expect(widget.ok(), await widget.text()).toBe(true);
  return botId;
}

const launcher = (page: Page) =>
  page.locator("#jai-widget").getByRole("button", { name: /Chat with Shop Helper/ });
const frame = (page: Page) => page.frameLocator("#jai-widget iframe");

test.describe("the website widget", () => {
  let host: HostSite;
  let stranger: HostSite;
  let botId = "";

  test.beforeAll(async ({ playwright, baseURL }) => {
    host = await startHostSite(baseURL!);
    stranger = await startHostSite(baseURL!);
    const request = await playwright.request.newContext({ baseURL });
    botId = await ownerWithWidget(request, baseURL!, [host.origin]);
    await request.dispose();
    host.setBot(botId);
    stranger.setBot(botId);
  });
  test.afterAll(async () => {
    await Promise.all([host, stranger].map(stopHostSite));
  });

  test("chats on a strict-CSP site and keeps the conversation across page loads", async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });
    await page.goto(host.origin);
    await expect(launcher(page)).toBeVisible();
    await launcher(page).click();
    const chat = frame(page);
    await expect(chat.getByText("Hi! I'm Mali from the shop.")).toBeVisible();
    await chat.getByRole("textbox").fill("When are you open?");
    await chat.getByRole("textbox").press("Enter");
    await expect(chat.getByText(/9 to 5/).last()).toBeVisible();

    await page.reload();
    await launcher(page).click();
    await expect(frame(page).getByText("When are you open?")).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("works with the keyboard alone: open, type, send, Escape back to the launcher", async ({
    page,
  }) => {
    await page.goto(host.origin);
    await expect(launcher(page)).toBeVisible();
    // Tab past the page's own link to the launcher.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(launcher(page)).toBeFocused();
    await page.keyboard.press("Enter");
    const textbox = frame(page).getByRole("textbox");
    await expect(textbox).toBeFocused();
    await page.keyboard.type("Hello");
    await page.keyboard.press("Enter");
    await expect(frame(page).getByText("Hello", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("#jai-widget iframe")).toBeHidden();
    await expect(launcher(page)).toBeFocused();
  });

  test("fills a 390 px phone when open, with a 16 px input", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The panel slides in: measure it where it stays.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(host.origin);
    await launcher(page).click();
    const iframe = page.locator("#jai-widget iframe");
    await expect(iframe).toBeVisible();
    const box = await iframe.boundingBox();
    expect(box!.x).toBe(0);
    expect(box!.y).toBeCloseTo(0, 0);
    expect(box!.width).toBe(390);
    expect(box!.height).toBeGreaterThan(800);
    const fontSize = await frame(page)
      .getByRole("textbox")
      .evaluate((element) => getComputedStyle(element).fontSize);
    expect(Number.parseFloat(fontSize)).toBeGreaterThanOrEqual(16);
  });

  test("shows nothing on a site that is not allowed, and only the allowed one may frame it", async ({
    page,
    baseURL,
  }) => {
    // The browser itself logs the refused session request (403) and the CORS failure.
    allowConsoleErrorsOn(page, /403|CORS|Access-Control-Allow-Origin|Failed to fetch|ERR_FAILED/);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.goto(stranger.origin);
    await expect.poll(() => warnings.join("\n")).toContain("not one of the bot's allowed sites");
    await expect(page.locator("#jai-widget")).toHaveCount(0);
    // The frame itself may only be framed by the allowed site.
    const response = await page.request.get(`${baseURL}/widget/${botId}`);
    expect(response.headers()["content-security-policy"]).toContain(
      `frame-ancestors ${host.origin}`,
    );
  });
});

test("the widget's frame names only the allowed sites as its ancestors", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const response = await page.request.get("/widget/demo");
  // The Demo Bot has no widget turned on: nothing to frame.
  expect(response.status()).toBe(404);
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});
