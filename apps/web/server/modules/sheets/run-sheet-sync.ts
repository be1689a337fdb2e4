import { analyticsLimits, type SheetSyncErrorCode } from "@jai/contracts/analytics";
import { type Db, type SheetSyncRow, sql } from "@jai/db";
import { workspaceTimeZone } from "../analytics/analytics-queries";
import { existingQuestions, writeCurated } from "../imports/import-data";
import { checkImportRows, sameQuestionKey } from "../imports/import-rows";
import { formatSyncError } from "./sheet-syncs";
import { type SheetsClient, sheetRange } from "./sheets-client";
import { SheetsError } from "./sheets-error";

/** How often a link runs when all is well. */
export const sheetSyncIntervalMs = 60 * 60 * 1000;
/** Conversations and leads this recent are looked at again (a transaction may commit late). */
const lagMs = 10 * 60 * 1000;

export type SheetSyncDeps = {
  db: Db;
  client: SheetsClient;
  serviceAccountEmail: string;
  /** Backoff after a 429 or an outage: base × 2^(attempts − 1), at most max, with jitter. */
  retry?: { baseMs?: number; maxMs?: number };
  now?: () => Date;
  random?: () => number;
};

export type SheetSyncOutcome =
  | { ok: true; changed: number; more: boolean }
  | { ok: false; code: SheetSyncErrorCode; words: string; rows?: number[]; retryAfterMs?: number };

class SyncFailure extends Error {
  constructor(
    readonly code: SheetSyncErrorCode,
    readonly words: string,
    readonly rows?: number[],
  ) {
    super(words);
  }
}

/**
 * One run of a link, then its row updated with the outcome: the next run in an hour (at once
 * when appends are left), or, after a failure, its words in `last_error` and a retry: after a
 * 429 or an outage with exponential backoff and jitter (`attempts`), else at the next hour
 * (the owner fixes the sharing or the link meanwhile, and may sync at once).
 */
export async function runSheetSync(deps: SheetSyncDeps, sync: SheetSyncRow) {
  const outcome = await syncOnce(deps, sync);
  await recordOutcome(deps, sync, outcome);
  return outcome;
}

export async function syncOnce(deps: SheetSyncDeps, sync: SheetSyncRow): Promise<SheetSyncOutcome> {
  try {
    if (sync.kind === "faqs") return await syncFaqs(deps, sync);
    return await appendRows(deps, sync);
  } catch (error) {
    if (error instanceof SyncFailure) {
      return { ok: false, code: error.code, words: error.words, rows: error.rows };
    }
    if (error instanceof SheetsError) {
      return {
        ok: false,
        code: error.kind,
        words: sheetsErrorWords(error, sync, deps.serviceAccountEmail),
        retryAfterMs: error.retryAfterMs,
      };
    }
    throw error;
  }
}

function sheetsErrorWords(error: SheetsError, sync: SheetSyncRow, email: string): string {
  const access = sync.kind === "faqs" ? "Viewer" : "Editor";
  switch (error.kind) {
    case "forbidden":
      return `Jai may not open this spreadsheet: share it with ${email} as ${access}.`;
    case "not_found":
      return "The spreadsheet was not found: check its link.";
    case "tab_not_found":
      return `The spreadsheet has no tab named "${sync.sheetName}".`;
    case "auth":
      return "Google refused the server's service account: check GOOGLE_SHEETS_SERVICE_ACCOUNT_EMAIL and GOOGLE_SHEETS_PRIVATE_KEY.";
    case "rate_limited":
      return "Google Sheets asked Jai to slow down (quota): trying again shortly.";
    case "unavailable":
      return "Google Sheets could not be reached: trying again shortly.";
  }
}

/**
 * FAQs from a sheet (columns question, answer, language; a header row naming them, in English
 * or Thai, else columns A, B, C) become the bot's curated answers with origin `sheets`: the
 * sheet is where those answers are kept. A question already answered (by any origin) gets the
 * sheet's answer as a new version; answers from the sheet that left it are removed; answers the
 * owner wrote in Jai stay. All in one transaction, and only when every row is right: a row with
 * a problem leaves everything as it was and names the row.
 */
