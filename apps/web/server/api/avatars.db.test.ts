import { avatarLimits } from "@jai/contracts/avatar-limits";
import { avatarImages, eq, marketplaceListings, personas, sql } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createAppServices } from "../services/app-services";
import { signInOwner, testPublicUrl, testSecretKey } from "../test/console-test-app";
import { createMemoryLogger } from "../test/memory-logger";

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter % 250}`;

function makeApp(testDatabase: TestDatabase, avatarUploads = 20) {
  const log = createMemoryLogger();
  const services = createAppServices({
    database: testDatabase.database,
    logger: log.logger,
    secretKey: testSecretKey,
    contactTo: "team@example.com",
    publicUrl: testPublicUrl,
    authLimits: { clientAttempts: 1000, emailsPerClient: 1000 },
    personaExportRateLimits: { avatarUploads },
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

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#4f46e5" } })
    .png()
    .toBuffer();

function uploadForm(bytes: Uint8Array, name = "avatar.png", type = "image/png") {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}

describe("the avatars API", () => {
  let testDatabase: TestDatabase;
  let built: ReturnType<typeof makeApp>;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    built = makeApp(testDatabase);
  }, 60_000);

  afterEach(async () => {
    await testDatabase.cleanup();
  });

  const upload = (
    body: FormData | string,
    headers: Record<string, string> = {},
    app = built.app,
    ip = nextIp(),
  ) =>
    app.request(
      `${testPublicUrl}/api/avatars`,
      { method: "POST", body, headers: { Origin: testPublicUrl, ...headers } },
      { incoming: { socket: { remoteAddress: ip } } },
    );

  it("stores a resized WebP anonymously and serves it to anyone, cached for good", async () => {
    const response = await upload(uploadForm(await png()));
    expect(response.status).toBe(201);
    const { id, url } = (await response.json()) as { id: string; url: string };
    expect(url).toBe(`/api/avatars/${id}`);

    const [row] = await testDatabase.db.select().from(avatarImages).where(eq(avatarImages.id, id));
    expect(row).toMatchObject({ ownerId: null, mimeType: "image/webp", width: 256, height: 256 });

    const served = await built.app.request(`${testPublicUrl}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 256 });

    const again = await built.app.request(`${testPublicUrl}${url}`, {
      headers: { "If-None-Match": served.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
  });

  it("records a signed-in owner's upload as theirs", async () => {
    const owner = await signInOwner(built, testDatabase, "avatar-owner@example.com");
    const response = await owner.fetch("POST", "/api/avatars", { body: uploadForm(await png()) });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await testDatabase.db.select().from(avatarImages).where(eq(avatarImages.id, id));
    expect(row?.ownerId).toBe(owner.ownerId);
  });

  it("refuses an SVG named .png with 415 and a clear message, in the visitor's language", async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const response = await upload(uploadForm(svg, "innocent.png"));
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      error: {
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "This file is not a PNG, JPEG or WebP image. Please choose another file.",
      },
    });
    const thai = await upload(uploadForm(svg, "innocent.png"), { "Accept-Language": "th-TH" });
    expect(((await thai.json()) as { error: { message: string } }).error.message).toBe(
      "ไฟล์นี้ไม่ใช่รูปภาพ PNG, JPEG หรือ WebP กรุณาเลือกไฟล์อื่น",
    );
    expect(await testDatabase.db.$count(avatarImages)).toBe(0);
  });

  it("refuses a GIF with 415", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await upload(uploadForm(gif, "a.gif", "image/gif"))).status).toBe(415);
  });

  it("refuses a file over 5 MB with 413", async () => {
    const big = new Uint8Array(avatarLimits.maxBytes + 1024);
    const response = await upload(uploadForm(big));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: {
        code: "PAYLOAD_TOO_LARGE",
        message: "This image is larger than 5 MB. Please choose a smaller one.",
      },
    });
  });

  it("answers 422 without a file and 400 for a body that is not multipart", async () => {
    const form = new FormData();
    form.set("other", "value");
    expect((await upload(form)).status).toBe(422);
    const notMultipart = await upload("file=1", {
      "Content-Type": "multipart/form-data; boundary=x",
    });
    expect([400, 422]).toContain(notMultipart.status);
  });

  it("refuses a cross-site upload with 403", async () => {
    const response = await upload(uploadForm(await png()), { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await testDatabase.db.$count(avatarImages)).toBe(0);
  });

  it("limits uploads per client with 429 and Retry-After", async () => {
    const limited = makeApp(testDatabase, 2);
    const bytes = await png();
    const ip = "203.0.113.9";
    expect((await upload(uploadForm(bytes), {}, limited.app, ip)).status).toBe(201);
    expect((await upload(uploadForm(bytes), {}, limited.app, ip)).status).toBe(201);
    const third = await upload(uploadForm(bytes), {}, limited.app, ip);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client network is not affected.
    expect((await upload(uploadForm(bytes), {}, limited.app, "192.0.2.10")).status).toBe(201);
  });

  it("answers 404 for an unknown or malformed id, and 405 for other methods", async () => {
    const unknown = await built.app.request(
      `${testPublicUrl}/api/avatars/00000000-0000-4000-8000-000000000000`,
    );
    expect(unknown.status).toBe(404);
    expect((await built.app.request(`${testPublicUrl}/api/avatars/not-a-uuid`)).status).toBe(404);
    const deleted = await built.app.request(
      `${testPublicUrl}/api/avatars/00000000-0000-4000-8000-000000000000`,
      { method: "DELETE", headers: { Origin: testPublicUrl } },
    );
    expect(deleted.status).toBe(405);
  });

  it("sweeps day-old anonymous uploads nothing refers to, and keeps the others", async () => {
    const owner = await signInOwner(built, testDatabase, "sweep-owner@example.com");
    const ids: Record<string, string> = {};
    for (const name of ["orphan", "fresh", "usedByPersona", "usedByListing"]) {
      const response = await upload(uploadForm(await png()));
      ids[name] = ((await response.json()) as { id: string }).id;
    }
    const owned = await owner.fetch("POST", "/api/avatars", { body: uploadForm(await png()) });
    ids.owned = ((await owned.json()) as { id: string }).id;

    const old = sql`now() - interval '2 days'`;
    for (const name of ["orphan", "usedByPersona", "usedByListing", "owned"]) {
      await testDatabase.db
        .update(avatarImages)
        .set({ createdAt: old })
        .where(eq(avatarImages.id, ids[name] ?? ""));
    }
    const [persona] = await testDatabase.db
      .insert(personas)
      .values({ ownerId: owner.ownerId, name: "Nam", avatar: `/api/avatars/${ids.usedByPersona}` })
      .returning({ id: personas.id });
    await testDatabase.db.insert(marketplaceListings).values({
      ownerId: owner.ownerId,
      personaId: persona?.id,
      name: "Nam",
      category: "other",
      language: "thai",
      persona: { name: "Nam", avatar: `/api/avatars/${ids.usedByListing}` },
    });

    expect(await built.services.avatars.sweepAnonymous()).toBe(1);
    const left = await testDatabase.db.select({ id: avatarImages.id }).from(avatarImages);
    expect(left.map((row) => row.id).sort()).toEqual(
      [ids.fresh, ids.usedByPersona, ids.usedByListing, ids.owned].sort(),
    );
  });
});
