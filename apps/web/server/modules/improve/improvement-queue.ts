import {
  analyticsLimits,
  DismissImprovementSchema,
  type ImprovementGroupDto,
  type ImprovementQueueDto,
} from "@jai/contracts/analytics";
import type { KnowledgeSearchResultDto } from "@jai/contracts/console";
import { type Db, sql } from "@jai/db";
import { groupQuestions, isHandoffRequest, questionKey } from "@jai/engine";
import { describeError, type Logger } from "../../logger";
import { parseInput } from "../../services/console/parse-input";
import { type ImproveActor, requireBot } from "./curated-answers";
import { loadCuratedCandidates } from "./curated-cache";
import { type CuratedCandidate, matchCuratedAnswer } from "./curated-match";

export type ImprovementQueueDeps = {
  db: Db;
  logger: Logger;
  /** The console's "test a question" (the bot's index, as a chat retrieves): suggestions. */
  knowledge?: {
    search(workspaceId: string, botId: string, question: string): Promise<KnowledgeSearchResultDto>;
  };
};

/** The queue looks this far back. */
export const queueDays = 90;
/** Question keys with signals read at most (the most signalled), before grouping by meaning. */
const maxKeys = 500;
/** "What improved" compares this many days on each side of the first curated answer. */
const improvementDays = 30;
/** A knowledge passage this complete answers the question: suggested before a human reply. */
const strongCoverage = 0.4;
/** Below this a passage is not about the question at all. */
const weakCoverage = 0.2;
/** A suggestion's length at most, in characters. */
const suggestionChars = 600;
const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

/** One improvement group before it is shown: its keys, counts and wordings. */
type SignalGroup = {
  key: string;
  keys: string[];
  examples: { text: string; language: string | null }[];
  counts: ImprovementGroupDto["counts"];
  asked: number;
  /** The start of the last hour with a signal. */
  lastSignal: Date;
};

/**
 * `GET /api/console/improve/queue?botId`: the bot's questions of the last 90 days that the bot
 * could not answer, got a thumbs down or ended with a person (the rollups'
 * `analytics_questions`), grouped by meaning (`groupQuestions`), most signalled first; minus
 * groups the owner dismissed (until a signal comes in a later hour than the dismissal) and
 * groups an enabled curated answer now answers. Each with a suggested answer (the knowledge, or
 * the team's reply), and "what improved" since the bot's first curated answer.
 */
