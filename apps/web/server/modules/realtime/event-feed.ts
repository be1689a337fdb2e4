import type { InboxStreamEvent } from "@jai/contracts/inbox";
import type { Db, InboxEventKind } from "@jai/db";
import { describeError, type Logger } from "../../logger";
import type { InboxNotice } from "../inbox/inbox-events";
import { readEventBounds, readMissedEvents } from "./read-missed-events";
import type { RealtimeHub, SubscriptionScope } from "./realtime-hub";

/** What a stream sends, in order. */
export type FeedItem =
  | { type: "event"; event: InboxStreamEvent }
  /** The stream is live; `cursor` is where a reconnect resumes if nothing arrives before. */
  | { type: "ready"; cursor: number }
  /** Too much was missed: the page reloads what it shows; a reconnect resumes from `cursor`. */
  | { type: "reset"; cursor: number };

export type EventFeed = {
  /** The next item, waiting for one; null once the feed is closed. */
  next(): Promise<FeedItem | null>;
  /** Stops the feed (the client left, or the server stops); idempotent. */
  close(): void;
  isClosed(): boolean;
};

/** Items a stream may have waiting: a client that stops reading gets a reset instead. */
const maxQueued = 1_000;
/** Ids a feed remembers having sent, to drop the same event arriving twice. */
const rememberedIds = 2_000;

/**
 * One stream's events: subscribes to the hub first, then reads what was missed since
 * `lastEventId` from `inbox_events`, so a change committed in between arrives one way or the
 * other — and an event arriving both ways is sent once. Live events follow in commit order.
 * When the hub's connection was lost, the feed reads what it missed again.
 *
 * A `lastEventId` of null starts live (`ready` carries the cursor to resume from); "invalid"
 * (a header that is not an id) resets.
 */
export async function openEventFeed({
  hub,
  db,
  logger,
  scope,
  kinds,
  lastEventId,
}: {
  hub: RealtimeHub;
  db: Db;
  logger: Logger;
  scope: SubscriptionScope;
  /** Only these kinds (the customer's stream: `message`); every kind when absent. */
  kinds?: readonly InboxEventKind[];
  lastEventId: number | null | "invalid";
}): Promise<EventFeed> {
  const queue: FeedItem[] = [];
  let wake: (() => void) | undefined;
  let isClosed = false;
  /** Live notices held while the table is read, then merged after what it returned. */
  let held: InboxNotice[] | null = [];
  const sent = new Set<number>();
  const sentOrder: number[] = [];
  /** The highest id sent (or the starting point): where a re-read after a reconnect begins. */
  let cursor = 0;

  const signal = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const push = (item: FeedItem) => {
    if (isClosed) return;
    if (queue.length >= maxQueued) {
      // The client is not reading: what it would get is a reload anyway.
      queue.length = 0;
      queue.push({ type: "reset", cursor });
    } else {
      queue.push(item);
    }
    signal();
  };
  const pushEvent = (event: InboxStreamEvent) => {
    if (sent.has(event.id)) return;
    sent.add(event.id);
    sentOrder.push(event.id);
    if (sentOrder.length > rememberedIds) sent.delete(sentOrder.shift()!);
    cursor = Math.max(cursor, event.id);
    push({ type: "event", event });
  };
  const matches = (notice: InboxNotice) => !kinds || kinds.includes(notice.kind);
  const toEvent = ({ id, kind, conversationId, messageId }: InboxNotice): InboxStreamEvent => ({
    id,
    kind,
    conversationId,
    messageId,
  });

  /** Reads the table after `after`, sends it, then what arrived meanwhile. */
  async function catchUp(after: number) {
    held ??= [];
    const missed = await readMissedEvents(db, { scope, after, kinds });
    if (missed.kind === "reset") {
      cursor = Math.max(cursor, missed.cursor);
      push({ type: "reset", cursor: missed.cursor });
    } else {
      for (const event of missed.events) pushEvent(event);
    }
    const live = held ?? [];
    held = null;
    for (const notice of live) {
      // Older than a reset's cursor: the reload shows it.
      if (missed.kind === "reset" && notice.id <= missed.cursor) continue;
      pushEvent(toEvent(notice));
    }
  }

  let resyncing: Promise<void> | undefined;
  const unsubscribe = await hub.subscribe({
    scope,
    onNotice(notice) {
      if (isClosed || !matches(notice)) return;
      if (held) held.push(notice);
      else pushEvent(toEvent(notice));
    },
    onResync() {
      if (isClosed) return;
      held ??= [];
      const from = cursor;
      resyncing = (resyncing ?? Promise.resolve())
        .then(() => catchUp(from))
        .catch((error: unknown) => {
          logger.warn("real-time stream could not read what it missed", describeError(error));
          feed.close();
        });
    },
    onClose: () => feed.close(),
  });

  const feed: EventFeed = {
    async next() {
      for (;;) {
        const item = queue.shift();
        if (item) return item;
        if (isClosed) return null;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
    close() {
      if (isClosed) return;
      isClosed = true;
      unsubscribe();
      queue.length = 0;
      signal();
    },
    isClosed: () => isClosed,
  };

  try {
    if (lastEventId === null) {
      cursor = (await readEventBounds(db)).newest;
      flushHeld();
    } else if (lastEventId === "invalid") {
      cursor = (await readEventBounds(db)).newest;
      push({ type: "reset", cursor });
      flushHeld();
    } else {
      cursor = lastEventId;
      await catchUp(lastEventId);
    }
  } catch (error) {
    feed.close();
    throw error;
  }
  push({ type: "ready", cursor });
  return feed;

  /** Starting live: what arrived while the cursor was read goes out too (the page may not have it). */
  function flushHeld() {
    const live = held ?? [];
    held = null;
    for (const notice of live) pushEvent(toEvent(notice));
  }
}
