import { type ChannelEventRow, channelEvents, type Db, deliveries, sql } from "@jai/db";
import { describeError, type Logger } from "../logger";
import { computeRetryDelayMs } from "../services/mail/compute-retry-delay";
import { createPollingWorker } from "./polling-worker";

/**
 * Processes one stored event of a channel (runs the turn, queues the reply). Throws when it
 * should be tried again later (LINE or the database unreachable); anything it cannot ever do
 * it settles itself (an event it ignores is simply done).
 */
export type ChannelEventProcessor = (event: ChannelEventRow, signal: AbortSignal) => Promise<void>;

export type ChannelEventsWorkerOptions = {
  db: Db;
  logger: Logger;
  /** By channel ("line"). */
  processors: Readonly<Record<string, ChannelEventProcessor>>;
  pollIntervalMs?: number;
  batchSize?: number;
  /** How long a claim lasts: a worker that dies mid-turn loses its events after this. */
  leaseMs?: number;
  maxAttempts?: number;
  retryDelayMs?: (attempts: number) => number;
};

export type ChannelEventsWorker = {
  start(): void;
  wake(): void;
  runOnce(): Promise<number>;
  stop(timeoutMs?: number): Promise<void>;
};

/**
 * The job that turns stored webhook events into turns and replies, after the webhook answered.
 * Claims due events with `FOR UPDATE SKIP LOCKED` and a lease, like the deliveries outbox, and
 * never claims an event while an earlier one from the same person (connection + source) is
 * waiting or being processed: one person's messages are answered in the order they were sent,
 * while different people's run side by side. A failed event is retried with backoff (10 s,
 * 20 s, 40 s … capped at 10 min), and after `maxAttempts` it is `dead`, its error kept.
 */
export function createChannelEventsWorker({
  db,
  logger,
  processors,
  pollIntervalMs = 5_000,
  batchSize = 10,
  leaseMs = 3 * 60_000,
  maxAttempts = 8,
  retryDelayMs = (attempts) => computeRetryDelayMs(attempts, { baseMs: 10_000, maxMs: 600_000 }),
}: ChannelEventsWorkerOptions): ChannelEventsWorker {
  let stopping: AbortController | undefined;

  async function claim(): Promise<ChannelEventRow[]> {
    // The first due event of each person, provided none of theirs is being processed.
    const result = await db.execute(sql`
      update ${channelEvents} set
        status = 'processing',
        attempts = attempts + 1,
        locked_until = now() + ${Math.ceil(leaseMs)}::integer * interval '1 millisecond',
        updated_at = now()
      where id in (
        select e.id from ${channelEvents} e
        where (
          (e.status = 'pending' and e.next_attempt_at <= now())
          or (e.status = 'processing' and e.locked_until < now())
        )
        and not exists (
          select 1 from ${channelEvents} earlier
          where earlier.connection_id = e.connection_id
            and earlier.source_key = e.source_key
            and earlier.id <> e.id
            and earlier.status in ('pending', 'processing')
            and (earlier.occurred_at, earlier.created_at, earlier.id) < (e.occurred_at, e.created_at, e.id)
        )
        order by e.occurred_at
        limit ${batchSize}
        for update skip locked
      )
      returning id`);
    const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
    if (ids.length === 0) return [];
    return db.query.channelEvents.findMany({
      where: (table, { inArray }) => inArray(table.id, ids),
      orderBy: (table, { asc }) => [asc(table.occurredAt)],
    });
  }

  async function process(row: ChannelEventRow): Promise<void> {
    const fields = { id: row.id, channel: row.channel, attempts: row.attempts };
    const processor = processors[row.channel];
    try {
      if (!processor) throw new PermanentError(`no processor for channel "${row.channel}"`);
      await processor(row, stopping?.signal ?? new AbortController().signal);
      await db.execute(sql`
        update ${channelEvents} set status = 'done', processed_at = now(), locked_until = null,
          last_error = null, updated_at = now()
        where id = ${row.id} and status = 'processing' and attempts = ${row.attempts}`);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const dead = error instanceof PermanentError || row.attempts >= maxAttempts;
      const delayMs = Math.round(retryDelayMs(row.attempts));
      await db.execute(sql`
        update ${channelEvents} set
          status = ${dead ? "dead" : "pending"},
          locked_until = null,
          last_error = ${message},
          next_attempt_at = now() + ${delayMs}::integer * interval '1 millisecond',
          updated_at = now()
        where id = ${row.id} and status = 'processing' and attempts = ${row.attempts}`);
      (dead ? logger.error : logger.warn)(
        dead ? "channel event failed for good" : "channel event failed, will retry",
        { ...fields, ...describeError(error) },
      );
    }
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim();
    await Promise.all(claimed.map((row) => process(row)));
    return claimed.length;
  }

  const loop = createPollingWorker({
    name: "channel events",
    logger,
    runOnce,
    batchSize,
    pollIntervalMs,
    inFlightWork: "the channel events in flight",
  });

  return {
    start() {
      stopping = new AbortController();
      loop.start();
    },
    wake: () => loop.wake(),
    runOnce,
    async stop(timeoutMs) {
      await loop.stop(timeoutMs);
      stopping?.abort();
    },
  };
}

/** Thrown by a processor for an event that can never be processed: dead at once. */
export class PermanentError extends Error {}

/**
 * On the embedded database only one process runs: events and deliveries it left claimed when
 * it stopped are released at boot instead of waiting for their leases.
 */
export async function releaseClaims(db: Db): Promise<{ events: number; deliveries: number }> {
  const events = await db.execute(sql`
    update ${channelEvents} set status = 'pending', locked_until = null, next_attempt_at = now()
    where status = 'processing' returning id`);
  const sent = await db.execute(sql`
    update ${deliveries} set status = 'pending', locked_until = null, next_attempt_at = now()
    where status = 'sending' returning id`);
  return { events: rowsOf(events).length, deliveries: rowsOf(sent).length };
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres returns { rows }, PGlite too; drizzle passes them through.
  const rows = (result as { rows?: T[] }).rows;
  return Array.isArray(rows) ? rows : (result as T[]);
}