export async function getImprovementQueue(
  deps: ImprovementQueueDeps,
  workspaceId: string,
  botId: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<ImprovementQueueDto> {
  const { db } = deps;
  const bot = await requireBot(db, workspaceId, botId);
  const since = new Date(now.getTime() - queueDays * dayMs);
  const [groups, dismissals, candidates, improvement] = await Promise.all([
    loadSignalGroups(db, botId, since),
    loadDismissals(db, botId),
    loadCuratedCandidates(db, botId),
    loadImprovement(db, botId, now),
  ]);

  const open: SignalGroup[] = [];
  for (const group of groups) {
    if (open.length >= analyticsLimits.improvementGroups) break;
    const dismissedAt = Math.max(0, ...group.keys.map((key) => dismissals.get(key) ?? 0));
    // Dismissed, unless a signal came in a later hour than the dismissal.
    if (dismissedAt > 0 && group.lastSignal.getTime() < floorHour(dismissedAt) + hourMs) continue;
    if (isAnswered(group, candidates)) continue;
    // "Talk to a person" is never answered by a curated answer (the handoff takes it).
    if (isHandoffRequest(group.examples[0]?.text ?? "")) continue;
    open.push(group);
  }

  const humanReplies = open.length > 0 ? await loadHumanReplies(db, botId, since, open) : null;
  const suggestions = await mapLimited(open, 4, (group) =>
    suggest(deps, workspaceId, botId, group, humanReplies),
  );
  return {
    groups: open.map((group, index) => ({
      key: group.key,
      keys: group.keys,
      botId,
      botName: bot.name,
      question: group.examples[0]?.text ?? group.key,
      examples: group.examples,
      counts: group.counts,
      total: group.asked,
      lastAt: group.lastSignal.toISOString(),
      suggestion: suggestions[index] ?? null,
    })),
    improvement,
  };
}

/**
 * `POST /api/console/improve/dismiss`: the group leaves the queue until a new signal arrives
 * (in a later hour). Every key merged into the group is dismissed with it.
 */
export async function dismissImprovement(
  deps: ImprovementQueueDeps,
  actor: ImproveActor,
  input: unknown,
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  const { db } = deps;
  const parsed = parseInput(DismissImprovementSchema, input);
  await requireBot(db, actor.workspaceId, parsed.botId);
  const since = new Date(now.getTime() - queueDays * dayMs);
  const groups = await loadSignalGroups(db, parsed.botId, since);
  const keys = groups.find((group) => group.keys.includes(parsed.key))?.keys ?? [parsed.key];
  const rows = JSON.stringify(keys.map((key) => ({ key })));
  await db.execute(sql`
    insert into improvement_dismissals (bot_id, question_key, dismissed_by, dismissed_at)
    select ${parsed.botId}, k.key, ${actor.userId}, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as k(key text)
    on conflict (bot_id, question_key) do update
      set dismissed_by = excluded.dismissed_by, dismissed_at = excluded.dismissed_at`);
}

async function loadSignalGroups(db: Db, botId: string, since: Date): Promise<SignalGroup[]> {
  const from = since.toISOString();
  const { rows: keyRows } = await db.execute<{
    key: string;
    asked: number;
    unanswered: number;
    thumbs_down: number;
    handoffs: number;
    last_signal: string | Date;
  }>(sql`
    select question_key as key, sum(asked)::int as asked, sum(unanswered)::int as unanswered,
      sum(thumbs_down)::int as thumbs_down, sum(handoffs)::int as handoffs,
      max(hour) filter (where unanswered + thumbs_down + handoffs > 0) as last_signal
    from analytics_questions
    where bot_id = ${botId} and hour >= ${from}::timestamptz
    group by question_key
    having sum(unanswered + thumbs_down + handoffs) > 0
    order by sum(unanswered + thumbs_down + handoffs) desc, max(hour) desc, question_key
    limit ${maxKeys}`);
  if (keyRows.length === 0) return [];
  const keysJson = JSON.stringify(keyRows.map((row) => row.key));
  const { rows: exampleRows } = await db.execute<{
    key: string;
    example: string;
    language: string | null;
    asked: number;
  }>(sql`
    select key, example, language, asked from (
      select question_key as key, example, language, sum(asked)::int as asked,
        row_number() over (
          partition by question_key order by sum(asked) desc, max(hour) desc, example
        ) as n
      from analytics_questions
      where bot_id = ${botId} and hour >= ${from}::timestamptz
        and question_key in (select jsonb_array_elements_text(${keysJson}::jsonb))
      group by question_key, example, language
    ) ranked
    where n <= ${analyticsLimits.improvementExamples}`);

  const byKey = new Map(keyRows.map((row) => [row.key, row]));
  const languages = new Map<string, string | null>();
  for (const row of exampleRows)
    if (!languages.has(row.example)) languages.set(row.example, row.language);
  const merged = groupQuestions(
    exampleRows.map((row) => ({
      key: row.key,
      example: row.example,
      count: Math.max(1, row.asked),
    })),
  );
  const groups: SignalGroup[] = merged.map((group) => {
    const members = group.keys.map((key) => byKey.get(key)).filter((row) => row !== undefined);
    const sum = (pick: (row: (typeof members)[number]) => number) =>
      members.reduce((total, row) => total + pick(row), 0);
    return {
      key: group.key,
      keys: group.keys,
      examples: group.examples
        .slice(0, analyticsLimits.improvementExamples)
        .map((text) => ({ text, language: languages.get(text) ?? null })),
      counts: {
        unanswered: sum((row) => row.unanswered),
        thumbs_down: sum((row) => row.thumbs_down),
        handoff: sum((row) => row.handoffs),
      },
      asked: sum((row) => row.asked),
      lastSignal: new Date(Math.max(...members.map((row) => new Date(row.last_signal).getTime()))),
    };
  });
  const signals = (group: SignalGroup) =>
    group.counts.unanswered + group.counts.thumbs_down + group.counts.handoff;
  return groups.sort(
    (a, b) =>
      signals(b) - signals(a) ||
      b.lastSignal.getTime() - a.lastSignal.getTime() ||
      (a.key < b.key ? -1 : 1),
  );
}

async function loadDismissals(db: Db, botId: string): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ key: string; at: string | Date }>(sql`
    select question_key as key, dismissed_at as at from improvement_dismissals
    where bot_id = ${botId}`);
  return new Map(rows.map((row) => [row.key, new Date(row.at).getTime()]));
}

/** An enabled curated answer was written for it, or would now answer its main wording. */
function isAnswered(group: SignalGroup, candidates: readonly CuratedCandidate[]): boolean {
  if (candidates.length === 0) return false;
  if (candidates.some((candidate) => group.keys.some((key) => candidate.keys.has(key)))) {
    return true;
  }
  const question = group.examples[0]?.text;
  return Boolean(
    question && matchCuratedAnswer(candidates, question, { language: null, fullScan: 0 }),
  );
}

/**
 * What the team replied to the group's questions: for each of the bot's latest human messages
 * (last 90 days), the customer's messages since the team's previous one; keyed by their
 * question keys, the newest reply first.
 */
