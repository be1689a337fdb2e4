import { expect, test, waitForHydration } from "./support";

test.describe("mobile menu", () => {
  test("opens, expands Features, and closes on selection", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Main navigation" });
    await expect(menu).toBeVisible();
    const features = menu.getByRole("button", { name: "Features" });
    await expect(features).toHaveAttribute("aria-expanded", "false");
    await features.click();
    await expect(features).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: "Multi-Channel" }).click();
    await expect(page).toHaveURL(/\/features\/multi-channel$/);
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeHidden();
  });

  test("closes on an outside click", async ({ page }) => {
    await page.goto("/th/pricing");
    await waitForHydration(page);
    await page.getByRole("button", { name: "เปิดเมนู" }).click();
    const menu = page.getByRole("navigation", { name: "เมนูหลัก" });
    await expect(menu).toBeVisible();
    const viewport = page.viewportSize() ?? { width: 400, height: 800 };
    await page.mouse.click(viewport.width / 2, viewport.height - 20);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "เปิดเมนู" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });
});

test.describe("legal documents on a phone", () => {
  for (const path of ["/th/privacy-policy", "/tos", "/th/pdpa"]) {
    test(`${path} shows the document over most of the screen`, async ({ page }) => {
      await page.goto(path);
      const frame = page.locator("iframe").first();
      await expect(frame).toBeVisible();
      const box = await frame.boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.height).toBeGreaterThan(viewport.height * 0.6);
    });
  }
});
