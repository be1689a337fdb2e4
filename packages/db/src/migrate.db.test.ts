import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
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
  "analytics_contact_days",
  "analytics_hourly",
  "analytics_questions",
  "analytics_sources",
  "analytics_watermarks",
  "api_keys",
  "attachments",
  "avatar_images",
  "billing_notices",
  "billing_profiles",
  "bots",
  "canned_replies",
  "channel_connections",
  "channel_events",
  "contact_messages",
  "contacts",
  "conversation_reads",
  "conversations",
  "curated_answer_versions",
  "curated_answers",
  "deliveries",
  "email_outbox",
  "improvement_dismissals",
  "inbox_events",
  "instances",
  "invoice_counters",
  "invoices",
  "knowledge_chunks",
  "knowledge_source_contents",
  "knowledge_sources",
  "marketplace_listings",
  "message_feedback",
  "messages",
  "monthly_contacts",
  "monthly_usage",
  "notifications",
  "owner_plans",
  "payment_events",
  "payments",
  "personas",
  "push_subscriptions",
  "rate_limits",
  "sessions",
  "sheet_appends",
  "sheet_syncs",
  "two_factors",
  "users",
  "verifications",
  "webhook_endpoints",
  "withholding_certificates",
  "workspace_invitations",
  "workspace_members",
  "workspaces",
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

  // 0006 renamed visitors to contacts: a browser's cookie hash must still find its contact, and
  // its conversations, messages and images must all be there, on the web channel.
  test("0006 carries visitors and their conversations over to contacts", {
    timeout: 60_000,
  }, async () => {
    testDatabase = await createTestDatabase({ migrate: false });
    const before = await mkdtemp(join(tmpdir(), "jai-migrations-"));
    try {
      await cp(migrationsFolder, before, { recursive: true });
      const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith("0006"));
      await writeFile(
        join(before, "meta", "_journal.json"),
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
      );
      await migrate(testDatabase.database, { migrationsFolder: before });
    } finally {
      await rm(before, { recursive: true, force: true });
    }
    const { db } = testDatabase;
    await db.execute(sql`insert into personas (id, name)
      values ('00000000-0000-4000-8000-000000000001', 'P')`);
    await db.execute(sql`insert into bots (id, persona_id, name)
      values ('shop', '00000000-0000-4000-8000-000000000001', 'Shop')`);
    await db.execute(sql`insert into visitors (id, bot_id, token_hash)
      values ('00000000-0000-4000-8000-0000000000a1', 'shop', 'hash-of-cookie')`);
    await db.execute(sql`insert into conversations (id, bot_id, visitor_id, language)
      values ('00000000-0000-4000-8000-0000000000c1', 'shop', '00000000-0000-4000-8000-0000000000a1', 'th')`);
    await db.execute(sql`insert into messages (id, conversation_id, bot_id, sender, content)
      values ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000c1', 'shop', 'user', 'สวัสดี')`);
    await db.execute(sql`insert into attachments (bot_id, visitor_id, message_id, mime_type, byte_size, sha256, data)
      values ('shop', '00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000d1', 'image/png', 1, 'x', '\\x00')`);

    await migrate(testDatabase.database);

    const contacts = await db.execute<Record<string, unknown>>(
      sql`select id, bot_id, channel, external_id, attributes from contacts`,
    );
    expect(contacts.rows).toEqual([
      {
        id: "00000000-0000-4000-8000-0000000000a1",
        bot_id: "shop",
        channel: "web",
        external_id: "hash-of-cookie",
        attributes: {},
      },
    ]);
    const conversations = await db.execute<Record<string, unknown>>(
      sql`select c.id, c.channel, c.contact_id, count(m.id)::int as messages
          from conversations c join messages m on m.conversation_id = c.id group by c.id`,
    );
    expect(conversations.rows).toEqual([
      {
        id: "00000000-0000-4000-8000-0000000000c1",
        channel: "web",
        contact_id: "00000000-0000-4000-8000-0000000000a1",
        messages: 1,
      },
    ]);
    const attachments = await db.execute<{ contact_id: string }>(
      sql`select contact_id from attachments`,
    );
    expect(attachments.rows).toEqual([{ contact_id: "00000000-0000-4000-8000-0000000000a1" }]);
    // One contact per bot, channel and external id.
    await expect(
      db.execute(
        sql`insert into contacts (bot_id, channel, external_id) values ('shop', 'web', 'hash-of-cookie')`,
      ),
    ).rejects.toThrow();
  });
});
