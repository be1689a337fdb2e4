import { ChannelInputError } from "@jai/channels";
import {
  type LineWebhookEvent,
  lineSourceKey,
  parseLineWebhook,
  verifyLineSignature,
} from "@jai/channels/line/index";
import { and, channelConnections, channelEvents, type Db, eq, isNull, lt, or, sql } from "@jai/db";
import type { Logger } from "../../../logger";
import type { LineConnection } from "./line-connections";

/** What the webhook answers: LINE only reads the status. */
export type LineWebhookOutcome =
  | { status: 200; stored: number }
  | { status: 400 | 401 | 404; reason: string };

const nilUuid = "00000000-0000-0000-0000-000000000000";

/**
 * Shown in the console ("a request did not match the channel secret"), written at most once a
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

/** Compared against for unknown connection ids, so they take as long as a bad signature. */
const decoySecret = "0123456789abcdef0123456789abcdef";

/**
 * LINE's webhook for one connection: verify, store, answer. The signature is checked on the raw
 * bytes before anything else; each event is stored under its `webhookEventId` (a redelivery is
 * acknowledged, not stored twice); nothing here calls LINE or a model: the channel-events job
 * does, after the 200.
 *
 * - unknown connection: 404, after the same work as a bad signature (no timing difference);
 * - disconnected channel or paused bot: 200 (so LINE keeps the URL), only a counter goes up;
 * - bad or missing signature: 401, nothing stored (the console shows that one arrived);
 * - not JSON, or not LINE's shape, after a good signature: 400, logged;
 * - an empty `events` array is LINE's "Verify": 200, and the console shows it verified.
 */
export async function receiveLineWebhook(
  deps: {
    db: Db;
    logger: Logger;
    loadConnection(id: string): Promise<LineConnection | null>;
    /** Wakes the channel-events job. */
    wake(): void;
    /** Connections whose verification this process has recorded (cleared on reconnect). */
    verifiedConnections?: Set<string>;
  },
  request: { connectionId: string; rawBody: Uint8Array; signature: string | null },
): Promise<LineWebhookOutcome> {
  const { db, logger } = deps;
  const connection = await deps.loadConnection(request.connectionId);
  if (!connection) {
    // The same work as a bad signature (an HMAC, the same update, matching no row), so the
    // answer's timing does not tell which connection ids exist.
    verifyLineSignature(request.rawBody, decoySecret, request.signature);
    await recordSignatureFailure(db, nilUuid);
    return { status: 404, reason: "unknown connection" };
  }
  if (!connection.active || !connection.secrets) {
    await db
      .update(channelConnections)
      .set({ ignoredEvents: sql`${channelConnections.ignoredEvents} + 1` })
      .where(eq(channelConnections.id, connection.id));
    return { status: 200, stored: 0 };
  }
  if (!verifyLineSignature(request.rawBody, connection.secrets.channelSecret, request.signature)) {
    await recordSignatureFailure(db, connection.id);
    return { status: 401, reason: "bad signature" };
  }

  let events: LineWebhookEvent[];
  try {
    events = parseLineWebhook(JSON.parse(Buffer.from(request.rawBody).toString("utf8")));
  } catch (error) {
    const reason =
      error instanceof ChannelInputError ? "not LINE's webhook format" : "body is not JSON";
    logger.warn("LINE webhook refused", { connectionId: connection.id, reason });
    return { status: 400, reason };
  }

  const stored =
    events.length === 0
      ? []
      : await db
          .insert(channelEvents)
          .values(
            events.map((event) => ({
              connectionId: connection.id,
              botId: connection.botId,
              channel: "line" as const,
              eventId: event.webhookEventId,
              sourceKey: lineSourceKey(event),
              payload: event as Record<string, unknown>,
              occurredAt: new Date(event.timestamp),
            })),
          )
          .onConflictDoNothing({ target: [channelEvents.connectionId, channelEvents.eventId] })
          .returning({ id: channelEvents.id });
  // LINE's "Verify" (an empty events array) or the first signed event: the URL works. Written
  // once per connection and process (a busy webhook does not pay a write per request).
  const verifiedConnections = deps.verifiedConnections;
  if (!verifiedConnections?.has(connection.id)) {
    await db
      .update(channelConnections)
      .set({ webhookVerifiedAt: sql`now()`, signatureFailedAt: null })
      .where(
        and(eq(channelConnections.id, connection.id), isNull(channelConnections.webhookVerifiedAt)),
      );
    if (verifiedConnections) {
      if (verifiedConnections.size > 10_000) verifiedConnections.clear();
      verifiedConnections.add(connection.id);
    }
  }
  if (stored.length > 0) deps.wake();
  return { status: 200, stored: stored.length };
}
