import {
  and,
  bots,
  type Db,
  eq,
  inArray,
  isNull,
  knowledgeChunks,
  knowledgeSourceContents,
  knowledgeSources,
  lte,
  or,
  sql,
} from "@jai/db";
import { createPollingWorker } from "../../../jobs/polling-worker";
import { describeError, type Logger } from "../../../logger";
import { computeRetryDelayMs } from "../../mail/compute-retry-delay";
import {
  createExtractionPool,
  ExtractionCrashError,
  type ExtractionPool,
  ExtractionPoolClosedError,
  type ExtractionPoolOptions,
} from "./extraction-pool";
import { IngestionError } from "./ingestion-error";

export type IngestionWorkerOptions = {
  db: Db;
  logger: Logger;
  /** How often to look for pending sources when nothing wakes the worker. */
  pollIntervalMs?: number;
  /** Most sources claimed at once (processed one after another: extraction is CPU work). */
  batchSize?: number;
  /**
   * How long a claim lasts: a worker that dies mid-source loses it after this. Longer than the
   * extraction's wall-clock limit, so a slow file is never taken over while it is still read.
   */
  leaseMs?: number;
  /** Attempts before an unexpected error fails the source ("internal"). */
  maxAttempts?: number;
  retryDelayMs?: (attempts: number) => number;
  /** The worker threads that read files (size, heap, time limit); closed by `stop`. */
  extraction?: ExtractionPoolOptions;
  /** A pool of one's own instead (tests, the bench); `stop` does not close it. */
  extractionPool?: ExtractionPool;
};

export type IngestionWorker = {
  /** Starts polling (and ingests what is pending right away). */
  start(): void;
  /** Looks for pending sources now: call after queueing one. Cheap; coalesces bursts. */
  wake(): void;
  /** Claims and ingests one batch; resolves with how many sources it claimed. */
  runOnce(): Promise<number>;
  /**
   * Stops polling, waits (at most `timeoutMs`) for the source in progress, then ends the
   * extraction workers (a source still being read keeps its claim until the lease runs out).
   */
  stop(timeoutMs?: number): Promise<void>;
};

type Claim = { id: string; botId: string; attempts: number };

/**
 * Ingests pending knowledge sources in the background: extracts their text, cuts it into chunks,
 * stores the chunks and marks the source ready in one transaction, and bumps the bot's
 * `knowledge_version` so the next chat turn (on any instance) rebuilds its index. Any number of
 * workers can share a database: a claim is `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP
 * LOCKED)` with a lease on the database clock. A source that can never work (IngestionError)
 * fails at once with its code; other errors are retried with backoff, then fail as "internal".
 * File content is never logged.
 *
 * Files are read in worker threads (extraction-pool.ts) under limits of size, pages, heap and
 * time: a hostile file fails its own source ("too_large_unpacked", "too_many_pages", "timeout"),
 * and a worker that dies on one fails it at once ("internal"), never retried. The server process
 * itself does not run the parsers, so a claim whose lease ran out means the process stopped for
 * another reason (a deploy, a machine lost), not that the file killed it: retrying it, up to
 * `maxAttempts`, is then safe and right.
 */
