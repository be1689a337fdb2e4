import { and, type Db, eq, inArray, isNotNull, pushSubscriptions, sql } from "@jai/db";
import type { Logger } from "../../logger";
import { type PushMessage, type SendWebPushOptions, sendWebPush } from "./send-web-push";

export type StoredSubscription = { id: string; endpoint: string; p256dh: string; auth: string };

/** Pushes sent at once by one worker (each waits at most the push timeout). */
const concurrency = 8;

/**
 * Sends browser notifications and keeps the subscriptions honest: one the push service calls
 * gone (404 / 410: unsubscribed, expired) is deleted; any other failure is kept in
 * `last_error` and the subscription is tried again with the next alert; a success clears it.
 */
export async function deliverPushes(
  deps: { db: Db; logger: Logger; push: Omit<SendWebPushOptions, "signal"> },
  sends: ReadonlyArray<{ subscription: StoredSubscription; message: PushMessage }>,
  signal?: AbortSignal,
): Promise<{ sent: number; failed: number; gone: number }> {
  const results = await mapWithLimit(sends, concurrency, ({ subscription, message }) =>
    sendWebPush(subscription, message, { ...deps.push, ...(signal ? { signal } : {}) }),
  );
  const gone: string[] = [];
  const succeeded: string[] = [];
  const failures: Array<{ id: string; error: string }> = [];
  results.forEach((result, index) => {
    const id = sends[index]!.subscription.id;
    if (result.ok) succeeded.push(id);
    else if (result.gone) gone.push(id);
    else failures.push({ id, error: result.error.slice(0, 300) });
  });
  const { db } = deps;
  if (gone.length > 0) {
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  }
  if (succeeded.length > 0) {
    await db
      .update(pushSubscriptions)
      .set({ lastError: null, updatedAt: sql`now()` })
      .where(and(inArray(pushSubscriptions.id, succeeded), isNotNull(pushSubscriptions.lastError)));
  }
  for (const failure of failures) {
    await db
      .update(pushSubscriptions)
      .set({ lastError: failure.error })
      .where(eq(pushSubscriptions.id, failure.id));
  }
  if (failures.length > 0) {
    deps.logger.warn("browser notifications failed", {
      failed: failures.length,
      error: failures[0]!.error,
    });
  }
  return { sent: succeeded.length, failed: failures.length, gone: gone.length };
}

async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}
