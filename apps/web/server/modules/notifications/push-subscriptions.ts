import {
  notificationLimits,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
} from "@jai/contracts/notifications";
import { and, count, type Db, desc, eq, inArray, pushSubscriptions, sql } from "@jai/db";
import { AppError } from "../../http/errors";
import { parseInput } from "../../services/console/parse-input";
import { vetWebhookTarget, WebhookTargetError } from "../webhooks/ssrf-guard";

/**
 * Stores the browser's subscription for the signed-in user (POST …/push-subscriptions). The
 * endpoint is checked like a webhook's URL (https, a public address) before anything is sent to
 * it. A browser that subscribed for someone else before (another account signed in on it)
 * becomes this user's: alerts follow whoever uses the browser now. Each user keeps at most
 * `pushSubscriptionsPerUser` browsers: the one unused longest goes.
 */
export async function savePushSubscription(
  db: Db,
  userId: string,
  input: unknown,
  options: { allowPrivate: boolean; userAgent: string | null },
): Promise<{ subscriptions: number }> {
  const subscription = parseInput(PushSubscriptionSchema, input);
  try {
    await vetWebhookTarget(subscription.endpoint, { allowPrivate: options.allowPrivate });
  } catch (error) {
    const problem = error instanceof WebhookTargetError ? error.problem : "invalidUrl";
    throw new AppError("VALIDATION_FAILED", {
      message: "not a push service's address",
      fields: { endpoint: problem },
    });
  }
  const userAgent = options.userAgent?.slice(0, 300) ?? null;
  return db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        userAgent,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          userAgent,
          lastError: null,
          updatedAt: sql`now()`,
        },
      });
    const rows = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.createdAt));
    const extra = rows.slice(notificationLimits.pushSubscriptionsPerUser).map((row) => row.id);
    if (extra.length > 0) {
      await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
    }
    return { subscriptions: Math.min(rows.length, notificationLimits.pushSubscriptionsPerUser) };
  });
}

/** Forgets one of the user's browsers by its endpoint (idempotent; others' are untouched). */
export async function deletePushSubscription(db: Db, userId: string, input: unknown) {
  const { endpoint } = parseInput(PushUnsubscribeSchema, input);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function countPushSubscriptions(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.total ?? 0;
}
