import type { Db, InboxEventKind } from "@jai/db";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { AppError } from "../../http/errors";
import { describeError, type Logger } from "../../logger";
import { type FeedItem, openEventFeed } from "./event-feed";
import type { RealtimeHub, SubscriptionScope } from "./realtime-hub";

/** Headers of an event stream; proxies must neither buffer, cache nor transform it. */
const streamHeaders = {
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
} as const;

export type EventStreamOptions = {
  hub: RealtimeHub;
  db: Db;
  logger: Logger;
  scope: SubscriptionScope;
  kinds?: readonly InboxEventKind[];
  /** Whose open streams count together (a user, a conversation), and how many may be open. */
  limit: { key: string; max: number };
  /**
   * Checked at every heartbeat: false ends the stream (the member's session ended, they lost the
   * role or the workspace; a widget session expired). The client's reconnect is checked afresh.
   */
  isStillAllowed?: () => Promise<boolean>;
};

/**
 * Answers with a Server-Sent Events stream of the scope's changes: `event: inbox` with the
 * `inbox_events` id as `id:` and an InboxStreamEvent as data; first what was missed since the
 * request's `Last-Event-ID` (header, or `?lastEventId=` for polyfills that cannot set it), then
 * live ones; `event: ready` once live, `event: reset` when the client must reload instead.
 * Too many open streams for the same key: 429. During a shutdown: an empty stream that asks to
 * reconnect (to another instance) soon.
 */
export async function respondWithEventStream(
  c: Context,
  options: EventStreamOptions,
): Promise<Response> {
  const { hub, logger } = options;
  if (hub.isClosing()) return reconnectSoon(c);
  const release = hub.acquireSlot(options.limit.key, options.limit.max);
  if (!release) {
    throw new AppError("RATE_LIMITED", {
      message: `at most ${options.limit.max} live streams may be open at once`,
      retryAfterSeconds: 30,
    });
  }
  let feed: Awaited<ReturnType<typeof openEventFeed>>;
  try {
    feed = await openEventFeed({
      hub,
      db: options.db,
      logger,
      scope: options.scope,
      kinds: options.kinds,
      lastEventId: parseLastEventId(
        c.req.header("last-event-id") ?? c.req.query("lastEventId") ?? null,
      ),
    });
  } catch (error) {
    release();
    logger.warn("real-time stream could not start", describeError(error));
    throw new AppError("SERVICE_UNAVAILABLE");
  }

  const response = streamSSE(c, async (stream) => {
    // One beat at a time: when the database is slower than the beat, checks are skipped
    // rather than queued behind each other (hundreds of streams would otherwise pile them up).
    let isBeating = false;
    const heartbeat = setInterval(() => {
      if (isBeating) return;
      isBeating = true;
      void (async () => {
        try {
          if (options.isStillAllowed && !(await options.isStillAllowed().catch(() => true))) {
            feed.close();
            return;
          }
          await stream.write(": ping\n\n");
        } finally {
          isBeating = false;
        }
      })();
    }, hub.heartbeatMs);
    stream.onAbort(() => feed.close());
    try {
      // Tells the browser how soon to come back after the stream ends (jittered, so a restart
      // does not bring every client back in the same instant).
      await stream.write(`retry: ${1_000 + Math.floor(Math.random() * 2_000)}\n\n`);
      for (let item = await feed.next(); item; item = await feed.next()) {
        await stream.writeSSE(toMessage(item));
      }
    } finally {
      clearInterval(heartbeat);
      feed.close();
      release();
    }
  });
  for (const [name, value] of Object.entries(streamHeaders)) response.headers.set(name, value);
  return response;
}

function toMessage(item: FeedItem): { event: string; id: string; data: string } {
  switch (item.type) {
    case "event":
      return { event: "inbox", id: String(item.event.id), data: JSON.stringify(item.event) };
    case "ready":
    case "reset":
      return { event: item.type, id: String(item.cursor), data: JSON.stringify(item) };
  }
}

/**
 * A Last-Event-ID: an `inbox_events` id; null when there is none (a first connection);
 * "invalid" for anything else, which the stream answers with a reset.
 */
export function parseLastEventId(value: string | null): number | null | "invalid" {
  if (value === null || value.trim() === "") return null;
  if (!/^\d{1,15}$/.test(value.trim())) return "invalid";
  return Number(value.trim());
}

function reconnectSoon(c: Context): Response {
  return c.body(`retry: ${1_000 + Math.floor(Math.random() * 2_000)}\n\n`, 200, {
    "Content-Type": "text/event-stream",
    ...streamHeaders,
  });
}
