import { expect, test, waitForHydration } from "./support";

test.describe("the API reference", () => {
  for (const [path, heading, section] of [
    ["/docs/api", "API reference", "Conversations"],
    ["/th/docs/api", "เอกสาร API", "บทสนทนา"],
  ] as const) {
    test(`${path} lists every endpoint with a curl example, readable on a phone`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
      const openApi = (await (await page.request.get("/api/v1/openapi.json")).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const operations = Object.values(openApi.paths).flatMap((methods) => Object.keys(methods));
      await expect(page.locator("article")).toHaveCount(operations.length);
      await expect(page.locator("article pre").first()).toContainText("curl -X");
      // Nothing wider than the phone (code blocks scroll inside themselves).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    });
  }
});
