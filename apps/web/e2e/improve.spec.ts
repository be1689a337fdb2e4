import type { BrowserContext, Page } from "@playwright/test";
import { botChatMessages } from "../app/components/chat/messages";
import { improveMessages } from "../app/features/improve/messages";
import { createOwnerBot, shopPersona } from "./owner";
import { expect, test, waitForHydration } from "./support";

/**
 * Self-improvement end to end, in both languages: a customer asks the owner's bot something it
 * cannot answer → the question shows in the improvement queue (the page brings the rollups up to
 * date; polled) → the owner writes the answer → the customer asks again, in other words, on the
 * bot page → the bot now gives the owner's answer; the answer's hits count it. The Thai story
 * runs on a 390 px phone. One owner (and their one bot) for the file.
 */

const botName = "Mali Shop";
let owner: BrowserContext;
let botId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser, baseURL }) => {
  owner = await browser.newContext();
  botId = await createOwnerBot(owner.request, baseURL!, {
    name: botName,
    persona: shopPersona,
  });
});

test.afterAll(async () => {
  await owner.close();
});

const stories = [
  {
    locale: "en" as const,
    prefix: "",
    ask: "Is there parking?",
    askAgain: "Do you have parking?",
    answer: "Yes: 20 free spaces behind the shop.",
    language: "en",
    phone: false,
  },
  {
    locale: "th" as const,
    prefix: "/th",
    ask: "ห่อของขวัญให้ได้ไหมคะ",
    askAgain: "มีบริการห่อของขวัญไหมคะ",
    answer: "ห่อของขวัญให้ฟรีทุกชิ้นค่ะ",
    language: "th",
    phone: true,
  },
];

/** The customer on the bot's hosted page, in a browser of their own. */
async function openCustomer(
  browser: import("@playwright/test").Browser,
  locale: "en" | "th",
): Promise<Page> {
  const context = await browser.newContext({ locale: locale === "th" ? "th-TH" : "en-US" });
  const page = await context.newPage();
  await page.goto(`/bot/${botId}`);
  await waitForHydration(page);
  return page;
}

async function say(customer: Page, locale: "en" | "th", text: string) {
  const box = customer.getByPlaceholder(botChatMessages[locale].placeholder(botName));
  await box.fill(text);
  await box.press("Enter");
  // The reply to it: the bot's message after this one, finished.
  const reply = customer.locator('li[data-sender="bot"]').last();
  await expect(customer.locator('li[data-sender="user"]').last()).toContainText(text);
  await expect(reply).not.toHaveAttribute("data-status", "streaming");
  return reply;
}

for (const story of stories) {
  test(`improve (${story.locale}): an unanswered question → a curated answer → the bot answers it`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const m = improveMessages[story.locale];
    const customer = await openCustomer(browser, story.locale);
    const before = await say(customer, story.locale, story.ask);
    await expect(before).not.toContainText(story.answer);

    const page = await owner.newPage();
    if (story.phone) await page.setViewportSize({ width: 390, height: 844 });
    const url = `${story.prefix}/app/improve?botId=${botId}`;
    const group = page.getByTestId("improvement-group").filter({ hasText: story.ask });
    // The rollups catch up within seconds (the page asks for a refresh, at most every 10 s).
    await expect(async () => {
      await page.goto(url);
      await waitForHydration(page);
      await expect(group).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 45_000, intervals: [1_000, 2_000, 3_000] });
    await expect(page.getByRole("heading", { level: 1, name: m.title })).toBeVisible();
    await expect(group).toContainText(m.queue.signals.unanswered("1"));

    await group.getByRole("button", { name: m.queue.write }).click();
    await group.getByLabel(m.editor.answer, { exact: true }).fill(story.answer);
    await group.getByLabel(m.editor.language).selectOption(story.language);
    await expect(
      group.getByRole("radio", { name: new RegExp(m.editor.modes.verbatim.label) }),
    ).toBeChecked();
    await group.getByRole("button", { name: m.editor.save }).click();
    await expect(page.getByText(m.queue.saved)).toBeVisible();
    await expect(group).toHaveCount(0);
    const curated = page.getByTestId("curated-answer").filter({ hasText: story.answer });
    await expect(curated).toBeVisible();
    await expect(curated).toContainText(m.answers.neverHit);

    if (story.phone) {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: "/tmp/improve-th-390.png", fullPage: true });
    }

    // The customer asks again, in other words: the owner's answer, at once.
    const after = await say(customer, story.locale, story.askAgain);
    await expect(after).toContainText(story.answer);

    await page.reload();
    await waitForHydration(page);
    await expect(curated.getByTestId("curated-hits")).toContainText(m.answers.hits("1"));
    await customer.context().close();
  });
}
