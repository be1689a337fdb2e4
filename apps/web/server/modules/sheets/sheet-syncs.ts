import {
  SaveSheetSyncSchema,
  type SheetSyncDto,
  type SheetSyncErrorCode,
  type SheetsSettingsDto,
  sheetSyncErrorCodes,
} from "@jai/contracts/analytics";
import { and, asc, bots, type Db, eq, type SheetSyncRow, sheetSyncs } from "@jai/db";
import { AppError } from "../../http/errors";
import { parseInput } from "../../services/console/parse-input";
import { isUuid } from "../conversations/is-uuid";
import { requireBot } from "../improve/curated-answers";

/**
 * The spreadsheet id of a Google Sheets link (`…/spreadsheets/d/<id>/edit#gid=0`) or of an id
 * pasted alone; null when it is neither.
 */
export function parseSpreadsheetId(value: string): string | null {
  const text = value.trim();
  const fromUrl = /\/spreadsheets\/d\/([A-Za-z0-9_-]{10,200})/.exec(text)?.[1];
  if (fromUrl) return fromUrl;
  return /^[A-Za-z0-9_-]{10,200}$/.test(text) ? text : null;
}

/**
 * `last_error` holds `<code>: <words>` (the page words the code in its own language; the words
 * are English, for the log and the API); `invalid_rows[3,7]` names the sheet's bad rows.
 */
export function formatSyncError(code: SheetSyncErrorCode, words: string, rows?: number[]) {
  return `${code}${rows?.length ? `[${rows.join(",")}]` : ""}: ${words}`;
}

function parseSyncError(
  text: string | null,
): Pick<SheetSyncDto, "lastErrorCode" | "lastErrorRows"> {
  const match = text ? /^([a-z_]+)(?:\[([\d,]+)\])?: /.exec(text) : null;
  const code = match?.[1];
  if (!code || !(sheetSyncErrorCodes as readonly string[]).includes(code)) {
    return { lastErrorCode: text ? "unknown" : null, lastErrorRows: [] };
  }
  return {
    lastErrorCode: code as SheetSyncErrorCode,
    lastErrorRows: match[2] ? match[2].split(",").map(Number) : [],
  };
}

export function toSheetSyncDto(row: SheetSyncRow): SheetSyncDto {
  return {
    id: row.id,
    botId: row.botId,
    kind: row.kind,
    spreadsheetId: row.spreadsheetId,
    sheetName: row.sheetName,
    enabled: row.enabled,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastError: row.lastError?.replace(/^[a-z_]+(\[[\d,]+\])?: /, "") ?? null,
    ...parseSyncError(row.lastError),
    nextRunAt: row.nextRunAt.toISOString(),
  };
}

/** The page's Sheets section: the service account to share with, and the workspace's links. */
export async function getSheetsSettings(
  db: Db,
  workspaceId: string,
  serviceAccountEmail: string | null,
): Promise<SheetsSettingsDto> {
  const rows = await db
    .select({ sync: sheetSyncs })
    .from(sheetSyncs)
    .innerJoin(bots, eq(bots.id, sheetSyncs.botId))
    .where(and(eq(sheetSyncs.workspaceId, workspaceId), eq(bots.ownerId, workspaceId)))
    .orderBy(asc(sheetSyncs.createdAt), asc(sheetSyncs.id));
  return { serviceAccountEmail, syncs: rows.map((row) => toSheetSyncDto(row.sync)) };
}

/**
 * Links a sheet to a bot (one per bot and kind: saving again changes it). Due at once; an append
 * link starts from now (conversations and leads that come after it).
 */
export async function saveSheetSync(
  db: Db,
  workspaceId: string,
  input: unknown,
): Promise<SheetSyncDto> {
  const parsed = parseInput(SaveSheetSyncSchema, input);
  const spreadsheetId = parseSpreadsheetId(parsed.spreadsheet);
  if (!spreadsheetId) {
    throw new AppError("VALIDATION_FAILED", { fields: { spreadsheet: "invalid" } });
  }
  await requireBot(db, workspaceId, parsed.botId);
  const now = new Date();
  const [row] = await db
    .insert(sheetSyncs)
    .values({
      workspaceId,
      botId: parsed.botId,
      kind: parsed.kind,
      spreadsheetId,
      sheetName: parsed.sheetName,
      enabled: parsed.enabled,
      nextRunAt: now,
      appendedUntil: parsed.kind === "faqs" ? null : now,
    })
    .onConflictDoUpdate({
      target: [sheetSyncs.botId, sheetSyncs.kind],
      set: {
        spreadsheetId,
        sheetName: parsed.sheetName,
        enabled: parsed.enabled,
        nextRunAt: now,
        lastError: null,
        attempts: 0,
        updatedAt: now,
      },
    })
    .returning();
  return toSheetSyncDto(row!);
}

export async function deleteSheetSync(db: Db, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND");
  const deleted = await db
    .delete(sheetSyncs)
    .where(and(eq(sheetSyncs.id, id), eq(sheetSyncs.workspaceId, workspaceId)))
    .returning({ id: sheetSyncs.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND");
}
