import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { createDatabase } from "./create-database.ts";
import type { Db } from "./database.ts";
import { migrate, migrationsFolder } from "./migrate.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

const journal = JSON.parse(
  await readFile(join(migrationsFolder, "meta", "_journal.json"), "utf8"),
) as { entries: { tag: string }[] };

/** Every table the migrations create, by name. */
const allTables = [
  "accounts",
  "api_keys",
  "attachments",
  "avatar_images",
  "bots",
  "contact_messages",
  "conversations",
  "email_outbox",
  "instances",
  "knowledge_chunks",
  "knowledge_source_contents",
  "knowledge_sources",
  "marketplace_listings",
  "messages",
  "owner_plans",
  "personas",
  "rate_limits",
  "sessions",
  "two_factors",
  "users",
  "verifications",
  "visitors",
];

async function listTables(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

async function countAppliedMigrations(db: Db): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return rows[0]!.count;
}

describe("migrate", () => {
  let testDatabase: TestDatabase | undefined;
  afterEach(async () => {
    await testDatabase?.cleanup();
    testDatabase = undefined;
  });

  test("creates every table on an empty database", { timeout: 60_000 }, async () => {
    testDatabase = await createTestDatabase({ migrate: false });
    expect(await listTables(testDatabase.db)).toEqual([]);

    await migrate(testDatabase.database);

    expect(await listTables(testDatabase.db)).toEqual(allTables);
    expect(await countAppliedMigrations(testDatabase.db)).toBe(journal.entries.length);
  });

  test("is idempotent", { timeout: 60_000 }, async () => {
    testDatabase = await createTestDatabase();
    await testDatabase.db.execute(
      sql`insert into contact_messages (name, email, reason, subject, message, language)
          values ('Somchai', 'somchai@example.com', 'sales', 'Hi', 'Hello', 'th')`,
    );

    await migrate(testDatabase.database);
    await migrate(testDatabase.database);

    expect(await countAppliedMigrations(testDatabase.db)).toBe(journal.entries.length);
    const { rows } = await testDatabase.db.execute<{ count: number }>(
      sql`select count(*)::int as count from contact_messages`,
    );
    expect(rows[0]!.count).toBe(1);
  });

  test("concurrent runs apply each migration once", { timeout: 60_000 }, async () => {
    testDatabase = await createTestDatabase({ migrate: false });
    const { database } = testDatabase;

    await Promise.all([migrate(database), migrate(database), migrate(database)]);

    expect(await countAppliedMigrations(testDatabase.db)).toBe(journal.entries.length);
  });

  // Several instances booting at once on one PostgreSQL: without the advisory lock, their
  // `create schema if not exists` and migrations race and some fail.
  test.skipIf(process.env.JAI_TEST_DB !== "postgres")(
    "instances migrating one PostgreSQL at once take turns",
    { timeout: 60_000 },
    async () => {
      testDatabase = await createTestDatabase({ migrate: false });
      const databaseUrl = testDatabase.databaseUrl!;
      const instances = await Promise.all(
        Array.from({ length: 4 }, () => createDatabase({ databaseUrl, poolSize: 2 })),
      );
      try {
        await Promise.all(instances.map((instance) => migrate(instance)));
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }

      expect(await countAppliedMigrations(testDatabase.db)).toBe(journal.entries.length);
      expect(await listTables(testDatabase.db)).toEqual(allTables);
    },
  );
});
