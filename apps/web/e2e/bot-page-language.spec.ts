import { botChatMessages } from "../app/components/chat/messages";
import { createOwnerBot } from "./owner";
import { allowConsoleErrorsOn, expect, test, waitForHydration } from "./support";

/** A bot's page speaks its bot's language: a Thai bot's customers see Thai. */
test.describe("the bot page in the bot's language", () => {
  let thaiBot = "";
  let autoBot = "";

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    thaiBot = await createOwnerBot(request, baseURL!, {
      name: "ร้านมะลิ",
      persona: {
        name: "มะลิ",
        language: "thai",
        welcomeMessage: "สวัสดีค่ะ ร้านมะลิยินดีต้อนรับ",
        faqs: [{ question: "ร้านเปิดกี่โมง", answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ" }],
      },
    });
    autoBot = await createOwnerBot(request, baseURL!, {
      name: "Mali",
      persona: { name: "Mali", language: "auto" },
    });
    await request.dispose();
  });

  test("a Thai bot's page is all Thai, on a 390 px phone", async ({ page }) => {
    const th = botChatMessages.th;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/bot/${thaiBot}`);
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page.getByRole("heading", { level: 1, name: th.title("ร้านมะลิ") })).toBeVisible();
    await expect(page.getByPlaceholder(th.placeholder("ร้านมะลิ"))).toBeVisible();
    await expect(page.getByRole("button", { name: th.send })).toBeVisible();
    await expect(page.getByRole("button", { name: th.attachImage })).toBeVisible();
    await expect(page.getByRole("link", { name: th.poweredBy("Jai") })).toBeVisible();
    await expect(page).toHaveTitle(th.documentTitle("ร้านมะลิ", "Jai"));
    // No English chrome: every visible text node of the page is Thai or the brand.
    const english = await page.evaluate(() => {
      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const text = walker.currentNode.textContent?.trim() ?? "";
        const element = walker.currentNode.parentElement;
        if (!text || !element || element.closest("script, style, .sr-only")) continue;
        // The brand, and key names as printed on Thai keyboards too.
        if (/[A-Za-z]{3,}/.test(text.replace(/\b(Jai|Enter|Shift)\b/g, ""))) texts.push(text);
      }
      return texts;
    });
    expect(english).toEqual([]);

    await page.getByPlaceholder(th.placeholder("ร้านมะลิ")).fill("ร้านเปิดกี่โมง");
    await page.keyboard.press("Enter");
    await expect(page.getByText("ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ").last()).toBeVisible();
  });

  test("an auto bot follows the visitor's browser", async ({ browser }) => {
    for (const [locale, language] of [
      ["th-TH", "th"],
      ["en-US", "en"],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto(`/bot/${autoBot}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(
        page.getByPlaceholder(botChatMessages[language].placeholder("Mali")),
      ).toBeVisible();
      await context.close();
    }
  });

  test("an unknown bot answers 404 with the not-available card", async ({ page }) => {
    allowConsoleErrorsOn(page, /404/);
    const response = await page.goto("/bot/no-such-bot");
    expect(response?.status()).toBe(404);
    await expect(page.getByText(botChatMessages.en.errors.notFound)).toBeVisible();
  });
});
