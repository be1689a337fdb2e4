import { bots, count, eq, knowledgeChunks, knowledgeSources, personas } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { createDemoBot } from "@jai/engine";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBotIndexCache } from "./bot-index-cache";
import { loadChatBot } from "./load-chat-bot";
import { demoBotId, seedDemoBot } from "./seed-demo-bot";

describe("seedDemoBot", () => {
  let testDatabase: TestDatabase;
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(() => testDatabase.cleanup());

  const counts = async () => {
    const db = testDatabase.db;
    const [b] = await db.select({ n: count() }).from(bots);
    const [p] = await db.select({ n: count() }).from(personas);
    const [s] = await db.select({ n: count() }).from(knowledgeSources);
    const [c] = await db.select({ n: count() }).from(knowledgeChunks);
    return { bots: b!.n, personas: p!.n, sources: s!.n, chunks: c!.n };
  };

  it("creates the Demo Bot with its persona and bilingual knowledge, once", async () => {
    const db = testDatabase.db;
    expect(await seedDemoBot(db, { brandName: "Jai" })).toBe("created");
    const demo = createDemoBot("Jai");
    const first = await counts();
    expect(first).toMatchObject({ bots: 1, personas: 1, sources: demo.knowledge.length });
    expect(first.chunks).toBeGreaterThanOrEqual(demo.knowledge.length);

    const { bot, persona } = await loadChatBot(db, demoBotId);
    expect(bot).toMatchObject({ name: "Demo Bot", aiProvider: "local", status: "active" });
    expect(persona.welcomeMessage).toContain("Jai Assistant");
    expect(persona.faqs.some((faq) => faq.question === "มีทดลองใช้ฟรีไหม")).toBe(true);

    expect(await seedDemoBot(db, { brandName: "Jai" })).toBe("unchanged");
    expect(await counts()).toEqual(first);
  });

  it("updates the rows in place when the seed content changes, keeping operator choices", async () => {
    const db = testDatabase.db;
    await seedDemoBot(db, { brandName: "Jai" });
    const before = await loadChatBot(db, demoBotId);
    const sizeBefore = await counts();
    // An operator points the Demo Bot at a real model: a new seed must not undo that.
    await db
      .update(bots)
      .set({ aiProvider: "openai", aiModel: "gpt-4o-mini" })
      .where(eq(bots.id, demoBotId));

    expect(await seedDemoBot(db, { brandName: "Jaiplus" })).toBe("updated");
    const after = await loadChatBot(db, demoBotId);
    expect(await counts()).toEqual(sizeBefore);
    expect(after.bot.personaId).toBe(before.bot.personaId);
    expect(after.persona.name).toBe("Jaiplus Assistant");
    expect(after.bot.description).toContain("Jaiplus");
    expect(after.bot.knowledgeVersion).toBe(before.bot.knowledgeVersion + 1);
    expect(after.bot).toMatchObject({ aiProvider: "openai", aiModel: "gpt-4o-mini" });
    const texts = await db.select({ text: knowledgeChunks.text }).from(knowledgeChunks);
    expect(texts.some((row) => row.text.includes("Jaiplus"))).toBe(true);
  });

  it("is safe when two instances seed at once", async () => {
    const db = testDatabase.db;
    const results = await Promise.all([
      seedDemoBot(db, { brandName: "Jai" }),
      seedDemoBot(db, { brandName: "Jai" }),
    ]);
    expect(results.sort()).toEqual(["created", "unchanged"]);
    expect((await counts()).bots).toBe(1);
  });

  it("gives cached indexes a new key when the knowledge or the persona changes", async () => {
    const db = testDatabase.db;
    await seedDemoBot(db, { brandName: "Jai" });
    const cache = createBotIndexCache(db, { maxEntries: 2 });
    const first = await loadChatBot(db, demoBotId);
    const index = await cache.get(first);
    expect(index.search("free trial")[0]?.text).toContain("7 days");
    expect(await cache.get(await loadChatBot(db, demoBotId))).toBe(index);

    await seedDemoBot(db, { brandName: "Jaiplus" });
    const rebuilt = await cache.get(await loadChatBot(db, demoBotId));
    expect(rebuilt).not.toBe(index);
    expect(cache.size).toBe(1);
    expect(JSON.stringify(rebuilt.search("Jaiplus plan price"))).toContain("Jaiplus");
  });
});
