import type { Browser, BrowserContext, Page } from "@playwright/test";
import { botChatMessages } from "../app/components/chat/messages";
import { analyticsMessages } from "../app/features/analytics/messages";
import { createOwnerBot } from "./owner";
import { expect, test, waitForHydration } from "./support";

/**
 * The analytics dashboard with real traffic, in both languages: customers chat with the owner's
 * bot in Thai and in English → the rollups are brought up to date (the API's refresh, polled, no
 * sleeping) → the owner's dashboard shows the figures in Thai format with Buddhist-era dates and
 * in English, a chart's table opens with the same figures, the parts the free trial lacks name
 * the plan that unlocks them, and the page fits a 390 px phone. One owner for the file.
 */

const botName = "Mali Shop";
let owner: BrowserContext;
let botId = "";
let origin = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser, baseURL }) => {
  origin = baseURL!;
  owner = await browser.newContext();
  botId = await createOwnerBot(owner.request, baseURL!, {
    name: botName,
    persona: {
      name: "Mali",
      language: "auto",
      faqs: [
        { question: "When are you open?", answer: "Every day from 9 to 5." },
        { question: "ร้านเปิดกี่โมง", answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ" },
      ],
    },
  });
});

test.afterAll(async () => {
  await owner.close();
});

/** A customer's conversation on the bot's page: each question waits for the bot's reply. */
async function chat(browser: Browser, locale: "en" | "th", questions: string[]) {
  const context = await browser.newContext({ locale: locale === "th" ? "th-TH" : "en-US" });
  const page = await context.newPage();
  await page.goto(`/bot/${botId}`);
  await waitForHydration(page);
  const box = page.getByPlaceholder(botChatMessages[locale].placeholder(botName));
  const replies = page.locator('li[data-sender="bot"]');
  for (const question of questions) {
    const before = await replies.count();
    await box.fill(question);
    await box.press("Enter");
    await expect(replies).toHaveCount(before + 1);
    await expect(replies.last()).toHaveAttribute("data-status", "completed");
  }
  await context.close();
}

/** The overview's figures as the API gives them (after asking for the rollups now). */
async function conversationsToday(): Promise<number> {
  await owner.request.post("/api/console/analytics/refresh", { headers: { Origin: origin } });
  const response = await owner.request.get("/api/console/analytics/overview?period=today");
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).totals.conversations as number;
}

/**
 * With ANALYTICS_SCREENSHOTS set, the page in slices of one screen (to look at, not compared):
 * /tmp/analytics-<name>-<n>.png.
 */
async function screenshots(page: Page, name: string) {
  if (!process.env.ANALYTICS_SCREENSHOTS) return;
  const { width, height } = page.viewportSize()!;
  const total = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, index = 0; y < total; y += height, index += 1) {
    await page.screenshot({
      path: `/tmp/analytics-${name}-${index}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(height, total - y) },
    });
  }
}

async function hasNoHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test("analytics: customers chat in Thai and English, the dashboard shows it in both languages", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  await chat(browser, "th", ["ร้านเปิดกี่โมง", "มีที่จอดรถไหม"]);
  await chat(browser, "en", ["When are you open?"]);
  // The rollup job runs every minute; the refresh endpoint runs it now (at most every 10 s).
  await expect
    .poll(conversationsToday, { intervals: [500, 1_000, 2_000, 5_000, 10_000], timeout: 45_000 })
    .toBe(2);

  const th = analyticsMessages.th;
  const page = await owner.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/th/app/analytics");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: th.title })).toBeVisible();
  const conversations = page.getByTestId("card-conversations");
  await expect(conversations.getByTestId("value")).toHaveText("2");
  await expect(page.getByTestId("card-contacts").getByTestId("value")).toHaveText("2");
  await expect(page.getByTestId("card-users")).toContainText(th.cards.usersOf("2", "750"));
  // Messages: 3 questions and 3 replies.
  await expect(page.getByTestId("card-messages").getByTestId("value")).toHaveText("6");
  const buddhistYear = String(new Date().getFullYear() + 543);
  await expect(page.getByTestId("analytics-period")).toContainText(`พ.ศ. ${buddhistYear}`);

  // The chart is one image with a summary; its table opens with the same figures.
  const daily = page.getByTestId("chart-daily");
  await expect(daily.getByRole("img")).toHaveAttribute("aria-label", /รวม 2 มากที่สุดวันที่/);
  const table = daily.getByTestId("table-daily");
  await expect(table).toBeHidden();
  await daily.getByText(th.charts.showTable).click();
  await expect(table).toBeVisible();
  await expect(table.getByRole("row").last()).toContainText(buddhistYear);
  await expect(table.getByRole("row").last().getByRole("cell").first()).toHaveText("2");

  // The free trial has the overview counts; the rest says which plan unlocks it.
  const hours = page.getByTestId("locked-hours");
  await expect(hours).toContainText(th.locked.availableOn(th.plans.pro));
  await expect(hours.getByRole("link", { name: th.locked.seePlans })).toHaveAttribute(
    "href",
    "/th/pricing",
  );
  await expect(page.getByTestId("locked-forecast")).toContainText(
    th.locked.availableOn(th.plans.business),
  );
  await expect(page.getByTestId("locked-export")).toBeVisible();
  await screenshots(page, "th-1280");

  // A phone: the cards stack, tables scroll inside their box, the page itself does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => hasNoHorizontalOverflow(page)).toBe(true);
  await screenshots(page, "th-390");

  // The filters live in the URL.
  await page.getByLabel(th.filters.period, { exact: true }).selectOption("30d");
  await expect(page).toHaveURL(/\/th\/app\/analytics\?period=30d$/);
  await expect(page.getByTestId("card-conversations").getByTestId("value")).toHaveText("2");
  await page.close();

  // The same dashboard in English.
  const en = analyticsMessages.en;
  const english = await owner.newPage();
  await english.goto("/app/analytics");
  await waitForHydration(english);
  await expect(english.getByRole("heading", { level: 1, name: en.title })).toBeVisible();
  await expect(english.getByTestId("card-conversations").getByTestId("value")).toHaveText("2");
  await expect(english.getByTestId("analytics-period")).toContainText(
    String(new Date().getFullYear()),
  );
  const englishDaily = english.getByTestId("chart-daily");
  await englishDaily.getByText(en.charts.showTable).click();
  await expect(englishDaily.getByTestId("table-daily")).toBeVisible();
  await expect(english.getByTestId("locked-hours")).toContainText(
    en.locked.availableOn(en.plans.pro),
  );
  await english.close();
});

test("analytics: the console overview links to the dashboard", async () => {
  const page = await owner.newPage();
  await page.goto("/th/app");
  await waitForHydration(page);
  await page.getByTestId("overview-analytics").click();
  await expect(page).toHaveURL(/\/th\/app\/analytics$/);
  await expect(
    page.getByRole("heading", { level: 1, name: analyticsMessages.th.title }),
  ).toBeVisible();
  await page.close();
});
