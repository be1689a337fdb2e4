import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { contactLimits } from "@jai/contracts";
import { contactMessages, createDatabase, emailOutbox, eq } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { submitContactForm } from "~/features/contact/submit-contact-form.server";
import { createApp } from "../app";
import { type AppServices, createAppServices } from "../services/app-services";
import { createMailTransport } from "../services/mail/create-mail-transport";
import { createOutboxWorker, type OutboxWorker } from "../services/mail/outbox-worker";
import { createMemoryLogger } from "../test/memory-logger";
import { findFreePort, type SmtpSink, startSmtpSink } from "../test/smtp-sink";
import { contactBodyLimitBytes } from "./contact";

const contactTo = "team@jai.example";
const from = { name: "Jai", address: "no-reply@jai.example" };
const secretKey = "test-secret-key-0123456789abcdef-0123456789";
const successEn =
  "Thank you! Your message has been sent. We'll reply within 24 hours on business days.";
const successTh = "ขอบคุณ! เราได้รับข้อความของคุณแล้ว และจะตอบกลับภายใน 1 วันทำการ";

const valid = {
  name: "Somchai Jaidee",
  email: "somchai@example.co.th",
  company: "Jaidee Co., Ltd.",
  phone: "+66 81 234 5678",
  reason: "sales",
  subject: "Pro plan for our shop",
  message: "สวัสดีครับ\nWe would like a demo for 3 branches.",
  honeypot: "",
  language: "th",
};

let ipCounter = 0;
/** A documentation-range address no other request of the test uses. */
const nextIp = () => `198.51.100.${++ipCounter % 250}`;

