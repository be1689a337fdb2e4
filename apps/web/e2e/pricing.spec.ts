import { expect, test, waitForHydration } from "./support";

const paidPlans = ["starter", "pro", "business", "enterprise"] as const;
const expected = {
  monthly: ["฿990", "฿2,490", "฿3,990", "฿14,900"],
  sixMonths: ["฿5,940", "฿14,193", "฿22,791", "฿84,930"],
  yearly: ["฿11,880", "฿26,892", "฿43,092", "฿160,920"],
};

test.describe("pricing", () => {
  test("the billing toggle changes every price, in both languages", async ({ page }) => {
    for (const [path, labels] of [
      ["/pricing", { sixMonths: /6 Months/, yearly: /Yearly/, monthly: /Monthly/ }],
      ["/th/pricing", { sixMonths: /6 เดือน/, yearly: /รายปี/, monthly: /รายเดือน/ }],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      const prices = () =>
        Promise.all(paidPlans.map((id) => page.getByTestId(`plan-price-${id}`).textContent()));
      expect(await prices()).toEqual(expected.monthly);
      const group = page.getByRole("radiogroup");
      // The radios are visually hidden inside their labels: click what a person sees.
      await group.locator("label", { hasText: labels.sixMonths }).click();
      await expect.poll(prices).toEqual(expected.sixMonths);
      await group.locator("label", { hasText: labels.yearly }).click();
      await expect.poll(prices).toEqual(expected.yearly);
      // Arrow keys move through the cycles like any radio group.
      await page.keyboard.press("ArrowRight");
      await expect(group.getByRole("radio", { name: labels.monthly })).toBeChecked();
      await expect.poll(prices).toEqual(expected.monthly);
    }
  });

  test("Pro is highlighted as Popular and the note stays under every cycle", async ({ page }) => {
    await page.goto("/pricing");
    await waitForHydration(page);
    await expect(page.getByText("Popular", { exact: true })).toBeVisible();
    for (const cycle of [/Monthly/, /6 Months/, /Yearly/]) {
      await page.getByRole("radiogroup").locator("label", { hasText: cycle }).click();
      await expect(page.getByRole("radio", { name: cycle })).toBeChecked();
      await expect(page.getByText("AI API costs are not included")).toBeVisible();
    }
  });

  test("JSON-LD parses and lists THB offers for every plan and cycle", async ({ page }) => {
    for (const path of ["/pricing", "/th/pricing"]) {
      await page.goto(path);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const data = blocks.map((block) => JSON.parse(block));
      const offers = JSON.stringify(data).match(/"priceCurrency":"THB"/g) ?? [];
      expect(offers.length).toBeGreaterThanOrEqual(paidPlans.length * 3);
      const prices = new Set(JSON.stringify(data).match(/"price":"?\d+(\.\d+)?"?/g));
      for (const amount of ["990", "14193", "160920"]) {
        expect([...prices].some((price) => price.includes(amount))).toBe(true);
      }
    }
  });

  test("page title, canonical and description come from the catalogue", async ({ page }) => {
    await page.goto("/th/pricing");
    await expect(page).toHaveTitle(/Jai/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /฿990/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/th\/pricing$/);
  });
});
