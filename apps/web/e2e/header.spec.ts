import { expect, test, waitForHydration } from "./support";

test.describe("header", () => {
  test("Features dropdown lists the six feature pages and navigates", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    const features = nav.getByRole("button", { name: "Features" });
    await expect(features).toHaveAttribute("aria-expanded", "false");
    await features.click();
    await expect(features).toHaveAttribute("aria-expanded", "true");
    const items = nav.getByRole("list").getByRole("link");
    await expect(items).toHaveText([
      "AI Chatbot",
      "Persona Builder",
      "Multi-Channel",
      "Intelligence Dashboard",
      "Marketplace",
      "Other Features",
    ]);
    await nav.getByRole("link", { name: "Marketplace" }).click();
    await expect(page).toHaveURL(/\/features\/marketplace$/);
    await expect(page.locator("h1")).toBeVisible();
    await expect(features).toHaveAttribute("aria-expanded", "false");
    expect(consoleErrors).toEqual([]);
  });

  test("the dropdown works from the keyboard and closes on Escape and outside clicks", async ({
    page,
  }) => {
    await page.goto("/th");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "เมนูหลัก" });
    const trigger = nav.getByRole("button", { name: "ฟีเจอร์" });
    await trigger.focus();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "แชทบอท AI" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.mouse.click(10, 600);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");

    await trigger.focus();
    await page.keyboard.press("ArrowDown");
    // The first link takes focus on the next frame; wait for it before moving on.
    await expect(nav.getByRole("link", { name: "แชทบอท AI" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "ตัวสร้างเพอร์โซนา" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/th\/features\/persona-builder$/);
  });

  test("language toggle keeps the current page", async ({ page }) => {
    await page.goto("/pricing");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Switch to Thai" }).click();
    await expect(page).toHaveURL(/\/th\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await page.getByRole("link", { name: "เปลี่ยนเป็นภาษาอังกฤษ" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await page.goto("/th");
    await waitForHydration(page);
    await page.getByRole("link", { name: "เปลี่ยนเป็นภาษาอังกฤษ" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test("Get Started shows Loading... while the pricing page loads, then reaches it", async ({
    page,
  }) => {
    await page.goto("/team");
    await waitForHydration(page);
    // Hold back the pricing route's code so the pending state is observable.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/pricing-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const button = page
      .getByRole("banner")
      .getByRole("link", { name: /Get Started|Loading\.\.\./ })
      .first();
    await button.click();
    await expect(button).toHaveText("Loading...");
    release();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(button).toHaveText("Get Started");
  });

  test("footer has its columns, social links and copyright", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const heading of ["Product", "Contact", "Follow Us", "Legal"]) {
      await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: /LINE/ })).toHaveAttribute("href", /line\.me/);
    await expect(footer.getByRole("link", { name: /Facebook/ })).toHaveAttribute(
      "href",
      /facebook\.com/,
    );
    for (const name of ["Privacy Policy", "Terms of Service", "PDPA"]) {
      await expect(footer.getByRole("link", { name })).toBeVisible();
    }
    await expect(footer).toContainText("© 2025");
  });
});
