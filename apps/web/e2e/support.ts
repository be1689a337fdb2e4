import { test as base, expect, type Page } from "@playwright/test";

/**
 * A test fails when the page logs an unexpected console error or throws. Tests that expect one
 * (the 404 page logs the unknown path) list a pattern in `allowedConsoleErrors`.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
    expect(errors, "console errors on the page").toEqual([]);
  },
});

export { expect };

/** Waits until React has hydrated the page (client navigation and handlers work). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}
