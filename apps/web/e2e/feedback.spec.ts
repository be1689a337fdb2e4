import type { BrowserContext } from "@playwright/test";
import { botChatMessages } from "../app/components/chat/messages";
import { transcriptFeedbackMessages } from "../app/features/console/transcript-feedback-messages";
import { inboxMessages } from "../app/features/inbox/messages";
import { createOwnerBot, shopPersona } from "./owner";
import { expect, test, waitForHydration } from "./support";

/**
 * Customers' feedback on the bot's hosted page, in both languages, on a 390 px phone screen:
 * thumbs up, then down with a reason (the keyboard's way), kept after a reload; the team sees
 * the thumbs and the reason in the inbox and the transcript; a teammate resolves the
 * conversation, the customer's open page shows the satisfaction question at once and the
 * answer shows in the inbox. One owner (and their one bot) for the file.
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
    question: "When are you open?",
    answer: "Every day from 9 to 5.",
    reason: "I need the Sunday hours",
  },
  {
    locale: "th" as const,
    prefix: "/th",
    question: "ร้านเปิดกี่โมง",
    answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ",
    reason: "อยากรู้เวลาเปิดวันอาทิตย์",
  },
];

for (const story of stories) {
  test(`feedback (${story.locale}): thumbs with a reason on the bot page, seen by the team, then CSAT`, async ({
    browser,
  }) => {
    const c = botChatMessages[story.locale];
    const context = await browser.newContext({
      locale: story.locale === "th" ? "th-TH" : "en-US",
      viewport: { width: 390, height: 844 },
    });
    const customer = await context.newPage();
    await customer.goto(`/bot/${botId}`);
    await waitForHydration(customer);
    const box = customer.getByPlaceholder(c.placeholder(botName));
    await box.fill(story.question);
    await box.press("Enter");
    const reply = customer.locator('li[data-sender="bot"]').filter({ hasText: story.answer });
    await expect(reply).toBeVisible();

    // Thumbs up, then changed to thumbs down with the keyboard, with a reason.
    const thumbs = reply.getByRole("group", { name: c.feedback.group });
    const up = thumbs.getByRole("button", { name: c.feedback.up, exact: true });
    const down = thumbs.getByRole("button", { name: c.feedback.down, exact: true });
    await expect(up).toHaveAttribute("aria-pressed", "false");
    await up.click();
    await expect(up).toHaveAttribute("aria-pressed", "true");
    await expect(reply.getByText(c.feedback.thanks)).toBeVisible();
    await down.focus();
    await customer.keyboard.press("Enter");
    await expect(down).toHaveAttribute("aria-pressed", "true");
    await expect(up).toHaveAttribute("aria-pressed", "false");
    const reason = reply.getByLabel(c.feedback.reasonLabel);
    await expect(reason).toBeFocused();
    await customer.keyboard.type(story.reason);
    await reply.getByRole("button", { name: c.feedback.send, exact: true }).click();
    await expect(reason).toBeHidden();
    await expect(down).toBeFocused();
    // Nothing sideways at 390 px.
    expect(
      await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    // Kept after a reload.
    await customer.reload();
    await waitForHydration(customer);
    const again = customer.locator('li[data-sender="bot"]').filter({ hasText: story.answer });
    await expect(again.getByRole("button", { name: c.feedback.down, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const conversationId = await customer.evaluate(
      (id) => window.localStorage.getItem(`jai.bot-chat.${id}.conversation`),
      botId,
    );
    expect(conversationId).toBeTruthy();

    // The team sees the thumbs and the reason: in the transcript, and in the inbox.
    const t = transcriptFeedbackMessages[story.locale];
    const transcript = await owner.newPage();
    await transcript.goto(`${story.prefix}/app/bots/${botId}/conversations/${conversationId}`);
    await waitForHydration(transcript);
    const mark = transcript.getByTestId("reply-feedback");
    await expect(mark).toHaveAttribute("data-rating", "down");
    await expect(mark).toContainText(t.down);
    await expect(mark).toContainText(story.reason);
    await transcript.close();

    const m = inboxMessages[story.locale];
    const inbox = await owner.newPage();
    await inbox.goto(`${story.prefix}/app/inbox/${conversationId}`);
    await waitForHydration(inbox);
    const conversation = inbox.getByTestId("inbox-conversation");
    const inboxMark = conversation.getByTestId("reply-feedback");
    await expect(inboxMark).toContainText(m.feedback.down);
    await expect(inboxMark).toContainText(story.reason);

    // Resolved by the owner: the customer's open page asks for a score at once.
    await conversation.getByRole("button", { name: m.actions.resolve }).click();
    await expect(conversation).toHaveAttribute("data-status", "resolved");
    await expect(conversation.getByTestId("csat-badge")).toContainText(m.feedback.csatAsked);
    const card = customer.getByRole("region", { name: c.csat.title });
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: c.csat.score("5", c.csat.scores[4]!) }).click();
    await expect(customer.getByTestId("csat-thanks")).toHaveText(c.csat.thanks(5));
    // Thai-locale numbers keep Arabic digits (th-TH's default).
    await expect(conversation.getByTestId("csat-badge")).toContainText(m.feedback.csat("5"));
    await inbox.close();
    await context.close();
  });
}
