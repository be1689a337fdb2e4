import { and, asc, type Db, eq, inArray, lte, type SheetSyncRow, sheetSyncs, sql } from "@jai/db";
import { AppError } from "../../http/errors";
import { createPollingWorker } from "../../jobs/polling-worker";
import { describeError, type Logger } from "../../logger";
import { isUuid } from "../conversations/is-uuid";
import { runSheetSync, type SheetSyncOutcome } from "./run-sheet-sync";
import { createSheetsClient, type SheetsClient } from "./sheets-client";

/**
 * The Google Sheets settings (GOOGLE_SHEETS_*, GOOGLE_OAUTH_TOKEN_URL); none: no sync. The
 * private key is a secret: it stays on the server, never logged, never in an answer.
 */
export type SheetsConfig = {
  serviceAccountEmail: string;
  /** The service account's PEM private key. */
  privateKey: string;
  /** `https://sheets.googleapis.com` (tests: a local fake). */
  apiBaseUrl: string;
  /** `https://oauth2.googleapis.com/token`. */
  tokenUrl: string;
  /** Tests: the HTTP client, the backoff, how often the worker looks for due links. */
  fetch?: typeof fetch;
  retry?: { baseMs?: number; maxMs?: number };
  pollIntervalMs?: number;
};

/** A run holds its link this long (an instance that dies mid-run frees it by then). */
export const sheetSyncLeaseMs = 10 * 60 * 1000;
/** Links run per round, one after the other (Google's quota is per service account). */
const batchSize = 5;

export function sheetsClientFor(config: SheetsConfig): SheetsClient {
  return createSheetsClient({
    serviceAccountEmail: config.serviceAccountEmail,
    privateKey: config.privateKey,
    apiBaseUrl: config.apiBaseUrl,
    tokenUrl: config.tokenUrl,
    fetch: config.fetch,
  });
}

/**
 * Due links (enabled, `next_run_at` passed), claimed `FOR UPDATE SKIP LOCKED` so instances share
 * them: a claim moves `next_run_at` a lease ahead and sets `last_run_at` to the claim, so no one
 * else takes the link while it runs; the run's outcome then sets both.
 */
export async function claimDueSheetSyncs(db: Db, now: Date, limit = batchSize) {
  const due = db
    .select({ id: sheetSyncs.id })
    .from(sheetSyncs)
    .where(and(eq(sheetSyncs.enabled, true), lte(sheetSyncs.nextRunAt, now)))
    .orderBy(asc(sheetSyncs.nextRunAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(sheetSyncs)
    .set({ nextRunAt: new Date(now.getTime() + sheetSyncLeaseMs), lastRunAt: now })
    .where(inArray(sheetSyncs.id, due))
    .returning();
}

/**
 * Claims one of the workspace's links to run now (the console's "sync now"), enabled or not:
 * NOT_FOUND when it is not the workspace's, CONFLICT (`sync: running`) while a run holds it.
 */
export async function claimSheetSync(
  db: Db,
  workspaceId: string,
  id: string,
  now = new Date(),
): Promise<SheetSyncRow> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND");
  const leaseSeconds = sheetSyncLeaseMs / 1000;
  const [claimed] = await db
    .update(sheetSyncs)
    .set({ nextRunAt: new Date(now.getTime() + sheetSyncLeaseMs), lastRunAt: now })
    .where(
      and(
        eq(sheetSyncs.id, id),
        eq(sheetSyncs.workspaceId, workspaceId),
        // Held by a run: its claim set next_run_at exactly a lease after last_run_at.
        sql`not (${sheetSyncs.nextRunAt} > ${now.toISOString()}::timestamptz
          and ${sheetSyncs.lastRunAt} is not null
          and ${sheetSyncs.nextRunAt} = ${sheetSyncs.lastRunAt} + make_interval(secs => ${leaseSeconds}))`,
      ),
    )
    .returning();
  if (claimed) return claimed;
  const [exists] = await db
    .select({ id: sheetSyncs.id })
    .from(sheetSyncs)
    .where(and(eq(sheetSyncs.id, id), eq(sheetSyncs.workspaceId, workspaceId)));
  if (!exists) throw new AppError("NOT_FOUND");
  throw new AppError("CONFLICT", {
    message: "this sheet is being synced",
    fields: { sync: "running" },
  });
}

/** What a round of the worker needs (tests run rounds themselves). */
export type SheetsRoundDeps = {
  db: Db;
  logger: Logger;
  config: SheetsConfig;
  client: SheetsClient;
  now?: () => Date;
};

/** Runs the links that are due, one after the other; resolves with how many it claimed. */
export async function runDueSheetSyncs(deps: SheetsRoundDeps): Promise<number> {
  const { db, logger, config, client } = deps;
  const now = deps.now ?? (() => new Date());
  const claimed = await claimDueSheetSyncs(db, now());
  for (const sync of claimed) {
    let outcome: SheetSyncOutcome;
    try {
      outcome = await runSheetSync(
        { db, client, serviceAccountEmail: config.serviceAccountEmail, retry: config.retry, now },
        sync,
      );
    } catch (error) {
      // The link keeps its lease and runs again when it ends.
      logger.error("google sheets: sync failed", { syncId: sync.id, ...describeError(error) });
      continue;
    }
    if (!outcome.ok) {
      logger.warn("google sheets: sync did not go through", {
        syncId: sync.id,
        kind: sync.kind,
        code: outcome.code,
      });
    }
  }
  return claimed.length;
}

/**
 * Syncs FAQs from linked sheets hourly and appends new conversations / leads (run-sheet-sync.ts):
 * a round every minute for the links that are due; failures are recorded on their link (the
 * console shows them) and logged by code, never with a key or a token.
 */
export function createSheetsWorker(options: {
  db: Db;
  logger: Logger;
  config: SheetsConfig;
  now?: () => Date;
}) {
  const deps = { ...options, client: sheetsClientFor(options.config) };
  return createPollingWorker({
    name: "google sheets",
    logger: options.logger,
    runOnce: () => runDueSheetSyncs(deps),
    batchSize,
    pollIntervalMs: options.config.pollIntervalMs ?? 60_000,
    inFlightWork: "the sheet syncs in flight",
  });
}
