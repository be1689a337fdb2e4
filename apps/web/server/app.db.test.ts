import { bots, personas } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { PersonaSchema } from "@jai/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { createLogger } from "./logger";
import { createAppServices } from "./services/app-services";
import { toPersonaFields } from "./services/bots/persona-row";

describe("the HTTP app", () => {
  let testDatabase: TestDatabase;
  let shuttingDown = false;
  let renderedWith: { cspNonce?: string; clientIp?: string } | undefined;
  let renderedRequest: Request | undefined;

  const makeApp = ({ isHttps = false, trustProxyHops = 0 } = {}) => {
    const logger = createLogger("error");
    return createApp({
      services: createAppServices({
        database: testDatabase.database,
        logger,
        secretKey: "test-secret-key-that-is-long-enough",
        contactTo: "team@example.com",
      }),
      handleDocument: async (request, context) => {
        renderedWith = context;
        renderedRequest = request;
        return new Response("<!doctype html><title>page</title>", {
          headers: { "Content-Type": "text/html" },
        });
      },
      logger,
      isHttps,
      publicUrl: "http://localhost:3000",
      isShuttingDown: () => shuttingDown,
      trustProxyHops,
    });
  };

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    shuttingDown = false;
  });
  afterEach(async () => {
    await testDatabase.cleanup();
  });

  it("answers liveness", async () => {
    const response = await makeApp().request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("serves the landing page's platform totals (owners' bots only), counted once for a while", async () => {
    const services = createAppServices({
      database: testDatabase.database,
      logger: createLogger("error"),
      secretKey: "test-secret-key-that-is-long-enough",
      contactTo: "team@example.com",
    });
    await services.bots.seedDemoBot();
    const app = makeApp();
    const chat = await app.request("/api/bots/demo/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "Hello" }),
    });
    expect(chat.status).toBe(200);
    const first = await app.request("/api/stats");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    // The Demo Bot is ours: a fresh install shows the placeholder, not "1 bot".
    expect(await first.json()).toEqual({ bots: 0, conversations: 0, messages: 0 });

    const [persona] = await testDatabase.db
      .insert(personas)
      .values(toPersonaFields(PersonaSchema.parse({ name: "Mali" })))
      .returning({ id: personas.id });
    await testDatabase.db
      .insert(bots)
      .values({ id: "ownersbot01", ownerId: "owner-1", personaId: persona!.id, name: "Shop" });
    // The same figures until the count is five minutes old; a new app counts again.
    expect(await (await app.request("/api/stats")).json()).toMatchObject({ bots: 0 });
    expect(await (await makeApp().request("/api/stats")).json()).toEqual({
      bots: 1,
      conversations: 0,
      messages: 0,
    });
  });

  it("is ready while the database answers, and not once it is gone", async () => {
    const app = makeApp();
    const ready = await app.request("/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });

    await testDatabase.database.close();
    const gone = await app.request("/api/ready");
    expect(gone.status).toBe(503);
  });

  it("stops being ready while shutting down", async () => {
    const app = makeApp();
    shuttingDown = true;
    expect((await app.request("/api/ready")).status).toBe(503);
  });

  it("answers unknown API paths with a localized JSON 404", async () => {
    const app = makeApp();
    const english = await app.request("/api/unknown");
    expect(english.status).toBe(404);
    expect(await english.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
    const thai = await app.request("/api/unknown", {
      headers: { "Accept-Language": "th-TH,th;q=0.9" },
    });
    expect((await thai.json()).error.message).toBe("ไม่พบข้อมูลที่ต้องการ");
  });

  it("renders pages with a per-request nonce in the CSP and security headers", async () => {
    const app = makeApp();
    const response = await app.request("/bot/demo");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(renderedWith?.cspNonce).toBeTruthy();
    expect(csp).toContain(`'nonce-${renderedWith?.cspNonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");

    const second = await app.request("/bot/demo");
    expect(second.headers.get("Content-Security-Policy")).not.toBe(csp);
  });

  it("lets our own pages frame legal documents, and nothing else", async () => {
    const response = await makeApp().request("/documents/en/pdpa");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
  });

  it("hands pages the client address, from the socket or a trusted proxy", async () => {
    const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
    const headers = { "X-Forwarded-For": "192.0.2.9" };
    await makeApp().request("/bot/demo", { headers }, socket("::ffff:203.0.113.7"));
    expect(renderedWith?.clientIp).toBe("203.0.113.7");
    await makeApp({ trustProxyHops: 1 }).request("/bot/demo", { headers }, socket("10.0.0.2"));
    expect(renderedWith?.clientIp).toBe("192.0.2.9");
  });

  it("sees a form posted through a TLS proxy as https (React Router checks Origin against it)", async () => {
    const response = await makeApp({ isHttps: true }).request("http://jai.example/contact", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://jai.example",
      },
      body: "name=Somchai",
    });
    expect(response.status).toBe(200);
    expect(renderedRequest?.url).toBe("https://jai.example/contact");
    expect(await renderedRequest?.text()).toBe("name=Somchai");
  });

  it("refuses page form bodies over 64 KB", async () => {
    const response = await makeApp().request("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `message=${"x".repeat(64 * 1024)}`,
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });
});
