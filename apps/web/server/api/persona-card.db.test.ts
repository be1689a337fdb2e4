import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createAppServices } from "../services/app-services";
import { testPublicUrl, testSecretKey } from "../test/console-test-app";
import { createMemoryLogger } from "../test/memory-logger";
import { personaCardBodyLimitBytes } from "./persona-card";

function makeApp(testDatabase: TestDatabase, cardPdfs = 30) {
  const log = createMemoryLogger();
  const services = createAppServices({
    database: testDatabase.database,
    logger: log.logger,
    secretKey: testSecretKey,
    contactTo: "team@example.com",
    publicUrl: testPublicUrl,
    personaExportRateLimits: { cardPdfs },
  });
  const app = createApp({
    services,
    handleDocument: async () => new Response("page"),
    logger: log.logger,
    isHttps: false,
    publicUrl: testPublicUrl,
  });
  return { app, services, log };
}

const persona = {
  name: "น้ำใจ ผู้ช่วยที่ปรึกษา",
  avatar: "🤖",
  role: "ที่ปรึกษา",
  tone: "friendly",
  language: "thai",
  bio: "ผู้ช่วยตอบคำถามลูกค้าของร้านค้าออนไลน์",
  faqs: [{ question: "ส่งของกี่วัน", answer: "2-3 วันค่ะ" }],
};

let ipCounter = 0;

describe("POST /api/personas/card.pdf", () => {
  let testDatabase: TestDatabase;
  let built: ReturnType<typeof makeApp>;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    built = makeApp(testDatabase);
  }, 60_000);

  afterEach(async () => {
    await testDatabase.cleanup();
  });

  const post = (
    body: unknown,
    {
      headers = {},
      app = built.app,
      ip = `198.51.100.${++ipCounter}`,
    }: { headers?: Record<string, string>; app?: typeof built.app; ip?: string } = {},
  ) =>
    app.request(
      `${testPublicUrl}/api/personas/card.pdf`,
      {
        method: "POST",
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { Origin: testPublicUrl, "Content-Type": "application/json", ...headers },
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );

  it("answers the card as a PDF attachment named after the persona, signed out", async () => {
    const response = await post({ persona, locale: "th" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const disposition = response.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("น้ำใจ-ผู้ช่วยที่ปรึกษา.pdf")}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain("น้ำใจ ผู้ช่วยที่ปรึกษา");
    expect(text).toContain("ส่งของกี่วัน");
  });

  it("draws an uploaded avatar from the avatar store", async () => {
    const image = await sharp({
      create: { width: 300, height: 300, channels: 3, background: "#22c55e" },
    })
      .png()
      .toBuffer();
    const uploaded = await built.services.avatars.upload({ bytes: image, ownerId: null });
    const response = await post({ persona: { ...persona, avatar: uploaded.url }, locale: "en" });
    expect(response.status).toBe(200);
    const raw = Buffer.from(await response.arrayBuffer()).toString("latin1");
    expect(raw).toContain("/Subtype /Image");
  });

  it("names an unnamed persona's file persona.pdf", async () => {
    const response = await post({ persona: { name: "  " }, locale: "en" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("filename*=UTF-8''persona.pdf");
  });

  it("refuses a cross-site request with 403", async () => {
    const response = await post({ persona }, { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
  });

  it("answers 415 for a body that is not JSON, 422 for an invalid persona, 400 for bad JSON", async () => {
    const form = await post("persona=1", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    const invalid = await post({ persona: { name: "x".repeat(81) }, locale: "th" });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", fields: { "persona.name": "invalid" } },
    });
    expect((await post("{not json")).status).toBe(400);
  });

  it("answers 413 for a body over the limit", async () => {
    const huge = { persona: { ...persona, knowledgeBase: "ก".repeat(personaCardBodyLimitBytes) } };
    expect((await post(huge)).status).toBe(413);
  });

  it("limits PDFs per client with 429", async () => {
    const limited = makeApp(testDatabase, 1);
    const ip = "203.0.113.20";
    expect((await post({ persona }, { app: limited.app, ip })).status).toBe(200);
    const second = await post({ persona }, { app: limited.app, ip });
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBeTruthy();
  });

  it("answers 405 to GET", async () => {
    const response = await built.app.request(`${testPublicUrl}/api/personas/card.pdf`);
    expect(response.status).toBe(405);
  });
});
