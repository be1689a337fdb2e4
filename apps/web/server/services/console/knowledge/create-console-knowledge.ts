import { createHash } from "node:crypto";
import {
  AddKnowledgeSchema,
  consoleLimits,
  type KnowledgeErrorCode,
  KnowledgeQuestionSchema,
  type KnowledgeSearchResultDto,
  type KnowledgeSourceDto,
  knowledgeErrorCodes,
} from "@jai/contracts/console";
import { z } from "@jai/contracts/zod";
import {
  and,
  bots,
  count,
  type Db,
  desc,
  eq,
  type KnowledgeSourceRow,
  knowledgeSourceContents,
  knowledgeSources,
  personas,
  sql,
} from "@jai/db";
import { type Engine, resolveReplyLanguage } from "@jai/engine";
import { AppError } from "../../../http/errors";
import type { Logger } from "../../../logger";
import { assertKnowledgeRoom } from "../../../modules/billing/allowances";
import type { VectorRanker } from "../../../modules/knowledge/vector-ranking";
import type { BotIndexCache } from "../../bots/bot-index-cache";
import { botIdPattern } from "../../bots/get-public-bot";
import { toEnginePersona } from "../../bots/persona-row";
import type { ConsoleServices } from "../console-services";
import { parseInput } from "../parse-input";
import { detectKnowledgeFile } from "./detect-knowledge-file";
import type { StoredFaq } from "./extract-knowledge";

export type ConsoleKnowledgeDeps = {
  db: Db;
  logger: Logger;
  engine: Engine;
  /** The same cache chats use, so "test a question" sees what a visitor's turn would. */
  indexes: BotIndexCache;
  /** The same vector ranking chats use (hybrid retrieval); none: BM25 alone. */
  vectors?: VectorRanker;
  /** Wakes the ingestion worker once a source is queued. */
  onSourceQueued?: () => void;
};

/** Longest file name kept (the title shown is cut to `consoleLimits.knowledgeTitle`). */
const fileNameMaxLength = 255;

/**
 * A bot's knowledge base in the owner console: sources (pasted text, FAQs, files) are stored
 * with what was submitted and status "pending"; the ingestion worker extracts and chunks them
 * (ingestion-worker.ts). Every method first checks the bot is the owner's (NOT_FOUND otherwise).
 */