describe("POST /api/contact", () => {
  let testDatabase: TestDatabase;
  let sink: SmtpSink | undefined;
  let worker: OutboxWorker | undefined;
  let mailDir: string;
  let log: ReturnType<typeof createMemoryLogger>;
  let services: AppServices;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    mailDir = await mkdtemp(path.join(tmpdir(), "jai-contact-mail-"));
    log = createMemoryLogger();
    ipCounter = 0;
  }, 60_000);

  afterEach(async () => {
    await worker?.stop(5_000);
    worker = undefined;
    await sink?.close();
    sink = undefined;
    await testDatabase.cleanup();
    await rm(mailDir, { recursive: true, force: true });
  });

  function makeApp({
    trustProxyHops = 0,
    contactRateLimit = 5,
    database = testDatabase.database,
  }: {
    trustProxyHops?: number;
    contactRateLimit?: number;
    database?: TestDatabase["database"];
  } = {}) {
    services = createAppServices({
      database,
      logger: log.logger,
      secretKey,
      contactTo,
      contactRateLimit,
      onEmailQueued: () => worker?.wake(),
    });
    return createApp({
      services,
      handleDocument: async () =>
        new Response("page", { headers: { "Content-Type": "text/html" } }),
      logger: log.logger,
      isHttps: false,
      publicUrl: "http://localhost:3000",
      trustProxyHops,
    });
  }

  /** A worker sending through `smtpUrl` (or writing .eml files without it). */
  function startWorker(
    smtpUrl: string | undefined,
    options: { pollIntervalMs?: number; retryDelayMs?: () => number } = {},
  ) {
    worker = createOutboxWorker({
      db: testDatabase.db,
      transport: createMailTransport({ smtpUrl, mailDir, from, sendTimeoutMs: 5_000 }),
      logger: log.logger,
      pollIntervalMs: options.pollIntervalMs ?? 60_000,
      retryDelayMs: options.retryDelayMs,
    });
    worker.start();
    return worker;
  }

  type PostOptions = { ip?: string; headers?: Record<string, string>; body?: BodyInit };
  function post(app: ReturnType<typeof makeApp>, json: unknown, options: PostOptions = {}) {
    return app.request(
      "/api/contact",
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "Vitest/4 (contact test)",
          ...options.headers,
        },
        body: options.body ?? JSON.stringify(json),
      },
      { incoming: { socket: { remoteAddress: options.ip ?? "203.0.113.7" } } },
    );
  }

  async function storedCounts() {
    return {
      messages: await testDatabase.db.$count(contactMessages),
      emails: await testDatabase.db.$count(emailOutbox),
    };
  }

  it("stores the message, queues the email and the worker delivers it over SMTP", async () => {
    sink = await startSmtpSink();
    startWorker(sink.url);
    const app = makeApp();

    const response = await post(app, valid, { headers: { "Accept-Language": "th-TH,th;q=0.9" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: successTh });

    const [stored] = await testDatabase.db.select().from(contactMessages);
    expect(stored).toMatchObject({
      name: "Somchai Jaidee",
      email: "somchai@example.co.th",
      company: "Jaidee Co., Ltd.",
      phone: "+66 81 234 5678",
      reason: "sales",
      language: "th",
      userAgent: "Vitest/4 (contact test)",
      isSpam: false,
    });
    expect(stored!.ipHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored!.createdAt).toBeInstanceOf(Date);
    expect(stored!.updatedAt).toBeInstanceOf(Date);

    // The wake-up after the commit sends it at once, long before the (one-minute) poll.
    const [email] = await sink.waitFor(1, 5_000);
    expect(email!.rcptTo).toEqual([contactTo]);
    expect(email!.mailFrom).toBe(from.address);
    expect(email!.header("to")).toBe(contactTo);
    expect(email!.header("from")).toBe("Jai <no-reply@jai.example>");
    expect(email!.header("reply-to")).toBe("somchai@example.co.th");
    expect(email!.header("cc")).toBeUndefined();
    expect(email!.header("bcc")).toBeUndefined();
    expect(email!.header("subject")).toBe("[Jai contact] Sales: Pro plan for our shop");
    expect(email!.header("content-type")).toMatch(/^text\/plain; charset=utf-8/);
    expect(email!.header("message-id")).toMatch(/^<[0-9a-f-]{36}@jai\.example>$/);
    expect(email!.text).toContain("Name:      Somchai Jaidee");
    expect(email!.text).toContain("Email:     somchai@example.co.th");
    expect(email!.text).toContain("Company:   Jaidee Co., Ltd.");
    expect(email!.text).toContain("Phone:     +66 81 234 5678");
    expect(email!.text).toContain("Reason:    Sales and pricing");
    expect(email!.text).toContain("Language:  Thai (th)");
    expect(email!.text).toContain(`Reference: ${stored!.id}`);
    expect(email!.text).toContain("> สวัสดีครับ\n> We would like a demo for 3 branches.");

    await expect
      .poll(async () => (await testDatabase.db.select().from(emailOutbox))[0]?.status)
      .toBe("sent");
    const [row] = await testDatabase.db.select().from(emailOutbox);
    expect(row).toMatchObject({
      attempts: 1,
      lastError: null,
      lockedUntil: null,
      contactMessageId: stored!.id,
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    // The address is personal data: only its keyed hash is kept, and it is never logged.
    expect(log.text()).not.toContain("203.0.113.7");
    expect(log.text()).not.toContain("somchai@");
  });

  it("answers in English by default and keeps header tricks out of the email", async () => {
    sink = await startSmtpSink();
    startWorker(sink.url);
    const app = makeApp();
    const response = await post(app, {
      ...valid,
      language: "en",
      subject: "Hello\r\nBcc: victim@example.com",
      message:
        "Content-Type: text/html\n--boundary42\nFrom evil@example.com\n<script>alert(1)</script>\u0007\u202e",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: successEn });

    const [email] = await sink.waitFor(1, 5_000);
    expect(email!.rcptTo).toEqual([contactTo]);
    expect(email!.header("bcc")).toBeUndefined();
    expect(email!.header("subject")).toBe("[Jai contact] Sales: Hello Bcc: victim@example.com");
    expect(email!.header("content-type")).toMatch(/^text\/plain/);
    expect(email!.text).toContain(
      "> Content-Type: text/html\n> --boundary42\n> From evil@example.com\n> <script>alert(1)</script>\n",
    );
    expect(email!.text).not.toContain("\u0007");
    expect(email!.text).not.toContain("\u202e");
    for (const line of email!.text.split("\n")) {
      expect(line).not.toMatch(/^(--|Content-Type:|From )/);
    }
  });

  it("keeps the email queued while SMTP is down and sends it once SMTP is back", async () => {
    const port = await findFreePort();
    startWorker(`smtp://127.0.0.1:${port}`, { pollIntervalMs: 50, retryDelayMs: () => 200 });
    const app = makeApp();
    expect((await post(app, valid)).status).toBe(200);

    await expect
      .poll(async () => (await testDatabase.db.select().from(emailOutbox))[0]?.attempts ?? 0, {
        timeout: 5_000,
      })
      .toBeGreaterThanOrEqual(2);
    const [waiting] = await testDatabase.db.select().from(emailOutbox);
    expect(waiting!.status).not.toBe("sent");
    expect(waiting!.lastError).toMatch(/ECONNREFUSED/);

    sink = await startSmtpSink({ port });
    await sink.waitFor(1, 5_000);
    await expect
      .poll(async () => (await testDatabase.db.select().from(emailOutbox))[0]?.status, {
        timeout: 5_000,
      })
      .toBe("sent");
    // A few more polls: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received).toHaveLength(1);
  });

  it("answers a filled honeypot like a success but stores it as spam and emails nothing", async () => {
    sink = await startSmtpSink();
    startWorker(sink.url, { pollIntervalMs: 20 });
    const app = makeApp();
    const response = await post(app, {
      ...valid,
      language: "en",
      honeypot: "https://spam.example",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: successEn });

    const [stored] = await testDatabase.db.select().from(contactMessages);
    expect(stored!.isSpam).toBe(true);
    expect(await testDatabase.db.$count(emailOutbox)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.received).toHaveLength(0);
  });

  it("allows 5 submissions per client in 10 minutes, then answers 429 with Retry-After", async () => {
    const app = makeApp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await post(app, valid, { ip: "203.0.113.9" })).status).toBe(200);
    }
    const limited = await post(app, valid, {
      ip: "203.0.113.9",
      headers: { "Accept-Language": "th" },
    });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await limited.json()).toEqual({
      error: { code: "RATE_LIMITED", message: "มีคำขอมากเกินไป กรุณาลองใหม่อีกครั้งในอีก 10 นาที" },
    });
    const english = await post(app, { ...valid, language: "en" }, { ip: "203.0.113.9" });
    expect((await english.json()).error.message).toBe(
      "Too many requests. Please try again in 10 minutes.",
    );
    expect(await testDatabase.db.$count(contactMessages)).toBe(5);

    // Another client is not affected; a forged X-Forwarded-For changes nothing without a proxy.
    expect((await post(app, valid, { ip: "203.0.113.10" })).status).toBe(200);
    const spoofed = await post(app, valid, {
      ip: "203.0.113.9",
      headers: { "X-Forwarded-For": "192.0.2.1" },
    });
    expect(spoofed.status).toBe(429);
  });

  it("counts per IPv6 /64 and, behind a trusted proxy, per forwarded client", async () => {
    const direct = makeApp();
    for (let attempt = 0; attempt < 5; attempt++) {
      const ip = `2001:db8:1:2::${attempt + 1}`;
      expect((await post(direct, valid, { ip })).status).toBe(200);
    }
    expect((await post(direct, valid, { ip: "2001:db8:1:2:ffff::9" })).status).toBe(429);
    expect((await post(direct, valid, { ip: "2001:db8:1:3::1" })).status).toBe(200);

    const proxied = makeApp({ trustProxyHops: 1 });
    const viaProxy = (forwardedFor: string) =>
      post(proxied, valid, { ip: "10.0.0.2", headers: { "X-Forwarded-For": forwardedFor } });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await viaProxy("192.0.2.50")).status).toBe(200);
    }
    expect((await viaProxy("192.0.2.50")).status).toBe(429);
    // The client prepends its own entry: the proxy's (last) entry still names it.
    expect((await viaProxy("192.0.2.77, 192.0.2.50")).status).toBe(429);
    expect((await viaProxy("192.0.2.51")).status).toBe(200);
  });

  describe("rejects bad input with the right status and stores nothing", () => {
    const tooLong = (field: keyof typeof contactLimits) => ({
      ...valid,
      [field]:
        field === "email"
          ? `${"a".repeat(60)}@${["b", "c", "d", "e"].map((letter) => letter.repeat(60)).join(".")}.example`
          : field === "phone"
            ? "1".repeat(contactLimits.phone + 1)
            : "x".repeat(contactLimits[field] + 1),
    });

    it.each(Object.keys(contactLimits) as Array<keyof typeof contactLimits>)(
      "%s longer than its limit → 422",
      async (field) => {
        const app = makeApp();
        const response = await post(app, tooLong(field), { ip: nextIp() });
        expect(response.status).toBe(422);
        const body = await response.json();
        expect(body.error.code).toBe("VALIDATION_FAILED");
        expect(body.error.message).toBe("ข้อมูลบางช่องขาดหายหรือไม่ถูกต้อง");
        expect(body.error.fields).toEqual({ [field]: "tooLong" });
        expect(await storedCounts()).toEqual({ messages: 0, emails: 0 });
      },
    );

    it.each([
      "somchai@example.com\r\nBcc: victim@example.com",
      "somchai@example.com\n",
      "somchai@example.com,victim@example.com",
      "somchai@example.com, victim@example.com",
      "somchai@example.com;victim@example.com",
      "somchai@example.com victim@example.com",
      "Somchai <somchai@example.com>",
      "<somchai@example.com>",
      '"somchai@evil"@example.com',
      '"very.unusual.@.unusual.com"@example.com',
      "somchai(comment)@example.com",
      "somchai@example",
      "somchai@@example.com",
    ])("email %j → 422", async (email) => {
      const app = makeApp();
      const response = await post(app, { ...valid, email }, { ip: nextIp() });
      expect(response.status).toBe(422);
      expect((await response.json()).error.fields).toEqual({ email: "invalidEmail" });
      expect(await storedCounts()).toEqual({ messages: 0, emails: 0 });
    });

    it("missing fields, an unknown reason and a non-string honeypot → 422", async () => {
      const app = makeApp();
      const { name: _name, ...withoutName } = valid;
      for (const [body, fields] of [
        [withoutName, { name: "missing" }],
        [{ ...valid, reason: "spam" }, { reason: "invalid" }],
        [{ ...valid, phone: "call me" }, { phone: "invalidPhone" }],
        [{ ...valid, honeypot: 42 }, { honeypot: "invalid" }],
      ] as const) {
        const response = await post(app, body, { ip: nextIp() });
        expect(response.status).toBe(422);
        expect((await response.json()).error.fields).toEqual(fields);
      }
      expect(await storedCounts()).toEqual({ messages: 0, emails: 0 });
    });

    it("a body over 32 KB → 413, announced or streamed", async () => {
      const app = makeApp();
      const huge = JSON.stringify({ ...valid, message: "x".repeat(contactBodyLimitBytes) });
      const announced = await post(app, null, {
        ip: nextIp(),
        body: huge,
        headers: { "Accept-Language": "th" },
      });
      expect(announced.status).toBe(413);
      expect((await announced.json()).error).toEqual({
        code: "PAYLOAD_TOO_LARGE",
        message: "คำขอมีขนาดใหญ่เกินไป",
      });

      const bytes = new TextEncoder().encode(huge);
      const streamed = await app.request(
        "/api/contact",
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: new ReadableStream({
            start(controller) {
              for (let offset = 0; offset < bytes.length; offset += 4096) {
                controller.enqueue(bytes.subarray(offset, offset + 4096));
              }
              controller.close();
            },
          }),
          duplex: "half",
        } as RequestInit,
        { incoming: { socket: { remoteAddress: nextIp() } } },
      );
      expect(streamed.status).toBe(413);
      expect(await storedCounts()).toEqual({ messages: 0, emails: 0 });
    });

    it("another content type → 415", async () => {
      const app = makeApp();
      for (const contentType of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "",
      ]) {
        const response = await post(app, valid, {
          ip: nextIp(),
          headers: { "Content-Type": contentType },
        });
        expect(response.status).toBe(415);
        expect((await response.json()).error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      }
      const withCharset = await post(app, valid, {
        ip: nextIp(),
        headers: { "Content-Type": "Application/JSON; charset=utf-8" },
      });
      expect(withCharset.status).toBe(200);
      expect(await storedCounts()).toEqual({ messages: 1, emails: 1 });
    });

    it("a body that is not a JSON object → 400", async () => {
      const app = makeApp();
      for (const body of ["{not json", "", "[]", "null", '"hello"', "42"]) {
        const response = await post(app, null, { ip: nextIp(), body });
        expect(response.status).toBe(400);
        expect((await response.json()).error.code).toBe("BAD_REQUEST");
      }
      expect(await storedCounts()).toEqual({ messages: 0, emails: 0 });
    });

    it("other methods → 405 with Allow", async () => {
      const response = await makeApp().request("/api/contact");
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
      expect((await response.json()).error.code).toBe("METHOD_NOT_ALLOWED");
    });
  });

  it("answers 503 and never claims success when the database is gone", async () => {
    const app = makeApp();
    await testDatabase.database.close();
    const response = await post(app, { ...valid, language: "en" });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: {
        code: "SERVICE_UNAVAILABLE",
        message: "The service is temporarily unavailable. Please try again later.",
      },
    });
    expect(log.lines.some((line) => line.message.includes("database unavailable"))).toBe(true);
  });

  it("answers 503 when PostgreSQL cannot be reached", async () => {
    const port = await findFreePort();
    const unreachable = await createDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/jai`,
      onPoolError: () => {},
    });
    try {
      const app = makeApp({ database: unreachable });
      const response = await post(app, valid);
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      await unreachable.close();
    }
  });

  describe("the page form without JavaScript (route action)", () => {
    const formOf = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return form;
    };
    const submit = (pathname: string, fields: Record<string, string>, clientIp = "203.0.113.20") =>
      submitContactForm(
        new Request(`http://localhost:3000${pathname}`, { method: "POST", body: formOf(fields) }),
        { services, clientIp },
      );
    const { honeypot: _honeypot, language: _language, ...visible } = valid;

    it("stores through the same service and answers in the page's language", async () => {
      makeApp();
      const result = await submit("/th/contact", { ...visible, website: "" });
      expect(result).toMatchObject({ data: { ok: true, message: successTh } });
      const [stored] = await testDatabase.db.select().from(contactMessages);
      expect(stored).toMatchObject({ language: "th", isSpam: false });
      expect(await testDatabase.db.$count(emailOutbox)).toBe(1);
    });

    it("gives back the values and the fields at fault, and shares the API's limit", async () => {
      const app = makeApp();
      const failed = await submit("/contact", { ...visible, email: "somchai@example" });
      expect(failed).toMatchObject({
        data: {
          ok: false,
          error: { code: "VALIDATION_FAILED", message: "Some fields are missing or invalid." },
          fields: { email: "invalidEmail" },
          // A form post sends line breaks as CRLF.
          values: {
            ...visible,
            email: "somchai@example",
            message: visible.message.replace("\n", "\r\n"),
          },
        },
        init: { status: 422 },
      });
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await post(app, valid, { ip: "203.0.113.20" })).status).toBe(200);
      }
      const limited = await submit("/contact", { ...visible, website: "" });
      expect(limited).toMatchObject({
        data: { ok: false, error: { code: "RATE_LIMITED" } },
        init: { status: 429, headers: { "Retry-After": expect.stringMatching(/^\d+$/) } },
      });
      expect(await testDatabase.db.$count(contactMessages)).toBe(4);
    });

    it("treats a filled honeypot as spam", async () => {
      makeApp();
      const result = await submit("/contact", { ...visible, website: "http://bot.example" });
      expect(result).toMatchObject({ data: { ok: true, message: successEn } });
      const [stored] = await testDatabase.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.isSpam, true));
      expect(stored).toBeDefined();
      expect(await testDatabase.db.$count(emailOutbox)).toBe(0);
    });
  });
});
