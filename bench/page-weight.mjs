// JS, CSS and font weight of the public pages as a browser loads them from the real built server
// (every response until network idle, including lazy chunks loaded after scrolling).
// Usage: node bench/page-weight.mjs [--pages=/,/pricing]
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { kib, mark, pagesFrom, parseArgs, printTable, writeResults } from "./lib/report.mjs";
import { startBuiltServer } from "./lib/server.mjs";

// Targets on `/`, in KiB (1 KiB = 1024 bytes) of gzip -9 bodies.
const targets = { "/": { js: 150, css: 25 } };

const args = parseArgs(
  "node bench/page-weight.mjs [--pages=/,/pricing,...]\n" +
    "  JS / CSS / font bytes each page loads in Chromium from the real built server.",
  ["pages"],
);
const pages = pagesFrom(args);

function kindOf(response) {
  const type = response.request().resourceType();
  const contentType = response.headers()["content-type"] ?? "";
  if (type === "script" || /javascript/.test(contentType)) return "js";
  if (type === "stylesheet" || contentType.startsWith("text/css")) return "css";
  if (type === "font" || contentType.startsWith("font/")) return "font";
  if (type === "document") return "html";
  return "other";
}

async function measurePage(browser, baseUrl, pagePath) {
  // A fresh context per page: empty cache, so every file is counted.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const pending = [];
  const seen = new Set();
  page.on("response", (response) => {
    const url = response.url();
    if (seen.has(url) || response.status() >= 300 || response.status() < 200) return;
    seen.add(url);
    pending.push(
      (async () => {
        const kind = kindOf(response);
        const body = await response.body().catch(() => undefined);
        const sizes = await response
          .request()
          .sizes()
          .catch(() => undefined);
        return {
          url: url.replace(baseUrl, ""),
          kind,
          raw: body?.length ?? 0,
          gzip: body ? gzipSync(body, { level: 9 }).length : 0,
          // What went over the wire (the server sends brotli when accepted).
          transferred: sizes?.responseBodySize ?? 0,
        };
      })(),
    );
  });
  const response = await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "networkidle" });
  if (!response?.ok()) throw new Error(`${pagePath} answered ${response?.status()}`);
  // Scroll to the bottom so components loaded on visibility are counted, then settle again.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  const files = await Promise.all(pending);
  await context.close();

  const total = (kind) => {
    const selected = files.filter((file) => file.kind === kind);
    return {
      files: selected.length,
      raw: selected.reduce((sum, file) => sum + file.raw, 0),
      gzip: selected.reduce((sum, file) => sum + file.gzip, 0),
      transferred: selected.reduce((sum, file) => sum + file.transferred, 0),
    };
  };
  return {
    page: pagePath,
    js: total("js"),
    css: total("css"),
    font: total("font"),
    html: total("html"),
    files: files.sort((a, b) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip),
  };
}

const server = await startBuiltServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
const results = [];
try {
  for (const pagePath of pages) {
    try {
      results.push(await measurePage(browser, server.url, pagePath));
    } catch (error) {
      console.log(`${pagePath}: ${error.message}`);
      results.push({ page: pagePath, error: error.message });
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

for (const result of results) {
  const target = targets[result.page];
  if (!target || result.error) continue;
  result.targets = {
    jsGzipKiB: target.js,
    cssGzipKiB: target.css,
    jsOk: result.js.gzip <= target.js * 1024,
    cssOk: result.css.gzip <= target.css * 1024,
  };
}

console.log(
  `Page weight from ${server.url} (KiB = 1024 bytes; gzip = gzip -9 of each body, summed)`,
);
console.log(
  "Targets on /: JS <= 150 KiB gzip, CSS <= 25 KiB gzip. Fonts and HTML are informational.\n",
);
const status = (result) => {
  if (result.error) return result.error;
  if (!result.targets) return "";
  const misses = [];
  if (!result.targets.jsOk) misses.push("JS");
  if (!result.targets.cssOk) misses.push("CSS");
  return misses.length === 0 ? mark(true) : `${mark(false)} ${misses.join(", ")}`;
};
printTable(
  [
    { key: "page", label: "page" },
    { key: "jsFiles", label: "JS files" },
    { key: "jsRaw", label: "JS raw" },
    { key: "jsGzip", label: "JS gzip" },
    { key: "cssFiles", label: "CSS files" },
    { key: "cssRaw", label: "CSS raw" },
    { key: "cssGzip", label: "CSS gzip" },
    { key: "fontFiles", label: "fonts" },
    { key: "fontBytes", label: "font KiB" },
    { key: "htmlGzip", label: "HTML gzip" },
    { key: "wire", label: "JS+CSS wire" },
    { key: "status", label: "status", align: "left" },
  ],
  results.map((result) =>
    result.error
      ? { page: result.page, status: status(result) }
      : {
          page: result.page,
          jsFiles: result.js.files,
          jsRaw: kib(result.js.raw),
          jsGzip: `${kib(result.js.gzip)}${result.targets && !result.targets.jsOk ? "!" : ""}`,
          cssFiles: result.css.files,
          cssRaw: kib(result.css.raw),
          cssGzip: `${kib(result.css.gzip)}${result.targets && !result.targets.cssOk ? "!" : ""}`,
          fontFiles: result.font.files,
          fontBytes: kib(result.font.raw),
          htmlGzip: kib(result.html.gzip),
          wire: kib(result.js.transferred + result.css.transferred),
          status: status(result),
        },
  ),
);

const home = results.find((result) => result.page === "/" && !result.error);
if (home) {
  console.log("\nFiles loaded by / (gzip KiB):");
  for (const file of home.files.filter((f) => f.kind !== "other")) {
    console.log(`  ${file.kind.padEnd(4)} ${kib(file.gzip).padStart(7)}  ${file.url}`);
  }
}

const file = writeResults("page-weight", { pages: results });
console.log(`\nSaved ${file}`);
