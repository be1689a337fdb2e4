import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { accountMessages } from "../app/features/accounts/messages";
import { marketplaceMessages } from "../app/features/marketplace/messages";
import { personaBuilderMessages } from "../app/features/persona-builder/messages";
import { waitForEmail } from "./server-mail";
import { allowConsoleErrorsOn, expect, test, waitForHydration } from "./support";

const password = "a long and happy passphrase";

/** The admins scripts/e2e-server.mjs starts the server with (ADMIN_EMAILS), one per language. */
const adminEmail = (locale: "en" | "th") => `marketplace-admin-${locale}@example.com`;

// A refused submission (409) is expected: the browser logs every failed request.
test.use({ allowedConsoleErrors: /status of 409/ });

/**
 * A new browser context with a verified account, signed in through the sign-in page (which
 * also tells the site's scripts that this browser is signed in), landing on `next`.
 */
async function signedInPage(
  browser: Browser,
  baseURL: string,
  email: string,
  prefix: string,
  next: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // An admin's account outlives a test (a retry finds it): signed up only if signing in fails.
  // Other accounts are new (a failed attempt would count toward the sign-in limits).
  const isAdmin = email.startsWith("marketplace-admin-");
  const existing = isAdmin
    ? await page.request.post("/api/auth/sign-in/email", {
        data: { email, password },
        headers: { Origin: baseURL },
      })
    : null;
  // Signed in by the check: signed in again below, through the page.
  if (existing?.status() === 200) await context.clearCookies();
  else {
    const signUp = await page.request.post("/api/auth/sign-up/email", {
      data: { name: email.split("@")[0], email, password },
      headers: { Origin: baseURL },
    });
    expect(signUp.status()).toBe(200);
    const verification = await waitForEmail(accountMessages.en.emails.verifyEmail.subject("Jai"), {
      to: email,
    });
    const link = new URL(verification.text.match(/https?:\/\/\S+/)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(
      page.getByRole("heading", { name: accountMessages.en.verifyEmail.verified.title }),
    ).toBeVisible();
  }

  const m = accountMessages[prefix ? "th" : "en"];
  await page.goto(`${prefix}/sign-in?next=${encodeURIComponent(next)}`);
  await waitForHydration(page);
  await page.getByLabel(m.fields.email).fill(email);
  await page.getByLabel(m.fields.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: m.signIn.submit }).click();
  // Three sign-ins run at once on a busy machine: the client-side navigation may take a while.
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[?#]/g, "\\$&")}$`), {
    timeout: 20_000,
  });
  return page;
}

