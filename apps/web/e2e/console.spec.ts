import { randomUUID } from "node:crypto";
import type { BotDto, PersonaDto } from "@jai/contracts/console";
import type { Page } from "@playwright/test";
import { accountMessages } from "../app/features/accounts/messages";
import { consoleMessages } from "../app/features/console/messages";
import { personaBuilderMessages } from "../app/features/persona-builder/messages";
import { commonMessages } from "../app/i18n/messages";
import { e2eRefusedProviderKey } from "../server/test/fake-llm-credentials";
import { waitForEmail } from "./server-mail";
import { allowConsoleErrorsOn, expect, test, waitForHydration } from "./support";

const password = "a long and happy passphrase";
type Locale = "en" | "th";

/** Signs up, opens the verification link from the .eml, signs in and lands on the console. */
async function signUpToConsole(page: Page, locale: Locale): Promise<void> {
  const m = accountMessages[locale];
  const prefix = locale === "th" ? "/th" : "";
  const email = `console-${locale}-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto(`${prefix}/sign-up`);
  await waitForHydration(page);
  await page.getByLabel(m.fields.name).fill("Malee Owner");
  await page.getByLabel(m.fields.email).fill(email);
  await page.getByLabel(m.fields.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: m.signUp.submit }).click();
  await expect(page.getByRole("heading", { name: m.signUp.checkEmail.title })).toBeVisible();

  const verification = await waitForEmail(m.emails.verifyEmail.subject("Jai"), { to: email });
  const link = new URL(verification.text.match(/https?:\/\/\S+/)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { name: m.verifyEmail.verified.title })).toBeVisible();

  // The console asks to sign in, then comes back.
  await page.goto(`${prefix}/app`);
  await expect(page).toHaveURL(new RegExp(`${prefix}/sign-in`));
  await waitForHydration(page);
  await page.getByLabel(m.fields.email).fill(email);
  await page.getByLabel(m.fields.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: m.signIn.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/app$`));
  await waitForHydration(page);
}

/** A call to the console API from the page (same origin, with the session cookie). */
async function callApi<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api/console${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { path, body },
  ) as Promise<T>;
}

/** A persona made through the API, for tests about something else (the main test uses the builder). */
function createPersona(page: Page, name: string): Promise<PersonaDto> {
  return callApi<PersonaDto>(page, "/personas", {
    name,
    avatar: "🌸",
    role: "Support Agent",
    welcomeMessage: "Hello! Ask me anything.",
    faqs: [{ question: "When are you open?", answer: "Every day from 9 to 5." }],
  });
}

