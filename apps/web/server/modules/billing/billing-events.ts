import type { InvoiceSeller } from "@jai/contracts/billing";
import { and, asc, type Db, eq, isNull, lte, paymentEvents, payments, sql } from "@jai/db";
import { describeError, type Logger } from "../../logger";
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderEvent,
} from "./providers/payment-provider";
import { failPayment, refundPayment, settlePayment } from "./settle-payment";

/** Tries of an event the provider could not be asked about, before it is left failed. */
const maxAttempts = 8;

/**
 * A payment provider's webhook: the signature checked over the raw body, the event stored
 * (unique by provider and event id: a replay stores nothing) and 200 — processed afterwards by
 * the billing events job. 401 for a bad signature (nothing stored); 404 when the server has no
 * such provider configured.
 */
export async function receivePaymentWebhook(
  deps: { db: Db; logger: Logger; provider: PaymentProvider | null; onEventStored?: () => void },
  input: { providerId: string; rawBody: string; headers: Headers },
): Promise<{ status: 200 | 401 | 404 }> {
  const provider = deps.provider;
  if (!provider || provider.id !== input.providerId) return { status: 404 };
  let event: ProviderEvent;
  try {
    event = provider.verifyWebhook(input.rawBody, input.headers);
  } catch (error) {
    deps.logger.warn("payment webhook refused", {
      provider: provider.id,
      reason: error instanceof PaymentProviderError ? error.message : "unreadable",
    });
    return { status: 401 };
  }
  const inserted = await deps.db
    .insert(paymentEvents)
    .values({
      provider: provider.id,
      eventId: event.id,
      type: event.type,
      payload: {
        kind: event.kind,
        chargeId: event.chargeId,
        createdAt: event.createdAt.toISOString(),
        body: event.payload,
      },
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (inserted.length > 0) deps.onEventStored?.();
  return { status: 200 };
}

type StoredPayload = { kind: ProviderEvent["kind"]; chargeId: string | null };

/**
 * Processes stored payment events, oldest first, claimed with `FOR UPDATE SKIP LOCKED`. The
 * charge is asked of the provider again (its word, not the event's, decides: an old event
 * delivered late cannot undo newer state), and the payment moves only from pending, so a
 * replayed or out-of-order event changes nothing twice.
 */
export async function processPaymentEvents(
  deps: {
    db: Db;
    logger: Logger;
    provider: PaymentProvider | null;
    seller: InvoiceSeller;
    publicUrl: string;
    onEmailQueued?: () => void;
    now?: () => Date;
  },
  batchSize = 10,
): Promise<number> {
  const now = deps.now?.() ?? new Date();
  // Due by the database's clock, which stamped the event: by this process's clock (milliseconds,
  // perhaps another host's) an event stored a moment ago could look not yet due and wait a poll.
  const due = deps.now ? now : sql<Date>`now()`;
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(paymentEvents)
      .where(and(isNull(paymentEvents.processedAt), lte(paymentEvents.nextAttemptAt, due)))
      .orderBy(asc(paymentEvents.receivedAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    // A lease: another instance leaves these alone for a minute.
    for (const row of rows) {
      await tx
        .update(paymentEvents)
        .set({
          nextAttemptAt: new Date(now.getTime() + 60_000),
          attempts: sql`${paymentEvents.attempts} + 1`,
        })
        .where(eq(paymentEvents.id, row.id));
    }
    return rows;
  });
  for (const event of claimed) {
    try {
      await processOne(deps, event.provider, event.payload as StoredPayload, now);
      await deps.db
        .update(paymentEvents)
        .set({ processedAt: new Date(), lastError: null })
        .where(eq(paymentEvents.id, event.id));
    } catch (error) {
      const attempts = event.attempts + 1;
      const retryable = !(error instanceof PaymentProviderError) || error.kind === "unavailable";
      const done = !retryable || attempts >= maxAttempts;
      deps.logger.warn("payment event not processed", {
        eventId: event.eventId,
        attempts,
        ...describeError(error),
      });
      await deps.db
        .update(paymentEvents)
        .set({
          lastError: error instanceof Error ? error.message.slice(0, 500) : "failed",
          nextAttemptAt: new Date(now.getTime() + Math.min(3_600_000, 30_000 * 2 ** attempts)),
          ...(done ? { processedAt: new Date() } : {}),
        })
        .where(eq(paymentEvents.id, event.id));
    }
  }
  if (claimed.length > 0) deps.onEmailQueued?.();
  return claimed.length;
}

async function processOne(
  deps: Parameters<typeof processPaymentEvents>[0],
  providerId: string,
  payload: StoredPayload,
  now: Date,
): Promise<void> {
  if (payload.kind === "other" || !payload.chargeId) return;
  const provider = deps.provider;
  if (!provider || provider.id !== providerId) return;
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.provider, provider.id), eq(payments.providerChargeId, payload.chargeId)),
    );
  if (!payment) {
    deps.logger.info("payment event for an unknown charge", { provider: provider.id });
    return;
  }
  const charge = await provider.retrieveCharge(payload.chargeId);
  await deps.db.transaction(async (tx) => {
    switch (charge.status) {
      case "succeeded":
        await settlePayment(tx, { paymentId: payment.id, now, seller: deps.seller });
        return;
      case "failed":
      case "expired":
        await failPayment(tx, {
          paymentId: payment.id,
          status: charge.status,
          charge,
          now,
          publicUrl: deps.publicUrl,
        });
        return;
      case "refunded":
        // A refund of a charge never settled here first settles it, then credits it.
        await settlePayment(tx, { paymentId: payment.id, now, seller: deps.seller });
        await refundPayment(tx, {
          paymentId: payment.id,
          amountSatang: charge.amountSatang,
          now,
          seller: deps.seller,
        });
        return;
      case "pending":
        return;
    }
  });
}