for (const locale of ["en", "th"] as const) {
  const m = marketplaceMessages[locale];
  const prefix = locale === "th" ? "/th" : "";

  test(`marketplace (${locale}): submit, pending, approved by an admin, listed and cloned`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const origin = baseURL!;
    const tag = randomUUID().slice(0, 8);
    const personaName = `Bee Tutor ${tag}`;

    // Three accounts (made at once): the owner, an admin and another owner who clones.
    const marketplacePath = `${prefix}/features/marketplace#community-personas`;
    const [owner, admin, cloner] = await Promise.all([
      signedInPage(
        browser,
        origin,
        `owner-${locale}-${tag}@example.com`,
        prefix,
        `${prefix}/app/marketplace`,
      ),
      signedInPage(browser, origin, adminEmail(locale), prefix, `${prefix}/app/admin/marketplace`),
      signedInPage(browser, origin, `cloner-${locale}-${tag}@example.com`, prefix, marketplacePath),
    ]);

    // The owner has a persona in their library (made through the console API).
    const created = await owner.request.post("/api/console/personas", {
      data: {
        name: personaName,
        avatar: "🐝",
        role: "Teacher",
        bio: "Explains fractions with honey.",
        welcomeMessage: "Hi! What shall we learn today?",
        language: "thai",
        faqs: [{ question: "Do you give homework?", answer: "A little, every day." }],
      },
      headers: { Origin: origin },
    });
    expect(created.status()).toBe(201);
    const { id: personaId } = (await created.json()) as { id: string };

    const dialog = owner.getByRole("dialog", { name: m.submit.title });
    if (locale === "en") {
      // Submitted from the console's marketplace page, picking the persona there.
      await owner.reload();
      await waitForHydration(owner);
      await expect(owner.getByRole("heading", { level: 1, name: m.mine.title })).toBeVisible();
      await expect(owner.getByText(m.mine.emptyTitle)).toBeVisible();
      await owner.getByRole("button", { name: m.submit.open }).click();
      await expect(dialog.getByLabel(m.submit.persona)).toHaveValue(personaId);
    } else {
      // Submitted from the persona builder's Export tab (the persona opened by link).
      const b = personaBuilderMessages[locale];
      await owner.goto(`${prefix}/persona-builder?persona=${personaId}`);
      await waitForHydration(owner);
      await expect(owner.getByTestId("draft-status")).toContainText(b.draft.editing(personaName));
      await owner.getByRole("tab", { name: b.tabs.export.label }).click();
      await owner
        .getByRole("tabpanel")
        .getByRole("button", { name: b.exportTab.exportPersona.label })
        .click();
      await owner
        .getByRole("dialog", { name: b.exportDialog.title })
        .getByRole("button", { name: b.exportDialog.marketplace.submit })
        .click();
    }
    await expect(dialog.getByLabel(m.submit.language)).toHaveValue("thai");
    await dialog.getByRole("radio", { name: m.categories.education }).check();
    await dialog.getByLabel(m.submit.summary).fill("Patient maths tutor for primary school");
    await dialog.getByRole("button", { name: m.submit.submit }).click();
    await expect(owner.getByText(m.submit.success)).toBeVisible();
    if (locale === "th") {
      // The toast leads to the status page.
      await owner.getByRole("button", { name: m.submit.viewStatus }).click();
      await expect(owner).toHaveURL(new RegExp(`${prefix}/app/marketplace$`));
    }
    // Pending review on the console's marketplace page.
    const ownListing = owner.getByRole("article", { name: personaName });
    await expect(ownListing.getByTestId("listing-status")).toHaveText(m.statuses.pending);
    await expect(ownListing.getByText(m.categories.education)).toBeVisible();

    // Submitting the same persona again while it is pending is refused.
    await owner.getByRole("button", { name: m.submit.open }).click();
    await dialog.getByRole("button", { name: m.submit.submit }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await dialog.getByRole("button", { name: m.common.cancel }).click();

    // Not public yet; and the review page is not for this owner (404 page).
    const visitor = await browser.newPage({ baseURL: origin });
    await visitor.goto(`${prefix}/features/marketplace`);
    await waitForHydration(visitor);
    const community = visitor.getByRole("region", { name: m.community.title });
    await expect(community.getByText(m.community.loading)).toBeHidden();
    await expect(community.getByRole("article", { name: personaName })).toHaveCount(0);
    // The 404 page logs what it shows: the document's 404 and the route's error.
    allowConsoleErrorsOn(owner, /status of 404 \(Not Found\)|^Route error: 404 /);
    const forbidden = await owner.goto(`${prefix}/app/admin/marketplace`);
    expect(forbidden?.status()).toBe(404);
    await waitForHydration(owner);

    // The admin approves it from the review queue.
    await admin.reload();
    await waitForHydration(admin);
    await expect(admin.getByRole("heading", { level: 1, name: m.review.title })).toBeVisible();
    const queued = admin.getByRole("article", { name: personaName });
    await expect(queued.getByText("Explains fractions with honey.")).toBeVisible();
    await queued.getByRole("button", { name: m.review.approve, exact: true }).click();
    await expect(admin.getByText(m.review.approved(personaName))).toBeVisible();
    await expect(admin.getByRole("article", { name: personaName })).toHaveCount(0);

    // The owner sees it approved.
    await owner.goto(`${prefix}/app/marketplace`);
    allowConsoleErrorsOn(owner, undefined);
    await expect(ownListing.getByTestId("listing-status")).toHaveText(m.statuses.approved);

    // Listed on the marketplace page below the popular categories, in its category.
    await visitor.reload();
    await waitForHydration(visitor);
    const card = community.getByRole("article", { name: personaName });
    await expect(card).toBeVisible();
    const isBelowCategories = await visitor.evaluate(() => {
      const categories = document.getElementById("popular-categories");
      const section = document.getElementById("community-personas");
      return Boolean(
        categories &&
          section &&
          categories.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    });
    expect(isBelowCategories).toBe(true);
    await community.getByRole("button", { name: m.categories.ecommerce, exact: true }).click();
    await expect(card).toHaveCount(0);
    await community.getByRole("button", { name: m.categories.education, exact: true }).click();
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: m.community.details }).click();
    await expect(card.getByText("Hi! What shall we learn today?")).toBeVisible();
    // Signed out: cloning starts with signing in, and comes back here.
    const signInLink = card.getByRole("link", { name: m.community.signInToClone });
    await expect(signInLink).toHaveAttribute(
      "href",
      `${prefix}/sign-in?next=${encodeURIComponent(marketplacePath)}`,
    );

    // Another owner clones it and finds it in their personas.
    await cloner.reload();
    await waitForHydration(cloner);
    const clonerCard = cloner
      .getByRole("region", { name: m.community.title })
      .getByRole("article", { name: personaName });
    await clonerCard.getByRole("button", { name: m.community.cloneLabel(personaName) }).click();
    await expect(cloner.getByText(m.community.cloned(personaName))).toBeVisible();
    const openLink = clonerCard.getByRole("link", { name: m.community.openInBuilder });
    await expect(openLink).toHaveAttribute(
      "href",
      new RegExp(`^${prefix}/persona-builder\\?persona=[0-9a-f-]{36}$`),
    );
    const personas = await cloner.request.get("/api/console/personas");
    expect(personas.status()).toBe(200);
    const library = (await personas.json()) as Array<{ id: string; name: string }>;
    const copy = library.find((persona) => persona.name === personaName);
    expect(copy).toBeDefined();
    expect(await openLink.getAttribute("href")).toContain(copy!.id);

    for (const page of [owner, visitor, admin, cloner]) await page.context().close();
  });
}
