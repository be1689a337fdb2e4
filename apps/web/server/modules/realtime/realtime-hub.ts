import type { Database } from "@jai/db";
import { describeError, type Logger } from "../../logger";
import { type InboxNotice, inboxNotifyChannel, parseInboxNotice } from "../inbox/inbox-events";
import { createNoticeListener, type NoticeListener } from "./notice-listener";

/** Whose notices a subscriber hears: a workspace's (the inbox) or one conversation's (its customer). */
export type SubscriptionScope = { workspaceId: string } | { conversationId: string };

export type RealtimeSubscriber = {
  scope: SubscriptionScope;
  /** A committed change in the scope, as its NOTIFY said it (ids only). */
  onNotice(notice: InboxNotice): void;
  /** Notices may have been lost (the listener reconnected): read what was missed from the table. */
  onResync(): void;
  /** The server is stopping: end the stream (the client reconnects, to another instance). */
  onClose(): void;
};

/**
 * The process's one LISTEN on `inbox_events`, fanned out to the open streams: each registers
 * for a workspace or a conversation. Instances share nothing but the database: a change
 * committed through any instance reaches the streams of every instance.
 */
export type RealtimeHub = {
  /** Starts listening (also done by the first subscriber); resolves once LISTEN is in place. */
  start(): Promise<void>;
  /**
   * Registers a subscriber once the listener is live, so whatever the caller reads from the
   * table afterwards plus the notices it hears cover every change. Returns the unsubscribe.
   * AppError-free: rejects only when the database cannot be listened to.
   */
  subscribe(subscriber: RealtimeSubscriber): Promise<() => void>;
  /**
   * Counts an open stream under `key` (a user, a conversation) on this instance; null when `max`
   * are open already. Call the returned release once the stream ends.
   */
  acquireSlot(key: string, max: number): (() => void) | null;
  /** Shutdown begins: every stream is told to close, and no new one may open. */
  closeStreams(): void;
  /** True once closeStreams ran: new streams answer at once and end. */
  isClosing(): boolean;
  /** Stops listening; before the database closes. Idempotent. */
  stop(): Promise<void>;
  /** Open subscriptions (for tests and the benchmark). */
  size(): number;
  /** How often open streams send a heartbeat and check that their client may still listen. */
  readonly heartbeatMs: number;
};

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const defaultHeartbeatMs = 25_000;

export function createRealtimeHub({
  database,
  logger,
  listener: givenListener,
  heartbeatMs = defaultHeartbeatMs,
}: {
  database: Database;
  logger: Logger;
  /** Tests: a short heartbeat, to see a stream end when its session does. */
  heartbeatMs?: number;
  /** Tests: a listener with short backoffs. */
  listener?: (
    options: Pick<Parameters<typeof createNoticeListener>[0], "onPayload" | "onReconnect">,
  ) => NoticeListener;
}): RealtimeHub {
  const byWorkspace = new Map<string, Set<RealtimeSubscriber>>();
  const byConversation = new Map<string, Set<RealtimeSubscriber>>();
  const slots = new Map<string, number>();
  let isClosing = false;

  const deliver = (subscribers: Set<RealtimeSubscriber> | undefined, notice: InboxNotice) => {
    if (!subscribers) return;
    for (const subscriber of subscribers) {
      try {
        subscriber.onNotice(notice);
      } catch (error) {
        logger.error("real-time subscriber failed", describeError(error));
      }
    }
  };

  const forEachSubscriber = (run: (subscriber: RealtimeSubscriber) => void) => {
    for (const group of [byWorkspace, byConversation]) {
      for (const subscribers of group.values()) {
        for (const subscriber of [...subscribers]) {
          try {
            run(subscriber);
          } catch (error) {
            logger.error("real-time subscriber failed", describeError(error));
          }
        }
      }
    }
  };

  const callbacks = {
    onPayload(payload: string) {
      const notice = parseInboxNotice(payload);
      if (!notice) return;
      if (notice.workspaceId) deliver(byWorkspace.get(notice.workspaceId), notice);
      deliver(byConversation.get(notice.conversationId), notice);
    },
    onReconnect() {
      forEachSubscriber((subscriber) => subscriber.onResync());
    },
  };
  const listener = givenListener
    ? givenListener(callbacks)
    : createNoticeListener({ database, logger, channel: inboxNotifyChannel, ...callbacks });

  const groupOf = (scope: SubscriptionScope): [Map<string, Set<RealtimeSubscriber>>, string] =>
    "workspaceId" in scope
      ? [byWorkspace, scope.workspaceId]
      : [byConversation, scope.conversationId];

  return {
    heartbeatMs,
    start: () => listener.start(),
    async subscribe(subscriber) {
      await listener.start();
      const [group, key] = groupOf(subscriber.scope);
      let subscribers = group.get(key);
      if (!subscribers) {
        subscribers = new Set();
        group.set(key, subscribers);
      }
      subscribers.add(subscriber);
      return () => {
        const current = group.get(key);
        if (!current?.delete(subscriber)) return;
        if (current.size === 0) group.delete(key);
      };
    },
    acquireSlot(key, max) {
      const open = slots.get(key) ?? 0;
      if (open >= max) return null;
      slots.set(key, open + 1);
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        const left = (slots.get(key) ?? 1) - 1;
        if (left > 0) slots.set(key, left);
        else slots.delete(key);
      };
    },
    closeStreams() {
      isClosing = true;
      forEachSubscriber((subscriber) => subscriber.onClose());
    },
    isClosing: () => isClosing,
    async stop() {
      isClosing = true;
      await listener.stop();
    },
    size() {
      let count = 0;
      for (const group of [byWorkspace, byConversation]) {
        for (const subscribers of group.values()) count += subscribers.size;
      }
      return count;
    },
  };
}