async function syncFaqs(deps: SheetSyncDeps, sync: SheetSyncRow): Promise<SheetSyncOutcome> {
  const values = await deps.client.getValues(
    sync.spreadsheetId,
    sheetRange(sync.sheetName, `A1:Z${analyticsLimits.sheetFaqRows + 2}`),
  );
  const table = values.map((cells, index) => ({ row: index + 1, cells }));
  const { rows, errors } = checkImportRows(table, {
    question: analyticsLimits.curatedQuestion,
    answer: analyticsLimits.curatedAnswer,
    rows: analyticsLimits.sheetFaqRows,
  });
  if (errors.length > 0) {
    const bad = [...new Set(errors.map((error) => error.row))];
    const shown = bad.slice(0, 20);
    throw new SyncFailure(
      "invalid_rows",
      `Rows ${shown.join(", ")}${bad.length > shown.length ? " …" : ""} of the sheet have problems (a question or answer missing or too long, an unknown language, a question twice, too many rows): nothing was changed.`,
      shown,
    );
  }
  let changed = 0;
  await deps.db.transaction(async (tx) => {
    const { existing } = await existingQuestions(tx, "curated", sync.botId, { lock: true });
    const inSheet = new Set(rows.map((row) => sameQuestionKey(row.question)));
    const { rows: fromSheet } = await tx.execute<{ id: string; question: string }>(
      sql`select id, question from curated_answers where bot_id = ${sync.botId} and origin = 'sheets'`,
    );
    const gone = fromSheet.filter((row) => !inSheet.has(sameQuestionKey(row.question)));
    const added = rows.filter((row) => !existing.has(sameQuestionKey(row.question))).length;
    if (existing.size - gone.length + added > analyticsLimits.curatedAnswers) {
      throw new SyncFailure(
        "too_many",
        `A bot has at most ${analyticsLimits.curatedAnswers} curated answers: the sheet would make more.`,
      );
    }
    for (const row of gone) {
      await tx.execute(sql`delete from curated_answers where id = ${row.id}`);
      existing.delete(sameQuestionKey(row.question));
    }
    await writeCurated(
      tx,
      { workspaceId: sync.workspaceId, userId: null },
      sync.botId,
      existing,
      rows,
      "sheets",
    );
    changed = rows.length + gone.length;
  });
  return { ok: true, changed, more: false };
}

type AppendItem = { id: string; createdAt: string; cells: string[] };

const headers = {
  conversations: {
    en: ["Date", "Channel", "Contact", "First question", "Status", "Conversation ID"],
    th: ["วันที่", "ช่องทาง", "ผู้ติดต่อ", "คำถามแรก", "สถานะ", "รหัสบทสนทนา"],
  },
  leads: {
    en: ["Date", "Channel", "Name", "Email", "Phone", "Contact ID"],
    th: ["วันที่", "ช่องทาง", "ชื่อ", "อีเมล", "โทรศัพท์", "รหัสผู้ติดต่อ"],
  },
} as const;
/** The column holding each row's id (the last of the six): how a retry finds what went in. */
const idColumn = "F";

/**
 * New conversations (started since the last run: date, channel, contact, first question,
 * status) or new leads (contacts who left an email or a phone number) added to the sheet as
 * rows, at most `sheetAppendRows` a run, each once: `sheet_appends` remembers what went in,
 * and after a failed run (the append may have reached Google before the failure) the sheet's
 * id column is read first, so a row that went in is never added twice.
 */
async function appendRows(deps: SheetSyncDeps, sync: SheetSyncRow): Promise<SheetSyncOutcome> {
  const { db, client } = deps;
  const kind = sync.kind === "leads" ? "leads" : "conversations";
  const now = (deps.now ?? (() => new Date()))();
  const since = new Date((sync.appendedUntil ?? sync.createdAt).getTime() - lagMs);
  const { rows: language } = await db.execute<{ language: string }>(
    sql`select p.language from bots b join personas p on p.id = b.persona_id where b.id = ${sync.botId}`,
  );
  const locale = language[0]?.language === "thai" ? "th" : "en";
  const timeZone = await workspaceTimeZone(db, sync.workspaceId);
  const items =
    kind === "leads"
      ? await pendingLeads(db, sync, since, timeZone)
      : await pendingConversations(db, sync, since, timeZone);

  // Checks the sheet can be opened (so a link that is not shared says so at once), and whether
  // it has anything yet: an empty sheet gets the header row first.
  const firstRow = await client.getValues(sync.spreadsheetId, sheetRange(sync.sheetName, "A1:F1"));
  let pending = items;
  if (sync.attempts > 0 && pending.length > 0) {
    const ids = await client.getValues(
      sync.spreadsheetId,
      sheetRange(sync.sheetName, `${idColumn}:${idColumn}`),
    );
    const inSheet = new Set(ids.map((row) => row[0] ?? ""));
    const already = pending.filter((item) => inSheet.has(item.id));
    await markAppended(db, sync.id, already);
    pending = pending.filter((item) => !inSheet.has(item.id));
  }
  if (pending.length > 0) {
    const rows = pending.map((item) => item.cells);
    if (firstRow.length === 0) rows.unshift([...headers[kind][locale]]);
    await client.appendValues(sync.spreadsheetId, sheetRange(sync.sheetName, "A1"), rows);
    await markAppended(db, sync.id, pending);
  }
  const more = items.length >= analyticsLimits.sheetAppendRows;
  // Everything before the run's start is in, or (a full batch) everything up to the last row.
  const until = more ? new Date(items.at(-1)!.createdAt) : now;
  await db.execute(
    sql`update sheet_syncs set appended_until = ${until.toISOString()}::timestamptz where id = ${sync.id}`,
  );
  return { ok: true, changed: pending.length, more };
}

