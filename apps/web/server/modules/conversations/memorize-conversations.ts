import {
  and,
  bots,
  contacts,
  conversations,
  type Db,
  desc,
  eq,
  gt,
  inArray,
  lte,
  messages,
  sql,
} from "@jai/db";
import type { MemoryTurn } from "@jai/engine";
import { describeError, type Logger } from "../../logger";
import type { MemorySummarizer } from "./memory-summarizer";

export type MemorizeDeps = {
  db: Db;
  logger: Logger;
  summarize: MemorySummarizer;
  /** Aborted when the service stops: a model summary in flight stops too. */
  signal?: AbortSignal;
};

export type MemorizeOptions = {
  /** A conversation is summarised once quiet this long. Default 30 minutes. */
  idleMs?: number;
  /** Conversations quiet longer than this are left alone (history from before memory). Default 30 days. */
  maxAgeMs?: number;
  /** Conversations per call. Default 10. */
  batchSize?: number;
  /** Messages read per conversation, the latest. Default 60. */
  maxMessages?: number;
  now?: Date;
};

type Claimed = { id: string; contactId: string; botId: string; since: string | null };

/**
 * One round of the contact-memory job: claims up to `batchSize` conversations that have been
 * quiet for `idleMs` and have messages newer than their `memorized_at`, and folds what the
 * customer said since then into their contact's memory (the bot's model, or the rules).
 * Returns how many conversations it claimed.
 *
 * A claim is the summary's mark itself (`memorized_at` = now, `FOR UPDATE SKIP LOCKED`), so
 * instances never take the same conversation, and only messages after the previous mark are
 * read: a conversation is never summarised twice, and what a "forget me" erased (it marks every
 * conversation of the contact) never comes back. The memory is written only if nobody changed
 * it meanwhile (the owner, a forget-me, another instance): otherwise the claim is released
 * (unless a forget-me took it) and the next round summarises it again from the new memory. A
 * conversation that fails for another reason stays marked: its next message brings it back.
 */
export async function memorizeIdleConversations(
  deps: MemorizeDeps,
  options: MemorizeOptions = {},
): Promise<number> {
  const { db } = deps;
  const now = options.now ?? new Date();
  // Instants go to raw SQL as ISO text: the same on node-postgres and PGlite.
  const quietSince = new Date(now.getTime() - (options.idleMs ?? 30 * 60_000)).toISOString();
  const oldest = new Date(now.getTime() - (options.maxAgeMs ?? 30 * 24 * 3_600_000)).toISOString();
  const batchSize = options.batchSize ?? 10;

  const result = await db.execute(sql`
    with due as (
      select c.id, c.memorized_at::text as since
      from ${conversations} c
      where c.updated_at <= ${quietSince}::timestamptz and c.updated_at > ${oldest}::timestamptz
        and (c.memorized_at is null or c.memorized_at < c.updated_at)
      order by c.updated_at
      limit ${batchSize}
      for update skip locked
    )
    update ${conversations} set memorized_at = ${now.toISOString()}::timestamptz
    from due
    where ${conversations}.id = due.id
    returning ${conversations}.id, ${conversations}.contact_id as "contactId",
      ${conversations}.bot_id as "botId", due.since`);
  const claimed = rowsOf<Claimed>(result);
  for (const conversation of claimed) {
    try {
      if (deps.signal?.aborted) {
        // Stopping: what was claimed and not summarised is due again at the next start.
        await release(db, conversation, now);
        continue;
      }
      await memorize(deps, conversation, now, options.maxMessages ?? 60);
    } catch (error) {
      deps.logger.warn("contact memory not updated", {
        conversationId: conversation.id,
        ...describeError(error),
      });
    }
  }
  return claimed.length;
}

async function memorize(deps: MemorizeDeps, conversation: Claimed, claimedAt: Date, limit: number) {
  const { db, logger } = deps;
  const transcript = await loadTranscript(db, conversation, claimedAt, limit);
  if (!transcript.some((turn) => turn.role === "user")) return;

  const [row] = await db
    .select({
      memory: contacts.memory,
      version: sql<string | null>`${contacts.memoryUpdatedAt}::text`,
      bot: {
        id: bots.id,
        aiProvider: bots.aiProvider,
        aiModel: bots.aiModel,
        providerKeyCiphertext: bots.providerKeyCiphertext,
      },
    })
    .from(contacts)
    .innerJoin(bots, eq(bots.id, contacts.botId))
    .where(eq(contacts.id, conversation.contactId));
  if (!row) return;

  const summary = await deps.summarize({
    bot: row.bot,
    transcript,
    previous: row.memory,
    signal: deps.signal,
  });
  if (deps.signal?.aborted) {
    await release(db, conversation, claimedAt);
    return;
  }
  if (summary.error) {
    logger.warn("contact memory: the model's summary failed, the rules wrote it", {
      conversationId: conversation.id,
      botId: conversation.botId,
      errorKind: summary.error.kind,
      error: summary.error.message,
    });
  }
  // The job adds to a memory, never erases one: only a forget-me or the owner does.
  if (!summary.memory || summary.memory === row.memory) return;

  const written = await db.execute(sql`
    update ${contacts} set memory = ${summary.memory}, memory_updated_at = now(),
      updated_at = now()
    where id = ${conversation.contactId}
      and memory_updated_at::text is not distinct from ${row.version}::text
      and exists (select 1 from ${conversations} c
        where c.id = ${conversation.id} and c.memorized_at = ${claimedAt.toISOString()}::timestamptz)
    returning id`);
  // Changed meanwhile: summarise again next round.
  if (rowsOf(written).length === 0) await release(db, conversation, claimedAt);
}

/** Gives a claim back (its previous mark), unless something else marked it since (a forget-me). */
async function release(db: Db, conversation: Claimed, claimedAt: Date) {
  await db.execute(sql`
    update ${conversations} set memorized_at = ${conversation.since}::timestamptz
    where id = ${conversation.id} and memorized_at = ${claimedAt.toISOString()}::timestamptz`);
}

/**
 * The conversation's messages after its previous mark, up to this claim, as the summariser
 * reads them: the customer's, and the bot's and team's replies (context for a model; the rules
 * read only the customer's). Failed replies (apologies) and empty ones are left out.
 */
async function loadTranscript(
  db: Db,
  conversation: Claimed,
  claimedAt: Date,
  limit: number,
): Promise<MemoryTurn[]> {
  const rows = await db
    .select({ sender: messages.sender, content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        inArray(messages.status, ["completed", "cancelled"]),
        conversation.since
          ? gt(messages.createdAt, sql`${conversation.since}::timestamptz`)
          : undefined,
        lte(messages.createdAt, claimedAt),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows
    .reverse()
    .filter((row) => row.content.trim())
    .map((row) => ({ role: row.sender === "user" ? "user" : "assistant", content: row.content }));
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres returns { rows }, PGlite too; drizzle passes them through.
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}