for (const locale of ["en", "th"] as const) {
  const m = consoleMessages[locale];
  const common = commonMessages[locale];
  const b = personaBuilderMessages[locale];
  const prefix = locale === "th" ? "/th" : "";

  test.describe(`owner console (${locale})`, () => {
    test("persona → bot → chat on its public page → the conversation in the console", async ({
      page,
      context,
    }) => {
      test.setTimeout(90_000);
      // Refused on purpose below: a bot over the plan's limit (403) and deleting a persona a bot
      // uses (409); the browser logs both.
      allowConsoleErrorsOn(
        page,
        /status of (403 .*\/api\/console\/bots|409 .*\/api\/console\/personas\/[\w-]+)\)$/,
      );
      await signUpToConsole(page, locale);
      await expect(page.getByRole("heading", { level: 1, name: m.overview.title })).toBeVisible();
      await expect(page.getByTestId("console-plan")).toHaveText(m.plans.free);
      await expect(page.getByText(m.overview.trialLeft(7))).toBeVisible();
      await expect(
        page.getByRole("banner").getByRole("link", { name: common.nav.console }),
      ).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(m.meta.overview.title));
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");

      // An empty library leads to the builder: a name, a greeting and one FAQ, then Save Template.
      await page
        .getByRole("navigation", { name: m.nav.label })
        .getByRole("link", { name: m.nav.personas })
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/app/personas$`));
      await expect(page.getByText(m.personas.emptyTitle)).toBeVisible();
      await page.getByRole("link", { name: m.personas.newPersona }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/persona-builder$`));
      const personaName = `Malee ${locale}`;
      await page.getByLabel(b.fields.name.label, { exact: true }).fill(personaName);
      await page.getByRole("tab", { name: b.tabs.greeting.label }).click();
      await page
        .getByRole("tabpanel")
        .getByLabel(b.fields.welcomeMessage.label, { exact: true })
        .fill("Hello! Ask me anything.");
      await page.getByRole("tab", { name: b.tabs.behavior.label }).click();
      const behavior = page.getByRole("tabpanel");
      await behavior.getByLabel(b.faqs.question(1), { exact: true }).fill("When are you open?");
      await behavior.getByLabel(b.faqs.answer(1), { exact: true }).fill("Every day from 9 to 5.");
      await page.getByRole("tab", { name: b.tabs.export.label }).click();
      await page
        .getByRole("tabpanel")
        .getByRole("button", { name: b.exportTab.save.label })
        .click();
      await expect(page.getByText(b.save.created)).toBeVisible();

      // The persona is in the library; Edit opens it in the builder.
      await page.getByRole("banner").getByRole("link", { name: common.nav.console }).click();
      await page
        .getByRole("navigation", { name: m.nav.label })
        .getByRole("link", { name: m.nav.personas })
        .click();
      const personaRow = page.getByTestId("persona-row");
      await expect(personaRow).toHaveCount(1);
      await expect(personaRow).toContainText(personaName);
      await personaRow.getByRole("button", { name: m.personas.edit }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/persona-builder$`));
      await expect(page.getByTestId("draft-status")).toContainText(b.draft.editing(personaName));
      await page.goBack();
      await expect(personaRow).toHaveCount(1);

      // Create a bot from it.
      await page
        .getByRole("navigation", { name: m.nav.label })
        .getByRole("link", { name: m.nav.bots })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: m.bots.title })).toBeVisible();
      await expect(page.getByText(m.bots.emptyTitle)).toBeVisible();
      const botName = `Shop helper ${locale}`;
      await page.getByLabel(m.botForm.name, { exact: true }).fill(botName);
      await page.getByRole("button", { name: m.bots.create }).click();
      const row = page.getByTestId("bot-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(botName);
      await expect(row.getByTestId("bot-status")).toHaveText(m.bots.status.active);

      // A second bot is beyond the free trial's one bot: refused with a link to the plans.
      await page.getByLabel(m.botForm.name, { exact: true }).fill("One too many");
      await page.getByRole("button", { name: m.bots.create }).click();
      const refusal = page.getByRole("alert").filter({ hasText: m.bots.planLimit });
      await expect(refusal).toBeVisible();
      await expect(refusal.getByRole("link", { name: m.common.seePlans })).toHaveAttribute(
        "href",
        `${prefix}/pricing`,
      );
      await expect(row).toHaveCount(1);

      // Its public page opens in a new tab: chat with it.
      const publicLink = row.getByRole("link", { name: m.bots.publicPage });
      await expect(publicLink).toHaveAttribute("target", "_blank");
      const [chat] = await Promise.all([context.waitForEvent("page"), publicLink.click()]);
      await waitForHydration(chat);
      const composer = chat.getByPlaceholder(`Type a message to ${botName}...`);
      await expect(composer).toBeVisible();
      await composer.fill("When are you open?");
      await composer.press("Enter");
      await expect(chat.locator('li[data-sender="user"]')).toContainText("When are you open?");
      // The greeting, then the reply, stored once it is complete.
      await expect(chat.locator('li[data-sender="bot"]').nth(1)).toHaveAttribute(
        "data-status",
        "completed",
        { timeout: 15_000 },
      );
      await chat.close();

      // Back in the console: the conversation is listed, and its transcript has the message.
      await page.getByRole("link", { name: new RegExp(m.bots.conversations) }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/app/bots/[^/]+/conversations$`));
      const list = page.getByTestId("conversation-list");
      await expect(list.getByRole("link")).toHaveCount(1);
      await expect(list).toContainText("When are you open?");

      // Searching keeps the search in the URL and the CSV link.
      await page.getByLabel(m.conversations.search).fill("nothing like this");
      await expect(page).toHaveURL(/search=nothing\+like\+this/);
      await expect(page.getByText(m.conversations.noMatches("nothing like this"))).toBeVisible();
      await expect(page.getByRole("link", { name: m.conversations.exportCsv })).toHaveAttribute(
        "href",
        /conversations\.csv\?search=nothing\+like\+this/,
      );
      await page.getByLabel(m.conversations.search).fill("open");
      await expect(list.getByRole("link")).toHaveCount(1);
      const csvHref = await page
        .getByRole("link", { name: m.conversations.exportCsv })
        .getAttribute("href");
      expect(csvHref).toMatch(/conversations\.csv\?search=open$/);
      const csv = await page.request.get(csvHref!);
      expect(csv.status()).toBe(200);
      expect(await csv.text()).toContain("When are you open?");

      await list.getByRole("link").first().click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/app/bots/[^/]+/conversations/[^/]+$`));
      const transcript = page.getByTestId("transcript");
      await expect(transcript.locator('li[data-sender="user"]')).toContainText(
        "When are you open?",
      );
      // The built-in provider answers from the persona's FAQ.
      await expect(transcript.locator('li[data-sender="bot"]')).toContainText(
        "Every day from 9 to 5.",
      );

      // A persona a bot uses cannot be deleted, and the dialog says why; its copy can.
      const nav = page.getByRole("navigation", { name: m.nav.label });
      await nav.getByRole("link", { name: m.nav.personas }).click();
      const personaRows = page.getByTestId("persona-row");
      await personaRows.getByRole("button", { name: m.personas.duplicate }).click();
      await expect(personaRows).toHaveCount(2);
      const inUse = personaRows.filter({ hasText: m.personas.botCount(1) });
      const copy = personaRows.filter({ hasText: m.personas.botCount(0) });
      await inUse.getByRole("button", { name: m.common.delete }).click();
      const confirm = page.getByRole("alertdialog");
      await confirm.getByRole("button", { name: m.common.delete }).click();
      await expect(confirm.getByRole("alert")).toHaveText(m.personas.deleteInUse(1));
      await confirm.getByRole("button", { name: m.common.cancel }).click();
      await copy.getByRole("button", { name: m.common.delete }).click();
      await confirm.getByRole("button", { name: m.common.delete }).click();
      await expect(confirm).toBeHidden();
      await expect(personaRows).toHaveCount(1);

      // Pausing the bot shows on its settings page.
      await nav.getByRole("link", { name: m.nav.bots }).click();
      await page.getByTestId("bot-row").getByRole("link", { name: m.bots.settings }).click();
      await page.getByRole("button", { name: m.bot.pause }).click();
      await expect(page.getByRole("heading", { level: 1 }).getByTestId("bot-status")).toHaveText(
        m.bots.status.paused,
      );
      await expect(page.getByRole("button", { name: m.bot.resume })).toBeVisible();
    });

    test("an API key is shown once, listed by its prefix, and revoked", async ({ page }) => {
      test.setTimeout(90_000);
      // An empty name is refused on purpose (422); the browser logs it.
      allowConsoleErrorsOn(page, /status of 422 .*\/api\/console\/api-keys\)$/);
      await signUpToConsole(page, locale);
      await page
        .getByRole("navigation", { name: m.nav.label })
        .getByRole("link", { name: m.nav.apiKeys })
        .click();
      await expect(page.getByText(m.apiKeys.emptyText)).toBeVisible();

      // Console pages are private: never cached; unknown (or another owner's) ids are 404.
      const overview = await page.request.get(`${prefix}/app`);
      expect(overview.status()).toBe(200);
      expect(overview.headers()["cache-control"]).toContain("no-store");
      const unknownBot = "00000000-0000-4000-8000-000000000000";
      expect((await page.request.get(`${prefix}/app/bots/${unknownBot}`)).status()).toBe(404);
      expect(
        (await page.request.get(`${prefix}/app/bots/${unknownBot}/conversations`)).status(),
      ).toBe(404);

      // An empty name is refused next to the field.
      await page.getByRole("button", { name: m.apiKeys.create }).click();
      await expect(page.getByText(m.fieldIssues.missing)).toBeVisible();

      await page.getByLabel(m.apiKeys.name).fill("Website");
      await page.getByRole("button", { name: m.apiKeys.create }).click();
      const dialog = page.getByRole("dialog", { name: m.apiKeys.createdTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(m.apiKeys.createdText)).toBeVisible();
      const key = (await dialog.getByTestId("created-api-key").textContent()) ?? "";
      expect(key.length).toBeGreaterThan(20);
      await dialog.getByRole("button", { name: m.apiKeys.done }).click();
      await expect(dialog).toBeHidden();

      // The list shows the prefix, never the key again.
      const row = page.getByTestId("api-key-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Website");
      const prefixText = ((await row.getByTestId("api-key-prefix").textContent()) ?? "").replace(
        "…",
        "",
      );
      expect(prefixText.length).toBeGreaterThan(3);
      expect(key.startsWith(prefixText)).toBe(true);
      await page.reload();
      expect(await page.content()).not.toContain(key);

      await row.getByRole("button", { name: m.apiKeys.revoke }).click();
      const confirm = page.getByRole("alertdialog");
      await confirm.getByRole("button", { name: m.apiKeys.revoke }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(m.apiKeys.emptyText)).toBeVisible();
    });

    test("on a phone: the provider key stays write-only, knowledge text turns ready and a test question finds it", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await signUpToConsole(page, locale);
      const persona = await createPersona(page, `Knowledge ${locale}`);
      const bot = await callApi<BotDto>(page, "/bots", {
        personaId: persona.id,
        name: "Library bot",
      });
      await page.goto(`${prefix}/app/bots/${bot.id}`);
      await waitForHydration(page);
      await expect(page.getByText(m.knowledge.emptyText)).toBeVisible();
      // Nothing sticks out sideways at phone width.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);

      // A key the provider refuses is not saved: the field says why, in the owner's language.
      const settings = page.getByRole("form", { name: m.bot.settingsTitle });
      await settings.getByLabel(m.botForm.provider, { exact: true }).selectOption("openai");
      const keyField = settings.getByLabel(m.botForm.providerKey, { exact: true });
      await keyField.fill(e2eRefusedProviderKey);
      allowConsoleErrorsOn(page, /status of 422 .*\/api\/console\/bots\/\w+\)$/);
      await settings.getByRole("button", { name: m.common.save }).click();
      await expect(settings.getByText(m.fieldIssues.keyRefused)).toBeVisible();
      await expect(settings.getByTestId("provider-key-hint")).toHaveCount(0);
      allowConsoleErrorsOn(page, undefined);

      // The owner's provider key is write-only: saved, then only its last characters come back.
      await keyField.fill("sk-test-secret-1234abcd");
      await settings.getByRole("button", { name: m.common.save }).click();
      await expect(settings.getByTestId("provider-key-hint")).toHaveText(
        m.botForm.keyHint("…abcd"),
      );
      expect(await page.content()).not.toContain("sk-test-secret");
      await expect(settings.getByRole("button", { name: m.botForm.replaceKey })).toBeVisible();

      await page.getByLabel(m.knowledge.sourceTitle, { exact: true }).fill("Delivery");
      await page
        .getByLabel(m.knowledge.text, { exact: true })
        .fill("We deliver to Chiang Mai within three days by motorbike courier.");
      await page.getByRole("button", { name: m.knowledge.addText }).click();
      const source = page.getByTestId("knowledge-source");
      await expect(source).toHaveCount(1);
      // Processed in the background; the page polls until it is ready.
      await expect(source.getByTestId("knowledge-status")).toHaveText(m.knowledge.statuses.ready, {
        timeout: 20_000,
      });

      await page
        .getByLabel(m.knowledge.testQuestion, { exact: true })
        .fill("Do you deliver to Chiang Mai?");
      await page.getByRole("button", { name: m.knowledge.test, exact: true }).click();
      const hits = page.getByTestId("knowledge-hits");
      await expect(hits.getByRole("listitem").first()).toContainText("motorbike courier");
      await expect(hits.getByRole("listitem").first()).toHaveAttribute("data-used", "true");
      await page.getByLabel(m.knowledge.testQuestion, { exact: true }).fill("zebra quartz");
      await page.getByRole("button", { name: m.knowledge.test, exact: true }).click();
      await expect(page.getByText(m.knowledge.noHits)).toBeVisible();
      // A Thai question finds the English passage, and the reply would use it.
      await page.getByLabel(m.knowledge.testQuestion, { exact: true }).fill("ส่งกี่วันคะ");
      await page.getByRole("button", { name: m.knowledge.test, exact: true }).click();
      await expect(hits.getByRole("listitem").first()).toHaveAttribute("data-used", "true");
      await expect(page.getByTestId("knowledge-not-answered")).toHaveCount(0);

      // A file of the wrong type is refused before it is sent.
      await page.getByRole("tab", { name: m.knowledge.tabs.file }).click();
      await page.getByLabel(m.knowledge.file, { exact: true }).setInputFiles({
        name: "picture.png",
        mimeType: "image/png",
        buffer: Buffer.from("not really"),
      });
      await expect(page.getByRole("alert").filter({ hasText: ".txt" })).toBeVisible();
    });
  });
}
