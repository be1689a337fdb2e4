import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./app-env";
import { AppError, errorStatus } from "./errors";
import { requireSameOrigin } from "./require-same-origin";

function createTestApp() {
  const app = new Hono<AppEnv>();
  app.onError((error, c) =>
    error instanceof AppError
      ? c.json({ code: error.code }, errorStatus[error.code])
      : c.text("x", 500),
  );
  app.use(requireSameOrigin("https://jai.example"));
  app.all("/thing", (c) => c.json({ ok: true }));
  return app;
}

describe("requireSameOrigin", () => {
  const app = createTestApp();
  const url = "https://jai.example/thing";

  it("lets reads through from anywhere", async () => {
    const response = await app.request(url, { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(200);
  });

  it("accepts writes from the public origin", async () => {
    const response = await app.request(url, {
      method: "POST",
      headers: { origin: "https://jai.example" },
    });
    expect(response.status).toBe(200);
  });

  it("refuses writes from another origin", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await app.request(url, {
        method,
        headers: { origin: "https://evil.example" },
      });
      expect(response.status).toBe(403);
    }
  });

  it("refuses writes with neither Origin nor a same-origin fetch mark", async () => {
    expect((await app.request(url, { method: "POST" })).status).toBe(403);
    const crossSite = await app.request(url, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await app.request(url, {
      method: "POST",
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(sameSite.status).toBe(200);
  });
});
