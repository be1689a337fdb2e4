import { type Db, deliveries, type NewDeliveryRow } from "@jai/db";

export type DeliveryInput = Pick<
  NewDeliveryRow,
  "kind" | "channel" | "targetId" | "ownerId" | "botId" | "event" | "idempotencyKey" | "payload"
> & { maxAttempts?: number };

/**
 * Queues deliveries (in the caller's transaction when given one). The idempotency key is
 * unique: queueing the same message or event twice queues it once. Returns the ids of the rows
 * queued now (duplicates left out), so the caller knows whether to wake the worker.
 */
export async function enqueueDeliveries(
  db: Db,
  inputs: readonly DeliveryInput[],
): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = await db
    .insert(deliveries)
    .values(inputs.map((input) => ({ ...input, status: "pending" as const })))
    .onConflictDoNothing({ target: deliveries.idempotencyKey })
    .returning({ id: deliveries.id });
  return rows.map((row) => row.id);
}
