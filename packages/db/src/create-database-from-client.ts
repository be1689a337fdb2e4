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
