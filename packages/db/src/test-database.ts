import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createDatabase } from "./create-database.ts";
import { createDatabaseFromClient } from "./create-database-from-client.ts";
import type { Database, Db } from "./database.ts";
import { migrate, migrationsFolder } from "./migrate.ts";

export interface TestDatabase {
  database: Database;
  /** Shorthand for `database.db`. */
  db: Db;
  /** On PostgreSQL, the URL of this test's database (e.g. to open more pools on it). */
  databaseUrl: string | undefined;
  /** Closes the database and, on PostgreSQL, drops it. Idempotent; safe after `database.close()`. */
  cleanup(): Promise<void>;
}

export interface CreateTestDatabaseOptions {
  /** Apply the migrations (default). `false` gives a database without any table. */
  migrate?: boolean;
}

/**
 * A migrated, empty database of its own for one test, on the engine the test run asks for:
 * a fresh database on the PostgreSQL server of TEST_DATABASE_URL when JAI_TEST_DB is "postgres"
 * (vitest's "postgres" project sets it), else in-memory PGlite. On PostgreSQL, a migrated database
 * is a copy of JAI_TEST_TEMPLATE_DATABASE when the run made one (createPostgresTemplate).
 *
 * This is the one module of the package that reads process.env: it only runs under tests.
 */
export async function createTestDatabase(
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const { database, databaseUrl } =
    process.env.JAI_TEST_DB === "postgres" && serverUrl
      ? await createPostgresTestDatabase(serverUrl, options)
      : { database: await createPgliteTestDatabase(options), databaseUrl: undefined };
  let cleaning: Promise<void> | undefined;
  return {
    database,
    db: database.db,
    databaseUrl,
    cleanup: () => (cleaning ??= database.close()),
  };
}

// --- PostgreSQL ----------------------------------------------------------------------------

let databaseCounter = 0;

