import type { Database } from "@jai/db";
import pg from "pg";
import { describeError, type Logger } from "../../logger";

/** One LISTEN on one channel for the whole process. */
export type NoticeListener = {
  /** Resolves once the first LISTEN is in place (rejects if it could not be set up). */
  start(): Promise<void>;
  /** Unlistens and, on PostgreSQL, closes the dedicated connection. Idempotent. */
  stop(): Promise<void>;
  /** Whether a LISTEN is in place right now (false while reconnecting). */
  isListening(): boolean;
};

export type NoticeListenerOptions = {
  database: Database;
  channel: string;
  logger: Logger;
  /** Each NOTIFY's payload, in commit order. */
  onPayload(payload: string): void;
  /**
   * The connection was lost and is back: notifications sent meanwhile are gone (NOTIFY is never
   * stored), so whoever relies on them must read what it missed from the table.
   */
  onReconnect(): void;
  /** PostgreSQL: the first wait before reconnecting (doubles up to `maxBackoffMs`). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** PostgreSQL: how often the idle connection is checked (a silent dead TCP connection). */
  pingIntervalMs?: number;
};

/**
 * Listens on `channel` the way the database allows: PGlite delivers notifications in-process
 * (`client.listen`), PostgreSQL on a connection of its own — never a pooled one, which would go
 * back to the pool and stop listening — that reconnects with backoff when it drops.
 */
export function createNoticeListener(options: NoticeListenerOptions): NoticeListener {
  return options.database.kind === "pglite"
    ? createPgliteListener(options, options.database.client)
    : createPostgresListener(options, options.database.client.options);
}

function createPgliteListener(
  { channel, onPayload }: NoticeListenerOptions,
  client: Extract<Database, { kind: "pglite" }>["client"],
): NoticeListener {
  let unlisten: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;
  let isStopped = false;
  return {
    start() {
      starting ??= client.listen(channel, onPayload).then((stop) => {
        unlisten = () => stop();
        // Stopped while LISTEN was being set up.
        if (isStopped) return unlisten();
      });
      return starting;
    },
    async stop() {
      if (isStopped) return;
      isStopped = true;
      await starting?.catch(() => {});
      // The database may already be closed (tests close it first): nothing is listening then.
      await unlisten?.().catch(() => {});
    },
    isListening: () => unlisten !== undefined && !isStopped,
  };
}

function createPostgresListener(
  {
    channel,
    logger,
    onPayload,
    onReconnect,
    minBackoffMs = 250,
    maxBackoffMs = 15_000,
    pingIntervalMs = 30_000,
  }: NoticeListenerOptions,
  poolOptions: pg.PoolConfig,
): NoticeListener {
  const { max: _max, idleTimeoutMillis: _idle, ...connection } = poolOptions;
  let client: pg.Client | undefined;
  let isConnected = false;
  let isStopped = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let first: Promise<void> | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({
      ...connection,
      // Tells the dedicated connection apart in pg_stat_activity; the URL's name wins.
      application_name: "jai-listener",
      keepAlive: true,
    });
    // Without a listener, a dropped connection's "error" would crash the process.
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        onPayload(message.payload);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (isStopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    isConnected = true;
    pingTimer = setInterval(() => {
      next.query("select 1").catch((error: unknown) => lost(next, error));
    }, pingIntervalMs);
    pingTimer.unref();
  }

  /** The connection `which` failed or ended: drop it, and reconnect unless stopping. */
  function lost(which: pg.Client, error?: unknown) {
    if (client !== which) return;
    client = undefined;
    isConnected = false;
    clearInterval(pingTimer);
    which.end().catch(() => {});
    if (isStopped) return;
    logger.warn("real-time listener lost its database connection", {
      channel,
      ...(error ? describeError(error) : {}),
    });
    scheduleReconnect();
  }

  function scheduleReconnect() {
    const ceiling = Math.min(maxBackoffMs, minBackoffMs * 2 ** failures);
    // Jitter: instances restarted together do not all come back in the same millisecond.
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => {
          if (!isConnected) return;
          logger.info("real-time listener reconnected", { channel, attempts: failures });
          failures = 0;
          onReconnect();
        },
        (error: unknown) => {
          if (isStopped) return;
          // The database itself is gone (dropped): nothing to come back to.
          if ((error as { code?: unknown }).code === "3D000") {
            logger.error("real-time listener stopped: the database no longer exists", { channel });
            return;
          }
          if (failures === 1 || failures % 10 === 0) {
            logger.warn("real-time listener cannot reconnect yet", {
              channel,
              attempts: failures,
              ...describeError(error),
            });
          }
          scheduleReconnect();
        },
      );
    }, delay);
    retryTimer.unref();
  }

  return {
    start() {
      first ??= connect().catch((error: unknown) => {
        first = undefined;
        throw error;
      });
      return first;
    },
    async stop() {
      if (isStopped) return;
      isStopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      await first?.catch(() => {});
      const current = client;
      client = undefined;
      isConnected = false;
      await current?.end().catch(() => {});
    },
    isListening: () => isConnected,
  };
}