export function createIngestionWorker({
  db,
  logger,
  pollIntervalMs = 5_000,
  batchSize = 2,
  leaseMs = 5 * 60_000,
  maxAttempts = 4,
  retryDelayMs = (attempts) => computeRetryDelayMs(attempts, { baseMs: 5_000, maxMs: 600_000 }),
  extraction,
  extractionPool,
}: IngestionWorkerOptions): IngestionWorker {
  const pool = extractionPool ?? createExtractionPool(extraction);
  async function claim(): Promise<Claim[]> {
    // Pending and not leased: never tried, waiting out its backoff, or its worker went away.
    const due = db
      .select({ id: knowledgeSources.id })
      .from(knowledgeSources)
      .where(
        and(
          eq(knowledgeSources.status, "pending"),
          or(isNull(knowledgeSources.leaseUntil), lte(knowledgeSources.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(knowledgeSources.createdAt)
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(knowledgeSources)
      .set({
        attempts: sql`${knowledgeSources.attempts} + 1`,
        leaseUntil: sql`now() + ${Math.ceil(leaseMs)}::integer * interval '1 millisecond'`,
      })
      .where(inArray(knowledgeSources.id, due))
      .returning({
        id: knowledgeSources.id,
        botId: knowledgeSources.botId,
        attempts: knowledgeSources.attempts,
      });
  }

  /** Still ours: pending, and not claimed again since (a lease that ran out). */
  const isOurClaim = (claim: Claim) =>
    and(
      eq(knowledgeSources.id, claim.id),
      eq(knowledgeSources.status, "pending"),
      eq(knowledgeSources.attempts, claim.attempts),
    );

  async function ingest(claim: Claim): Promise<void> {
    if (claim.attempts > maxAttempts) {
      // Its last attempt was claimed but never finished (the process died, again and again).
      await markFailed(claim, "internal");
      return;
    }
    const startedAt = performance.now();
    try {
      const [row] = await db
        .select({
          kind: knowledgeSources.kind,
          fileName: knowledgeSources.fileName,
          data: knowledgeSourceContents.data,
        })
        .from(knowledgeSources)
        .innerJoin(
          knowledgeSourceContents,
          eq(knowledgeSourceContents.sourceId, knowledgeSources.id),
        )
        .where(eq(knowledgeSources.id, claim.id));
      if (!row) throw new Error("the source's content is missing");
      const chunks = await pool.extract(row);
      const stored = await db.transaction(async (tx) => {
        const updated = await tx
          .update(knowledgeSources)
          .set({
            status: "ready",
            chunkCount: chunks.length,
            error: null,
            leaseUntil: null,
            updatedAt: sql`now()`,
          })
          .where(isOurClaim(claim))
          .returning({ id: knowledgeSources.id });
        // Deleted meanwhile, or taken over after our lease ran out: leave it be.
        if (updated.length === 0) return false;
        await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.sourceId, claim.id));
        // In slices: a 5,000-row CSV is 5,000 chunks, and a statement has a parameter limit.
        for (let start = 0; start < chunks.length; start += 1000) {
          await tx.insert(knowledgeChunks).values(
            chunks.slice(start, start + 1000).map((chunk) => ({
              ...chunk,
              botId: claim.botId,
              sourceId: claim.id,
            })),
          );
        }
        await tx
          .update(bots)
          .set({ knowledgeVersion: sql`${bots.knowledgeVersion} + 1` })
          .where(eq(bots.id, claim.botId));
        return true;
      });
      if (stored) {
        logger.info("knowledge source ready", {
          id: claim.id,
          botId: claim.botId,
          chunks: chunks.length,
          ms: Math.round(performance.now() - startedAt),
        });
      }
    } catch (error) {
      if (error instanceof IngestionError) {
        await markFailed(claim, error.code);
        return;
      }
      if (error instanceof ExtractionCrashError) {
        // A poison file: the worker died on it (not its heap, a crash). Never tried again.
        logger.error("knowledge source crashed its extraction worker", {
          id: claim.id,
          ...describeWithoutText(error.cause),
        });
        await markFailed(claim, "internal");
        return;
      }
      // Stopping: the claim stays until its lease runs out, then another run takes it over.
      if (error instanceof ExtractionPoolClosedError) return;
      if (claim.attempts >= maxAttempts) {
        logger.error("knowledge source failed", { id: claim.id, ...describeWithoutText(error) });
        await markFailed(claim, "internal");
        return;
      }
      const delayMs = Math.round(retryDelayMs(claim.attempts));
      await db
        .update(knowledgeSources)
        .set({
          leaseUntil: sql`now() + ${delayMs}::integer * interval '1 millisecond'`,
          updatedAt: sql`now()`,
        })
        .where(isOurClaim(claim));
      logger.warn("knowledge source not ingested, will retry", {
        id: claim.id,
        attempts: claim.attempts,
        retryInSeconds: Math.round(delayMs / 1000),
        ...describeWithoutText(error),
      });
    }
  }

  async function markFailed(claim: Claim, code: string): Promise<void> {
    await db
      .update(knowledgeSources)
      .set({ status: "failed", error: code, leaseUntil: null, updatedAt: sql`now()` })
      .where(isOurClaim(claim));
    logger.warn("knowledge source failed", { id: claim.id, attempts: claim.attempts, code });
  }

  async function runOnce(): Promise<number> {
    const claims = await claim();
    for (const item of claims) {
      try {
        await ingest(item);
      } catch (error) {
        // The outcome could not be recorded: the lease runs out and another attempt follows.
        logger.error("knowledge ingestion: could not record a result", describeError(error));
      }
    }
    return claims.length;
  }

  const loop = createPollingWorker({
    name: "knowledge ingestion",
    logger,
    runOnce,
    batchSize,
    pollIntervalMs,
    inFlightWork: "the source in progress",
  });
  return {
    start: loop.start,
    wake: loop.wake,
    runOnce,
    async stop(timeoutMs) {
      await loop.stop(timeoutMs);
      if (!extractionPool) await pool.close();
    },
  };
}

/**
 * An unexpected error without its message: a parser's message may quote the document (JSON.parse
 * does), and file content never reaches the logs. The stack's frames say where it happened.
 */
function describeWithoutText(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "));
  // A database error's SQLSTATE (on the error or its cause) says what went wrong, quoting nothing.
  const code = [error, error.cause].map(sqlState).find(Boolean);
  return { error: error.name, ...(code ? { code } : {}), stack: frames.slice(0, 8).join("\n") };
}

function sqlState(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
