import { createHash, timingSafeEqual } from "node:crypto";
import { ChannelInputError } from "@jai/channels";
import { metaSourceKey, parseMetaWebhook, verifyMetaSignature } from "@jai/channels/meta/index";
import type { MetaWebhookEvent } from "@jai/channels/meta/types";
import {
  and,
  channelConnections,
  channelEvents,
  type Db,
  eq,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from "@jai/db";
import type { Logger } from "../../../logger";
import type { MetaConnection } from "./meta-connections";

/** What the webhook answers: Meta only reads the status. */
export type MetaWebhookOutcome =
  | { status: 200; stored: number }
  | { status: 400 | 401 | 404; reason: string };

const nilUuid = "00000000-0000-0000-0000-000000000000";

/** Compared against for unknown connection ids, so they take as long as a known one. */
const decoySecret = "0123456789abcdef0123456789abcdef";
const decoyVerifyToken = "jai_decoy-verify-token-0123456789abcdef";

/** Meta's `hub.challenge` is a number; anything else is not echoed back. */
const challengePattern = /^[A-Za-z0-9._~-]{1,256}$/;

/** Whether two strings are equal, in a time that does not depend on where they differ. */
function sameToken(given: string, expected: string): boolean {
  // Hashing first makes both sides the same length, so even the length is not told.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Meta's subscription handshake (`GET` with `hub.mode=subscribe`, `hub.verify_token`,
 * `hub.challenge`), sent when the owner saves the callback URL in the Meta app: the challenge
 * is answered only when the verify token is the one Jai made for this connection (compared in
 * constant time), and the console then shows the webhook verified.
 *
 * - unknown connection: 404, after the same comparison (no timing difference);
 * - wrong token or mode, no challenge, or a disconnected channel (its token was deleted): 403.
 */
export async function verifyMetaSubscription(
  deps: { db: Db; loadConnection(id: string): Promise<MetaConnection | null> },
  request: {
    connectionId: string;
    mode: string | null;
    verifyToken: string | null;
    challenge: string | null;
  },
): Promise<{ status: 200; challenge: string } | { status: 403 | 404 }> {
  const connection = await deps.loadConnection(request.connectionId);
  const expected = connection?.secrets?.verifyToken;
  const matches = sameToken(request.verifyToken ?? "", expected ?? decoyVerifyToken);
  if (!connection) return { status: 404 };
  if (
    !expected ||
    !matches ||
    request.mode !== "subscribe" ||
    !request.challenge ||
    !challengePattern.test(request.challenge)
  ) {
    return { status: 403 };
  }
  await deps.db
    .update(channelConnections)
    .set({ webhookVerifiedAt: sql`now()` })
    .where(eq(channelConnections.id, connection.id));
  return { status: 200, challenge: request.challenge };
}

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

/** The webhook object each channel's events come under. */
const objectOf = { messenger: "page", instagram: "instagram" } as const;

/**
 * Whether an event is for this connection's Page (Messenger) or Instagram account. One Meta app
 * has one callback URL per object, so an app that serves two Pages sends both Pages' events to
 * whichever URL was saved last: the other Page's events are not this connection's to answer.
 */
function isForConnection(event: MetaWebhookEvent, connection: MetaConnection): boolean {
  if (event.object !== objectOf[connection.channel]) return false;
  const settings = connection.settings;
  if (!settings) return false;
  if (connection.channel === "messenger") return event.entryId === settings.pageId;
  // Instagram's entries name the professional account (some older apps the Page).
  return event.entryId === settings.instagram?.id || event.entryId === settings.pageId;
}

/**
 * Meta's webhook for one Messenger or Instagram connection: verify, store, answer. The signature
 * (`X-Hub-Signature-256`, the HMAC-SHA256 of the raw bytes with the app secret) is checked
 * before anything else; every entry and every messaging item of a batch is stored under its id
 * (a message's `mid`: a redelivered batch is acknowledged, not stored twice); nothing here calls
 * the Graph API or a model: the channel-events job does, after the 200.
 *
 * - unknown connection: 404, after the same work as a bad signature (no timing difference);
 * - disconnected channel or paused bot: 200 (so Meta keeps the subscription), a counter goes up;
 * - bad or missing signature: 401, nothing stored (the console shows that one arrived);
 * - not JSON, or not Meta's shape, after a good signature: 400, logged;
 * - events of another object or Page (an Instagram event on a Messenger connection): 200,
 *   not stored.
 */
export async function receiveMetaWebhook(
  deps: {
    db: Db;
    logger: Logger;
    loadConnection(id: string): Promise<MetaConnection | null>;
    /** Wakes the channel-events job. */
    wake(): void;
    /** Connections whose verification this process has recorded (cleared on reconnect). */
    verifiedConnections?: Set<string>;
  },
  request: { connectionId: string; rawBody: Uint8Array; signature: string | null },
): Promise<MetaWebhookOutcome> {
  const { db, logger } = deps;
  const connection = await deps.loadConnection(request.connectionId);
  if (!connection) {
    // The same work as a bad signature (an HMAC, the same update, matching no row), so the
    // answer's timing does not tell which connection ids exist.
    verifyMetaSignature(request.rawBody, decoySecret, request.signature);
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
  if (!verifyMetaSignature(request.rawBody, connection.secrets.appSecret, request.signature)) {
    await recordSignatureFailure(db, connection.id);
    return { status: 401, reason: "bad signature" };
  }

  let events: MetaWebhookEvent[];
  try {
    events = parseMetaWebhook(JSON.parse(Buffer.from(request.rawBody).toString("utf8")));
  } catch (error) {
    const reason =
      error instanceof ChannelInputError ? "not Meta's webhook format" : "body is not JSON";
    logger.warn("Meta webhook refused", { connectionId: connection.id, reason });
    return { status: 400, reason };
  }

  const mine = events.filter((event) => isForConnection(event, connection));
  if (mine.length < events.length) {
    logger.debug("Meta events for another object or Page left out", {
      connectionId: connection.id,
      count: events.length - mine.length,
    });
  }
  // One person's events are processed in `occurred_at` order. Meta's timestamps are
  // milliseconds, and two items of a batch may share one: each is kept after the person's
  // previous item, so the batch's order holds.
  const lastAt = new Map<string, number>();
  const rows = mine.map((event) => {
    const key = metaSourceKey(event);
    const previous = lastAt.get(key);
    const at =
      previous !== undefined && previous >= event.timestamp ? previous + 1 : event.timestamp;
    lastAt.set(key, at);
    return {
      connectionId: connection.id,
      botId: connection.botId,
      channel: connection.channel,
      eventId: event.eventId,
      sourceKey: key,
      payload: event as unknown as Record<string, unknown>,
      occurredAt: new Date(at),
    };
  });
  const stored =
    rows.length === 0
      ? []
      : await db
          .insert(channelEvents)
          .values(rows)
          .onConflictDoNothing({ target: [channelEvents.connectionId, channelEvents.eventId] })
          .returning({ id: channelEvents.id });
  // A signed request: the URL and the app secret work (the handshake proved only the verify
  // token), so an earlier mismatch is cleared. Written once per connection and process (a busy
  // webhook does not pay a write per request).
  const verifiedConnections = deps.verifiedConnections;
  if (!verifiedConnections?.has(connection.id)) {
    await db
      .update(channelConnections)
      .set({
        webhookVerifiedAt: sql`coalesce(${channelConnections.webhookVerifiedAt}, now())`,
        signatureFailedAt: null,
      })
      .where(
        and(
          eq(channelConnections.id, connection.id),
          or(
            isNull(channelConnections.webhookVerifiedAt),
            isNotNull(channelConnections.signatureFailedAt),
          ),
        ),
      );
    if (verifiedConnections) {
      if (verifiedConnections.size > 10_000) verifiedConnections.clear();
      verifiedConnections.add(connection.id);
    }
  }
  if (stored.length > 0) deps.wake();
  return { status: 200, stored: stored.length };
}
