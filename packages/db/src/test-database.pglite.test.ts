import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { contactMessages } from "./schema/contact-messages.ts";
import { createTestDatabase } from "./test-database.ts";

// PGlite only (the unit project): test databases there are started PGlite instances given back
// and emptied when a test closes them, and taken again by the next test of the process.

const message = {
  name: "Somchai",
  email: "somchai@example.com",
  reason: "sales",
  subject: "Left behind?",
  message: "Does the next test see me?",
  language: "th",
} as const;

test("a test database given back comes to the next test empty, its session reset", async () => {
  const first = await createTestDatabase();
  await first.db.insert(contactMessages).values(message);
  await first.db.execute(sql`set statement_timeout = '1234ms'`);
  await first.db.execute(sql`select pg_advisory_lock(42)`);
  const firstClient = first.database.kind === "pglite" ? first.database.client : undefined;
  await first.cleanup();

  const second = await createTestDatabase();
  try {
    expect(await second.db.select().from(contactMessages)).toEqual([]);
    const setting = await second.db.execute(sql`show statement_timeout`);
    expect(setting.rows[0]).toEqual({ statement_timeout: "0" });
    const locks = await second.db.execute(
      sql`select count(*)::int as held from pg_locks where locktype = 'advisory'`,
    );
    expect(locks.rows[0]).toEqual({ held: 0 });
    // The migrations' own bookkeeping stays: the database is still migrated.
    const applied = await second.db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    expect((applied.rows[0] as { applied: number }).applied).toBeGreaterThan(0);
  } finally {
    await second.cleanup();
  }
  // What the first test still holds fails as a closed database would, and writes nothing.
  await expect(firstClient!.query("select 1")).rejects.toThrow(/^PGlite is closed/);
  await expect(first.db.insert(contactMessages).values(message)).rejects.toThrow();
});

test("a database without migrations is never shared", async () => {
  const bare = await createTestDatabase({ migrate: false });
  try {
    const tables = await bare.db.execute(
      sql`select count(*)::int as tables from pg_tables where schemaname = 'public'`,
    );
    expect(tables.rows[0]).toEqual({ tables: 0 });
  } finally {
    await bare.cleanup();
  }
});
