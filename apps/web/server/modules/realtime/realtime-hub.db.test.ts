import { randomUUID } from "node:crypto";
import { inboxEvents, sql } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../test/memory-logger";
import { type InboxNotice, recordInboxEvent } from "../inbox/inbox-events";
import { type EventFeed, type FeedItem, openEventFeed } from "./event-feed";
import { createNoticeListener } from "./notice-listener";
import { createRealtimeHub, type RealtimeHub } from "./realtime-hub";

const isPostgres = process.env.JAI_TEST_DB === "postgres";

/** Collects what a subscriber hears; `until` waits for a notice without a fixed sleep. */
function collector() {
  const notices: InboxNotice[] = [];
  const waiters: { test: (notice: InboxNotice) => boolean; resolve(): void }[] = [];
  let resyncs = 0;
  let closes = 0;
  return {
    notices,
    resyncs: () => resyncs,
    closes: () => closes,
    onNotice(notice: InboxNotice) {
      notices.push(notice);
      for (const waiter of [...waiters]) {
        if (waiter.test(notice)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    },
    onResync: () => {
      resyncs++;
    },
    onClose: () => {
      closes++;
    },
    until(test: (notice: InboxNotice) => boolean): Promise<void> {
      if (notices.some(test)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
  };
}

/** Reads a feed's items until one matches (the items read are returned, the match last). */
async function readUntil(feed: EventFeed, test: (item: FeedItem) => boolean): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  for (;;) {
    const item = await feed.next();
    if (!item) throw new Error(`the feed closed after ${JSON.stringify(items)}`);
    items.push(item);
    if (test(item)) return items;
  }
}

describe("the real-time hub", () => {
  let testDatabase: TestDatabase;
  let hub: RealtimeHub;
  const log = createMemoryLogger();

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    hub = createRealtimeHub({
      database: testDatabase.database,
      logger: log.logger,
      // Short backoffs: the reconnect test waits for one.
      listener: (callbacks) =>
        createNoticeListener({
          database: testDatabase.database,
          logger: log.logger,
          channel: "inbox_events",
          minBackoffMs: 20,
          maxBackoffMs: 200,
          ...callbacks,
        }),
    });
    await hub.start();
  });
  afterAll(async () => {
    await hub.stop();
    await testDatabase.cleanup();
  });

  const record = (workspaceId: string | null, conversationId = randomUUID()) =>
    testDatabase.db.transaction((tx) =>
      recordInboxEvent(tx, { workspaceId, conversationId, kind: "message", messageId: null }),
    );

  it("delivers a committed event to its workspace and its conversation, never a rolled-back one", async () => {
    const workspace = collector();
    const other = collector();
    const conversation = collector();
    const conversationId = randomUUID();
    const unsubscribe = [
      await hub.subscribe({ scope: { workspaceId: "ws-a" }, ...workspace }),
      await hub.subscribe({ scope: { workspaceId: "ws-b" }, ...other }),
      await hub.subscribe({ scope: { conversationId }, ...conversation }),
    ];

    // Rolled back: its NOTIFY is never sent. The committed one after it is, so once that one
    // arrived, anything the rollback could have sent would have arrived before it.
    const rolledBack = await testDatabase.db
      .transaction(async (tx) => {
        await recordInboxEvent(tx, {
          workspaceId: "ws-a",
          conversationId,
          kind: "message",
          messageId: null,
        });
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);
    expect(rolledBack).toBe("roll back");
    const id = await record("ws-a", conversationId);
    await workspace.until((notice) => notice.id === id);
    await conversation.until((notice) => notice.id === id);

    expect(workspace.notices).toEqual([
      { id, kind: "message", conversationId, messageId: null, workspaceId: "ws-a" },
    ]);
    expect(conversation.notices.map((notice) => notice.id)).toEqual([id]);
    expect(other.notices).toEqual([]);
    for (const stop of unsubscribe) stop();
    expect(hub.size()).toBe(0);
  });

  it("delivers a bot without a workspace's events to its conversation's stream only", async () => {
    const conversation = collector();
    const conversationId = randomUUID();
    const unsubscribe = await hub.subscribe({ scope: { conversationId }, ...conversation });
    const id = await record(null, conversationId);
    await conversation.until((notice) => notice.id === id);
    expect(conversation.notices[0]).toMatchObject({ id, workspaceId: null });
    unsubscribe();
  });

  it("counts open streams per key", () => {
    const first = hub.acquireSlot("user:1", 2);
    const second = hub.acquireSlot("user:1", 2);
    expect(first && second).toBeTruthy();
    expect(hub.acquireSlot("user:1", 2)).toBeNull();
    expect(hub.acquireSlot("user:2", 2)).not.toBeNull();
    first!();
    first!();
    expect(hub.acquireSlot("user:1", 2)).not.toBeNull();
  });

  it("a feed sends what was missed since Last-Event-ID, then live events, each once and in order", async () => {
    const workspaceId = `ws-${randomUUID()}`;
    const before = await record(workspaceId);
    const missed = [await record(workspaceId), await record(workspaceId)];
    await record("elsewhere");
    const feed = await openEventFeed({
      hub,
      db: testDatabase.db,
      logger: log.logger,
      scope: { workspaceId },
      lastEventId: before,
    });
    const live = await record(workspaceId);
    const items = await readUntil(feed, (item) => item.type === "event" && item.event.id === live);
    expect(items).toEqual([
      ...missed.map((id) => ({
        type: "event",
        event: { id, kind: "message", conversationId: expect.any(String), messageId: null },
      })),
      { type: "ready", cursor: missed[1] },
      expect.objectContaining({ type: "event", event: expect.objectContaining({ id: live }) }),
    ]);
    feed.close();
    expect(await feed.next()).toBeNull();
  });

  it("a feed without Last-Event-ID starts live; one with a made-up id, or too much missed, resets", async () => {
    const workspaceId = `ws-${randomUUID()}`;
    const fresh = await openEventFeed({
      hub,
      db: testDatabase.db,
      logger: log.logger,
      scope: { workspaceId },
      lastEventId: null,
    });
    const [ready] = await readUntil(fresh, () => true);
    expect(ready).toEqual({ type: "ready", cursor: expect.any(Number) });
    fresh.close();

    const since = await record(workspaceId);
    const conversationId = randomUUID();
    await testDatabase.db.insert(inboxEvents).values(
      Array.from({ length: 501 }, () => ({
        workspaceId,
        conversationId,
        kind: "typing" as const,
      })),
    );
    const behind = await openEventFeed({
      hub,
      db: testDatabase.db,
      logger: log.logger,
      scope: { workspaceId },
      lastEventId: since,
    });
    const items = await readUntil(behind, (item) => item.type === "ready");
    expect(items.map((item) => item.type)).toEqual(["reset", "ready"]);
    expect(items[0]).toEqual({ type: "reset", cursor: since + 501 });
    behind.close();

    for (const lastEventId of ["invalid", 10 ** 12] as const) {
      const odd = await openEventFeed({
        hub,
        db: testDatabase.db,
        logger: log.logger,
        scope: { workspaceId },
        lastEventId,
      });
      expect((await readUntil(odd, (item) => item.type === "ready"))[0]!.type).toBe("reset");
      odd.close();
    }
  });

  it("a customer's feed carries only the kinds it asks for", async () => {
    const conversationId = randomUUID();
    const feed = await openEventFeed({
      hub,
      db: testDatabase.db,
      logger: log.logger,
      scope: { conversationId },
      kinds: ["message"],
      lastEventId: null,
    });
    await testDatabase.db.transaction((tx) =>
      recordInboxEvent(tx, { workspaceId: "ws", conversationId, kind: "typing" }),
    );
    const message = await record("ws", conversationId);
    const items = await readUntil(feed, (item) => item.type === "event");
    expect(items).toEqual([
      { type: "ready", cursor: expect.any(Number) },
      { type: "event", event: expect.objectContaining({ id: message, kind: "message" }) },
    ]);
    feed.close();
  });

  it.runIf(isPostgres)(
    "reconnects after losing its connection, and has its streams read what they missed",
    {
      timeout: 10_000,
    },
    async () => {
      const workspaceId = `ws-${randomUUID()}`;
      const feed = await openEventFeed({
        hub,
        db: testDatabase.db,
        logger: log.logger,
        scope: { workspaceId },
        lastEventId: null,
      });
      await readUntil(feed, (item) => item.type === "ready");
      await testDatabase.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'jai-listener' and datname = current_database()`,
      );
      // Committed around the reconnect: it arrives once, live or read from the table.
      const missed = await record(workspaceId);
      const items = await readUntil(feed, (item) => item.type === "event");
      expect(items).toEqual([{ type: "event", event: expect.objectContaining({ id: missed }) }]);
      // And live again.
      const live = await record(workspaceId);
      expect(await readUntil(feed, (item) => item.type === "event")).toEqual([
        { type: "event", event: expect.objectContaining({ id: live }) },
      ]);
      feed.close();
      expect(log.lines.some((line) => line.message === "real-time listener reconnected")).toBe(
        true,
      );
    },
  );

  it("tells every stream to close when a stop begins", async () => {
    const local = createRealtimeHub({ database: testDatabase.database, logger: log.logger });
    const subscriber = collector();
    await local.subscribe({ scope: { workspaceId: "ws" }, ...subscriber });
    local.closeStreams();
    expect(subscriber.closes()).toBe(1);
    expect(local.isClosing()).toBe(true);
    await local.stop();
    await local.stop();
  });
});
