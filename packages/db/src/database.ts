import type { PGlite } from "@electric-sql/pglite";
import type { Assume } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import type * as schema from "./schema/index.ts";

/**
 * What `db.execute(sql…)` resolves to on both drivers: node-postgres' `QueryResult` and PGlite's
 * `Results` both carry `rows`, and nothing else they carry is shared (the affected-row count is
 * `rowCount` on one and `affectedRows` on the other; use `.returning()` instead).
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this["row"], Record<string, unknown>>>;
}

export interface QueryRows<TRow> {
  rows: TRow[];
}

/**
 * The drizzle instance services use, whichever driver is underneath.
 *
 * `NodePgDatabase` and `PgliteDatabase` are both `PgDatabase<Hkt, Schema>` and differ only in the
 * raw result type of `execute()`. A union of the two would make every method call a union of
 * signatures that TypeScript refuses to call; `PgDatabase<any, …>` would turn `execute()` results
 * into `any`. Typing it as `PgDatabase` with the result shape both drivers share keeps the whole
 * query builder, relational queries and transactions fully typed and identical for both.
 */
export type Db = PgDatabase<QueryResultHKT, typeof schema>;

/** The `tx` of `db.transaction(async (tx) => …)`. It is a `Db` too, so services can take either. */
export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DatabaseKind = Database["kind"];

interface DatabaseBase {
  readonly db: Db;
  /** Resolves when the database answers a trivial query; for readiness checks. */
  ping(): Promise<void>;
  /** Ends the pool or shuts PGlite down and releases the data-directory lock. Idempotent. */
  close(): Promise<void>;
}

/**
 * An open database. The raw client is exposed for the few things drizzle does not cover (e.g.
 * rate-limiter-flexible's Postgres store takes a `pg.Pool`); everything else goes through `db`.
 */
export type Database =
  | (DatabaseBase & { readonly kind: "pglite"; readonly client: PGlite })
  | (DatabaseBase & { readonly kind: "postgres"; readonly client: Pool });
