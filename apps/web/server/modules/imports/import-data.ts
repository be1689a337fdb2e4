import {
  analyticsLimits,
  type ImportPreviewDto,
  type ImportRowError,
  type ImportTarget,
  importTargets,
} from "@jai/contracts/analytics";
import { personaLimits } from "@jai/contracts/persona";
import {
  and,
  bots,
  curatedAnswers,
  curatedAnswerVersions,
  type Db,
  eq,
  type PersonaFaqRow,
  personas,
  sql,
  type Transaction,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { requireBot } from "../improve/curated-answers";
import { checkImportRows, type ImportRow, sameQuestionKey } from "./import-rows";
import { type ImportFile, readImportFile } from "./read-import-file";

/** Who imports: the workspace and the signed-in member (kept as the answers' author). */
export type ImportActor = { workspaceId: string; userId: string | null };

export type ImportRequest = { botId: string; target: string; file: ImportFile };

/** Texts in the preview are cut to this many characters (the page shows the start of each). */
const previewChars = 300;

/** The limits of each target: the persona's FAQ limits, or the curated answers'. */
const targetLimits = {
  faqs: {
    question: personaLimits.faqQuestion,
    answer: personaLimits.faqAnswer,
    total: personaLimits.faqs,
  },
  curated: {
    question: analyticsLimits.curatedQuestion,
    answer: analyticsLimits.curatedAnswer,
    total: analyticsLimits.curatedAnswers,
  },
} as const;

function parseTarget(value: string): ImportTarget {
  if (!(importTargets as readonly string[]).includes(value)) {
    throw new AppError("VALIDATION_FAILED", { fields: { target: "invalid" } });
  }
  return value as ImportTarget;
}

/** The questions the bot already has for the target (folded), each with what it is. */
type Existing = Map<string, { id: string | null }>;

export async function existingQuestions(
  db: Db | Transaction,
  target: ImportTarget,
  botId: string,
  { lock = false } = {},
): Promise<{ existing: Existing; personaId: string | null; faqs: PersonaFaqRow[] }> {
  if (target === "faqs") {
    const query = db
      .select({ id: personas.id, faqs: personas.faqs })
      .from(personas)
      .innerJoin(bots, eq(bots.personaId, personas.id))
      .where(eq(bots.id, botId));
    const [persona] = await (lock ? query.for("update", { of: personas }) : query);
    if (!persona) throw new AppError("NOT_FOUND");
    const existing: Existing = new Map();
    for (const faq of persona.faqs) existing.set(sameQuestionKey(faq.question), { id: null });
    return { existing, personaId: persona.id, faqs: persona.faqs };
  }
  if (lock) await db.execute(sql`select id from ${bots} where ${bots.id} = ${botId} for update`);
  const rows = await db
    .select({ id: curatedAnswers.id, question: curatedAnswers.question })
    .from(curatedAnswers)
    .where(eq(curatedAnswers.botId, botId));
  const existing: Existing = new Map();
  for (const row of rows) {
    const key = sameQuestionKey(row.question);
    if (!existing.has(key)) existing.set(key, { id: row.id });
  }
  return { existing, personaId: null, faqs: [] };
}

type Checked = {
  target: ImportTarget;
  rows: ImportRow[];
  errors: ImportRowError[];
  added: number;
  replaced: number;
};

/**
 * The file's rows checked against the target's limits and the bot's current questions: a row
 * whose question the bot already has replaces its answer; the others are added, as long as the
 * bot stays within its limit (200 FAQs, 1,000 curated answers): the first row past it is
 * `too_many`.
 */
function checkRows(
  target: ImportTarget,
  table: Awaited<ReturnType<typeof readImportFile>>,
  existing: Existing,
): Checked {
  const limits = targetLimits[target];
  const { rows, errors } = checkImportRows(table, {
    question: limits.question,
    answer: limits.answer,
    rows: analyticsLimits.importRows,
  });
  let added = 0;
  let replaced = 0;
  for (const row of rows) {
    if (existing.has(sameQuestionKey(row.question))) {
      replaced += 1;
      continue;
    }
    added += 1;
    if (existing.size + added > limits.total && !errors.some((e) => e.code === "too_many")) {
      errors.push({ row: row.row, column: null, code: "too_many" });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { target, rows, errors, added, replaced };
}

function toDto(checked: Checked, imported: boolean): ImportPreviewDto {
  const cut = (text: string) =>
    text.length > previewChars ? `${text.slice(0, previewChars - 1)}…` : text;
  return {
    target: checked.target,
    rows: checked.rows.map((row) => ({
      row: row.row,
      question: cut(row.question),
      answer: cut(row.answer),
      language: row.language,
    })),
    errors: checked.errors,
    added: checked.added,
    replaced: checked.replaced,
    imported,
  };
}

async function readRequest(db: Db, workspaceId: string, request: ImportRequest) {
  const target = parseTarget(request.target);
  await requireBot(db, workspaceId, request.botId);
  // The header, the rows allowed and one more (to tell the file is too long).
  const table = await readImportFile(request.file, analyticsLimits.importRows + 2);
  return { target, table };
}

/**
 * What an import would do (POST …/import/preview): the rows read, every row error in words the
 * page translates, and how many questions it adds and replaces. Writes nothing.
 */
export async function previewImport(
  db: Db,
  workspaceId: string,
  request: ImportRequest,
): Promise<ImportPreviewDto> {
  const { target, table } = await readRequest(db, workspaceId, request);
  const { existing } = await existingQuestions(db, target, request.botId);
  return toDto(checkRows(target, table, existing), false);
}

/**
 * Imports a file into the bot's FAQs (its persona's: every bot with that persona gets them) or
 * its curated answers (origin `import`, version 1, with its version row; a replaced answer gets
 * a new version), all or nothing in one transaction: the file is checked again under the lock
 * of the persona or the bot, and any row error refuses the whole file (VALIDATION_FAILED
 * `rows: invalid`, nothing written; the preview says which rows).
 */
export async function runImport(
  db: Db,
  actor: ImportActor,
  request: ImportRequest,
): Promise<ImportPreviewDto> {
  const { target, table } = await readRequest(db, actor.workspaceId, request);
  return db.transaction(async (tx) => {
    const current = await existingQuestions(tx, target, request.botId, { lock: true });
    const checked = checkRows(target, table, current.existing);
    if (checked.errors.length > 0) {
      throw new AppError("VALIDATION_FAILED", {
        message: "some rows have problems: nothing was imported",
        fields: { rows: "invalid" },
      });
    }
    if (target === "faqs") {
      await writeFaqs(tx, current.personaId!, current.faqs, checked.rows);
    } else {
      await writeCurated(tx, actor, request.botId, current.existing, checked.rows);
    }
    return toDto(checked, true);
  });
}

async function writeFaqs(
  tx: Transaction,
  personaId: string,
  faqs: PersonaFaqRow[],
  rows: ImportRow[],
): Promise<void> {
  const next = faqs.map((faq) => ({ ...faq }));
  const byQuestion = new Map(next.map((faq) => [sameQuestionKey(faq.question), faq]));
  for (const row of rows) {
    const faq = byQuestion.get(sameQuestionKey(row.question));
    if (faq) faq.answer = row.answer;
    else next.push({ question: row.question, answer: row.answer });
  }
  // updated_at moves: the bot's retrieval index is keyed by it and is built again.
  await tx
    .update(personas)
    .set({ faqs: next, updatedAt: new Date() })
    .where(eq(personas.id, personaId));
}

/**
 * Curated answers as rows of their own (H5's module owns their editing): a new question is a new
 * answer (`origin` the source's, version 1 and its version row); a question the bot has already
 * gets the new text as its next version (the text it replaces kept as a version too).
 */
export async function writeCurated(
  tx: Transaction,
  actor: ImportActor,
  botId: string,
  existing: Existing,
  rows: readonly Omit<ImportRow, "row">[],
  origin: "import" | "sheets" = "import",
): Promise<void> {
  const now = new Date();
  for (const row of rows) {
    const id = existing.get(sameQuestionKey(row.question))?.id;
    if (!id) {
      const [created] = await tx
        .insert(curatedAnswers)
        .values({
          botId,
          workspaceId: actor.workspaceId,
          question: row.question,
          answer: row.answer,
          language: row.language,
          origin,
          version: 1,
          createdBy: actor.userId,
        })
        .returning({ id: curatedAnswers.id });
      await tx.insert(curatedAnswerVersions).values({
        curatedAnswerId: created!.id,
        version: 1,
        question: row.question,
        answer: row.answer,
        language: row.language,
        mode: "verbatim",
        editedBy: actor.userId,
      });
      continue;
    }
    const [current] = await tx
      .select()
      .from(curatedAnswers)
      .where(and(eq(curatedAnswers.id, id), eq(curatedAnswers.botId, botId)));
    if (!current) continue;
    if (current.answer === row.answer && (current.language ?? null) === row.language) continue;
    const version = current.version + 1;
    // The text being replaced, if nothing kept it yet.
    await tx
      .insert(curatedAnswerVersions)
      .values({
        curatedAnswerId: id,
        version: current.version,
        question: current.question,
        variants: current.variants,
        answer: current.answer,
        language: current.language,
        mode: current.mode,
        editedBy: null,
        createdAt: current.updatedAt,
      })
      .onConflictDoNothing();
    await tx
      .insert(curatedAnswerVersions)
      .values({
        curatedAnswerId: id,
        version,
        question: current.question,
        variants: current.variants,
        answer: row.answer,
        language: row.language,
        mode: current.mode,
        editedBy: actor.userId,
      })
      .onConflictDoNothing();
    await tx
      .update(curatedAnswers)
      .set({ answer: row.answer, language: row.language, version, updatedAt: now })
      .where(eq(curatedAnswers.id, id));
  }
}
