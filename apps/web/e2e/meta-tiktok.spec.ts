import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { metaMessages } from "../app/features/console/meta-messages";
import { tiktokMessages } from "../app/features/console/tiktok-messages";
import { e2eMetaCredentials } from "../server/test/fake-meta-credentials";
import { fakeTiktokNotApprovedMessage } from "../server/test/fake-tiktok";
import { e2eTiktokCredentials } from "../server/test/fake-tiktok-credentials";
import { createOwnerBot } from "./owner";
import { expect, test, waitForHydration } from "./support";

/**
 * Console → Channels → Messenger, Instagram and TikTok, as an owner does it, against the fake
 * Graph API and the fake TikTok API the test servers point at (server/test/fake-meta-main.ts,
 * fake-tiktok-main.ts): a refused token is explained in the page's language; the right one shows
 * the Page, the callback URL and the verify token (once: a reload forgets it); Meta's
 * verification request with that token shows as verified; TikTok's refusal of an account it has
 * not approved is shown in TikTok's own words under a translated sentence.
 */
// The refused connections are 422s the page logs. The Page's and the accounts' pictures come from
// the fakes (127.0.0.1), which the page's Content-Security-Policy does not let it load.
test.use({ allowedConsoleErrors: /422|\/attachments\/[\w-]+-picture|tiktokcdn/ });

const persona = {
  persona: { name: "Mali", faqs: [{ question: "ร้านเปิดกี่โมง", answer: "9 โมงถึง 5 โมงเย็น" }] },
  name: "Somtam bot",
};

/** Matches a text anywhere in a longer one (a field's description is its help and its error). */
const containing = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

async function openChannels(page: Page, prefix: string, botId: string) {
  await page.goto(`${prefix}/app/bots/${botId}/channels`);
  await waitForHydration(page);
}

