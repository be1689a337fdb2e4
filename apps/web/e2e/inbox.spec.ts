import type { BrowserContext, Page } from "@playwright/test";
import { botChatMessages } from "../app/components/chat/messages";
import { inboxMessages } from "../app/features/inbox/messages";
import { createOwnerBot, shopPersona } from "./owner";
import { expect, test, waitForHydration } from "./support";

/**
 * The team inbox with a real customer, in both languages: the customer asks for a person on the
 * bot's page → the owner's open inbox shows the conversation waiting within a second (no reload)
 * → the owner takes over and replies → the customer's page shows the reply → the owner hands back
 * → the bot answers the customer's next message. One owner (and their one bot) for the file.
 */

const botName = "Mali Shop";
let owner: BrowserContext;
let botId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser, baseURL }) => {
  owner = await browser.newContext();
  // The context's own request client: its session cookie signs the owner's pages in too.
  botId = await createOwnerBot(owner.request, baseURL!, {
    name: botName,
    persona: shopPersona,
  });
});

test.afterAll(async () => {
  await owner.close();
});

/** The customer on the bot's hosted page, in a browser of their own (language from `locale`). */
async function openCustomer(
  browser: import("@playwright/test").Browser,
  locale: "en" | "th",
): Promise<Page> {
  const context = await browser.newContext({ locale: locale === "th" ? "th-TH" : "en-US" });
  const page = await context.newPage();
  await page.goto(`/bot/${botId}`);
  await waitForHydration(page);
  await expect(page.getByPlaceholder(botChatMessages[locale].placeholder(botName))).toBeVisible();
  return page;
}

async function say(customer: Page, locale: "en" | "th", text: string) {
  const box = customer.getByPlaceholder(botChatMessages[locale].placeholder(botName));
  await box.fill(text);
  await box.press("Enter");
}

const stories = [
  {
    locale: "en" as const,
    prefix: "",
    ask: "talk to a human",
    handoffReply: "I've passed this conversation to our team",
    reply: "Hi, this is Malee from the shop. How can I help?",
    question: "When are you open?",
    answer: "Every day from 9 to 5.",
  },
  {
    locale: "th" as const,
    prefix: "/th",
    ask: "ขอคุยกับพนักงาน",
    handoffReply: "ได้ส่งต่อเรื่องให้เจ้าหน้าที่แล้ว",
    reply: "สวัสดีค่ะ มาลีจากร้านค่ะ ให้ช่วยอะไรดีคะ",
    question: "ร้านเปิดกี่โมง",
    answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ",
  },
];

for (const story of stories) {
  test(`inbox (${story.locale}): a customer asks for a person, the owner takes over, replies and hands back`, async ({
    browser,
  }) => {
    const m = inboxMessages[story.locale];
    const inbox = await owner.newPage();
    // Waiting conversations only: the earlier story's conversation went back to the bot.
    await inbox.goto(`${story.prefix}/app/inbox?status=pending`);
    await waitForHydration(inbox);
    await expect(inbox.getByRole("heading", { level: 1, name: m.title })).toBeVisible();
    await expect(inbox.getByTestId("inbox-live")).toHaveAttribute("data-connected", "true");
    await expect(inbox.getByText(m.filteredEmpty)).toBeVisible();

    const customer = await openCustomer(browser, story.locale);
    await say(customer, story.locale, story.ask);
    await expect(
      customer.locator('li[data-sender="bot"]').filter({ hasText: story.handoffReply }),
    ).toBeVisible();

    // Within a second of the customer's page showing the handoff, without a reload.
    const row = inbox.getByTestId("inbox-row");
    await expect(row).toHaveCount(1, { timeout: 1_000 });
    await expect(row).toHaveAttribute("data-status", "pending");
    await expect(row).toContainText(m.statuses.pending);
    await expect(row.getByTestId("waiting")).toBeVisible();

    await row.click();
    const conversation = inbox.getByTestId("inbox-conversation");
    await expect(conversation).toHaveAttribute("data-status", "pending");
    await expect(conversation.getByTestId("inbox-transcript")).toContainText(story.ask);
    await expect(conversation.getByTestId("inbox-event").first()).toContainText(
      m.events.handoff.request,
    );

    await conversation.getByRole("button", { name: m.actions.takeOver }).click();
    await expect(conversation).toHaveAttribute("data-status", "open");
    await expect(conversation.getByTestId("inbox-event").last()).toContainText(
      m.events.takenOver("Malee Owner"),
    );

    const composer = conversation.getByRole("combobox", { name: m.composer.label });
    await composer.fill(story.reply);
    await composer.press("Enter");
    const sent = conversation.locator('li[data-sender="human"]').filter({ hasText: story.reply });
    await expect(sent).toBeVisible();
    await expect(sent).not.toHaveAttribute("data-outgoing", /.+/);

    // The customer's page follows its conversation's events: the reply arrives by itself.
    await expect(
      customer.locator('li[data-sender="human"]').filter({ hasText: story.reply }),
    ).toBeVisible();

    await conversation.getByRole("button", { name: m.actions.handBack }).click();
    await expect(conversation).toHaveAttribute("data-status", "bot");
    await expect(conversation.getByTestId("inbox-event").last()).toContainText(
      m.events.handedBack("Malee Owner"),
    );

    await say(customer, story.locale, story.question);
    await expect(
      customer.locator('li[data-sender="bot"]').filter({ hasText: story.answer }),
    ).toBeVisible();
    // The inbox shows the bot's answer too, live.
    await expect(conversation.getByTestId("inbox-transcript")).toContainText(story.answer);

    await customer.context().close();
    await inbox.close();
  });
}
