import { createHmac } from "node:crypto";
import { lineMessages } from "../app/features/console/line-messages";
import { e2eLineCredentials } from "../server/test/fake-line-credentials";
import { createOwnerBot } from "./owner";
import { expect, test, waitForHydration } from "./support";

/**
 * Console → Channels → LINE, as an owner does it, against the fake LINE API the test servers
 * point at (server/test/fake-line-main.ts): a refused token is explained in the page's
 * language; the right credentials show the LINE account and the webhook URL; LINE's "Verify"
 * shows as verified; the quota card reads LINE's quota.
 */
// The refused token is a 422 the page logs; the account picture (LINE's CDN) cannot load here.
test.use({ allowedConsoleErrors: /422|line-scdn\.net/ });

for (const locale of ["en", "th"] as const) {
  const m = lineMessages[locale];
  const prefix = locale === "th" ? "/th" : "";

  test(`connects a LINE channel, verifies its webhook and reads the quota (${locale})`, async ({
    page,
    baseURL,
  }) => {
    const botId = await createOwnerBot(page.request, baseURL!, {
      persona: { name: "Mali", faqs: [{ question: "ร้านเปิดกี่โมง", answer: "9 โมงถึง 5 โมงเย็น" }] },
      name: "Somtam bot",
    });
    await page.goto(`${prefix}/app/bots/${botId}/channels`);
    await waitForHydration(page);
    const card = page.getByTestId("line-card");
    await expect(card.getByRole("heading", { name: m.title })).toBeVisible();
    await expect(card.getByText(m.steps[4]!)).toBeVisible();

    await card.getByLabel(m.channelId, { exact: true }).fill(e2eLineCredentials.channelId);
    await card.getByLabel(m.channelSecret, { exact: true }).fill(e2eLineCredentials.channelSecret);
    await card.getByLabel(m.accessToken).fill("a-wrong-token-that-line-refuses-0000");
    await card.getByRole("button", { name: m.connect }).click();
    await expect(card.getByText(m.issues.refused)).toBeVisible();

    await card.getByLabel(m.accessToken).fill(e2eLineCredentials.accessToken);
    await card.getByRole("button", { name: m.connect }).click();
    await expect(card.getByTestId("line-account")).toContainText("Somtam Shop");
    await expect(card.getByText(m.statusConnected)).toBeVisible();
    const webhookUrl = (await card.getByTestId("line-webhook-url").textContent())!;
    expect(webhookUrl).toMatch(/\/api\/webhooks\/line\/[0-9a-f-]{36}$/);
    await expect(card.getByTestId("line-verification")).toContainText(m.waiting);
    // The secret never comes back to the page.
    expect(await page.content()).not.toContain(e2eLineCredentials.channelSecret);

    // LINE's "Verify" button: a signed request with no events.
    const body = JSON.stringify({ destination: "Ufakebot", events: [] });
    const signature = createHmac("sha256", e2eLineCredentials.channelSecret)
      .update(body)
      .digest("base64");
    const verify = await page.request.post(new URL(webhookUrl).pathname, {
      headers: { "Content-Type": "application/json", "x-line-signature": signature },
      data: body,
    });
    expect(verify.status()).toBe(200);
    await page.reload();
    await waitForHydration(page);
    await expect(card.getByTestId("line-verification")).toContainText(m.verified);

    await card.getByRole("button", { name: m.quotaCheck }).click();
    await expect(card.getByTestId("line-quota")).toContainText(m.quotaLimited("0", "300"));
    await expect(card.getByRole("progressbar")).toBeVisible();
  });
}
