import type { SendResult } from "@jai/channels";
import { and, type Db, type DeliveryRow, deliveries, eq, inArray, lt, lte, or, sql } from "@jai/db";
import { describeError, type Logger } from "../logger";
import { computeRetryDelayMs } from "../services/mail/compute-retry-delay";
import type { DeliverySenders } from "./delivery-senders";
import { createPollingWorker } from "./polling-worker";

export type DeliveriesWorkerOptions = {
  db: Db;
  logger: Logger;
  /** Who sends each channel's deliveries ("webhook", "line" …). */
  senders: DeliverySenders;
  /** How often to look for due deliveries when nothing wakes the worker. */
  pollIntervalMs?: number;
  /** Most deliveries claimed (and sent concurrently) at once. */
  batchSize?: number;
  /** How long a claim lasts: a worker that dies mid-send loses its rows after this. */
  leaseMs?: number;
  /** The wait before the next attempt after `attempts` failed ones (without a Retry-After). */
  retryDelayMs?: (attempts: number) => number;
  /** The longest wait a receiver's `Retry-After` may ask for. */
  maxRetryAfterMs?: number;
};

export type DeliveriesWorker = {
  start(): void;
  wake(): void;
  /** Claims and sends one batch; resolves with how many rows it claimed. */
  runOnce(): Promise<number>;
  stop(timeoutMs?: number): Promise<void>;
};

/** What the worker keeps of a failure: short, and never a header or payload. */
const maxErrorChars = 500;

/**
 * Sends the deliveries outbox: replies to channels that are not a live stream and outgoing
 * webhooks. Any number of workers in any number of instances share it: a claim is `UPDATE …
 * WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` with a lease (`locked_until`), so two workers
 * never send one row at once, and a worker that dies loses its rows when the lease passes.
 *
 * A failed send is retried with exponential backoff and jitter (1 min, 2 min, 4 min … capped at
 * 6 h: about a day and a half over 12 attempts), or after the receiver's `Retry-After`. A send
 * that cannot succeed (a 4xx other than 408/429, no sender for the channel) or the last attempt
 * makes the row `dead`, keeping its last error for the console; `redeliver` queues it again.
 */
export function createDeliveriesWorker({
  db,
  logger,
  senders,
  pollIntervalMs = 5_000,
  batchSize = 10,
  leaseMs = 2 * 60_000,
  retryDelayMs = (attempts) =>
    computeRetryDelayMs(attempts, { baseMs: 60_000, maxMs: 6 * 3_600_000 }),
  maxRetryAfterMs = 6 * 3_600_000,
}: DeliveriesWorkerOptions): DeliveriesWorker {
  let stopping: AbortController | undefined;

  async function claim(): Promise<DeliveryRow[]> {
    const due = db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        or(
          and(eq(deliveries.status, "pending"), lte(deliveries.nextAttemptAt, sql`now()`)),
          // Claimed by a worker that did not finish in time (crashed, killed, cut off).
          and(eq(deliveries.status, "sending"), lt(deliveries.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(deliveries.nextAttemptAt)
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(deliveries)
      .set({
        status: "sending",
        attempts: sql`${deliveries.attempts} + 1`,
        lockedUntil: sql`now() + ${Math.ceil(leaseMs)}::integer * interval '1 millisecond'`,
        updatedAt: sql`now()`,
      })
      .where(inArray(deliveries.id, due))
      .returning();
  }

  /** Updates a row only while it is still our claim (same attempt, still sending). */
  const isOurClaim = (row: DeliveryRow) =>
    and(
      eq(deliveries.id, row.id),
      eq(deliveries.status, "sending"),
      eq(deliveries.attempts, row.attempts),
    );

  async function deliver(row: DeliveryRow): Promise<void> {
    const fields = { id: row.id, channel: row.channel, event: row.event, attempts: row.attempts };
    if (row.attempts > row.maxAttempts) {
      // Its last attempt was claimed but never finished.
      await markDead(row, row.lastError ?? "the last attempt did not finish (lease expired)");
      return;
    }
    const sender = senders[row.channel];
    if (!sender) {
      await markDead(row, `no sender for channel "${row.channel}"`);
      return;
    }
    let result: SendResult;
    try {
      result = await sender.send(row, stopping?.signal ?? new AbortController().signal);
    } catch (error) {
      // Senders report failures as results; a throw is a bug, retried like a network error.
      logger.error("delivery sender threw", { ...fields, ...describeError(error) });
      result = { ok: false, retryable: true, error: "internal error while sending" };
    }

    if (result.ok) {
      await db
        .update(deliveries)
        .set({
          status: "delivered",
          deliveredAt: sql`now()`,
          lockedUntil: null,
          lastStatusCode: result.statusCode,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(isOurClaim(row));
      logger.debug("delivered", { ...fields, statusCode: result.statusCode });
      return;
    }

    const error = result.error.slice(0, maxErrorChars);
    if (!result.retryable || row.attempts >= row.maxAttempts) {
      await markDead(row, error, result.statusCode);
      return;
    }
    const delayMs = Math.round(
      result.retryAfterSeconds === undefined
        ? retryDelayMs(row.attempts)
        : Math.min(result.retryAfterSeconds * 1000, maxRetryAfterMs),
    );
    await db
      .update(deliveries)
      .set({
        status: "pending",
        lockedUntil: null,
        lastError: error,
        lastStatusCode: result.statusCode ?? null,
        nextAttemptAt: sql`now() + ${delayMs}::integer * interval '1 millisecond'`,
        updatedAt: sql`now()`,
      })
      .where(isOurClaim(row));
    logger.warn("delivery failed, will retry", {
      ...fields,
      statusCode: result.statusCode,
      retryInSeconds: Math.round(delayMs / 1000),
      error,
    });
  }

  async function markDead(row: DeliveryRow, reason: string, statusCode?: number): Promise<void> {
    await db
      .update(deliveries)
      .set({
        status: "dead",
        lockedUntil: null,
        lastError: reason.slice(0, maxErrorChars),
        ...(statusCode === undefined ? {} : { lastStatusCode: statusCode }),
        updatedAt: sql`now()`,
      })
      .where(isOurClaim(row));
    logger.error("delivery failed for good", {
      id: row.id,
      channel: row.channel,
      event: row.event,
      attempts: row.attempts,
      statusCode,
      error: reason.slice(0, maxErrorChars),
    });
  }

  async function runOnce(): Promise<number> {
    const claimed = await claim();
    await Promise.all(claimed.map((row) => deliver(row)));
    return claimed.length;
  }

  const loop = createPollingWorker({
    name: "deliveries",
    logger,
    runOnce,
    batchSize,
    pollIntervalMs,
    inFlightWork: "the deliveries in flight",
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

/**
 * Queues a dead (or delivered) delivery again, as the console's "redeliver" does: a fresh set of
 * attempts, due now. Returns false when the row is not there or is still being sent.
 */
export async function redeliver(
  db: Db,
  id: string,
  where?: ReturnType<typeof and>,
): Promise<boolean> {
  const rows = await db
    .update(deliveries)
    .set({
      status: "pending",
      attempts: 0,
      nextAttemptAt: sql`now()`,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(deliveries.id, id), inArray(deliveries.status, ["dead", "delivered"]), where))
    .returning({ id: deliveries.id });
  return rows.length > 0;
}
