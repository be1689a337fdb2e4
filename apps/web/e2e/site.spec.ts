import { findEnglishWords } from "../app/i18n/latin-allowlist";
import { listSitePaths } from "../app/site-pages";
import { expect, test, waitForHydration } from "./support";

test.describe("Thai pages", () => {
  const thaiPaths = listSitePaths().filter((path) => path === "/th" || path.startsWith("/th/"));
  for (const path of thaiPaths) {
    test(`${path} has no English left except names`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      // Every visible text node on its own (adjacent elements must not run words together).
      const texts = await page.evaluate(() => {
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          // Quoted transcripts and what owners wrote (community personas) are not page texts.
          const skipped = "[data-quoted-transcript], [data-user-content], script, style";
          if (!parent || parent.closest(skipped)) continue;
          if (parent.closest("[hidden]") || !parent.checkVisibility()) continue;
          if (node.textContent?.trim()) found.push(node.textContent);
        }
        return found;
      });
      expect(texts.flatMap((text) => findEnglishWords(text))).toEqual([]);
    });
  }
});

test.describe("landing page", () => {
  test("the intro video loads nothing from a third party until played", async ({ page }) => {
    const thirdParty: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.hostname !== "127.0.0.1") thirdParty.push(url.href);
    });
    await page.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>player</title>" }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState("networkidle");
    expect(thirdParty).toEqual([]);
    await page.getByRole("button", { name: /Play video/ }).click();
    const player = page.locator('iframe[src*="youtube-nocookie.com/embed/"]');
    await expect(player).toHaveAttribute("title", /.+/);
    expect(
      thirdParty.some((url) => url.startsWith("https://www.youtube-nocookie.com/embed/")),
    ).toBe(true);
  });

  test("sections come in the seed's order, and the channel tiles lead to the channels section", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      /Beyond Chatbots\.\s*All-in-One AI Platform\./,
    );
    const tile = page.locator('a[href="/#channels"]').first();
    await tile.click();
    await expect(page).toHaveURL(/#channels$/);
    await expect(page.locator("#channels")).toBeInViewport();
    for (const name of [
      "Professional Assistant",
      "Friendly Companion",
      "Tech Expert",
      "Sales Specialist",
    ]) {
      await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    }
  });
});

test.describe("legal pages", () => {
  for (const [path, title, document] of [
    ["/privacy-policy", "Privacy Policy", "/documents/en/privacy-policy"],
    ["/th/tos", "ข้อกำหนดการใช้บริการ", "/documents/th/terms-of-service"],
    ["/th/pdpa", "PDPA", "/documents/th/pdpa"],
  ] as const) {
    test(`${path} frames our own document`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const frame = page.locator(`iframe[src="${document}"]`);
      await expect(frame).toBeVisible();
      const box = await frame.boundingBox();
      expect(box && Math.abs(box.width / box.height - 4 / 3)).toBeLessThan(0.02);
      await expect(page.frameLocator(`iframe[src="${document}"]`).locator("h1")).toBeVisible();
    });
  }
});

test.describe("persona builder page", () => {
  test("has the back link and eight tabs starting at Identity", async ({ page }) => {
    await page.goto("/th/persona-builder");
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: /กลับหน้าแรก/ })).toHaveAttribute("href", "/th");
    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveCount(8);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await tabs.nth(7).click();
    await expect(tabs.nth(7)).toHaveAttribute("aria-selected", "true");
  });
});

test.describe("failed navigation", () => {
  test.use({
    // The failed data request (500), and the error page's log of the route error it shows.
    allowedConsoleErrors: /status of 500 \(Internal Server Error\)|^Route error: 500 /,
  });

  test("shows the Navigation Error toast and the designed error page, localized", async ({
    page,
  }) => {
    await page.goto("/th/team");
    await waitForHydration(page);
    // The landing page's data request fails: the router lands on the error boundary.
    await page.route(/\.data(\?|$)/, (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }),
    );
    await page.getByRole("link", { name: "Jai, หน้าแรก" }).click();
    await expect(page.getByText("การนำทางผิดพลาด")).toBeVisible();
    await expect(page.getByText("เกิดข้อผิดพลาดบางอย่าง กรุณาลองใหม่อีกครั้ง")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "เกิดข้อผิดพลาด" })).toBeVisible();
    await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
    // The header and footer stay, so the visitor can go on.
    await expect(page.getByRole("banner")).toBeVisible();
  });
});
