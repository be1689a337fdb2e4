import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createDatabaseFromClient } from "./create-database-from-client.ts";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import type { Database } from "./database.ts";

export interface CreateDatabaseOptions {
  /** A PostgreSQL URL. When set, the database is PostgreSQL and `dataDir` is ignored. */
  databaseUrl?: string;
  /**
   * Where embedded PGlite keeps its files (in `<dataDir>/pglite`, next to the lock file), or
   * `"memory"` for a throw-away in-memory database. Defaults to `./data`.
   */
  dataDir?: string | "memory";
  /** Most connections the PostgreSQL pool opens. Defaults to 10. */
  poolSize?: number;
  /**
   * Called when an idle pooled connection fails (e.g. PostgreSQL restarted); the pool drops it and
   * opens a new one on next use. Defaults to logging it. Without a listener, node-postgres would
   * crash the process with an unhandled "error" event.
   */
  onPoolError?: (error: Error) => void;
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, else embedded PGlite in memory or in
 * a data directory. Does not migrate: call `migrate(database)` once at boot.
 */
export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      // Each instance takes this many of the server's connections (max_connections is 100 by
      // default): several instances behind a load balancer must still fit.
      max: options.poolSize ?? 10,
      // Fail a request instead of hanging forever when the server is unreachable or saturated.
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
      // Names our sessions in pg_stat_activity. A value in the URL takes precedence.
      application_name: "jai",
    });
    const onPoolError =
      options.onPoolError ??
      ((error: Error) => console.error("PostgreSQL connection error (idle client):", error));
    pool.on("error", (error) => {
      // pool.end() resolves before its connections have finished closing; the server ending
      // them (e.g. DROP DATABASE … WITH (FORCE) right after close()) is no error of ours.
      if (!pool.ending) onPoolError(error);
    });
    return createDatabaseFromClient({ kind: "postgres", client: pool });
  }

  const dataDir = options.dataDir ?? "./data";
  if (dataDir === "memory") {
    const client = new PGlite();
    await client.waitReady;
    return createDatabaseFromClient({ kind: "pglite", client });
  }

  const lock = await acquireDataDirLock(dataDir);
  try {
    const client = new PGlite(join(resolve(dataDir), "pglite"));
    await client.waitReady;
    return createDatabaseFromClient({ kind: "pglite", client, onClose: lock.release });
  } catch (error) {
    await lock.release();
    throw error;
  }
}
