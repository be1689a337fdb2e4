import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { accountMessages } from "../app/features/accounts/messages";
import { consoleMessages } from "../app/features/console/messages";
import { pricingMessages } from "../app/features/pricing/messages";
import { workspaceSettingsMessages } from "../app/features/workspace-settings/messages";
import { workspaceTeamMessages } from "../app/features/workspace-team/messages";
import { waitForEmail } from "./server-mail";
import { allowConsoleErrorsOn, expect, test, waitForHydration } from "./support";

const password = "a long and happy passphrase";

/** An owner signed up through the API in the page's browser (the page keeps the session). */
async function signUpOwner(page: Page, baseURL: string, email: string) {
  const headers = { Origin: baseURL };
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers,
    data: { name: "Malee Owner", email, password },
  });
  expect(signUp.ok()).toBe(true);
  const mail = await waitForEmail(accountMessages.en.emails.verifyEmail.subject("Jai"), {
    to: email,
  });
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  await page.request.get(`${link.pathname}${link.search}`);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers,
    data: { email, password },
  });
  expect(signIn.ok()).toBe(true);
}

/** The page has no sideways scrolling at its current width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "pixels of sideways scrolling").toBeLessThanOrEqual(0);
}

for (const locale of ["en", "th"] as const) {
  const t = workspaceTeamMessages[locale];
  const s = workspaceSettingsMessages[locale];
  const a = accountMessages[locale];
  const nav = consoleMessages[locale].nav;
  const prefix = locale === "th" ? "/th" : "";

  test.describe(`team (${locale})`, () => {
    test("the owner invites an agent by email; the agent signs up, joins and works in the inbox only", async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(90_000);
      const id = randomUUID().slice(0, 8);
      const ownerEmail = `team-owner-${locale}-${id}@example.com`;
      const agentEmail = `team-agent-${locale}-${id}@example.com`;
      const workspaceName = `Malee Shop ${id}`;
      await signUpOwner(page, baseURL!, ownerEmail);

      // The owner names the workspace (teammates see it in the invitation).
      await page.goto(`${prefix}/app/settings`);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: s.title })).toBeVisible();
      await expect(page.getByTestId("line-staff-group")).toHaveText(s.alerts.lineNotYet);
      await page.getByLabel(s.workspace.name).fill(workspaceName);
      await page.getByRole("button", { name: s.common.save, exact: true }).click();
      await expect(page.getByText(s.common.saved)).toBeVisible();

      // The invitation: the email's language follows the page unless changed.
      await page.goto(`${prefix}/app/team`);
      await waitForHydration(page);
      await expect(page.getByTestId("team-seats")).toHaveText(t.team.seats(1, 3));
      await expect(page.getByLabel(t.invite.language, { exact: true })).toHaveValue(locale);
      await page.getByLabel(t.invite.email, { exact: true }).fill(agentEmail);
      await expect(page.getByLabel(t.invite.role, { exact: true })).toHaveValue("agent");
      await page.getByRole("button", { name: t.invite.submit }).click();
      await expect(page.getByText(t.invite.sent(agentEmail))).toBeVisible();
      await expect(page.getByTestId("team-invitation")).toContainText(agentEmail);
      await expect(page.getByTestId("team-seats")).toHaveText(t.team.seats(2, 3));
      if (locale === "en") {
        await page.setViewportSize({ width: 390, height: 844 });
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: testInfo.outputPath("team-390.png"), fullPage: true });
        await page.goto(`${prefix}/app/settings`);
        await waitForHydration(page);
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: testInfo.outputPath("settings-390.png"), fullPage: true });
      }

      const invitation = await waitForEmail(workspaceName, { to: agentEmail });
      const link = new URL(invitation.text.match(/https?:\/\/\S+\/invite\/\S+/)![0]);
      expect(link.pathname).toMatch(new RegExp(`^${prefix}/invite/[\\w-]{43}$`));

      // The agent, in a browser of their own, opens the link.
      const agentContext = await browser.newContext();
      const agent = await agentContext.newPage();
      await agent.goto(link.pathname);
      await waitForHydration(agent);
      await expect(
        agent.getByRole("heading", { name: t.invitePage.title(workspaceName) }),
      ).toBeVisible();
      await expect(agent.getByTestId("invite-role")).toHaveText(t.roles.agent);
      if (locale === "th") {
        await agent.setViewportSize({ width: 390, height: 844 });
        await expectNoSidewaysScroll(agent);
        await agent.screenshot({ path: testInfo.outputPath("invite-390.png"), fullPage: true });
      }
      await agent.getByRole("link", { name: t.invitePage.signUp }).click();

      // Sign up with the invited address filled in, verify it, sign in: back on the invitation.
      await expect(agent).toHaveURL(new RegExp(`${prefix}/sign-up\\?`));
      await waitForHydration(agent);
      await expect(agent.getByLabel(a.fields.email)).toHaveValue(agentEmail);
      await agent.getByLabel(a.fields.name).fill("Nok Agent");
      await agent.getByLabel(a.fields.password, { exact: true }).fill(password);
      await agent.getByRole("button", { name: a.signUp.submit }).click();
      await expect(agent.getByRole("heading", { name: a.signUp.checkEmail.title })).toBeVisible();
      const verification = await waitForEmail(a.emails.verifyEmail.subject("Jai"), {
        to: agentEmail,
      });
      const verify = new URL(verification.text.match(/https?:\/\/\S+/)![0]);
      await agent.goto(`${verify.pathname}${verify.search}`);
      await waitForHydration(agent);
      // The page remembers where the visitor was going (the invitation) once it has hydrated.
      const toSignIn = agent.getByRole("link", { name: a.verifyEmail.toSignIn });
      await expect(toSignIn).toHaveAttribute("href", /next=/);
      await toSignIn.click();
      await expect(agent).toHaveURL(new RegExp(`${prefix}/sign-in\\?next=`));
      await waitForHydration(agent);
      await agent.getByLabel(a.fields.email).fill(agentEmail);
      await agent.getByLabel(a.fields.password, { exact: true }).fill(password);
      await agent.getByRole("button", { name: a.signIn.submit }).click();
      await expect(agent).toHaveURL(new RegExp(`${link.pathname}$`));
      await waitForHydration(agent);

      // Join: the agent lands in the team's inbox, and the console shows them only what they may use.
      await agent.getByRole("button", { name: t.invitePage.join(workspaceName) }).click();
      await expect(agent).toHaveURL(new RegExp(`${prefix}/app/inbox$`));
      await waitForHydration(agent);
      const agentNav = agent.getByRole("navigation", { name: nav.label });
      await expect(agentNav.getByRole("link")).toHaveText([
        nav.inbox,
        nav.notifications,
        nav.account,
      ]);
      // They also have their own workspace: the switcher offers both, the team's chosen.
      await expect(agentNav.getByRole("combobox")).toHaveValue(/.+/);
      await expect(agentNav.getByRole("option")).toHaveCount(2);
      if (locale === "th") {
        await agent.screenshot({ path: testInfo.outputPath("agent-inbox-390.png") });
      }

      // Settings and API keys are the admins' (the 403 page logs its status: expected here).
      allowConsoleErrorsOn(agent, /403/);
      for (const path of ["/app/settings", "/app/api-keys"]) {
        const response = await agent.goto(`${prefix}${path}`);
        expect(response?.status(), path).toBe(403);
        await expect(agent.getByText("403", { exact: true })).toBeVisible();
      }
      await agentContext.close();

      // The owner's team lists the agent, and no invitation waits any more.
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`${prefix}/app/team`);
      await waitForHydration(page);
      const members = page.getByTestId("team-member");
      await expect(members).toHaveCount(2);
      await expect(members.nth(1)).toContainText("Nok Agent");
      await expect(members.nth(1).getByRole("combobox")).toHaveValue("agent");
      await expect(page.getByText(t.invitations.empty)).toBeVisible();
    });
  });
}

test("the pricing table shows each plan's team seats, in both languages", async ({ page }) => {
  for (const locale of ["en", "th"] as const) {
    const { comparison } = pricingMessages[locale];
    await page.goto(locale === "th" ? "/th/pricing" : "/pricing");
    const row = page.getByRole("row").filter({
      has: page.getByRole("rowheader", { name: comparison.rows.seats, exact: true }),
    });
    await expect(row.getByRole("cell")).toHaveText(["1", "3", "10", comparison.values.unlimited]);
  }
});
