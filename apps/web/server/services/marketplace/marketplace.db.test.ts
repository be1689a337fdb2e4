import { marketplaceLimits } from "@jai/contracts/marketplace";
import { PersonaSchema } from "@jai/contracts/persona";
import { eq, marketplaceListings, personas, users } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toPersonaFields } from "../bots/persona-row";
import { createMarketplace, type MarketplaceServices } from "./create-marketplace";

const admin = { id: "admin-1", email: "admin@example.com" };

describe("marketplace services", { timeout: 30_000 }, () => {
  let testDatabase: TestDatabase;
  let marketplace: MarketplaceServices;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    marketplace = createMarketplace(testDatabase.db, { adminEmails: [" Admin@Example.com "] });
    for (const [id, email] of [
      [admin.id, admin.email],
      ["owner-a", "a@example.com"],
      ["owner-b", "b@example.com"],
    ] as const) {
      await testDatabase.db
        .insert(users)
        .values({ id, name: `Name of ${id}`, email, emailVerified: true });
    }
  });
  afterEach(() => testDatabase.cleanup());

  async function createPersona(ownerId: string, fields: Record<string, unknown> = {}) {
    const persona = PersonaSchema.parse({
      name: "Shop Helper",
      avatar: "🛍️",
      role: "Sales Assistant",
      tone: "friendly",
      bio: "Helps shoppers pick the right size.",
      welcomeMessage: "Hi! Looking for something?",
      contextInstructions: "Never promise discounts.",
      knowledgeBase: "Returns within 30 days.",
      faqs: [
        { question: "Do you ship abroad?", answer: "Yes, to ASEAN countries." },
        { question: "", answer: "" },
      ],
      ...fields,
    });
    const [row] = await testDatabase.db
      .insert(personas)
      .values({ ...toPersonaFields(persona), ownerId })
      .returning({ id: personas.id });
    return row!.id;
  }

  const submission = (personaId: string) => ({
    personaId,
    category: "ecommerce",
    language: "thai",
    summary: "  A friendly shop assistant  ",
  });

  it("submits a snapshot as pending, shows it to its owner only, and refuses a second pending one", async () => {
    const personaId = await createPersona("owner-a");
    const listing = await marketplace.submit("owner-a", submission(personaId));
    expect(listing).toMatchObject({
      personaId,
      name: "Shop Helper",
      avatar: "🛍️",
      summary: "A friendly shop assistant",
      category: "ecommerce",
      language: "thai",
      status: "pending",
      reviewNote: null,
      cloneCount: 0,
    });
    expect(await marketplace.listMine("owner-a")).toEqual([listing]);
    expect(await marketplace.listMine("owner-b")).toEqual([]);

    // Editing the persona afterwards does not change what was submitted.
    await testDatabase.db
      .update(personas)
      .set({ name: "Renamed" })
      .where(eq(personas.id, personaId));
    const [stored] = await testDatabase.db.select().from(marketplaceListings);
    expect(stored!.persona).toMatchObject({
      name: "Shop Helper",
      contextInstructions: "Never promise discounts.",
    });

    await expect(marketplace.submit("owner-a", submission(personaId))).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("refuses another owner's persona, a nameless persona and bad input", async () => {
    const theirs = await createPersona("owner-b");
    await expect(marketplace.submit("owner-a", submission(theirs))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const nameless = await createPersona("owner-a", { name: "   " });
    await expect(marketplace.submit("owner-a", submission(nameless))).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { name: "required" },
    });
    const mine = await createPersona("owner-a");
    await expect(
      marketplace.submit("owner-a", {
        personaId: "not-a-uuid",
        category: "games",
        language: "klingon",
        summary: "x".repeat(marketplaceLimits.summary + 1),
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      fields: {
        personaId: "invalid",
        category: "invalid",
        language: "invalid",
        summary: "tooLong",
      },
    });
    expect(await marketplace.listMine("owner-a")).toEqual([]);
    await marketplace.submit("owner-a", submission(mine));
  });

  it(`allows at most ${marketplaceLimits.pendingPerOwner} pending listings per owner`, async () => {
    for (let index = 0; index < marketplaceLimits.pendingPerOwner; index++) {
      await marketplace.submit("owner-a", submission(await createPersona("owner-a")));
    }
    const oneMore = await createPersona("owner-a");
    await expect(marketplace.submit("owner-a", submission(oneMore))).rejects.toMatchObject({
      code: "PLAN_LIMIT_REACHED",
    });
    // Another owner has their own allowance.
    await marketplace.submit("owner-b", submission(await createPersona("owner-b")));
  });

  it("lists only approved listings publicly, with public fields only", async () => {
    const approvedId = (
      await marketplace.submit("owner-a", submission(await createPersona("owner-a")))
    ).id;
    const pendingId = (
      await marketplace.submit("owner-a", {
        ...submission(await createPersona("owner-a", { name: "Tutor" })),
        category: "education",
      })
    ).id;
    expect((await marketplace.listPublic({})).listings).toEqual([]);
    await expect(marketplace.getPublic(approvedId)).rejects.toMatchObject({ code: "NOT_FOUND" });

    const queue = await marketplace.listForReview("pending");
    expect(queue.map((listing) => listing.id)).toEqual([approvedId, pendingId]);
    expect(queue[0]).toMatchObject({
      submittedBy: { name: "Name of owner-a", email: "a@example.com" },
      persona: { knowledgeBase: "Returns within 30 days." },
    });

    await marketplace.approve(admin.id, approvedId);
    const page = await marketplace.listPublic({});
    expect(page.nextCursor).toBeNull();
    expect(page.listings).toHaveLength(1);
    const [listing] = page.listings;
    expect(listing).toMatchObject({
      id: approvedId,
      name: "Shop Helper",
      role: "Sales Assistant",
      tone: "friendly",
      faqCount: 1,
      category: "ecommerce",
      language: "thai",
    });
    // What a visitor sees: never the owner, the instructions or the knowledge.
    const json = JSON.stringify(listing);
    for (const secret of ["owner-a", "a@example.com", "Never promise", "Returns within"]) {
      expect(json).not.toContain(secret);
    }
    expect(await marketplace.getPublic(approvedId)).toEqual(listing);
    await expect(marketplace.getPublic(pendingId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(marketplace.getPublic("nonsense")).rejects.toMatchObject({ code: "NOT_FOUND" });

    expect((await marketplace.listPublic({ category: "education" })).listings).toEqual([]);
    expect((await marketplace.listPublic({ language: "english" })).listings).toEqual([]);
    expect(
      (await marketplace.listPublic({ category: "ecommerce", language: "thai" })).listings,
    ).toHaveLength(1);
    await expect(marketplace.listPublic({ category: "games" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(marketplace.listPublic({ cursor: "garbage" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });

  it("pages through approved listings with a cursor", async () => {
    const total = marketplaceLimits.pageSize + 2;
    const ids: string[] = [];
    for (let index = 0; index < total; index++) {
      const personaId = await createPersona(index % 2 ? "owner-a" : "owner-b", {
        name: `P${index}`,
      });
      const [row] = await testDatabase.db
        .insert(marketplaceListings)
        .values({
          ownerId: index % 2 ? "owner-a" : "owner-b",
          personaId,
          name: `P${index}`,
          category: "other",
          language: "english",
          status: "approved",
          persona: { name: `P${index}` },
          // Two listings share each approval time: the id breaks the tie.
          reviewedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(index / 2))),
        })
        .returning({ id: marketplaceListings.id });
      ids.push(row!.id);
    }
    const first = await marketplace.listPublic({});
    expect(first.listings).toHaveLength(marketplaceLimits.pageSize);
    expect(first.nextCursor).not.toBeNull();
    const second = await marketplace.listPublic({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    const seen = [...first.listings, ...second.listings].map((listing) => listing.id);
    expect(new Set(seen).size).toBe(total);
    expect(seen.toSorted()).toEqual(ids.toSorted());
  });

  it("approves and rejects with a note, once", async () => {
    const first = await marketplace.submit("owner-a", submission(await createPersona("owner-a")));
    const second = await marketplace.submit("owner-a", submission(await createPersona("owner-a")));

    await expect(marketplace.reject(admin.id, first.id, { note: "  " })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { note: "required" },
    });
    const rejected = await marketplace.reject(admin.id, first.id, {
      note: "Add a welcome message in Thai",
    });
    expect(rejected).toMatchObject({
      status: "rejected",
      reviewNote: "Add a welcome message in Thai",
    });
    await expect(marketplace.approve(admin.id, first.id)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(marketplace.reject(admin.id, first.id, { note: "again" })).rejects.toMatchObject({
      code: "CONFLICT",
    });

    await marketplace.approve(admin.id, second.id);
    await expect(marketplace.approve(admin.id, second.id)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(
      marketplace.approve(admin.id, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const mine = await marketplace.listMine("owner-a");
    expect(mine.find((listing) => listing.id === first.id)).toMatchObject({
      status: "rejected",
      reviewNote: "Add a welcome message in Thai",
    });
    expect(mine.find((listing) => listing.id === second.id)?.status).toBe("approved");
    expect((await marketplace.listForReview("pending")).map((listing) => listing.id)).toEqual([]);
    expect((await marketplace.listForReview("rejected")).map((listing) => listing.id)).toEqual([
      first.id,
    ]);

    // Taking an approved listing down removes it from the public list; the persona may be resubmitted.
    await marketplace.reject(admin.id, second.id, { note: "Misleading" });
    expect((await marketplace.listPublic({})).listings).toEqual([]);
    await marketplace.submit("owner-a", submission(first.personaId!));
  });

  it("clones an approved listing into the cloner's library and counts it", async () => {
    const synonyms = [["ไซส์", "size", "ขนาด"]];
    const listing = await marketplace.submit(
      "owner-a",
      submission(await createPersona("owner-a", { synonyms })),
    );
    await expect(marketplace.clone("owner-b", listing.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await marketplace.approve(admin.id, listing.id);

    const { personaId } = await marketplace.clone("owner-b", listing.id);
    const [copy] = await testDatabase.db.select().from(personas).where(eq(personas.id, personaId));
    expect(copy).toMatchObject({
      ownerId: "owner-b",
      name: "Shop Helper",
      contextInstructions: "Never promise discounts.",
      knowledgeBase: "Returns within 30 days.",
      synonyms,
    });
    await marketplace.clone("owner-b", listing.id);
    expect((await marketplace.getPublic(listing.id)).cloneCount).toBe(2);
    expect((await marketplace.listMine("owner-a"))[0]!.cloneCount).toBe(2);
    await expect(marketplace.clone("owner-b", "not-an-id")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("treats only verified, listed addresses as admins", () => {
    expect(marketplace.isAdmin({ email: "admin@example.com", emailVerified: true })).toBe(true);
    expect(marketplace.isAdmin({ email: "ADMIN@example.com", emailVerified: true })).toBe(true);
    expect(marketplace.isAdmin({ email: "admin@example.com", emailVerified: false })).toBe(false);
    expect(marketplace.isAdmin({ email: "a@example.com", emailVerified: true })).toBe(false);
    expect(
      createMarketplace(testDatabase.db).isAdmin({
        email: "admin@example.com",
        emailVerified: true,
      }),
    ).toBe(false);
  });
});
