import { and, eq, lte, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createDatabase } from "./create-database.ts";
import { contactMessages, type NewContactMessage } from "./schema/contact-messages.ts";
import { emailOutbox } from "./schema/email-outbox.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

const message: NewContactMessage = {
  name: "Somchai Jaidee",
  email: "somchai@example.com",
  reason: "sales",
  subject: "Pricing",
  message: "สวัสดีครับ How much for 3 bots?",
  language: "th",
};

describe("database", () => {
  let testDatabase: TestDatabase;
  // The first test database of a run may have to build the PGlite template (seconds).
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  }, 60_000);
  afterEach(() => testDatabase.cleanup());

  test("runs on the engine the test project asks for", async () => {
    const { database } = testDatabase;
    expect(database.kind).toBe(process.env.JAI_TEST_DB === "postgres" ? "postgres" : "pglite");
    if (database.kind === "postgres") {
      const { rows } = await database.db.execute<{ name: string }>(
        sql`select current_setting('application_name') as name`,
      );
      expect(rows[0]!.name).toBe("jai");
    }
  });

  test("is empty and answers ping", async () => {
    await expect(testDatabase.database.ping()).resolves.toBeUndefined();
    expect(await testDatabase.db.$count(contactMessages)).toBe(0);
    expect(await testDatabase.db.$count(emailOutbox)).toBe(0);
  });

  test("stores contact messages with their defaults", async () => {
    const { db } = testDatabase;
    const [inserted] = await db.insert(contactMessages).values(message).returning();

    expect(inserted).toMatchObject({
      ...message,
      company: null,
      phone: null,
      userAgent: null,
      ipHash: null,
      isSpam: false,
    });
    expect(inserted!.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(inserted!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(inserted!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);

    const found = await db.query.contactMessages.findFirst({
      where: eq(contactMessages.id, inserted!.id),
    });
    expect(found).toEqual(inserted);
  });

  test("refreshes updated_at on update", async () => {
    const { db } = testDatabase;
    const [inserted] = await db
      .insert(contactMessages)
      .values({ ...message, createdAt: new Date("2026-01-01"), updatedAt: new Date("2026-01-01") })
      .returning();
    const [updated] = await db
      .update(contactMessages)
      .set({ isSpam: true })
      .where(eq(contactMessages.id, inserted!.id))
      .returning();

    expect(updated!.isSpam).toBe(true);
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(inserted!.updatedAt.getTime());
    expect(updated!.createdAt).toEqual(inserted!.createdAt);
  });

  test("rejects a language outside en/th", async () => {
    const { db } = testDatabase;
    await expect(
      db.execute(
        sql`insert into contact_messages (name, email, reason, subject, message, language)
            values ('A', 'a@example.com', 'sales', 'S', 'M', 'fr')`,
      ),
    ).rejects.toThrow();
  });

  test("queues outbox emails and claims the due ones", async () => {
    const { db } = testDatabase;
    const [contact] = await db.insert(contactMessages).values(message).returning();
    const [queued] = await db
      .insert(emailOutbox)
      .values({
        kind: "contact",
        toAddress: "team@example.com",
        replyTo: message.email,
        subject: "New contact message",
        textBody: "…",
        contactMessageId: contact!.id,
      })
      .returning();
    await db.insert(emailOutbox).values({
      kind: "contact",
      toAddress: "later@example.com",
      subject: "Not yet",
      textBody: "…",
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });

    expect(queued).toMatchObject({
      status: "queued",
      attempts: 0,
      maxAttempts: 8,
      lockedUntil: null,
      lastError: null,
      sentAt: null,
    });

    // The claim workers will run, on both drivers.
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, new Date())))
        .orderBy(emailOutbox.nextAttemptAt)
        .limit(10)
        .for("update", { skipLocked: true });
      return Promise.all(
        due.map(async ({ id }) => {
          const [row] = await tx
            .update(emailOutbox)
            .set({
              status: "sending",
              attempts: sql`${emailOutbox.attempts} + 1`,
              lockedUntil: new Date(Date.now() + 60_000),
            })
            .where(eq(emailOutbox.id, id))
            .returning();
          return row!;
        }),
      );
    });

    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ id: queued!.id, status: "sending", attempts: 1 });
  });

  test("keeps outbox rows when their contact message is deleted", async () => {
    const { db } = testDatabase;
    const [contact] = await db.insert(contactMessages).values(message).returning();
    const [queued] = await db
      .insert(emailOutbox)
      .values({
        kind: "contact",
        toAddress: "team@example.com",
        subject: "S",
        textBody: "B",
        contactMessageId: contact!.id,
      })
      .returning();

    await db.delete(contactMessages).where(eq(contactMessages.id, contact!.id));

    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, queued!.id));
    expect(row!.contactMessageId).toBeNull();
  });

  test("rolls back a failed transaction", async () => {
    const { db } = testDatabase;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(contactMessages).values(message);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.$count(contactMessages)).toBe(0);
  });

  test.skipIf(process.env.JAI_TEST_DB !== "postgres")(
    "reports idle connections the server ends, but not once the pool is closing",
    async () => {
      const databaseUrl = testDatabase.databaseUrl!;
      const errors: Error[] = [];
      const database = await createDatabase({
        databaseUrl,
        onPoolError: (error) => errors.push(error),
      });
      const terminateOthers = () =>
        testDatabase.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and application_name = 'jai'
              and pid <> pg_backend_pid()`,
        );
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

      await database.ping(); // leaves one idle connection in the pool
      await terminateOthers();
      await settle();
      expect(errors.map((error) => (error as Error & { code?: string }).code)).toEqual(["57P01"]);

      await database.ping();
      const closing = database.close();
      await terminateOthers();
      await closing;
      await settle();
      expect(errors).toHaveLength(1);
    },
  );

  test("close is idempotent and ends the connection", async () => {
    const { database } = testDatabase;
    await database.close();
    await database.close();
    await expect(database.ping()).rejects.toThrow();
  });
});
