import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from "@playwright/test";

type ErrorFixtures = {
  /**
   * The console errors a test expects (a 404 page logs the unknown path), as one pattern matched
   * against the message followed by its source in parentheses (for a failed request, its URL):
   * `test.use({ allowedConsoleErrors: /404 Error|404 \(Not Found\)/ })`. One pattern, not a list:
   * Playwright reads `[/a/, /b/]` in `test.use` as a fixture tuple (value /a/, options /b/).
   */
  allowedConsoleErrors: RegExp | undefined;
  /** The unexpected errors so far; the test fails at its end when any were logged or thrown. */
  consoleErrors: string[];
};

/** Errors one page is expected to log for a while (see allowConsoleErrorsOn). */
const pageAllowances = new WeakMap<Page, RegExp>();

/**
 * Every test (it is an automatic fixture) fails when a page of any of its browser contexts — the
 * default one and those the test makes with `browser.newContext` / `browser.newPage` — throws an
 * uncaught error or logs a console error no allowance matches. Every spec imports `test` from here.
 */
export const test = base.extend<ErrorFixtures>({
  allowedConsoleErrors: [undefined, { option: true }],
  consoleErrors: [
    async ({ browser, context, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const watch = (watched: BrowserContext) => {
        watched.on("console", (message) => {
          if (message.type() !== "error") return;
          // "Failed to load resource: … status of 404 (Not Found) (http://…/api/x)": the
          // browser's message leaves out the URL of the failed request, its location has it.
          const where = message.location().url;
          const text = where ? `${message.text()} (${where})` : message.text();
          const page = message.page();
          const allowed = [allowedConsoleErrors, page ? pageAllowances.get(page) : undefined];
          if (allowed.some((pattern) => pattern?.test(text))) return;
          errors.push(`${text} (console error on ${page?.url() ?? "a worker"})`);
        });
        watched.on("weberror", (webError) => {
          const page = webError.page();
          errors.push(`${webError.error().message} (uncaught on ${page?.url() ?? "a worker"})`);
        });
      };
      watch(context);
      // Tests with several signed-in browsers make their own contexts: watched the same way.
      const restore = watchNewContexts(browser, watch);
      try {
        await use(errors);
      } finally {
        restore();
      }
      expect(errors, "errors thrown or logged by the pages").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Makes `browser.newContext` (which `browser.newPage` calls too) hand each new context to `watch`. */
function watchNewContexts(browser: Browser, watch: (context: BrowserContext) => void) {
  const newContext = browser.newContext;
  browser.newContext = async (...args) => {
    const context = await newContext.apply(browser, args);
    watch(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/**
 * Allows console errors matching `pattern` on one page until called again (with `undefined`): for
 * a test that shows an error page on purpose in the middle of a longer story, where a test-wide
 * allowance would hide real errors.
 */
export function allowConsoleErrorsOn(page: Page, pattern: RegExp | undefined) {
  if (pattern) pageAllowances.set(page, pattern);
  else pageAllowances.delete(page);
}

/** Waits until React has hydrated the page (client navigation and handlers work). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}
