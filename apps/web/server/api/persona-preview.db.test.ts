import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { createEngine, type Engine } from "@jai/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createAppServices } from "../services/app-services";
import { createMemoryLogger } from "../test/memory-logger";
import { parseSse, readSse } from "../test/read-sse";

const origin = "http://localhost:3000";
const faqAnswer = "We open every day from 8 in the morning until 6 in the evening.";
const persona = {
  name: "Mali",
  role: "Support Agent",
  tone: "friendly",
  language: "english",
  welcomeMessage: "Hi, I'm Mali!",
  defaultReplies: [""],
  faqs: [
    { question: "What are your opening hours?", answer: faqAnswer },
    { question: "", answer: "" },
  ],
  catchphrases: [""],
  knowledgeBase: "Our coffee beans come from Doi Chang in Chiang Rai.",
};

describe("POST /api/personas/preview", () => {
  let testDatabase: TestDatabase;
  let log: ReturnType<typeof createMemoryLogger>;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    log = createMemoryLogger();
  });
  afterEach(async () => {
    await testDatabase.cleanup();
  });

  function makeApp({ limit = 1000, engine }: { limit?: number; engine?: Engine } = {}) {
    const services = createAppServices({
      database: testDatabase.database,
      logger: log.logger,
      secretKey: "test-secret-key-that-is-long-enough",
      contactTo: "team@example.com",
      chat: {
        engine:
          engine ??
          createEngine({
            local: { wordDelayMs: 0 },
            resilience: { maxRetries: 0, retryBaseDelayMs: 1 },
            // A server key is configured: the preview must not use it.
            providers: { openai: { apiKey: "sk-never-used" } },
          }),
        rateLimits: { personaPreview: limit },
      },
    });
    return createApp({
      services,
      handleDocument: async () => new Response("page"),
      logger: log.logger,
      isHttps: false,
      publicUrl: origin,
    });
  }

  function preview(
    app: ReturnType<typeof makeApp>,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    return app.request("/api/personas/preview", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  }

  it("streams the draft's FAQ answer from the local engine, storing nothing", async () => {
    const app = makeApp();
    const response = await preview(app, {
      persona,
      history: [{ role: "assistant", content: "Hi, I'm Mali!" }],
      message: "What are your opening hours?",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = await readSse(response);
    const tokens = events.filter((event) => event.event === "token");
    expect(tokens.length).toBeGreaterThan(1);
    const reply = tokens.map((event) => (event.data as { text: string }).text).join("");
    expect(reply).toContain(faqAnswer);
    expect(events.at(-1)).toEqual({ event: "done", data: { status: "completed" } });
  });

  it("answers from the draft's knowledge base", async () => {
    const app = makeApp();
    const events = await readSse(
      await preview(app, { persona, message: "Where do the coffee beans come from?" }),
    );
    const reply = events
      .filter((event) => event.event === "token")
      .map((event) => (event.data as { text: string }).text)
      .join("");
    expect(reply).toContain("Doi Chang");
  });

  it("refuses invalid requests with the field named", async () => {
    const app = makeApp();
    const blank = await preview(app, { persona, message: "   " });
    expect(blank.status).toBe(422);
    expect(await blank.json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", fields: { message: "invalid" } },
    });

    const tooLong = await preview(app, { persona, message: "x".repeat(4001) });
    expect(await tooLong.json()).toMatchObject({ error: { fields: { message: "too_long" } } });

    const badPersona = await preview(app, {
      persona: { ...persona, name: "x".repeat(81) },
      message: "hi",
    });
    expect(await badPersona.json()).toMatchObject({
      error: { fields: { "persona.name": "too_long" } },
    });

    const longHistory = await preview(app, {
      persona,
      history: Array(11).fill({ role: "user", content: "hi" }),
      message: "hi",
    });
    expect(await longHistory.json()).toMatchObject({ error: { fields: { history: "too_long" } } });

    const notJson = await preview(app, "{ nope");
    expect(notJson.status).toBe(400);

    const wrongType = await app.request("/api/personas/preview", {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: origin },
      body: "hi",
    });
    expect(wrongType.status).toBe(415);

    const huge = await preview(app, {
      persona: { ...persona, knowledgeBase: "ก".repeat(5 * 1024 * 1024) },
      message: "hi",
    });
    expect(huge.status).toBe(413);

    const get = await app.request("/api/personas/preview");
    expect(get.status).toBe(405);
  });

  it("refuses another site's page (403)", async () => {
    const app = makeApp();
    const response = await preview(
      app,
      { persona, message: "hi" },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    const noOrigin = await app.request("/api/personas/preview", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ persona, message: "hi" }),
    });
    expect(noOrigin.status).toBe(403);
  });

  it("limits each client, in the page's language", async () => {
    const app = makeApp({ limit: 2 });
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await preview(app, { persona, message: "hi" });
      expect(response.status).toBe(200);
      await response.text();
    }
    const limited = await preview(app, { persona, message: "hi" }, { "Accept-Language": "th" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await limited.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("RATE_LIMITED");
    expect(body.error.message).toMatch(/[\u0e00-\u0e7f]/);
  });

  it("ends with the preview's apology when the engine fails", async () => {
    const engine: Engine = {
      ...createEngine(),
      // biome-ignore lint/correctness/useYield: fails before its first token
      async *streamReply() {
        throw new Error("boom");
      },
    };
    const app = makeApp({ engine });
    const events = await readSse(
      await preview(app, { persona, message: "hi" }, { "Accept-Language": "th-TH,th;q=0.9" }),
    );
    expect(events).toEqual([
      {
        event: "error",
        data: {
          code: "PROVIDER_FAILED",
          message: "ขออภัย ขณะนี้ไม่สามารถตอบกลับได้ กรุณาลองใหม่อีกครั้ง",
        },
      },
    ]);
    expect(log.lines.some((line) => line.message === "persona preview failed")).toBe(true);
  });

  it("ends cancelled, saying the server restarted, when a shutdown cancels it", async () => {
    const services = createAppServices({
      database: testDatabase.database,
      logger: log.logger,
      secretKey: "test-secret-key-that-is-long-enough",
      contactTo: "team@example.com",
      chat: { engine: createEngine({ local: { wordDelayMs: 50 } }) },
    });
    const app = createApp({
      services,
      handleDocument: async () => new Response("page"),
      logger: log.logger,
      isHttps: false,
      publicUrl: origin,
    });
    const response = await preview(app, {
      persona,
      message: "What are your opening hours?",
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("event: token")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the preview ended before its first word");
      text += value;
    }
    services.chat.activeTurns.abort();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const events = parseSse(text);
    expect(events.at(-1)).toEqual({
      event: "done",
      data: { status: "cancelled", reason: "server_restart" },
    });
    const words = events.filter((event) => event.event === "token").length;
    expect(words).toBeGreaterThan(0);
    expect(words).toBeLessThan(faqAnswer.split(" ").length);
  });
});
