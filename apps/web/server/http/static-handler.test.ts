import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prerenderOrigin } from "~/lib/public-url";
import { hashInlineScripts, loadStaticFiles } from "./static-files";
import { createStaticHandler } from "./static-handler";

const page = `<!doctype html><html><head><link rel="canonical" href="${prerenderOrigin}/pricing"><script type="application/ld+json">{"a":1}</script></head><body>${"x".repeat(2000)}<script>window.__ctx = {"publicUrl":"${prerenderOrigin}"};</script><script type="module" src="/assets/app.js"></script><script type="module">import "/assets/app.js";</script></body></html>`;

describe("static files", () => {
  let directory: string;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "jai-static-"));
    await mkdir(path.join(directory, "pricing"), { recursive: true });
    await mkdir(path.join(directory, "assets"), { recursive: true });
    await mkdir(path.join(directory, "documents", "en"), { recursive: true });
    await writeFile(path.join(directory, "index.html"), page);
    await writeFile(path.join(directory, "pricing", "index.html"), page);
    await writeFile(path.join(directory, "pricing.data"), "route data");
    await writeFile(path.join(directory, "assets", "app-abc123.js"), "console.log(1)");
    await writeFile(path.join(directory, "documents", "en", "pdpa"), "<!doctype html><p>doc</p>");
    const handle = createStaticHandler(
      await loadStaticFiles(directory, { publicUrl: "http://localhost:3000" }),
      { isHttps: false },
    );
    server = createServer((request, response) => {
      if (!handle(request, response)) response.writeHead(418).end("fallthrough");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it("serves prerendered pages at their path, with and without a trailing slash, never redirecting", async () => {
    for (const pathname of ["/", "/pricing", "/pricing/"]) {
      const response = await fetch(`${baseUrl}${pathname}`, { redirect: "manual" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    }
  });

  it("replaces the prerender placeholder origin with the public URL", async () => {
    const body = await (await fetch(`${baseUrl}/pricing`)).text();
    expect(body).not.toContain(prerenderOrigin);
    expect(body).toContain('href="http://localhost:3000/pricing"');
    expect(body).toContain('{"publicUrl":"http://localhost:3000"}');
  });

  it("allows exactly the page's inline scripts (as served) by hash in its CSP", async () => {
    const response = await fetch(`${baseUrl}/pricing`);
    const csp = response.headers.get("content-security-policy") ?? "";
    const hashes = hashInlineScripts(await response.text());
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) expect(csp).toContain(hash);
    expect(csp).not.toContain("unsafe-inline' 'sha");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("compresses by Accept-Encoding and answers conditional requests with 304", async () => {
    const response = await fetch(`${baseUrl}/pricing`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const etag = response.headers.get("etag") ?? "";
    const again = await fetch(`${baseUrl}/pricing`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const raw = await new Promise<Buffer>((resolve) => {
      import("node:http").then(({ get }) =>
        get(`${baseUrl}/pricing`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        }),
      );
    });
    expect(gunzipSync(raw).toString()).toBe(
      page.replaceAll(prerenderOrigin, "http://localhost:3000"),
    );
  });

  it("caches hashed assets forever and lets route data and unknown paths fall through", async () => {
    const asset = await fetch(`${baseUrl}/assets/app-abc123.js`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await fetch(`${baseUrl}/pricing.data`)).status).toBe(418);
    expect((await fetch(`${baseUrl}/nope`)).status).toBe(418);
    expect((await fetch(`${baseUrl}/pricing`, { method: "POST" })).status).toBe(418);
  });

  it("lets our own pages frame documents", async () => {
    const response = await fetch(`${baseUrl}/documents/en/pdpa`);
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    // Saved without an extension, it is still served as a web page.
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
  });
});
