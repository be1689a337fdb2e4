import {
  apiKeys,
  avatarImages,
  bots,
  contacts,
  conversations,
  emailOutbox,
  eq,
  knowledgeSources,
  marketplaceListings,
  ownerPlans,
  personas,
  sessions,
  users,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteOwnerData } from "./delete-owner-data";

describe("deleteOwnerData", () => {
  let testDatabase: TestDatabase;
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(() => testDatabase.cleanup());

  async function owner(id: string) {
    await testDatabase.db.insert(users).values({ id, name: id, email: `${id}@example.com` });
    await testDatabase.db.insert(sessions).values({
      id: `${id}-session`,
      token: `${id}-token`,
      userId: id,
      expiresAt: new Date(Date.now() + 60_000),
    });
  }

  async function bot(id: string, ownerId: string, personaId?: string) {
    const persona =
      personaId ??
      (await testDatabase.db.insert(personas).values({ ownerId, name: id }).returning())[0]!.id;
    await testDatabase.db.insert(bots).values({ id, ownerId, personaId: persona, name: id });
    const [visitor] = await testDatabase.db
      .insert(contacts)
      .values({ botId: id, externalId: `${id}-visitor` })
      .returning();
    await testDatabase.db.insert(conversations).values({ botId: id, contactId: visitor!.id });
    return persona;
  }

  it("deletes the owner with their bots, conversations, personas and account emails, nobody else's", async () => {
    await owner("leaving");
    await owner("staying");
    await bot("leaving-bot", "leaving");
    const shared = (
      await testDatabase.db
        .insert(personas)
        .values({ ownerId: "leaving", name: "shared" })
        .returning()
    )[0]!.id;
    await bot("staying-bot", "staying", shared);
    await bot("other-bot", "staying");
    await testDatabase.db.insert(emailOutbox).values([
      { kind: "auth", toAddress: "leaving@example.com", subject: "s", textBody: "t" },
      { kind: "auth", toAddress: "staying@example.com", subject: "s", textBody: "t" },
    ]);

    await deleteOwnerData(testDatabase.db, { id: "leaving", email: "leaving@example.com" });

    const db = testDatabase.db;
    expect((await db.select().from(users)).map((user) => user.id)).toEqual(["staying"]);
    expect((await db.select().from(sessions)).map((session) => session.userId)).toEqual([
      "staying",
    ]);
    expect((await db.select().from(bots)).map((row) => row.id).sort()).toEqual([
      "other-bot",
      "staying-bot",
    ]);
    expect(await db.select().from(conversations)).toHaveLength(2);
    // The persona someone else's bot runs on stays, owned by no one.
    const [kept] = await db.select().from(personas).where(eq(personas.id, shared));
    expect(kept?.ownerId).toBeNull();
    expect(
      (await db.select().from(personas)).filter((persona) => persona.ownerId === "leaving"),
    ).toEqual([]);
    expect((await db.select().from(emailOutbox)).map((email) => email.toAddress)).toEqual([
      "staying@example.com",
    ]);
  });

  it("deletes the owner console's rows too: plan, API keys, knowledge, listings, avatars", async () => {
    const db = testDatabase.db;
    for (const id of ["leaving", "staying"]) {
      await owner(id);
      const persona = await bot(`${id}-bot`, id);
      await db.insert(ownerPlans).values({ ownerId: id, planId: "free" });
      await db
        .insert(apiKeys)
        .values({ ownerId: id, name: "key", prefix: "jai_x", keyHash: `${id}-hash` });
      await db
        .insert(knowledgeSources)
        .values({ botId: `${id}-bot`, kind: "text", title: "t", status: "ready" });
      await db.insert(marketplaceListings).values({
        ownerId: id,
        personaId: persona,
        name: "listing",
        category: "other",
        language: "english",
        persona: {},
      });
      await db.insert(avatarImages).values({
        ownerId: id,
        mimeType: "image/webp",
        width: 1,
        height: 1,
        byteSize: 1,
        sha256: "x",
        data: new Uint8Array([1]),
      });
    }

    await deleteOwnerData(db, { id: "leaving", email: "leaving@example.com" });

    const owners = async (rows: Promise<{ ownerId: string | null }[]>) =>
      (await rows).map((row) => row.ownerId);
    expect(await owners(db.select().from(ownerPlans))).toEqual(["staying"]);
    expect(await owners(db.select().from(apiKeys))).toEqual(["staying"]);
    expect(await owners(db.select().from(marketplaceListings))).toEqual(["staying"]);
    expect(await owners(db.select().from(avatarImages))).toEqual(["staying"]);
    expect((await db.select().from(knowledgeSources)).map((row) => row.botId)).toEqual([
      "staying-bot",
    ]);
  });
});
