import { marketplaceLimits } from "@jai/contracts/marketplace";
import { PersonaSchema } from "@jai/contracts/persona";
import { eq, personas, sql } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import {
  createTestBrowser,
  linkIn,
  listAuthEmails,
  type TestBrowser,
} from "../auth/test/auth-test-client";
import { createAppServices } from "../services/app-services";
import { toPersonaFields } from "../services/bots/persona-row";
import { createMemoryLogger } from "../test/memory-logger";

const publicUrl = "http://localhost:3000";
const password = "correct horse battery";

// Each test signs up and verifies several accounts (password hashing): slow on a busy machine.
describe("/api/marketplace", { timeout: 60_000 }, () => {
  let testDatabase: TestDatabase;
  let app: ReturnType<typeof createApp>;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    const { logger } = createMemoryLogger();
    const services = createAppServices({
      database: testDatabase.database,
      logger,
      secretKey: "test-secret-key-0123456789abcdef-0123456789",
      contactTo: "team@example.com",
      publicUrl,
      adminEmails: ["admin@example.com"],
    });
    app = createApp({
      services,
      handleDocument: async () => new Response("page"),
      logger,
      isHttps: false,
      publicUrl,
    });
  });
  afterEach(() => testDatabase.cleanup());

  /** A signed-in browser of a new, verified account. */
  async function signedIn(email: string, ip: string): Promise<TestBrowser & { userId: string }> {
    const browser = createTestBrowser(app, { ip });
    expect(
      (
        await browser.post("/api/auth/sign-up/email", {
          name: email.split("@")[0],
          email,
          password,
        })
      ).status,
    ).toBe(200);
    const [verification] = await listAuthEmails(testDatabase.db, email);
    const token = linkIn(verification!.textBody).searchParams.get("token");
    expect((await browser.get(`/api/auth/verify-email?token=${token}`)).status).toBe(200);
    const signIn = await browser.post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    return Object.assign(browser, { userId: signIn.body.user.id as string });
  }

  async function createPersona(ownerId: string, name = "Tutor Bee") {
    const [row] = await testDatabase.db
      .insert(personas)
      .values({
        ...toPersonaFields(PersonaSchema.parse({ name, avatar: "🐝", role: "Teacher" })),
        ownerId,
      })
      .returning({ id: personas.id });
    return row!.id;
  }

  it("takes a listing from submission through review to a public clone", async () => {
    const owner = await signedIn("owner@example.com", "203.0.113.1");
    const personaId = await createPersona(owner.userId);
    const submitted = await owner.post("/api/marketplace/listings", {
      personaId,
      category: "education",
      language: "english",
      summary: "Patient tutor",
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ status: "pending", name: "Tutor Bee" });
    const listingId = submitted.body.id as string;

    const mine = await owner.get("/api/marketplace/mine");
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("no-store");
    expect(mine.body).toHaveLength(1);

    // Pending listings are nobody's business but the owner's and the admins'.
    const anonymous = createTestBrowser(app);
    expect((await anonymous.get(`/api/marketplace/listings/${listingId}`)).status).toBe(404);

    // A signed-in owner who is not an admin is refused; a signed-out caller must sign in.
    expect((await owner.get("/api/marketplace/review")).status).toBe(403);
    expect((await owner.post(`/api/marketplace/listings/${listingId}/approve`)).status).toBe(403);
    expect((await anonymous.get("/api/marketplace/review")).status).toBe(401);
    expect((await anonymous.post(`/api/marketplace/listings/${listingId}/approve`)).status).toBe(
      401,
    );

    const admin = await signedIn("admin@example.com", "203.0.113.2");
    const queue = await admin.get("/api/marketplace/review?status=pending");
    expect(queue.status).toBe(200);
    expect(queue.body.map((listing: { id: string }) => listing.id)).toEqual([listingId]);
    expect(queue.body[0].submittedBy).toEqual({ name: "owner", email: "owner@example.com" });
    expect((await admin.get("/api/marketplace/review?status=sideways")).status).toBe(422);
    expect((await admin.post(`/api/marketplace/listings/${listingId}/approve`)).status).toBe(200);
    expect((await admin.post(`/api/marketplace/listings/${listingId}/approve`)).status).toBe(409);

    const list = await anonymous.get("/api/marketplace/listings?category=education");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(list.body.listings.map((listing: { id: string }) => listing.id)).toEqual([listingId]);
    expect(JSON.stringify(list.body)).not.toContain(owner.userId);
    expect(JSON.stringify(list.body)).not.toContain("owner@example.com");
    expect((await anonymous.get(`/api/marketplace/listings/${listingId}`)).body.name).toBe(
      "Tutor Bee",
    );

    // Cloning needs an account; the copy lands in the cloner's library.
    expect((await anonymous.post(`/api/marketplace/listings/${listingId}/clone`)).status).toBe(401);
    const cloner = await signedIn("cloner@example.com", "203.0.113.3");
    const cloned = await cloner.post(`/api/marketplace/listings/${listingId}/clone`);
    expect(cloned.status).toBe(201);
    const [copy] = await testDatabase.db
      .select()
      .from(personas)
      .where(eq(personas.id, cloned.body.personaId));
    expect(copy).toMatchObject({ ownerId: cloner.userId, name: "Tutor Bee" });
  });

  it("answers submissions with the right errors", async () => {
    const owner = await signedIn("owner@example.com", "203.0.113.1");
    const other = await signedIn("other@example.com", "203.0.113.4");
    const personaId = await createPersona(owner.userId);
    const valid = { personaId, category: "ecommerce", language: "thai" };

    const anonymous = createTestBrowser(app);
    expect((await anonymous.post("/api/marketplace/listings", valid)).status).toBe(401);
    // Another site's page cannot submit with the owner's cookies.
    expect(
      (await owner.post("/api/marketplace/listings", valid, { Origin: "https://evil.example" }))
        .status,
    ).toBe(403);
    const asText = await owner.post("/api/marketplace/listings", valid, {
      "Content-Type": "text/plain",
    });
    expect(asText.status).toBe(415);
    const huge = await owner.post("/api/marketplace/listings", {
      ...valid,
      summary: "ก".repeat(4000),
    });
    expect(huge.status).toBe(413);
    const tooLong = await owner.post("/api/marketplace/listings", {
      ...valid,
      summary: "x".repeat(marketplaceLimits.summary + 1),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.fields).toEqual({ summary: "tooLong" });
    expect((await owner.post("/api/marketplace/listings", [valid])).status).toBe(400);
    expect((await other.post("/api/marketplace/listings", valid)).status).toBe(404);

    expect((await owner.post("/api/marketplace/listings", valid)).status).toBe(201);
    const again = await owner.post("/api/marketplace/listings", valid, { "Accept-Language": "th" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("CONFLICT");

    // Reject needs a note.
    const admin = await signedIn("admin@example.com", "203.0.113.2");
    const [listing] = (await owner.get("/api/marketplace/mine")).body;
    const noNote = await admin.post(`/api/marketplace/listings/${listing.id}/reject`, {});
    expect(noNote.status).toBe(422);
    const rejected = await admin.post(`/api/marketplace/listings/${listing.id}/reject`, {
      note: "Needs FAQs",
    });
    expect(rejected.status).toBe(200);
    expect((await owner.get("/api/marketplace/mine")).body[0]).toMatchObject({
      status: "rejected",
      reviewNote: "Needs FAQs",
    });
    expect((await anonymous.get("/api/marketplace/listings/not-a-uuid")).status).toBe(404);
  });

  it("refuses a persona whose avatar is another site's URL; older snapshots show none", async () => {
    const owner = await signedIn("owner@example.com", "203.0.113.1");
    const personaId = await createPersona(owner.userId);
    // Stored before the contract checked avatars (the API refuses it now).
    await testDatabase.db
      .update(personas)
      .set({ avatar: "https://evil.example/track.png" })
      .where(eq(personas.id, personaId));
    const refused = await owner.post("/api/marketplace/listings", {
      personaId,
      category: "education",
      language: "english",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({ avatar: "invalid" });

    const saved = await owner.post("/api/console/personas", {
      name: "Tutor Bee",
      avatar: "https://evil.example/track.png",
    });
    expect(saved.status).toBe(422);
    expect(saved.body.error.fields).toMatchObject({ avatar: expect.any(String) });

    await testDatabase.db.update(personas).set({ avatar: "🐝" }).where(eq(personas.id, personaId));
    const listed = await owner.post("/api/marketplace/listings", {
      personaId,
      category: "education",
      language: "english",
    });
    expect(listed.status).toBe(201);
    await testDatabase.db.execute(
      sql`update marketplace_listings set persona = jsonb_set(persona, '{avatar}', '"https://evil.example/track.png"')`,
    );
    expect((await owner.get("/api/marketplace/mine")).body[0].avatar).toBe("");
  });

  it("limits submissions per owner per hour", async () => {
    const owner = await signedIn("owner@example.com", "203.0.113.1");
    const unknown = {
      personaId: "00000000-0000-4000-8000-000000000000",
      category: "other",
      language: "auto",
    };
    for (let attempt = 0; attempt < marketplaceLimits.submitsPerHour; attempt++) {
      expect((await owner.post("/api/marketplace/listings", unknown)).status).toBe(404);
    }
    const limited = await owner.post("/api/marketplace/listings", unknown);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
