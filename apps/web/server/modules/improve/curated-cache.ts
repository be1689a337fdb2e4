import { and, asc, count, curatedAnswers, type Db, eq, max } from "@jai/db";
import { type CuratedCandidate, toCuratedCandidate } from "./curated-match";

/** Bots whose prepared answers are kept per database (least recently used first out). */
const maxBots = 500;

type Entry = { stamp: string; candidates: Promise<CuratedCandidate[]> };
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * A bot's enabled curated answers, prepared for matching and kept in memory. Every turn asks the
 * database one cheap question (how many answers, and the latest `updated_at`, on the bot's
 * index): any edit, enabling, deletion or import changes it, so every instance picks a change
 * up at its next turn without any invalidation message. Hits do not touch `updated_at`.
 */
export async function loadCuratedCandidates(db: Db, botId: string): Promise<CuratedCandidate[]> {
  const [state] = await db
    .select({ answers: count(), latest: max(curatedAnswers.updatedAt) })
    .from(curatedAnswers)
    .where(eq(curatedAnswers.botId, botId));
  if (!state || state.answers === 0) return [];
  const stamp = `${state.answers}:${state.latest ? new Date(state.latest).getTime() : 0}`;

  let bots = caches.get(db);
  if (!bots) {
    bots = new Map();
    caches.set(db, bots);
  }
  const cached = bots.get(botId);
  bots.delete(botId);
  if (cached?.stamp === stamp) {
    bots.set(botId, cached);
    return cached.candidates;
  }
  const candidates = loadEnabled(db, botId);
  const entry = { stamp, candidates };
  bots.set(botId, entry);
  // A failed load (a database hiccup) is not kept.
  candidates.catch(() => {
    if (bots.get(botId) === entry) bots.delete(botId);
  });
  while (bots.size > maxBots) bots.delete(bots.keys().next().value as string);
  return candidates;
}

async function loadEnabled(db: Db, botId: string): Promise<CuratedCandidate[]> {
  const rows = await db
    .select({
      id: curatedAnswers.id,
      question: curatedAnswers.question,
      variants: curatedAnswers.variants,
      answer: curatedAnswers.answer,
      language: curatedAnswers.language,
      mode: curatedAnswers.mode,
      questionKey: curatedAnswers.questionKey,
    })
    .from(curatedAnswers)
    .where(and(eq(curatedAnswers.botId, botId), eq(curatedAnswers.enabled, true)))
    .orderBy(asc(curatedAnswers.createdAt), asc(curatedAnswers.id));
  // Each wording's key is computed once here: a bot at the limit (1,000 answers × 21 wordings)
  // yields to other requests between slices rather than holding the event loop for a second.
  const candidates: CuratedCandidate[] = [];
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    if (row.answer.trim()) candidates.push(toCuratedCandidate(row));
  }
  return candidates;
}
