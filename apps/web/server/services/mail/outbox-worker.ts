import {
  and,
  type Db,
  type EmailOutboxMessage,
  emailOutbox,
  eq,
  inArray,
  lt,
  lte,
  or,
  sql,
} from "@jai/db";
import { createPollingWorker } from "../../jobs/polling-worker";
import type { Logger } from "../../logger";
import { describeError } from "../../logger";
import { computeRetryDelayMs } from "./compute-retry-delay";
import { type MailAttachment, MailSendError, type MailTransport } from "./create-mail-transport";

export type OutboxWorkerOptions = {
  db: Db;
  transport: MailTransport;
  logger: Logger;
  /** How often to look for due emails when nothing wakes the worker. */
  pollIntervalMs?: number;
  /** Most emails claimed (and sent concurrently) at once. */
  batchSize?: number;
  /** How long a claim lasts: a worker that dies mid-send loses its rows after this. */
  leaseMs?: number;
  retryDelayMs?: (attempts: number) => number;
  /**
   * Makes the files of a row's `attachment` (e.g. `{ kind: "invoice", … }`: billing's PDF)
   * when it is sent, so the outbox knows nothing of what they are. Null: nothing to attach
   * (the thing is gone); a throw is a failed send, retried like any.
   */
  resolveAttachment?: (attachment: unknown) => Promise<MailAttachment[] | null>;
};

export type OutboxWorker = {
  /** Starts polling (and sends what is due right away). */
  start(): void;
  /** Looks for due emails now: call after queueing one. Cheap; coalesces bursts. */
  wake(): void;
  /** Claims and sends one batch; resolves with how many rows it claimed. */
  runOnce(): Promise<number>;
  /**
   * Stops polling and waits (at most `timeoutMs`) for the sends in flight. A send cut short keeps
   * its claim until the lease expires, and another worker then retries it.
   */
  stop(timeoutMs?: number): Promise<void>;
};

/**
 * Sends the email outbox. Any number of workers, in any number of instances, can run on one
 * database: a claim is `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, so two workers
 * never claim the same row, and a claim is a lease (`locked_until`) that expires if its worker
 * dies. Failed sends are retried with exponential backoff and jitter until `max_attempts`, then
 * the row is marked failed with the last error (never a credential).
 */
export function createOutboxWorker({
  db,
  transport,
  logger,
  pollIntervalMs = 5_000,
  batchSize = 5,
  leaseMs = 5 * 60_000,
  retryDelayMs = (attempts) => computeRetryDelayMs(attempts),
  resolveAttachment,
}: OutboxWorkerOptions): OutboxWorker {
  async function claim(): Promise<EmailOutboxMessage[]> {
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        or(
          and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, sql`now()`)),
          // Claimed by a worker that did not finish in time (crashed, killed, cut off).
          and(eq(emailOutbox.status, "sending"), lt(emailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(emailOutbox.nextAttemptAt)
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(emailOutbox)
      .set({
        status: "sending",
        attempts: sql`${emailOutbox.attempts} + 1`,
        lockedUntil: sql`now() + ${Math.ceil(leaseMs)}::integer * interval '1 millisecond'`,
      })
      .where(inArray(emailOutbox.id, due))
      .returning();
  }

  /** Updates a row only while it is still our claim (same attempt, still sending). */
  const isOurClaim = (row: EmailOutboxMessage) =>
    and(
      eq(emailOutbox.id, row.id),
      eq(emailOutbox.status, "sending"),
      eq(emailOutbox.attempts, row.attempts),
    );

  async function deliver(row: EmailOutboxMessage): Promise<void> {
    if (row.attempts > row.maxAttempts) {
      // Its last attempt was claimed but never finished.
      await markFailed(row, row.lastError ?? "the last attempt did not finish (lease expired)");
      return;
    }
    try {
      let attachments: MailAttachment[] | undefined;
      if (row.attachment != null) {
        if (!resolveAttachment) {
          throw new MailSendError("an attachment to make, but no resolveAttachment", false);
        }
        try {
          attachments = (await resolveAttachment(row.attachment)) ?? undefined;
        } catch (error) {
          throw new MailSendError(`could not make the attachment: ${String(error)}`, false);
        }
      }
      const { location } = await transport.send({
        id: row.id,
        to: row.toAddress,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.textBody,
        createdAt: row.createdAt,
        ...(attachments ? { attachments } : {}),
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(isOurClaim(row));
      logger.info("email sent", {
        id: row.id,
        kind: row.kind,
        attempts: row.attempts,
        via: transport.kind,
        location,
      });
    } catch (error) {
      const failure =
        error instanceof MailSendError ? error : new MailSendError(String(error), false);
      if (failure.isPermanent || row.attempts >= row.maxAttempts) {
        await markFailed(row, failure.message);
        return;
      }
      const delayMs = Math.round(retryDelayMs(row.attempts));
      await db
        .update(emailOutbox)
        .set({
          status: "queued",
          lockedUntil: null,
          lastError: failure.message,
          nextAttemptAt: sql`now() + ${delayMs}::integer * interval '1 millisecond'`,
        })
        .where(isOurClaim(row));
      logger.warn("email not sent, will retry", {
        id: row.id,
        kind: row.kind,
        attempts: row.attempts,
        retryInSeconds: Math.round(delayMs / 1000),
        error: failure.message,
      });
    }
  }

  async function markFailed(row: EmailOutboxMessage, reason: string): Promise<void> {
    await db
      .update(emailOutbox)
      .set({ status: "failed", lockedUntil: null, lastError: reason })
      .where(isOurClaim(row));
    logger.error("email failed for good", {
      id: row.id,
      kind: row.kind,
      attempts: row.attempts,
      error: reason,
    });
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    const results = await Promise.allSettled(rows.map(deliver));
    for (const result of results) {
      // The send went out (or not) but its row could not be updated: the lease will expire and
      // the row be retried, so at worst the email is sent twice, never lost.
      if (result.status === "rejected") {
        logger.error("email outbox: could not record a send", describeError(result.reason));
      }
    }
    return rows.length;
  }

  const loop = createPollingWorker({
    name: "email outbox",
    logger,
    runOnce,
    batchSize,
    pollIntervalMs,
    inFlightWork: "the sends in flight",
  });
  return {
    start: loop.start,
    wake: loop.wake,
    runOnce,
    async stop(timeoutMs) {
      await loop.stop(timeoutMs);
      transport.close();
    },
  };
}
