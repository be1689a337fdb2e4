import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bots } from "./bots.ts";
import { bytea } from "./bytea.ts";
import { timestamps } from "./timestamps.ts";

export const knowledgeSourceKinds = ["text", "faq", "file"] as const;
export type KnowledgeSourceKind = (typeof knowledgeSourceKinds)[number];
export const knowledgeSourceStatuses = ["pending", "ready", "failed"] as const;
export type KnowledgeSourceStatus = (typeof knowledgeSourceStatuses)[number];

/**
 * A document a bot knows: pasted text, an imported FAQ sheet or an uploaded file. Its text is
 * cut into `knowledge_chunks` (at sentence / phrase boundaries, Thai-aware) once, when it is
 * added; retrieval indexes are built from the chunks. Always one bot's: knowledge is never
 * shared across bots.
 */
export const knowledgeSources = pgTable(
  "knowledge_sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: knowledgeSourceKinds }).notNull(),
    // Shown to the model next to each passage ("Plans: Pro", "price-list.pdf").
    title: text("title").notNull(),
    status: text("status", { enum: knowledgeSourceStatuses }).notNull().default("pending"),
    // A stable key for sources someone else owns the content of (the Demo Bot's sections).
    externalKey: text("external_key"),
    fileName: text("file_name"),
    mimeType: text("mime_type"),
    byteSize: integer("byte_size"),
    // sha256 of the source text: re-chunk only what changed.
    contentHash: text("content_hash"),
    // Why ingestion failed (status 'failed'), for the owner.
    error: text("error"),
    // Background ingestion (pending sources): claimed with FOR UPDATE SKIP LOCKED, leased until
    // `lease_until`, retried up to a limit.
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    // Passages cut from it once ready (shown in the console).
    chunkCount: integer("chunk_count").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index("knowledge_sources_bot_id_idx").on(table.botId),
    uniqueIndex("knowledge_sources_bot_id_external_key_idx").on(table.botId, table.externalKey),
    check("knowledge_sources_kind_check", sql`${table.kind} in ('text', 'faq', 'file')`),
    check("knowledge_sources_status_check", sql`${table.status} in ('pending', 'ready', 'failed')`),
  ],
);

/**
 * One passage of a knowledge source, in order. Search happens in memory (BM25 over the bot's
 * chunks and FAQs, see docs/decisions/0002), so no search terms are stored here.
 */
export const knowledgeChunks = pgTable(
  "knowledge_chunks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Denormalised from the source so a bot's chunks load with one indexed query.
    botId: text("bot_id")
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    text: text("text").notNull(),
    // Words as the engine segments them (Thai included): sizes for limits and analytics.
    wordCount: integer("word_count").notNull(),
    // The chunk's embedding from the bot's provider (hybrid retrieval), and the model that made
    // it ("openai:text-embedding-3-small"): a vector from another model is never compared.
    embedding: real("embedding").array(),
    embeddingModel: text("embedding_model"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("knowledge_chunks_source_id_ordinal_idx").on(table.sourceId, table.ordinal),
    index("knowledge_chunks_bot_id_idx").on(table.botId),
  ],
);

/**
 * What was submitted for a source, kept so ingestion can run (and re-run) in the background:
 * an uploaded file's bytes, or the pasted text / FAQ as UTF-8. In the database, not on a local
 * disk, so every instance on one PostgreSQL can process it.
 */
export const knowledgeSourceContents = pgTable("knowledge_source_contents", {
  sourceId: uuid("source_id")
    .primaryKey()
    .references(() => knowledgeSources.id, { onDelete: "cascade" }),
  data: bytea("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type KnowledgeSourceRow = typeof knowledgeSources.$inferSelect;
export type NewKnowledgeSourceRow = typeof knowledgeSources.$inferInsert;
export type KnowledgeChunkRow = typeof knowledgeChunks.$inferSelect;
export type NewKnowledgeChunkRow = typeof knowledgeChunks.$inferInsert;