for (const locale of ["en", "th"] as const) {
  const m = metaMessages[locale];
  const k = tiktokMessages[locale];
  const prefix = locale === "th" ? "/th" : "";

  test(`connects Messenger, shows the verify token once and Meta's verification (${locale})`, async ({
    page,
    baseURL,
  }) => {
    const botId = await createOwnerBot(page.request, baseURL!, persona);
    await openChannels(page, prefix, botId);
    const card = page.getByTestId("messenger-card");
    await expect(card.getByRole("heading", { name: m.messenger.title })).toBeVisible();
    await expect(card.getByText(m.messenger.steps[5]!)).toBeVisible();

    await card.getByLabel(m.pageId, { exact: true }).fill(e2eMetaCredentials.pageId);
    await card
      .getByLabel(m.pageAccessToken, { exact: true })
      .fill("EAAwrongTokenMetaRefuses0123456789");
    await card.getByLabel(m.appSecret, { exact: true }).fill(e2eMetaCredentials.appSecret);
    await card.getByRole("button", { name: m.messenger.connect }).click();
    // Said next to the field, and tied to it for screen readers.
    const tokenField = card.getByLabel(m.pageAccessToken, { exact: true });
    await expect(tokenField).toHaveAccessibleDescription(containing(m.issues.refused));
    await expect(tokenField).toHaveAttribute("aria-invalid", "true");

    await card
      .getByLabel(m.pageAccessToken, { exact: true })
      .fill(e2eMetaCredentials.pageAccessToken);
    await card.getByRole("button", { name: m.messenger.connect }).click();
    await expect(card.getByTestId("messenger-account")).toContainText(e2eMetaCredentials.pageName);
    await expect(card.getByText(m.statusConnected, { exact: true })).toBeVisible();
    const callbackUrl = (await card.getByTestId("messenger-callback-url").textContent())!;
    expect(callbackUrl).toMatch(/\/api\/webhooks\/meta\/[0-9a-f-]{36}$/);
    await expect(card.getByText(m.verifyTokenOnce)).toBeVisible();
    const verifyToken = (await card.getByTestId("messenger-verify-token-value").textContent())!;
    expect(verifyToken.length).toBeGreaterThan(16);
    for (const field of ["messages", "messaging_postbacks"]) {
      await expect(card.getByText(field, { exact: true })).toBeVisible();
    }
    await expect(card.getByTestId("messenger-verification")).toContainText(m.waiting);
    // The secrets never come back to the page, and the form that held them is gone.
    const html = await page.content();
    expect(html).not.toContain(e2eMetaCredentials.appSecret);
    expect(html).not.toContain(e2eMetaCredentials.pageAccessToken);
    await expect(card.getByLabel(m.pageAccessToken, { exact: true })).toHaveCount(0);

    // Meta's verification request: the verify token shown, a challenge echoed back.
    const path = new URL(callbackUrl).pathname;
    const wrong = await page.request.get(
      `${path}?hub.mode=subscribe&hub.verify_token=not-the-token&hub.challenge=1158201444`,
    );
    expect(wrong.status()).toBe(403);
    const verify = await page.request.get(
      `${path}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=1158201444`,
    );
    expect(verify.status()).toBe(200);
    expect(await verify.text()).toBe("1158201444");

    await page.reload();
    await waitForHydration(page);
    await expect(card.getByTestId("messenger-verification")).toContainText(m.verified);
    // Shown once: after a reload only its last characters are left.
    await expect(card.getByTestId("messenger-verify-token-value")).toHaveCount(0);
    await expect(card.getByTestId("messenger-verify-token")).toContainText(
      m.verifyTokenHidden(verifyToken.slice(-4)),
    );
    expect(await page.content()).not.toContain(verifyToken);

    // The Human Agent permission is saved at once.
    const humanAgent = card.getByTestId("messenger-human-agent");
    await expect(humanAgent).not.toBeChecked();
    await humanAgent.check();
    await expect(card.getByTestId("messenger-status")).toHaveText(m.humanAgentSaved);
    await page.reload();
    await waitForHydration(page);
    await expect(card.getByTestId("messenger-human-agent")).toBeChecked();

    // A signed event (the app secret the owner gave) reaches the webhook.
    const body = JSON.stringify({ object: "page", entry: [] });
    const signature = createHmac("sha256", e2eMetaCredentials.appSecret).update(body).digest("hex");
    const event = await page.request.post(path, {
      headers: { "Content-Type": "application/json", "X-Hub-Signature-256": `sha256=${signature}` },
      data: body,
    });
    expect(event.status()).toBe(200);
  });

  test(`connects Instagram Direct (${locale})`, async ({ page, baseURL }) => {
    const botId = await createOwnerBot(page.request, baseURL!, persona);
    await openChannels(page, prefix, botId);
    const card = page.getByTestId("instagram-card");
    await expect(card.getByRole("heading", { name: m.instagram.title })).toBeVisible();

    await card.getByLabel(m.pageId, { exact: true }).fill(e2eMetaCredentials.pageId);
    await card.getByLabel(m.instagramAccountId, { exact: true }).fill("12345");
    await card
      .getByLabel(m.pageAccessToken, { exact: true })
      .fill(e2eMetaCredentials.pageAccessToken);
    await card.getByLabel(m.appSecret, { exact: true }).fill(e2eMetaCredentials.appSecret);
    await card.getByLabel(m.humanAgent, { exact: true }).check();
    await card.getByRole("button", { name: m.instagram.connect }).click();
    // An account Meta does not know with this token: said next to its field.
    await expect(
      card.getByLabel(m.instagramAccountId, { exact: true }),
    ).toHaveAccessibleDescription(containing(m.issues.instagramRefused));

    await card
      .getByLabel(m.instagramAccountId, { exact: true })
      .fill(e2eMetaCredentials.instagramAccountId);
    await card.getByRole("button", { name: m.instagram.connect }).click();
    await expect(card.getByTestId("instagram-account")).toContainText(
      `@${e2eMetaCredentials.instagramUsername}`,
    );
    expect((await card.getByTestId("instagram-callback-url").textContent())!).toMatch(
      /\/api\/webhooks\/meta\/[0-9a-f-]{36}$/,
    );
    await expect(card.getByTestId("instagram-verify-token-value")).toBeVisible();
    await expect(card.getByTestId("instagram-human-agent")).toBeChecked();
    // Messenger stays as it was: one card per channel.
    await expect(
      page.getByTestId("messenger-card").getByRole("button", { name: m.messenger.connect }),
    ).toBeVisible();
  });

  test(`TikTok: an account TikTok has not approved is refused in its words, then connects (${locale})`, async ({
    page,
    baseURL,
  }) => {
    const botId = await createOwnerBot(page.request, baseURL!, persona);
    await openChannels(page, prefix, botId);
    const card = page.getByTestId("tiktok-card");
    await expect(card.getByRole("heading", { name: k.title })).toBeVisible();
    await expect(card.getByTestId("tiktok-approval")).toHaveText(k.approval);
    await expect(card.getByText(k.window)).toBeVisible();

    await card.getByLabel(k.appId, { exact: true }).fill(e2eTiktokCredentials.appId);
    await card.getByLabel(k.appSecret, { exact: true }).fill(e2eTiktokCredentials.appSecret);
    await card
      .getByLabel(k.businessId, { exact: true })
      .fill(e2eTiktokCredentials.notApprovedBusinessId);
    await card.getByLabel(k.accessToken, { exact: true }).fill(e2eTiktokCredentials.accessToken);
    await card.getByRole("button", { name: k.connect }).click();
    const refusal = card.getByTestId("tiktok-refusal");
    await expect(refusal).toContainText(k.issues.notApproved);
    await expect(refusal).toContainText(k.tiktokAnswer);
    // TikTok's own words, as it sent them (not translated).
    await expect(card.getByTestId("tiktok-answer")).toHaveText(fakeTiktokNotApprovedMessage);

    await card.getByLabel(k.businessId, { exact: true }).fill(e2eTiktokCredentials.businessId);
    await card.getByRole("button", { name: k.connect }).click();
    await expect(card.getByTestId("tiktok-account")).toContainText(
      e2eTiktokCredentials.displayName,
    );
    await expect(card.getByText(k.statusConnected, { exact: true })).toBeVisible();
    const webhookUrl = (await card.getByTestId("tiktok-webhook-url").textContent())!;
    expect(webhookUrl).toMatch(/\/api\/webhooks\/tiktok\/[0-9a-f-]{36}$/);
    await expect(card.getByTestId("tiktok-verification")).toContainText(k.waiting);
    await expect(card.getByTestId("tiktok-refusal")).toHaveCount(0);
    const html = await page.content();
    expect(html).not.toContain(e2eTiktokCredentials.appSecret);
    expect(html).not.toContain(e2eTiktokCredentials.accessToken);
  });
}

test("the three cards fit a 390 px phone in Thai, connected or not", async ({ page, baseURL }) => {
  const m = metaMessages.th;
  await page.setViewportSize({ width: 390, height: 844 });
  const botId = await createOwnerBot(page.request, baseURL!, persona);
  await openChannels(page, "/th", botId);
  await expect(page.getByTestId("tiktok-card")).toBeVisible();
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);

  // Connected, the long callback URL and verify token wrap instead of pushing the page wider.
  const card = page.getByTestId("messenger-card");
  await card.getByLabel(m.pageId, { exact: true }).fill(e2eMetaCredentials.pageId);
  await card
    .getByLabel(m.pageAccessToken, { exact: true })
    .fill(e2eMetaCredentials.pageAccessToken);
  await card.getByLabel(m.appSecret, { exact: true }).fill(e2eMetaCredentials.appSecret);
  await card.getByRole("button", { name: m.messenger.connect }).click();
  await expect(card.getByTestId("messenger-verify-token-value")).toBeVisible();
  expect(await fits()).toBe(true);
});
