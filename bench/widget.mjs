// The website widget's weight and speed, against the real server:
//   - the loader, /widget.js: bytes raw and gzip (budget 8 KB gzip);
//   - the frame, /widget/{botId}: the JavaScript it downloads when opened, gzip (target 90 KB);
//   - time from the script tag to the launcher on screen, on a host page served from another
//     origin under a strict CSP, with a throttled profile (4x CPU, slow 4G: 150 ms RTT,
//     1.6 Mbit/s down), median of `--runs`.
// The bot is an owner's, made through the API (sign up, verify, sign in, persona, bot, widget on).
//
// Usage: node bench/widget.mjs [--runs=5]
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { createOwner } from "./lib/owner.mjs";
import { mark, parseArgs, printTable, writeResults } from "./lib/report.mjs";
import { copyBuild, registerCleanup, startServer } from "./lib/server.mjs";

const args = parseArgs(
  "node bench/widget.mjs [--runs=5]\n  The widget loader's size, the frame's JavaScript, and time to the launcher.",
  ["runs"],
);
const runs = Number(args.runs ?? 5);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "jai-bench-widget-"));
registerCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
const build = await copyBuild();
const server = await startServer({ buildDir: build.dir, env: { DATA_DIR: dataDir } });

let host;
const rows = [];
try {
  const owner = await createOwner(
    { url: server.url, dataDir },
    { persona: { name: "Mali", faqs: [{ question: "Open?", answer: "9 to 5." }] } },
  );
  host = await startHost(server.url, owner.botId);
  await owner.console("PUT", `/bots/${owner.botId}/channels/widget`, {
    enabled: true,
    settings: { allowedOrigins: [host.origin] },
  });

  const loader = Buffer.from(await (await fetch(`${server.url}/widget.js`)).arrayBuffer());
  const loaderGzip = gzipSync(loader, { level: 9 }).byteLength;
  rows.push({
    what: "loader /widget.js",
    figure: `${(loader.byteLength / 1024).toFixed(1)} KB raw, ${(loaderGzip / 1024).toFixed(1)} KB gzip`,
    target: "≤ 8 KB gzip",
    status: mark(loaderGzip <= 8 * 1024),
  });

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    // The frame's JavaScript: every script response while it opens, gzipped as served.
    const page = await browser.newPage();
    let frameJsGzip = 0;
    const seen = new Set();
    page.on("response", async (response) => {
      const url = response.url();
      if (!url.startsWith(server.url) || seen.has(url)) return;
      if (response.request().resourceType() !== "script" || url.endsWith("/widget.js")) return;
      seen.add(url);
      const body = await response.body().catch(() => Buffer.alloc(0));
      frameJsGzip += gzipSync(body, { level: 9 }).byteLength;
    });
    await page.goto(host.origin);
    await page.locator("#jai-widget button.launcher").click();
    await page.frameLocator("#jai-widget iframe").getByRole("textbox").waitFor();
    await page.waitForLoadState("networkidle");
    rows.push({
      what: "frame /widget/{id} JavaScript",
      figure: `${(frameJsGzip / 1024).toFixed(1)} KB gzip (${seen.size} files)`,
      target: "≤ 90 KB gzip",
      status: mark(frameJsGzip <= 90 * 1024),
    });
    await page.close();

    const times = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      const throttled = await context.newPage();
      const cdp = await context.newCDPSession(throttled);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await throttled.goto(host.origin, { waitUntil: "domcontentloaded" });
      await throttled.locator("#jai-widget button.launcher").waitFor({ state: "visible" });
      const ms = await throttled.evaluate(() => performance.now());
      times.push(ms);
      await context.close();
    }
    times.sort((a, b) => a - b);
    rows.push({
      what: "script tag → launcher visible (throttled)",
      figure: `${times[Math.floor(times.length / 2)].toFixed(0)} ms median of ${runs} (min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)})`,
      target: "",
      status: "",
    });
  } finally {
    await browser.close();
  }
} finally {
  host?.server.close();
  await server.stop();
  await build.remove();
}

printTable(
  [
    { key: "what", label: "measure" },
    { key: "figure", label: "figure" },
    { key: "target", label: "target" },
    { key: "status", label: "" },
  ],
  rows,
);
console.log(`\nSaved ${writeResults("widget", { rows })}`);

/** A host page on another origin (localhost vs 127.0.0.1) with a strict CSP. */
async function startHost(appUrl, botId) {
  const hostServer = createServer((request, response) => {
    if (request.url !== "/") return response.writeHead(204).end();
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'none'; script-src ${appUrl}; connect-src ${appUrl}; frame-src ${appUrl}`,
    });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head><body><h1>Shop</h1><script src="${appUrl}/widget.js" data-bot="${botId}" async></script></body></html>`,
    );
  });
  await new Promise((resolve) => hostServer.listen(0, "localhost", resolve));
  return { server: hostServer, origin: `http://localhost:${hostServer.address().port}` };
}
