import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support";

// A 2×2 PNG (real bytes: the server checks them).
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAF0lEQVR4nGPI1bj5//9/hv///+dq3AQAPRAI18ND5W8AAAAASUVORK5CYII=",
  "base64",
);
const placeholder = "Type a message to Demo Bot...";

async function openDemoBot(page: Page) {
  await page.goto("/bot/demo");
  await waitForHydration(page);
  await expect(page.getByPlaceholder(placeholder)).toBeVisible();
}

const userMessages = (page: Page) => page.locator('li[data-sender="user"]');
const botMessages = (page: Page) => page.locator('li[data-sender="bot"]');

test.describe("bot chat page", () => {
  test("arrives whole from the server: the bot's header, greeting and input, no site chrome", async ({
    page,
    consoleErrors,
  }) => {
    // The server renders the bot (nothing moves when the page hydrates), in the bot's language.
    const html = await (await page.request.get("/bot/demo")).text();
    expect(html).toContain("Chat with Demo Bot");
    expect(html).not.toContain("Loading bot...");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toContain('<html lang="en"');

    await page.goto("/bot/demo");
    await expect(page.getByRole("heading", { level: 1, name: "Chat with Demo Bot" })).toBeVisible();
    await expect(
      page.getByText("• Ask me anything about Jai: plans, channels and features."),
    ).toBeVisible();
    // The bot's own page: no marketing header or footer, a small "Powered by" link.
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Powered by Jai" })).toBeVisible();
    await expect(botMessages(page).first()).toContainText("Hi! I'm the Jai Assistant.");
    await expect(page.getByPlaceholder(placeholder)).toBeVisible();
    await expect(page.getByRole("button", { name: "Attach an image" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
    // No Thai twin and no site header, so no language toggle.
    await expect(page.getByRole("link", { name: "Switch to Thai" })).toHaveCount(0);
    await expect(page).toHaveTitle("Chat with Demo Bot | Jai");
    expect(consoleErrors).toEqual([]);
  });

  test("sends with Enter, adds lines with Shift+Enter, ignores empty messages, streams the reply", async ({
    page,
    consoleErrors,
  }) => {
    await openDemoBot(page);
    const input = page.getByPlaceholder(placeholder);

    // Nothing to send: Enter and the button do nothing.
    await input.focus();
    await page.keyboard.press("Enter");
    await input.fill("   ");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
    await expect(userMessages(page)).toHaveCount(0);

    await input.fill("");
    await input.pressSequentially("How much is");
    await page.keyboard.press("Shift+Enter");
    await input.pressSequentially("the Pro plan?");
    await expect(input).toHaveValue("How much is\nthe Pro plan?");
    await expect(userMessages(page)).toHaveCount(0);

    // Hold the request a moment to see the typing indicator, and record the reply as it grows.
    let releaseChat: () => void = () => {};
    const chatHeld = new Promise<void>((resolve) => {
      releaseChat = resolve;
    });
    await page.route("**/api/bots/demo/chat", async (route) => {
      await chatHeld;
      await route.continue();
    });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { replySnapshots: string[] }).replySnapshots = seen;
      new MutationObserver(() => {
        const streaming = document.querySelector('li[data-status="streaming"]');
        const text = streaming?.textContent ?? "";
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    await page.keyboard.press("Enter");
    await expect(input).toHaveValue("");
    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page).first()).toContainText("How much is\nthe Pro plan?", {
      useInnerText: true,
    });
    await expect(page.getByTestId("typing-indicator")).toBeVisible();
    await expect(page.getByRole("status", { name: "Demo Bot is typing" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
    releaseChat();

    const reply = botMessages(page).nth(1);
    await expect(reply).toHaveAttribute("data-status", "completed");
    await expect(reply).toContainText("2,490");
    await expect(page.getByTestId("typing-indicator")).toHaveCount(0);
    const finalText = (await reply.textContent()) ?? "";
    const snapshots = await page.evaluate(
      () => (window as unknown as { replySnapshots: string[] }).replySnapshots,
    );
    // Streamed: several partial texts, each a beginning of the final one.
    expect(snapshots.length).toBeGreaterThan(2);
    for (const snapshot of snapshots) expect(finalText.startsWith(snapshot)).toBe(true);
    expect(snapshots[0]!.length).toBeLessThan(finalText.length);

    // A reply in Thai, from the Thai FAQ.
    await input.fill("มีทดลองใช้ฟรีไหม");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(botMessages(page).nth(2)).toContainText("7 วัน");
    await expect(botMessages(page).nth(2)).toHaveAttribute("data-status", "completed");
    expect(consoleErrors).toEqual([]);
  });

  test("attaches an image with a preview and ×, sends it, and keeps the conversation after a reload", async ({
    page,
    consoleErrors,
  }) => {
    await openDemoBot(page);
    const file = { name: "photo.png", mimeType: "image/png", buffer: png };
    const fileInput = page.getByTestId("image-input");
    await expect(fileInput).toHaveAttribute("accept", "image/*");

    await fileInput.setInputFiles(file);
    const preview = page.getByRole("img", { name: "Image to send" });
    await expect(preview).toBeVisible();
    await page.getByRole("button", { name: "Remove image" }).click();
    await expect(preview).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Attach an image" })).toBeFocused();

    await fileInput.setInputFiles(file);
    await expect(preview).toBeVisible();
    // An image alone can be sent.
    await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
    await page.getByPlaceholder(placeholder).press("Enter");
    await expect(preview).toHaveCount(0);
    const sent = userMessages(page).first();
    await expect(sent.getByRole("img", { name: "Image you shared" })).toBeVisible();
    await expect(sent).toContainText("Image shared");
    await expect(botMessages(page).nth(1)).toHaveAttribute("data-status", "completed");

    await page.getByPlaceholder(placeholder).fill("Which channels can I connect?");
    await page.keyboard.press("Enter");
    await expect(botMessages(page).nth(2)).toContainText("LINE");
    await expect(botMessages(page).nth(2)).toHaveAttribute("data-status", "completed");

    await page.reload();
    await waitForHydration(page);
    await expect(userMessages(page)).toHaveCount(2);
    await expect(botMessages(page)).toHaveCount(3);
    await expect(botMessages(page).first()).toContainText("Hi! I'm the Jai Assistant.");
    await expect(userMessages(page).nth(1)).toContainText("Which channels can I connect?");
    await expect(botMessages(page).nth(2)).toContainText("LINE");
    // The image now comes from the server, for this visitor only.
    const restored = userMessages(page).first().getByRole("img", { name: "Image you shared" });
    await expect(restored).toHaveAttribute(
      "src",
      /^\/api\/bots\/demo\/attachments\/[0-9a-f-]{36}$/,
    );
    await expect
      .poll(() => restored.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(2);
    expect(consoleErrors).toEqual([]);
  });

  test("refuses files that are not images, before sending anything", async ({
    page,
    consoleErrors,
  }) => {
    await openDemoBot(page);
    await page.getByTestId("image-input").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await expect(page.getByText("Only image files can be attached.")).toBeVisible();
    await page.getByTestId("image-input").setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(page.getByText("Attach a PNG, JPEG, WebP or GIF image.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Image to send" })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test.describe("when the bot cannot answer", () => {
    test.use({ allowedConsoleErrors: /status of 503/ });

    test("shows the error toast and the apology in the chat", async ({ page, consoleErrors }) => {
      await openDemoBot(page);
      await page.route("**/api/bots/demo/chat", (route) =>
        route.fulfill({
          status: 503,
          json: { error: { code: "SERVICE_UNAVAILABLE", message: "Try again later." } },
        }),
      );
      await page.getByPlaceholder(placeholder).fill("Hello?");
      await page.keyboard.press("Enter");
      await expect(page.getByText("Failed to get response from bot")).toBeVisible();
      await expect(botMessages(page).nth(1)).toContainText(
        "Sorry, I'm having trouble responding right now. Please try again later.",
      );
      await expect(userMessages(page)).toHaveCount(1);
      // The chat stays usable.
      await page.unroute("**/api/bots/demo/chat");
      await page.getByPlaceholder(placeholder).fill("Is there a free trial?");
      await page.keyboard.press("Enter");
      await expect(botMessages(page).nth(2)).toContainText("7 days");
      expect(consoleErrors).toEqual([]);
    });
  });

  test.describe("an unknown bot", () => {
    test.use({ allowedConsoleErrors: /status of 404|404 Error|404 \(Not Found\)/ });

    test("says Failed to load bot", async ({ page, consoleErrors }) => {
      await page.goto("/bot/no-such-bot");
      await expect(page.getByRole("heading", { name: "Failed to load bot" })).toBeVisible();
      await expect(
        page.getByText("This bot does not exist or is not available right now.").first(),
      ).toBeVisible();
      await expect(page.getByPlaceholder(/Type a message/)).toHaveCount(0);
      // Its Thai twin does not exist.
      const thai = await page.request.get("/th/bot/demo");
      expect(thai.status()).toBe(404);
      expect(consoleErrors).toEqual([]);
    });
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("fits the screen and chats", async ({ page, consoleErrors }) => {
      await openDemoBot(page);
      const input = page.getByPlaceholder(placeholder);
      await input.fill("Do I need to know how to code?");
      await page.getByRole("button", { name: "Send message" }).tap();
      const reply = botMessages(page).nth(1);
      await expect(reply).toContainText("no-code");
      await expect(reply).toHaveAttribute("data-status", "completed");

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      for (const box of [
        await input.boundingBox(),
        await page.getByRole("button", { name: "Send message" }).boundingBox(),
      ]) {
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
      // Bubbles take at most 70% of the row.
      const widths = await page
        .locator("li[data-sender] > div")
        .evaluateAll((bubbles) =>
          bubbles.map(
            (bubble) =>
              bubble.getBoundingClientRect().width /
              (bubble.parentElement as HTMLElement).getBoundingClientRect().width,
          ),
        );
      for (const ratio of widths) expect(ratio).toBeLessThanOrEqual(0.7 + 0.001);
      expect(consoleErrors).toEqual([]);
    });
  });
});
