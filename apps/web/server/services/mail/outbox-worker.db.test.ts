import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createDatabase,
  type Database,
  emailOutbox,
  eq,
  type NewEmailOutboxMessage,
  sql,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../../test/memory-logger";
import { parseEmail } from "../../test/parse-email";
import { startSmtpSink } from "../../test/smtp-sink";
import {
  createMailTransport,
  MailSendError,
  type MailTransport,
  type OutgoingEmail,
} from "./create-mail-transport";
import { createOutboxWorker } from "./outbox-worker";

const from = { name: "Jai", address: "no-reply@jai.example" };

const email = (overrides: Partial<NewEmailOutboxMessage> = {}): NewEmailOutboxMessage => ({
  kind: "contact",
  toAddress: "team@jai.example",
  replyTo: "visitor@example.com",
  subject: "[Jai contact] Sales: Hello",
  textBody: "Name: Visitor\n\nMessage:\n\n> สวัสดี",
  ...overrides,
});

/** A transport that records what it was asked to send, optionally slowly or failing. */
function recordingTransport(
  behaviour: {
    delayMs?: () => number;
    fail?: (email: OutgoingEmail) => MailSendError | undefined;
  } = {},
) {
  const sent: string[] = [];
  let closed = false;
  const transport: MailTransport = {
    kind: "file",
    async send(outgoing) {
      await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs?.() ?? 0));
      const failure = behaviour.fail?.(outgoing);
      if (failure) throw failure;
      sent.push(outgoing.id);
      return { location: "memory" };
    },
    close() {
      closed = true;
    },
  };
  return { transport, sent, isClosed: () => closed };
}

