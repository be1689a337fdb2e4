import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Pool } from "pg";
import type { Database, Db } from "./database.ts";
import * as schema from "./schema/index.ts";

type ClientOptions =
  | { kind: "pglite"; client: PGlite; onClose?: () => Promise<void> }
  | { kind: "postgres"; client: Pool; onClose?: () => Promise<void> };

/**
 * Wraps an already open client in a `Database`. `createDatabase()` is the usual way in; this is
 * for callers that build the client themselves (the test helper loads PGlite from a template).
 * `onClose` runs after the client is closed, even if closing it failed.
 */
export function createDatabaseFromClient(options: ClientOptions): Database {
  if (options.kind === "pglite") yieldBeforeQueries(options.client);
  // Both drivers' instances are assignable to Db as they are (see Db for why that type).
  const db: Db =
    options.kind === "pglite"
      ? drizzlePglite({ client: options.client, schema })
      : drizzleNodePostgres({ client: options.client, schema });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      try {
        await (options.kind === "pglite" ? options.client.close() : options.client.end());
      } finally {
        await options.onClose?.();
      }
    })();
    return closing;
  };
  const ping = async () => {
    await db.execute(sql`select 1`);
  };

  return options.kind === "pglite"
    ? { kind: "pglite", client: options.client, db, ping, close }
    : { kind: "postgres", client: options.client, db, ping, close };
}

/**
 * PGlite runs each query synchronously (WASM, on this thread), and a chain of awaited queries
 * continues in microtasks: a busy job (chat turns, a dozen queries each) could run query after
 * query without the event loop ever reading a socket, and requests (a webhook that must answer
 * LINE within 2 s) would wait for whole turns. So a query outside a transaction first yields to
 * the event loop (one `setImmediate`) when the last yield is more than `everyMs` old: pending
 * I/O is served at least that often, at the cost of a few hops a second.
 */
function yieldBeforeQueries(client: PGlite, everyMs = 4): void {
  let lastYield = performance.now();
  const maybeYield = async () => {
    if (performance.now() - lastYield < everyMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    lastYield = performance.now();
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<PGlite["query"]>) => {
    await maybeYield();
    return query(...args);
  }) as PGlite["query"];
  client.exec = (async (...args: Parameters<PGlite["exec"]>) => {
    await maybeYield();
    return exec(...args);
  }) as PGlite["exec"];
  client.transaction = (async (...args: Parameters<PGlite["transaction"]>) => {
    await maybeYield();
    return transaction(...args);
  }) as PGlite["transaction"];
}
