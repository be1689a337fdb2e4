import { listSitePaths } from "../app/site-pages";
import { expect, test } from "./support";

test.describe("every public page, in both languages", () => {
  for (const path of listSitePaths()) {
    test(`${path} renders with status 200`, async ({ page, consoleErrors }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const isThai = path === "/th" || path.startsWith("/th/");
      await expect(page.locator("html")).toHaveAttribute("lang", isThai ? "th" : "en");
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toBeVisible();
      expect(await page.title()).not.toBe("");
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical).toMatch(new RegExp(`${path === "/" ? "/" : path}$`));
      for (const hrefLang of ["en", "th", "x-default"]) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${hrefLang}"]`)).toHaveCount(1);
      }
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe("unknown paths", () => {
  test.use({ allowedConsoleErrors: /404 Error|404 \(Not Found\)/ });
  const cases = [
    { path: "/no-such-page", home: "/", text: "Oops! Page not found", link: "Return to Home" },
    { path: "/features/nope", home: "/", text: "Oops! Page not found", link: "Return to Home" },
    { path: "/th/no-such-page", home: "/th", text: "ขออภัย! ไม่พบหน้าที่คุณต้องการ", link: "กลับสู่หน้าแรก" },
    { path: "/th/bot/demo", home: "/th", text: "ขออภัย! ไม่พบหน้าที่คุณต้องการ", link: "กลับสู่หน้าแรก" },
  ];
  for (const { path, home, text, link } of cases) {
    test(`${path} is the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole("link", { name: link })).toHaveAttribute("href", home);
    });
  }

  test("API paths answer JSON 404", async ({ request }) => {
    const response = await request.get("/api/nothing-here");
    expect(response.status()).toBe(404);
    expect((await response.json()).error.code).toBe("NOT_FOUND");
  });
});

test.describe("crawlers", () => {
  test("sitemap.xml lists every page in both languages", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    for (const path of listSitePaths()) {
      expect(xml).toContain(`<loc>http://127.0.0.1:4173${path}</loc>`);
    }
  });

  test("robots.txt points to the sitemap", async ({ request }) => {
    const body = await (await request.get("/robots.txt")).text();
    expect(body).toContain("Sitemap: http://127.0.0.1:4173/sitemap.xml");
  });
});

test.describe("server", () => {
  test("health and readiness", async ({ request }) => {
    expect((await request.get("/api/health")).status()).toBe(200);
    const ready = await request.get("/api/ready");
    expect(ready.status()).toBe(200);
    expect((await ready.json()).status).toBe("ready");
  });

  test("security headers on static and server-rendered pages", async ({ request }) => {
    for (const path of ["/", "/th/pricing", "/no-such-page"]) {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).toMatch(/script-src 'self'( '(sha256|nonce)-[^']+')*(;|$)/);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  test("no trailing-slash redirects", async ({ request }) => {
    const response = await request.get("/pricing/", { maxRedirects: 0 });
    expect(response.status()).toBe(200);
  });
});
