import {
  analyticsLimits,
  type CuratedAnswerDto,
  type CuratedAnswerVersionDto,
  SaveCuratedAnswerSchema,
} from "@jai/contracts/analytics";
import {
  and,
  bots,
  type CuratedAnswerRow,
  count,
  curatedAnswers,
  curatedAnswerVersions,
  type Db,
  desc,
  eq,
  sql,
  type Transaction,
  users,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { botIdPattern } from "../../services/bots/get-public-bot";
import { parseInput } from "../../services/console/parse-input";
import { isUuid } from "../conversations/is-uuid";

/** Who acts: the workspace (a bot's `owner_id`) and the signed-in member. */
export type ImproveActor = { workspaceId: string; userId: string | null };

/**
 * A bot's curated answers in the console: the workspace's bots only (another workspace's bot or
 * answer is NOT_FOUND, like a missing one), at most `analyticsLimits.curatedAnswers` per bot
 * (VALIDATION_FAILED `answers: tooMany` beyond). Every version of the text is kept in
 * `curated_answer_versions` as it is written (the first on creation); an edit of the text
 * (question, variants, answer, language, mode) bumps `version`, enabling or disabling does not.
 * Rows written by imports without version rows get theirs at their first edit.
 */
export async function listCuratedAnswers(
  db: Db,
  workspaceId: string,
  botId: string,
): Promise<CuratedAnswerDto[]> {
  await requireBot(db, workspaceId, botId);
  const rows = await db
    .select()
    .from(curatedAnswers)
    .where(and(eq(curatedAnswers.botId, botId), eq(curatedAnswers.workspaceId, workspaceId)))
    .orderBy(desc(curatedAnswers.updatedAt), desc(curatedAnswers.id));
  return rows.map(toCuratedAnswerDto);
}

export async function createCuratedAnswer(
  db: Db,
  actor: ImproveActor,
  input: unknown,
): Promise<CuratedAnswerDto> {
  const parsed = parseInput(SaveCuratedAnswerSchema, input);
  await requireBot(db, actor.workspaceId, parsed.botId);
  const text = textOf(parsed);
  return db.transaction(async (tx) => {
    // One create at a time per bot, so the limit holds under concurrent saves.
    await tx.execute(sql`select id from ${bots} where ${bots.id} = ${parsed.botId} for update`);
    const [existing] = await tx
      .select({ answers: count() })
      .from(curatedAnswers)
      .where(eq(curatedAnswers.botId, parsed.botId));
    if ((existing?.answers ?? 0) >= analyticsLimits.curatedAnswers) {
      throw new AppError("VALIDATION_FAILED", {
        message: `a bot has at most ${analyticsLimits.curatedAnswers} curated answers`,
        fields: { answers: "tooMany" },
      });
    }
    const [row] = await tx
      .insert(curatedAnswers)
      .values({
        botId: parsed.botId,
        workspaceId: actor.workspaceId,
        questionKey: parsed.questionKey,
        ...text,
        origin: parsed.origin,
        version: 1,
        enabled: parsed.enabled,
        createdBy: actor.userId,
      })
      .returning();
    await tx
      .insert(curatedAnswerVersions)
      .values({ curatedAnswerId: row!.id, version: 1, ...text, editedBy: actor.userId });
    return toCuratedAnswerDto(row!);
  });
}

export async function updateCuratedAnswer(
  db: Db,
  actor: ImproveActor,
  id: string,
  input: unknown,
): Promise<CuratedAnswerDto> {
  const parsed = parseInput(SaveCuratedAnswerSchema, input);
  return db.transaction(async (tx) => {
    const current = await lockAnswer(tx, actor.workspaceId, id);
    // An answer stays with its bot.
    if (parsed.botId !== current.botId) {
      throw new AppError("VALIDATION_FAILED", { fields: { botId: "invalid" } });
    }
    return saveText(tx, actor, current, textOf(parsed), {
      enabled: parsed.enabled,
      questionKey: parsed.questionKey ?? current.questionKey,
    });
  });
}

export async function deleteCuratedAnswer(db: Db, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND");
  const deleted = await db
    .delete(curatedAnswers)
    .where(and(eq(curatedAnswers.id, id), eq(curatedAnswers.workspaceId, workspaceId)))
    .returning({ id: curatedAnswers.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND");
}

/** Every version of an answer's text, newest first (the current one included). */
export async function listCuratedVersions(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<CuratedAnswerVersionDto[]> {
  const answer = await findAnswer(db, workspaceId, id);
  const rows = await db
    .select({
      version: curatedAnswerVersions.version,
      question: curatedAnswerVersions.question,
      answer: curatedAnswerVersions.answer,
      editedBy: users.name,
      at: curatedAnswerVersions.createdAt,
    })
    .from(curatedAnswerVersions)
    .leftJoin(users, eq(users.id, curatedAnswerVersions.editedBy))
    .where(eq(curatedAnswerVersions.curatedAnswerId, id))
    .orderBy(desc(curatedAnswerVersions.version));
  const versions = rows.map((row) => ({
    version: row.version,
    question: row.question,
    answer: row.answer,
    editedBy: row.editedBy,
    at: row.at.toISOString(),
  }));
  // An imported answer never edited has no row yet: its current text is its only version.
  if (!versions.some((version) => version.version === answer.version)) {
    versions.unshift({
      version: answer.version,
      question: answer.question,
      answer: answer.answer,
      editedBy: null,
      at: answer.updatedAt.toISOString(),
    });
  }
  return versions;
}

/** Makes an earlier version's text the current one, as a new version. */
export async function restoreCuratedVersion(
  db: Db,
  actor: ImproveActor,
  id: string,
  version: string,
): Promise<CuratedAnswerDto> {
  const number = /^\d{1,9}$/.test(version) ? Number(version) : Number.NaN;
  return db.transaction(async (tx) => {
    const current = await lockAnswer(tx, actor.workspaceId, id);
    if (!Number.isSafeInteger(number)) throw new AppError("NOT_FOUND");
    const [old] = await tx
      .select()
      .from(curatedAnswerVersions)
      .where(
        and(
          eq(curatedAnswerVersions.curatedAnswerId, id),
          eq(curatedAnswerVersions.version, number),
        ),
      );
    if (!old) throw new AppError("NOT_FOUND", { message: "version not found" });
    return saveText(
      tx,
      actor,
      current,
      {
        question: old.question,
        variants: old.variants,
        answer: old.answer,
        language: old.language === "th" || old.language === "en" ? old.language : null,
        mode: old.mode === "guide" ? "guide" : "verbatim",
      },
      { enabled: current.enabled, questionKey: current.questionKey },
    );
  });
}

/** The text of a version: what an edit changes (and bumps the version for). */
type CuratedText = {
  question: string;
  variants: string[];
  answer: string;
  language: "th" | "en" | null;
  mode: "verbatim" | "guide";
};

function textOf(parsed: {
  question: string;
  variants: string[];
  answer: string;
  language: "th" | "en" | null;
  mode: "verbatim" | "guide";
}): CuratedText {
  // Variants once each, never the question again.
  const seen = new Set([parsed.question.toLowerCase()]);
  const variants: string[] = [];
  for (const variant of parsed.variants) {
    const folded = variant.toLowerCase();
    if (seen.has(folded)) continue;
    seen.add(folded);
    variants.push(variant);
  }
  return {
    question: parsed.question,
    variants,
    answer: parsed.answer,
    language: parsed.language,
    mode: parsed.mode,
  };
}

const sameText = (row: CuratedAnswerRow, text: CuratedText) =>
  row.question === text.question &&
  row.answer === text.answer &&
  (row.language ?? null) === text.language &&
  row.mode === text.mode &&
  row.variants.length === text.variants.length &&
  row.variants.every((variant, index) => variant === text.variants[index]);

async function saveText(
  tx: Db | Transaction,
  actor: ImproveActor,
  current: CuratedAnswerRow,
  text: CuratedText,
  rest: { enabled: boolean; questionKey: string | null },
): Promise<CuratedAnswerDto> {
  if (sameText(current, text)) {
    if (current.enabled === rest.enabled && current.questionKey === rest.questionKey) {
      return toCuratedAnswerDto(current);
    }
    const [row] = await tx
      .update(curatedAnswers)
      .set({ ...rest, updatedAt: new Date() })
      .where(eq(curatedAnswers.id, current.id))
      .returning();
    return toCuratedAnswerDto(row!);
  }
  const version = current.version + 1;
  // The text being replaced, if nothing kept it (an imported row never edited here).
  await tx
    .insert(curatedAnswerVersions)
    .values({
      curatedAnswerId: current.id,
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
    .values({ curatedAnswerId: current.id, version, ...text, editedBy: actor.userId })
    .onConflictDoNothing();
  const [row] = await tx
    .update(curatedAnswers)
    .set({ ...text, ...rest, version, updatedAt: new Date() })
    .where(eq(curatedAnswers.id, current.id))
    .returning();
  return toCuratedAnswerDto(row!);
}

/** The workspace's bot, or NOT_FOUND (another workspace's bot answers the same). */
export async function requireBot(
  db: Db,
  workspaceId: string,
  botId: string,
): Promise<{ id: string; name: string }> {
  if (!botIdPattern.test(botId)) throw new AppError("NOT_FOUND");
  const [bot] = await db
    .select({ id: bots.id, name: bots.name })
    .from(bots)
    .where(and(eq(bots.id, botId), eq(bots.ownerId, workspaceId)));
  if (!bot) throw new AppError("NOT_FOUND");
  return bot;
}

async function findAnswer(db: Db, workspaceId: string, id: string): Promise<CuratedAnswerRow> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select()
    .from(curatedAnswers)
    .where(and(eq(curatedAnswers.id, id), eq(curatedAnswers.workspaceId, workspaceId)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

async function lockAnswer(
  tx: Db | Transaction,
  workspaceId: string,
  id: string,
): Promise<CuratedAnswerRow> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND");
  const [row] = await tx
    .select()
    .from(curatedAnswers)
    .where(and(eq(curatedAnswers.id, id), eq(curatedAnswers.workspaceId, workspaceId)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

const origins = new Set<string>(["manual", "knowledge", "human_reply", "import", "sheets"]);

/** A stored answer as the console shows it (rows written by imports included). */
export function toCuratedAnswerDto(row: CuratedAnswerRow): CuratedAnswerDto {
  return {
    id: row.id,
    botId: row.botId,
    question: row.question,
    variants: row.variants,
    answer: row.answer,
    language: row.language === "th" || row.language === "en" ? row.language : null,
    mode: row.mode === "guide" ? "guide" : "verbatim",
    origin: origins.has(row.origin) ? (row.origin as CuratedAnswerDto["origin"]) : "manual",
    version: row.version,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
    enabled: row.enabled,
    questionKey: row.questionKey,
    updatedAt: row.updatedAt.toISOString(),
  };
}