async function loadHumanReplies(
  db: Db,
  botId: string,
  since: Date,
  groups: readonly SignalGroup[],
): Promise<Map<string, string>> {
  const wanted = new Set(groups.flatMap((group) => group.keys));
  const { rows } = await db.execute<{ reply: string; question: string }>(sql`
    select h.content as reply, u.content as question
    from messages h
    join lateral (
      select u.content from messages u
      where u.conversation_id = h.conversation_id and u.sender = 'user'
        and u.created_at < h.created_at
        and u.created_at > coalesce((
          select max(p.created_at) from messages p
          where p.conversation_id = h.conversation_id and p.sender = 'human'
            and p.created_at < h.created_at), '-infinity'::timestamptz)
      order by u.created_at desc
      limit 5
    ) u on true
    where h.bot_id = ${botId} and h.sender = 'human' and h.created_at >= ${since.toISOString()}::timestamptz
      and length(trim(h.content)) > 0
    order by h.created_at desc
    limit 2000`);
  const replies = new Map<string, string>();
  for (const row of rows) {
    const key = questionKey(row.question);
    if (key && wanted.has(key) && !replies.has(key)) replies.set(key, row.reply.trim());
  }
  return replies;
}

async function suggest(
  deps: ImprovementQueueDeps,
  workspaceId: string,
  botId: string,
  group: SignalGroup,
  humanReplies: Map<string, string> | null,
): Promise<ImprovementGroupDto["suggestion"]> {
  const human = group.keys.map((key) => humanReplies?.get(key)).find(Boolean);
  let best: KnowledgeSearchResultDto["hits"][number] | undefined;
  try {
    const question = group.examples[0]?.text ?? "";
    const result = question ? await deps.knowledge?.search(workspaceId, botId, question) : null;
    best = result?.hits.find((hit) => hit.text.trim());
  } catch (error) {
    deps.logger.warn("improvement suggestion not searched", { botId, ...describeError(error) });
  }
  const fromKnowledge = (hit: NonNullable<typeof best>) => ({
    answer: trimSuggestion(
      hit.kind === "faq" ? hit.text.split("\n").slice(1).join("\n") : hit.text,
    ),
    from: "knowledge" as const,
    title: hit.source || null,
  });
  if (best && best.coverage >= strongCoverage) return fromKnowledge(best);
  if (human) return { answer: trimSuggestion(human), from: "human_reply", title: null };
  if (best && best.coverage >= weakCoverage) return fromKnowledge(best);
  return null;
}

/** At most `suggestionChars`, cut after a sentence or a word. */
export function trimSuggestion(text: string): string {
  const clean = text.replace(/[ \t]+\n/g, "\n").trim();
  if (clean.length <= suggestionChars) return clean;
  const cut = clean.slice(0, suggestionChars);
  const sentence = Math.max(
    ...[". ", "! ", "? ", "\n", "。", "ค่ะ ", "ครับ "].map((end) => {
      const at = cut.lastIndexOf(end);
      return at < 0 ? -1 : at + end.length;
    }),
  );
  if (sentence > suggestionChars / 2) return cut.slice(0, sentence).trim();
  const space = cut.lastIndexOf(" ");
  return `${(space > suggestionChars / 2 ? cut.slice(0, space) : cut).trim()}…`;
}

/**
 * "What improved": the bot's unanswered rate (unanswered / questions the bot replied to) over
 * up to 30 days before its first curated answer and up to 30 days after (the hour of the first
 * answer counts after). Null where no question was asked.
 */
async function loadImprovement(
  db: Db,
  botId: string,
  now: Date,
): Promise<ImprovementQueueDto["improvement"]> {
  const { rows } = await db.execute<{ first: string | Date | null }>(sql`
    select min(created_at) as first from curated_answers where bot_id = ${botId}`);
  const first = rows[0]?.first ? new Date(rows[0].first) : null;
  if (!first) return { before: null, after: null, since: null };
  const hour = new Date(floorHour(first.getTime()));
  const from = new Date(hour.getTime() - improvementDays * dayMs);
  const to = new Date(Math.min(hour.getTime() + improvementDays * dayMs, now.getTime() + hourMs));
  const { rows: figures } = await db.execute<{
    answered_before: number;
    unanswered_before: number;
    answered_after: number;
    unanswered_after: number;
  }>(sql`
    select
      coalesce(sum(answered) filter (where hour < ${hour.toISOString()}::timestamptz), 0)::int as answered_before,
      coalesce(sum(unanswered) filter (where hour < ${hour.toISOString()}::timestamptz), 0)::int as unanswered_before,
      coalesce(sum(answered) filter (where hour >= ${hour.toISOString()}::timestamptz), 0)::int as answered_after,
      coalesce(sum(unanswered) filter (where hour >= ${hour.toISOString()}::timestamptz), 0)::int as unanswered_after
    from analytics_hourly
    where bot_id = ${botId} and hour >= ${from.toISOString()}::timestamptz
      and hour < ${to.toISOString()}::timestamptz`);
  const row = figures[0];
  const rate = (answered: number, unanswered: number) =>
    answered + unanswered > 0 ? unanswered / (answered + unanswered) : null;
  return {
    before: row ? rate(row.answered_before, row.unanswered_before) : null,
    after: row ? rate(row.answered_after, row.unanswered_after) : null,
    since: first.toISOString(),
  };
}

function floorHour(ms: number): number {
  return Math.floor(ms / hourMs) * hourMs;
}

/** `work` over `items`, at most `limit` at a time, results in order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return results;
}