async function createPostgresTestDatabase(
  serverUrl: string,
  options: CreateTestDatabaseOptions,
): Promise<{ database: Database; databaseUrl: string }> {
  const name = `jai_test_${process.pid}_${++databaseCounter}_${randomBytes(3).toString("hex")}`;
  const template =
    options.migrate === false ? undefined : process.env.JAI_TEST_TEMPLATE_DATABASE || undefined;
  const copied = template ? ` template "${template}"` : "";
  await withMaintenanceClient(serverUrl, (client) =>
    client.query(`create database "${name}"${copied}`),
  );

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dropDatabase = () =>
    withMaintenanceClient(serverUrl, (client) =>
      // WITH (FORCE) terminates the sessions still connected to it (a pool the test leaked)
      // before dropping, where a plain DROP would fail.
      client.query(`drop database if exists "${name}" with (force)`),
    );

  let opened: Database;
  try {
    // A small pool: every open test database holds connections on one shared server.
    opened = await createDatabase({ databaseUrl: url.href, poolSize: 4 });
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  const database = withExtraClose(opened, dropDatabase);
  try {
    if (options.migrate !== false && !template) await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { database, databaseUrl: url.href };
}

/** Template databases are named `jai_test_template_<creation time, base 36>_<random>`. */
const templatePrefix = "jai_test_template_";

/**
 * A migrated database on the PostgreSQL server of `serverUrl` for test databases to be copied
 * from (`create database … template …`): a copy costs a fraction of creating a database and
 * running every migration on it, which each test would otherwise do. Vitest's global setup
 * (scripts/test/postgres-template.ts) makes one per run, names it in JAI_TEST_TEMPLATE_DATABASE
 * for the test processes, and drops it at the end. Nothing may stay connected to it: PostgreSQL
 * refuses to copy a database in use.
 *
 * Templates left by a run that was killed are dropped by a later one, a day on.
 */
export async function createPostgresTemplate(
  serverUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  await dropAbandonedTemplates(serverUrl);
  const name = `${templatePrefix}${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await withMaintenanceClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const drop = async () => {
    await withMaintenanceClient(serverUrl, (client) =>
      client.query(`drop database if exists "${name}" with (force)`),
    );
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const database = await createDatabase({ databaseUrl: url.href, poolSize: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

async function dropAbandonedTemplates(serverUrl: string): Promise<void> {
  const abandonedBefore = Date.now() - 24 * 60 * 60_000;
  await withMaintenanceClient(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [templatePrefix],
    );
    for (const { datname } of rows) {
      const createdAt = Number.parseInt(datname.slice(templatePrefix.length).split("_")[0]!, 36);
      if (createdAt < abandonedBefore)
        await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}

async function withMaintenanceClient<T>(
  serverUrl: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, application_name: "jai-test" });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function withExtraClose(database: Database, afterClose: () => Promise<unknown>): Database {
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= database
      .close()
      .finally(afterClose)
      .then(() => undefined);
    return closing;
  };
  return { ...database, close };
}

// --- PGlite --------------------------------------------------------------------------------

/**
 * A new PGlite takes seconds to create (initdb runs in WASM) but only ~0.35 s to start from a
 * copy of an existing data directory. So the migrated data directory is built once, dumped as a
 * tarball, and every test database starts from that tarball.
 *
 * Vitest runs each test file in its own process, so the tarball is also cached on disk, keyed by
 * the PGlite version and the migration files: only the first file of a run (after a change to
 * either) pays for initdb.
 */
let template: Promise<Blob> | undefined;

/** Where the template tarball is cached between test processes. */
export const templateCacheDir = join(tmpdir(), "jai-db-test-templates");

async function createPgliteTestDatabase(options: CreateTestDatabaseOptions): Promise<Database> {
  if (options.migrate === false) {
    const client = new PGlite();
    await client.waitReady;
    return createDatabaseFromClient({ kind: "pglite", client });
  }
  return leaseDatabase(idleClients.pop() ?? (await startFromTemplate()));
}

async function startFromTemplate(): Promise<PGlite> {
  template ??= loadTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  const client = new PGlite({ loadDataDir: await template });
  await client.waitReady;
  return client;
}

/**
 * Started PGlite instances of this process, emptied back to the template's state by the test
 * that used them, waiting for the next test: starting one from the tarball costs ~0.4 s of CPU,
 * emptying one a few milliseconds, and a run makes ~700 of them on PGlite.
 */
const idleClients: PGlite[] = [];

/**
 * The test's view of a started PGlite: its `close()` empties the instance (every table truncated,
 * identities restarted, the session's settings, locks and listeners dropped) and gives it back
 * for the next test, and anything the test still calls on it afterwards fails as on a closed
 * database, so work a test leaves running can never write into the next test's data. An instance
 * that cannot be emptied (a transaction left open, say) is closed instead.
 */
function leaseDatabase(client: PGlite): Database {
  let isReleased = false;
  let releasing: Promise<void> | undefined;
  const stopListening: Array<() => Promise<void>> = [];
  // What the database wrapper sets on its client (it wraps query, exec and transaction) stays
  // on this lease: the instance itself is shared with later tests.
  const overrides = new Map<PropertyKey, unknown>();
  const release = async () => {
    isReleased = true;
    for (const stop of stopListening.splice(0)) await stop().catch(() => undefined);
    if (await emptied(client)) idleClients.push(client);
    else void client.close().catch(() => undefined);
  };
  const lease = new Proxy(client, {
    get(target, key) {
      if (overrides.has(key)) return overrides.get(key);
      if (key === "close") return () => (releasing ??= release());
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (isReleased)
          return Promise.reject(
            new Error("PGlite is closed (this test's database was given back)"),
          );
        const result: unknown = value.apply(target, args);
        if (key === "listen") {
          return (result as Promise<() => Promise<void>>).then((stop) => {
            stopListening.push(stop);
            return stop;
          });
        }
        return result;
      };
    },
    set(_target, key, value) {
      overrides.set(key, value);
      return true;
    },
  });
  return createDatabaseFromClient({ kind: "pglite", client: lease });
}

/** `truncate …` of every table of the schema, per instance (all start from one template). */
let truncateAll: Promise<string> | undefined;

/** Empties a used instance back to the template's state; false when it could not in 5 s. */
async function emptied(client: PGlite): Promise<boolean> {
  const reset = async () => {
    truncateAll ??= client
      .query<{ tables: string }>(
        "select string_agg(format('%I.%I', schemaname, tablename), ', ') as tables from pg_tables where schemaname = 'public'",
      )
      .then(({ rows }) => `truncate table ${rows[0]!.tables} restart identity cascade`);
    await client.exec(
      `${await truncateAll}; select pg_advisory_unlock_all(); unlisten *; reset all;`,
    );
    return true;
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 5_000);
  });
  try {
    return await Promise.race([reset().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function loadTemplate(): Promise<Blob> {
  const key = await templateKey();
  const directory = templateCacheDir;
  const path = join(directory, `pglite-${key}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    // Not built yet: build it below.
  }

  const tarball = await buildTemplate();
  await saveTemplate(directory, path, tarball).catch(() => {
    // Only a cache (e.g. a read-only or full temp dir): the next process builds it again.
  });
  return tarball;
}

async function saveTemplate(directory: string, path: string, tarball: Blob): Promise<void> {
  // Written under a unique name and renamed into place, so a concurrent reader (another test
  // process) never sees a partial file; concurrent builders just replace one another.
  await mkdir(directory, { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, new Uint8Array(await tarball.arrayBuffer()));
    await rename(temporary, path);
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  await removeOtherTemplates(directory, path);
}

async function buildTemplate(): Promise<Blob> {
  const client = new PGlite();
  await client.waitReady;
  try {
    await migrate(createDatabaseFromClient({ kind: "pglite", client }));
    // Flushed pages leave each copy little WAL to replay when it starts.
    await client.exec("checkpoint");
    // Uncompressed: gunzipping on each load would cost more than reading 40 MB.
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

async function templateKey(): Promise<string> {
  const hash = createHash("sha256");
  const require = createRequire(import.meta.url);
  // PGlite's "exports" hide its package.json: find it from the entry point (dist/index.cjs).
  const pglitePackage = join(
    dirname(require.resolve("@electric-sql/pglite")),
    "..",
    "package.json",
  );
  hash.update(JSON.parse(await readFile(pglitePackage, "utf8")).version);
  const journal = await readFile(join(migrationsFolder, "meta", "_journal.json"), "utf8");
  hash.update(journal);
  const entries = (JSON.parse(journal) as { entries: { tag: string }[] }).entries;
  for (const entry of entries) {
    hash.update(await readFile(join(migrationsFolder, `${entry.tag}.sql`)));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Templates of older migrations are 40 MB each: keep only the current one, and temp files only
 * while they may still be being written.
 */
async function removeOtherTemplates(directory: string, keep: string): Promise<void> {
  const names = await readdir(directory).catch(() => []);
  const abandonedBefore = Date.now() - 10 * 60_000;
  await Promise.all(
    names
      .map((name) => join(directory, name))
      .filter((path) => path !== keep)
      .map(async (path) => {
        const isAbandoned = path.endsWith(".tmp") && (await stat(path)).mtimeMs < abandonedBefore;
        if (path.endsWith(".tar") || isAbandoned) await unlink(path);
      })
      .map((removal) => removal.catch(() => undefined)),
  );
}