async function markAppended(db: Db, syncId: string, items: readonly AppendItem[]) {
  if (items.length === 0) return;
  await db.execute(sql`
    insert into sheet_appends (sync_id, item_id)
    values ${sql.join(
      items.map((item) => sql`(${syncId}, ${item.id})`),
      sql`, `,
    )}
    on conflict do nothing`);
}

const localTime = (column: string, timeZone: string) =>
  sql`to_char(${sql.raw(column)} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`;

async function pendingConversations(
  db: Db,
  sync: SheetSyncRow,
  since: Date,
  timeZone: string,
): Promise<AppendItem[]> {
  const { rows } = await db.execute<Record<string, string | null>>(sql`
    select c.id, c.created_at::text as created_at, ${localTime("c.created_at", timeZone)} as day,
      c.channel, coalesce(ct.display_name, '') as contact, c.status,
      coalesce((select m.content from messages m
        where m.conversation_id = c.id and m.sender = 'user'
        order by m.created_at, m.id limit 1), '') as question
    from conversations c
    join contacts ct on ct.id = c.contact_id
    where c.bot_id = ${sync.botId} and c.created_at >= ${since.toISOString()}::timestamptz
      and not exists (select 1 from sheet_appends a
        where a.sync_id = ${sync.id} and a.item_id = c.id::text)
    order by c.created_at, c.id
    limit ${analyticsLimits.sheetAppendRows}`);
  return rows.map((row) => ({
    id: String(row.id),
    createdAt: String(row.created_at),
    cells: [
      String(row.day),
      String(row.channel),
      String(row.contact),
      String(row.question),
      String(row.status),
      String(row.id),
    ],
  }));
}

async function pendingLeads(
  db: Db,
  sync: SheetSyncRow,
  since: Date,
  timeZone: string,
): Promise<AppendItem[]> {
  const { rows } = await db.execute<Record<string, string | null>>(sql`
    select * from (
      select ct.id, ct.updated_at::text as created_at, ct.updated_at,
        ${localTime("ct.created_at", timeZone)} as day, ct.channel,
        coalesce(ct.display_name, '') as name,
        coalesce(ct.email, ct.attributes->>'email', '') as email,
        coalesce(ct.attributes->>'phone', ct.attributes->>'phone_number',
          ct.attributes->>'tel', ct.attributes->>'mobile', '') as phone
      from contacts ct
      where ct.bot_id = ${sync.botId} and ct.updated_at >= ${since.toISOString()}::timestamptz
        and not exists (select 1 from sheet_appends a
          where a.sync_id = ${sync.id} and a.item_id = ct.id::text)
    ) leads
    where leads.email <> '' or leads.phone <> ''
    order by leads.updated_at, leads.id
    limit ${analyticsLimits.sheetAppendRows}`);
  return rows.map((row) => ({
    id: String(row.id),
    createdAt: String(row.created_at),
    cells: [
      String(row.day),
      String(row.channel),
      String(row.name),
      String(row.email),
      String(row.phone),
      String(row.id),
    ],
  }));
}

/** Backoff before the next try: base × 2^(attempts − 1), at most max, half of it random. */
export function retryDelayMs(
  attempts: number,
  { baseMs = 30_000, maxMs = 60 * 60 * 1000 }: { baseMs?: number; maxMs?: number } = {},
  random = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

async function recordOutcome(deps: SheetSyncDeps, sync: SheetSyncRow, outcome: SheetSyncOutcome) {
  const now = (deps.now ?? (() => new Date()))();
  let next: Date;
  let attempts: number;
  let lastError: string | null;
  if (outcome.ok) {
    attempts = 0;
    lastError = null;
    next = new Date(now.getTime() + (outcome.more ? 0 : sheetSyncIntervalMs));
  } else {
    attempts = sync.attempts + 1;
    lastError = formatSyncError(outcome.code, outcome.words, outcome.rows);
    const isRetryable = outcome.code === "rate_limited" || outcome.code === "unavailable";
    const delay = isRetryable
      ? Math.max(retryDelayMs(attempts, deps.retry, deps.random), outcome.retryAfterMs ?? 0)
      : sheetSyncIntervalMs;
    next = new Date(now.getTime() + delay);
  }
  await deps.db.execute(sql`
    update sheet_syncs set last_run_at = ${now.toISOString()}::timestamptz,
      next_run_at = ${next.toISOString()}::timestamptz, attempts = ${attempts},
      last_error = ${lastError}, updated_at = ${now.toISOString()}::timestamptz
    where id = ${sync.id}`);
}
