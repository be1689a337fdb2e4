import { createHash } from "node:crypto";
import {
  and,
  bots,
  type Db,
  eq,
  inArray,
  knowledgeChunks,
  knowledgeSources,
  notInArray,
  personas,
  sql,
  type Transaction,
} from "@jai/db";
import { createDemoBot } from "@jai/engine";
import { buildKnowledgeChunks, hashContent } from "./build-knowledge-chunks";
import { toPersonaFields } from "./persona-row";

/** The Demo Bot's id: its page is /bot/demo. */
export const demoBotId = "demo";

// Bump when the way the seed is stored changes (not its content: that is hashed).
const seedFormat = 1;
// Any 64-bit constant unique to this job: instances booting together seed one after another.
const seedLockKey = 7_340_215_998_120_447n;

export type SeedDemoBotResult = "created" | "updated" | "unchanged";

/**
 * Creates the Demo Bot on a fresh install and keeps it in step with the seed content shipped in
 * @jai/engine: when that content changes (its hash differs from `bots.seed_hash`), the persona
 * and bot texts are updated in place and only the knowledge sections that changed are
 * re-chunked, with `knowledge_version` bumped so cached indexes are rebuilt. Rows are never
 * duplicated. The bot's provider, model and status are only set when it is created, so an
 * operator may point the Demo Bot at a real model.
 */
export async function seedDemoBot(
  db: Db,
  { brandName }: { brandName: string },
): Promise<SeedDemoBotResult> {
  const demo = createDemoBot(brandName);
  const seedHash = createHash("sha256")
    .update(
      JSON.stringify({
        seedFormat,
        bot: demo.bot,
        persona: demo.persona,
        knowledge: demo.knowledge,
      }),
    )
    .digest("hex");

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey.toString()}::bigint)`);
    const [existing] = await tx.select().from(bots).where(eq(bots.id, demoBotId));
    if (existing?.seedHash === seedHash) return "unchanged";

    const texts = {
      name: demo.bot.name,
      description: demo.bot.description,
      purpose: demo.bot.purpose,
    };
    if (existing) {
      await tx
        .update(personas)
        .set(toPersonaFields(demo.persona))
        .where(eq(personas.id, existing.personaId));
      const changed = await syncKnowledge(tx, demo.knowledge);
      await tx
        .update(bots)
        .set({
          ...texts,
          seedHash,
          knowledgeVersion: changed ? sql`${bots.knowledgeVersion} + 1` : existing.knowledgeVersion,
        })
        .where(eq(bots.id, demoBotId));
      return "updated";
    }

    const [persona] = await tx
      .insert(personas)
      .values(toPersonaFields(demo.persona))
      .returning({ id: personas.id });
    await tx.insert(bots).values({
      id: demoBotId,
      personaId: persona!.id,
      ...texts,
      aiProvider: demo.bot.provider,
      status: "active",
      seedHash,
    });
    await syncKnowledge(tx, demo.knowledge);
    return "created";
  });
}

type SeedSection = { id: string; source: string; title?: string; text: string };

/**
 * Makes the Demo Bot's knowledge sources match the seed sections (by their id, kept as the
 * source's external key): new sections are added, changed ones re-chunked, gone ones removed.
 * Returns whether anything changed.
 */
async function syncKnowledge(tx: Transaction, sections: readonly SeedSection[]): Promise<boolean> {
  const keys = sections.map((section) => section.id);
  const removed = await tx
    .delete(knowledgeSources)
    .where(
      and(eq(knowledgeSources.botId, demoBotId), notInArray(knowledgeSources.externalKey, keys)),
    )
    .returning({ id: knowledgeSources.id });

  const stored = await tx
    .select({
      id: knowledgeSources.id,
      externalKey: knowledgeSources.externalKey,
      contentHash: knowledgeSources.contentHash,
    })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.botId, demoBotId));
  const byKey = new Map(stored.map((source) => [source.externalKey, source]));

  // Changed sections are replaced whole (their chunks go with them: on delete cascade), all in
  // a few statements: the seed has dozens of sections and runs at every fresh boot.
  const drafts = sections
    .map((section) => {
      const title = section.title ?? section.source;
      return { section, title, contentHash: hashContent(`${title}\n${section.text}`) };
    })
    .filter(({ section, contentHash }) => byKey.get(section.id)?.contentHash !== contentHash);
  if (drafts.length === 0) return removed.length > 0;

  const replaced = drafts.flatMap(({ section }) => byKey.get(section.id)?.id ?? []);
  if (replaced.length > 0)
    await tx.delete(knowledgeSources).where(inArray(knowledgeSources.id, replaced));
  const inserted = await tx
    .insert(knowledgeSources)
    .values(
      drafts.map(({ section, title, contentHash }) => ({
        botId: demoBotId,
        kind: "text" as const,
        title,
        status: "ready" as const,
        externalKey: section.id,
        byteSize: Buffer.byteLength(section.text),
        contentHash,
      })),
    )
    .returning({ id: knowledgeSources.id, externalKey: knowledgeSources.externalKey });
  const sourceIdByKey = new Map(inserted.map((source) => [source.externalKey, source.id]));
  const chunks = drafts.flatMap(({ section }) =>
    buildKnowledgeChunks(section.text).map((chunk) => ({
      ...chunk,
      botId: demoBotId,
      sourceId: sourceIdByKey.get(section.id)!,
    })),
  );
  if (chunks.length > 0) await tx.insert(knowledgeChunks).values(chunks);
  return true;
}
