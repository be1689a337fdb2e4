import { ChannelInputError } from "@jai/channels";
import {
  parseTiktokWebhook,
  type TiktokWebhookEvent,
  tiktokOccurredAt,
  tiktokSourceKey,
  verifyTiktokSignature,
} from "@jai/channels/tiktok/index";
import { and, channelConnections, channelEvents, type Db, eq, isNull, lt, or, sql } from "@jai/db";
import type { Logger } from "../../../logger";
import type { TiktokConnection } from "./tiktok-connections";

/** What the webhook answers: TikTok only reads the status. */
export type TiktokWebhookOutcome =
  | { status: 200; stored: number }
  | { status: 400 | 401 | 404; reason: string };

const nilUuid = "00000000-0000-0000-0000-000000000000";

/** Compared against for unknown connection ids, so they take as long as a bad signature. */
const decoySecret = "0123456789abcdef0123456789abcdef";

/**
 * Shown in the console ("a request did not match the app secret"), written at most once a
 * minute so a flood of forged requests costs one write a minute.
 */
async function recordSignatureFailure(db: Db, connectionId: string): Promise<void> {
  await db
    .update(channelConnections)
    .set({ signatureFailedAt: sql`now()` })
    .where(
      and(
        eq(channelConnections.id, connectionId),
        or(
          isNull(channelConnections.signatureFailedAt),
          lt(channelConnections.signatureFailedAt, sql`now() - interval '1 minute'`),
        ),
      ),
    );
}

/**
 * TikTok's webhook for one connection: verify, store, answer. The `TikTok-Signature` (HMAC of
 * the timestamp and the raw bytes with the app secret) is checked before anything else, and its
 * timestamp must be recent (300 s back, 2 s ahead), so a captured request cannot be replayed;
 * the event is stored under its key (`<event>:<message id>`: TikTok delivers at least once, a
 * redelivery is acknowledged, not stored twice); nothing here calls TikTok or a model: the
 * channel-events job does, after the 200. The echo of our own message (`im_send_msg`) is stored
 * like any event and never answered (the job knows it).
 *
 * - unknown connection: 404, after the same work as a bad signature (no timing difference);
 * - disconnected channel (or in error) or paused bot: 200 (so TikTok keeps the URL), only a
 *   counter goes up;
 * - bad or missing signature: 401, nothing stored (the console shows that one arrived);
 * - a right signature with a stale timestamp (a replay, or a clock far off): 401, nothing
 *   stored, logged (the secret is right, so the console's "did not match" is not set);
 * - not JSON, or not TikTok's shape, after a good signature: 400, logged;
 * - an event for another business account (one developer app, one callback URL, several
 *   accounts): 200, not stored.
 */
export async function receiveTiktokWebhook(
  deps: {
    db: Db;
    logger: Logger;
    loadConnection(id: string): Promise<TiktokConnection | null>;
    /** Wakes the channel-events job. */
    wake(): void;
    /** Connections whose verification this process has recorded (cleared on reconnect). */
    verifiedConnections?: Set<string>;
    now?: () => number;
  },
  request: { connectionId: string; rawBody: Uint8Array; signature: string | null },
): Promise<TiktokWebhookOutcome> {
  const { db, logger } = deps;
  const now = deps.now ?? Date.now;
  const connection = await deps.loadConnection(request.connectionId);
  if (!connection) {
    // The same work as a bad signature (an HMAC, the same update, matching no row), so the
    // answer's timing does not tell which connection ids exist.
    verifyTiktokSignature(request.rawBody, decoySecret, request.signature, now());
    await recordSignatureFailure(db, nilUuid);
    return { status: 404, reason: "unknown connection" };
  }
  if (!connection.active || !connection.secrets || !connection.settings) {
    await db
      .update(channelConnections)
      .set({ ignoredEvents: sql`${channelConnections.ignoredEvents} + 1` })
      .where(eq(channelConnections.id, connection.id));
    return { status: 200, stored: 0 };
  }
  const verdict = verifyTiktokSignature(
    request.rawBody,
    connection.secrets.appSecret,
    request.signature,
    now(),
  );
  if (verdict === "invalid") {
    await recordSignatureFailure(db, connection.id);
    return { status: 401, reason: "bad signature" };
  }
  if (verdict === "stale") {
    logger.warn("TikTok webhook refused: signature timestamp out of tolerance (replay?)", {
      connectionId: connection.id,
    });
    return { status: 401, reason: "stale signature" };
  }

  let event: TiktokWebhookEvent;
  try {
    event = parseTiktokWebhook(JSON.parse(Buffer.from(request.rawBody).toString("utf8")));
  } catch (error) {
    const reason =
      error instanceof ChannelInputError ? "not TikTok's webhook format" : "body is not JSON";
    logger.warn("TikTok webhook refused", { connectionId: connection.id, reason });
    return { status: 400, reason };
  }

  let stored = 0;
  if (event.businessId !== connection.settings.businessId) {
    logger.debug("TikTok event for another business account left out", {
      connectionId: connection.id,
      event: event.event,
    });
  } else {
    const rows = await db
      .insert(channelEvents)
      .values({
        connectionId: connection.id,
        botId: connection.botId,
        channel: "tiktok",
        eventId: event.eventId,
        sourceKey: tiktokSourceKey(event),
        payload: event as unknown as Record<string, unknown>,
        occurredAt: new Date(tiktokOccurredAt(event)),
      })
      .onConflictDoNothing({ target: [channelEvents.connectionId, channelEvents.eventId] })
      .returning({ id: channelEvents.id });
    stored = rows.length;
  }
  // A signed request: the URL and the app secret work, so an earlier mismatch is cleared.
  // Written once per connection and process (a busy webhook does not pay a write per request).
  const verifiedConnections = deps.verifiedConnections;
  if (!verifiedConnections?.has(connection.id)) {
    await db
      .update(channelConnections)
      .set({
        webhookVerifiedAt: sql`coalesce(${channelConnections.webhookVerifiedAt}, now())`,
        signatureFailedAt: null,
      })
      .where(eq(channelConnections.id, connection.id));
    if (verifiedConnections) {
      if (verifiedConnections.size > 10_000) verifiedConnections.clear();
      verifiedConnections.add(connection.id);
    }
  }
  if (stored > 0) deps.wake();
  return { status: 200, stored };
}