describe("the email outbox worker", () => {
  let testDatabase: TestDatabase;
  const extraDatabases: Database[] = [];
  let mailDir: string;
  const log = createMemoryLogger();

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    mailDir = await mkdtemp(path.join(tmpdir(), "jai-outbox-"));
  }, 60_000);

  afterEach(async () => {
    await Promise.all(extraDatabases.splice(0).map((database) => database.close()));
    await testDatabase.cleanup();
    await rm(mailDir, { recursive: true, force: true });
  });

  /** Another connection to the same database, as another instance would have. */
  async function anotherInstance(): Promise<Database> {
    if (!testDatabase.databaseUrl) return testDatabase.database; // PGlite: one in-process database
    const database = await createDatabase({ databaseUrl: testDatabase.databaseUrl, poolSize: 4 });
    extraDatabases.push(database);
    return database;
  }

  const rows = () => testDatabase.db.select().from(emailOutbox).orderBy(emailOutbox.createdAt);

  it("never sends a row twice with two workers claiming concurrently", async () => {
    const count = 40;
    await testDatabase.db
      .insert(emailOutbox)
      .values(Array.from({ length: count }, (_, index) => email({ subject: `Email ${index}` })));
    const first = recordingTransport({ delayMs: () => Math.random() * 15 });
    const second = recordingTransport({ delayMs: () => Math.random() * 15 });
    const workers = [
      createOutboxWorker({
        db: testDatabase.db,
        transport: first.transport,
        logger: log.logger,
        batchSize: 3,
      }),
      createOutboxWorker({
        db: (await anotherInstance()).db,
        transport: second.transport,
        logger: log.logger,
        batchSize: 3,
      }),
    ];
    const drain = async (worker: (typeof workers)[number]) => {
      while ((await worker.runOnce()) > 0) {
        // keep claiming until nothing is due
      }
    };
    await Promise.all([
      drain(workers[0]!),
      drain(workers[1]!),
      drain(workers[0]!),
      drain(workers[1]!),
    ]);

    const sent = [...first.sent, ...second.sent];
    expect(sent).toHaveLength(count);
    expect(new Set(sent).size).toBe(count);
    // Both took part (on PostgreSQL they truly ran side by side).
    expect(first.sent.length).toBeGreaterThan(0);
    expect(second.sent.length).toBeGreaterThan(0);
    const stored = await rows();
    expect(stored.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("retries with backoff and marks the row failed after max_attempts", async () => {
    await testDatabase.db.insert(emailOutbox).values(email({ maxAttempts: 3 }));
    const { transport } = recordingTransport({
      fail: () => new MailSendError("connect ECONNREFUSED 127.0.0.1:2525", false),
    });
    const delays: number[] = [];
    const worker = createOutboxWorker({
      db: testDatabase.db,
      transport,
      logger: log.logger,
      retryDelayMs: (attempts) => {
        delays.push(attempts);
        return 60_000;
      },
    });

    expect(await worker.runOnce()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ status: "queued", attempts: 1, lockedUntil: null });
    expect(row!.lastError).toBe("connect ECONNREFUSED 127.0.0.1:2525");
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    // Not due yet: nothing to claim.
    expect(await worker.runOnce()).toBe(0);

    for (const attempt of [2, 3]) {
      await testDatabase.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      expect(await worker.runOnce()).toBe(1);
      [row] = await rows();
      expect(row!.attempts).toBe(attempt);
    }
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(delays).toEqual([1, 2]);
    expect(
      log.lines.some((line) => line.level === "error" && line.message.includes("failed")),
    ).toBe(true);
  });

  it("gives up at once on a permanent refusal", async () => {
    await testDatabase.db.insert(emailOutbox).values(email());
    const { transport } = recordingTransport({
      fail: () => new MailSendError("550 5.1.1 No such user", true),
    });
    await createOutboxWorker({ db: testDatabase.db, transport, logger: log.logger }).runOnce();
    const [row] = await rows();
    expect(row).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "550 5.1.1 No such user",
    });
  });

  it("takes over a claim whose lease expired, and not one that is still held", async () => {
    const [expired] = await testDatabase.db
      .insert(emailOutbox)
      .values(email({ status: "sending", attempts: 1, lockedUntil: new Date(Date.now() - 1000) }))
      .returning();
    await testDatabase.db
      .insert(emailOutbox)
      .values(
        email({ status: "sending", attempts: 1, lockedUntil: new Date(Date.now() + 60_000) }),
      );
    const [exhausted] = await testDatabase.db
      .insert(emailOutbox)
      .values(
        email({
          status: "sending",
          attempts: 2,
          maxAttempts: 2,
          lockedUntil: new Date(Date.now() - 1000),
        }),
      )
      .returning();

    const { transport, sent } = recordingTransport();
    expect(
      await createOutboxWorker({ db: testDatabase.db, transport, logger: log.logger }).runOnce(),
    ).toBe(2);
    expect(sent).toEqual([expired!.id]);
    const byId = new Map((await rows()).map((row) => [row.id, row]));
    expect(byId.get(expired!.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(byId.get(exhausted!.id)).toMatchObject({ status: "failed", attempts: 3 });
  });

  it("wakes up when told, and stop() waits for the send in flight", async () => {
    const { transport, sent, isClosed } = recordingTransport({ delayMs: () => 300 });
    const worker = createOutboxWorker({
      db: testDatabase.db,
      transport,
      logger: log.logger,
      pollIntervalMs: 60_000,
    });
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 100)); // the first (empty) poll
    await testDatabase.db.insert(emailOutbox).values(email());
    worker.wake();
    await expect.poll(async () => (await rows())[0]?.status).toBe("sending");
    await worker.stop(5_000);
    expect(sent).toHaveLength(1);
    expect((await rows())[0]!.status).toBe("sent");
    expect(isClosed()).toBe(true);
  });

  it("writes an .eml file per email without SMTP, atomically and readable", async () => {
    const [queued] = await testDatabase.db.insert(emailOutbox).values(email()).returning();
    const worker = createOutboxWorker({
      db: testDatabase.db,
      transport: createMailTransport({ mailDir, from }),
      logger: log.logger,
    });
    expect(await worker.runOnce()).toBe(1);

    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z-${queued!.id}\\.eml$`),
    );
    const parsed = parseEmail(await readFile(path.join(mailDir, files[0]!), "utf8"));
    expect(parsed.header("from")).toBe("Jai <no-reply@jai.example>");
    expect(parsed.header("to")).toBe("team@jai.example");
    expect(parsed.header("reply-to")).toBe("visitor@example.com");
    expect(parsed.header("subject")).toBe("[Jai contact] Sales: Hello");
    expect(parsed.text).toContain("> สวัสดี");
    expect((await rows())[0]).toMatchObject({ status: "sent" });
    await worker.stop();
  });

  it("stores SMTP errors without the password", async () => {
    const sink = await startSmtpSink({ password: "right-password" });
    try {
      await testDatabase.db.insert(emailOutbox).values(email());
      const password = "s3cret/pass word";
      const worker = createOutboxWorker({
        db: testDatabase.db,
        transport: createMailTransport({
          smtpUrl: `smtp://mailer:${encodeURIComponent(password)}@127.0.0.1:${sink.port}`,
          mailDir,
          from,
        }),
        logger: log.logger,
      });
      await worker.runOnce();
      const [row] = await rows();
      expect(row!.status).toBe("queued");
      expect(row!.lastError).toMatch(/535/);
      expect(row!.lastError).not.toContain(password);
      expect(row!.lastError).not.toContain(encodeURIComponent(password));
      expect(log.text()).not.toContain("s3cret");
      await worker.stop();
    } finally {
      await sink.close();
    }
  });

  it("uses the database clock for leases and retries", async () => {
    await testDatabase.db.insert(emailOutbox).values(email());
    const { transport } = recordingTransport({ delayMs: () => 50 });
    const worker = createOutboxWorker({
      db: testDatabase.db,
      transport,
      logger: log.logger,
      leaseMs: 120_000,
    });
    const claimed = worker.runOnce();
    await expect.poll(async () => (await rows())[0]?.status).toBe("sending");
    const { rows: lease } = await testDatabase.db.execute<{ seconds: number }>(
      sql`select extract(epoch from (locked_until - now()))::float8 as seconds from email_outbox`,
    );
    expect(Number(lease[0]!.seconds)).toBeGreaterThan(100);
    await claimed;
    const [row] = await testDatabase.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.status, "sent"));
    expect(row).toBeDefined();
  });
});