export function createConsoleKnowledge({
  db,
  logger,
  engine,
  indexes,
  vectors,
  onSourceQueued,
}: ConsoleKnowledgeDeps): ConsoleServices["knowledge"] {
  async function requireBotId(ownerId: string, botId: string): Promise<void> {
    if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
    const [bot] = await db
      .select({ id: bots.id })
      .from(bots)
      .where(and(eq(bots.id, botId), eq(bots.ownerId, ownerId)));
    if (!bot) throw new AppError("NOT_FOUND");
  }

  /** Stores a source and what was submitted, within the per-bot count; wakes the worker. */
  async function queueSource(
    ownerId: string,
    botId: string,
    source: Pick<KnowledgeSourceRow, "kind" | "title" | "fileName" | "mimeType">,
    data: Uint8Array,
  ): Promise<KnowledgeSourceDto> {
    const row = await db.transaction(async (tx) => {
      // Locking the bot row serialises adds to one bot: two at once cannot both pass the count.
      const [bot] = await tx
        .select({ id: bots.id })
        .from(bots)
        .where(and(eq(bots.id, botId), eq(bots.ownerId, ownerId)))
        .for("update");
      if (!bot) throw new AppError("NOT_FOUND");
      const [existing] = await tx
        .select({ value: count() })
        .from(knowledgeSources)
        .where(eq(knowledgeSources.botId, botId));
      if ((existing?.value ?? 0) >= consoleLimits.knowledgeSourcesPerBot) {
        throw new AppError("PLAN_LIMIT_REACHED", {
          message: `a bot has at most ${consoleLimits.knowledgeSourcesPerBot} knowledge sources`,
          fields: { sources: "tooMany" },
        });
      }
      // The workspace's knowledge base within the plan (allowances.ts: the plan row locked,
      // after the bot row; nothing locks them the other way round).
      await assertKnowledgeRoom(tx, ownerId, data.byteLength);
      const [inserted] = await tx
        .insert(knowledgeSources)
        .values({
          botId,
          ...source,
          status: "pending",
          byteSize: data.byteLength,
          contentHash: createHash("sha256").update(data).digest("hex"),
        })
        .returning();
      await tx.insert(knowledgeSourceContents).values({ sourceId: inserted!.id, data });
      return inserted!;
    });
    logger.info("knowledge source queued", {
      id: row.id,
      botId,
      kind: row.kind,
      bytes: row.byteSize,
    });
    onSourceQueued?.();
    return toSourceDto(row);
  }

  return {
    async list(ownerId, botId) {
      await requireBotId(ownerId, botId);
      const rows = await db
        .select()
        .from(knowledgeSources)
        .where(eq(knowledgeSources.botId, botId))
        .orderBy(desc(knowledgeSources.createdAt), desc(knowledgeSources.id));
      return rows.map(toSourceDto);
    },

    async add(ownerId, botId, input) {
      await requireBotId(ownerId, botId);
      const value = parseInput(AddKnowledgeSchema, input);
      const content =
        value.kind === "text"
          ? value.text
          : JSON.stringify(
              value.faqs.map((faq): StoredFaq => ({ question: faq.question, answer: faq.answer })),
            );
      return queueSource(
        ownerId,
        botId,
        { kind: value.kind, title: value.title, fileName: null, mimeType: null },
        new TextEncoder().encode(content),
      );
    },

    async addFile(ownerId, botId, file) {
      await requireBotId(ownerId, botId);
      const name = cleanFileName(file.name);
      if (!name) throw new AppError("VALIDATION_FAILED", { fields: { file: "missing" } });
      if (file.bytes.byteLength === 0) {
        throw new AppError("VALIDATION_FAILED", { fields: { file: "empty" } });
      }
      if (file.bytes.byteLength > consoleLimits.knowledgeFileBytes) {
        throw new AppError("PAYLOAD_TOO_LARGE", { fields: { file: "tooLarge" } });
      }
      const check = detectKnowledgeFile(name, file.bytes);
      if (!check.ok) {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", { fields: { file: check.reason } });
      }
      return queueSource(
        ownerId,
        botId,
        {
          kind: "file",
          title: name.slice(0, consoleLimits.knowledgeTitle),
          fileName: name,
          mimeType: check.mimeType,
        },
        file.bytes,
      );
    },

    async delete(ownerId, botId, sourceId) {
      await requireBotId(ownerId, botId);
      if (!z.uuid().safeParse(sourceId).success) throw new AppError("NOT_FOUND");
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(knowledgeSources)
          .where(and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.botId, botId)))
          .returning({ id: knowledgeSources.id });
        if (deleted.length === 0) throw new AppError("NOT_FOUND");
        // Its chunks went with it (on delete cascade): cached indexes must be rebuilt.
        await tx
          .update(bots)
          .set({ knowledgeVersion: sql`${bots.knowledgeVersion} + 1` })
          .where(eq(bots.id, botId));
      });
      logger.info("knowledge source deleted", { id: sourceId, botId });
    },

    async search(ownerId, botId, question) {
      if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
      const [row] = await db
        .select({ bot: bots, persona: personas })
        .from(bots)
        .innerJoin(personas, eq(personas.id, bots.personaId))
        .where(and(eq(bots.id, botId), eq(bots.ownerId, ownerId)));
      if (!row) throw new AppError("NOT_FOUND");
      const parsed = parseInput(KnowledgeQuestionSchema, { question });
      // A paused bot is tested too: same index, same cache entries as its chats.
      const chatBot = {
        bot: row.bot,
        persona: toEnginePersona(row.persona),
        personaUpdatedAt: row.persona.updatedAt,
      };
      const vectorRanking = vectors?.rank(chatBot, parsed.question);
      const index = await indexes.get(chatBot);
      // Exactly what a chat turn would use: the same threshold, provider and reply language.
      const persona = toEnginePersona(row.persona);
      const retrieval = engine.retrieve(index, parsed.question, {
        provider: row.bot.aiProvider,
        language: resolveReplyLanguage(persona.language, parsed.question).language,
        vectorRanking: await vectorRanking,
      });
      const { hits } = retrieval;
      const used = new Set(retrieval.used.map((hit) => hit.id));
      const result: KnowledgeSearchResultDto = {
        answered: used.size > 0,
        hits: hits.map((hit) => ({
          kind: hit.kind === "faq" ? "faq" : "chunk",
          source: hit.source,
          text: hit.kind === "faq" && hit.title ? `${hit.title}\n${hit.text}` : hit.text,
          score: round(hit.score),
          coverage: round(hit.coverage),
          used: used.has(hit.id),
        })),
      };
      return result;
    },
  };
}

export function toSourceDto(row: KnowledgeSourceRow): KnowledgeSourceDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    status: row.status,
    fileName: row.fileName,
    byteSize: row.byteSize,
    chunkCount: row.chunkCount,
    error: row.status === "failed" ? toErrorCode(row.error) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toErrorCode(error: string | null): KnowledgeErrorCode {
  return (knowledgeErrorCodes as readonly string[]).includes(error ?? "")
    ? (error as KnowledgeErrorCode)
    : "internal";
}

/** A file name as shown: no path, no control characters, trimmed, bounded. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (cleaned.length <= fileNameMaxLength) return cleaned;
  // Keep the extension: it says how the file is read.
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, fileNameMaxLength - extension.length) + extension;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
