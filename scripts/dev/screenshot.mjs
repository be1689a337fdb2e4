// Screenshot a page of the built client:
//   node scripts/dev/screenshot.mjs /pricing out.png [width] [height] [full|viewport]
// Serves apps/web/build/client statically (prerendered pages only) and drives Debian's chromium.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { chromium } from "@playwright/test";

const [
  pagePath = "/",
  output = "/tmp/screenshot.png",
  width = "1280",
  height = "900",
  mode = "full",
] = process.argv.slice(2);
const clientDir = path.resolve(process.cwd(), "build/client");
const types = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".webp": "image/webp",
};

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? "/", "http://x");
  const candidates = [url.pathname, path.join(url.pathname, "index.html")];
  for (const candidate of candidates) {
    try {
      const file = path.join(clientDir, candidate);
      const body = await readFile(file);
      response.writeHead(200, {
        "Content-Type":
          types[path.extname(file)] ??
          (path.extname(file) === "" ? "text/html" : "application/octet-stream"),
      });
      response.end(body);
      return;
    } catch {}
  }
  response.writeHead(404).end("not found");
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address();
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on("console", (message) => console.log(`[browser ${message.type()}]`, message.text()));
await page.goto(`http://127.0.0.1:${port}${pagePath}`, { waitUntil: "networkidle" });
await page.screenshot({ path: output, fullPage: mode !== "viewport" });
await browser.close();
server.close();
console.log(`saved ${output}`);
