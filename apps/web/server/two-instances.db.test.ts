import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createDatabase, type Database, deliveries, eq } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestBrowser, linkIn, listAuthEmails } from "./auth/test/auth-test-client";
import { type AppServer, createAppServer } from "./create-app-server";
import { createDeliveriesWorker } from "./jobs/deliveries-worker";
import { enqueueDeliveries } from "./jobs/enqueue-delivery";
import { recordInboxEvent } from "./modules/inbox/inbox-events";
import { type ConsoleTestApp, createConsoleTestApp, testPublicUrl } from "./test/console-test-app";
import { createTestBot } from "./test/create-test-bot";
import { readEventStream } from "./test/read-event-stream";

const isPostgres = process.env.JAI_TEST_DB === "postgres";

type Instance = { testApp: ConsoleTestApp; server: AppServer; baseUrl: string; database: Database };

/**
 * Two instances of the service on one PostgreSQL, as behind a load balancer: each its own pool,
 * its own LISTEN, its own HTTP server. (PGlite is one process by design: skipped there.)
 */
describe.skipIf(!isPostgres)("two instances on one PostgreSQL", () => {
  let testDatabase: TestDatabase;
  let secondDatabase: Database;
  let a: Instance;
  let b: Instance;

  async function startInstance(database: Database): Promise<Instance> {
    const testApp = createConsoleTestApp({ ...testDatabase, database, db: database.db });
    await testApp.services.realtime.start();
    const server = createAppServer({
      services: testApp.services,
      logger: testApp.log.logger,
      shutdownTimeoutMs: 5_000,
      createApp: () => testApp.app,
    });
    const { port } = (await server.listen(0, "127.0.0.1")) as AddressInfo;
    return { testApp, server, baseUrl: `http://127.0.0.1:${port}`, database };
  }

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    secondDatabase = await createDatabase({ databaseUrl: testDatabase.databaseUrl, poolSize: 4 });
    a = await startInstance(testDatabase.database);
    b = await startInstance(secondDatabase);
    await createTestBot(testDatabase.db, { id: "shop" });
  });
  afterAll(async () => {
    // Each shutdown closes its own instance's database; the test database is dropped last.
    await b?.server.shutdown("test end");
    await a?.server.shutdown("test end");
    await testDatabase.cleanup();
  });

  /** Signs an owner up and in through instance A; the session cookie works on both. */
  async function signIn(email: string): Promise<{ ownerId: string; cookie: string }> {
    const browser = createTestBrowser(a.testApp.app);
    const password = "correct horse battery";
    await browser.post("/api/auth/sign-up/email", { name: "Owner", email, password });
    const link = linkIn((await listAuthEmails(testDatabase.db, email)).at(-1)!.textBody);
    await browser.get(`/api/auth/verify-email?token=${link.searchParams.get("token")}`);
    const signedIn = await browser.post("/api/auth/sign-in/email", { email, password });
    expect(signedIn.status).toBe(200);
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    return { ownerId: String(signedIn.body.user.id), cookie };
  }

  it("a change committed through instance A reaches an inbox connected to instance B within a second", async () => {
    const owner = await signIn("two-instances@example.com");
    const response = await fetch(`${b.baseUrl}/api/console/inbox/stream`, {
      headers: { Cookie: owner.cookie, Origin: testPublicUrl },
    });
    expect(response.status).toBe(200);
    const stream = readEventStream(response);
    await stream.until((event) => event.event === "ready");

    for (let round = 0; round < 5; round++) {
      const conversationId = randomUUID();
      const started = performance.now();
      const id = await a.database.db.transaction((tx) =>
        recordInboxEvent(tx, {
          workspaceId: owner.ownerId,
          conversationId,
          kind: "message",
          messageId: randomUUID(),
        }),
      );
      const [event] = await stream.until(() => true);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(event).toMatchObject({ event: "inbox", id: String(id) });
      expect(JSON.parse(event!.data)).toMatchObject({ conversationId, kind: "message" });
    }
    await stream.close();
  });

  it("a customer's message through instance A's chat reaches an inbox connected to B within a second", async () => {
    const owner = await signIn("two-instances-chat@example.com");
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${a.baseUrl}/api/console${path}`, {
        method: "POST",
        headers: {
          Cookie: owner.cookie,
          Origin: testPublicUrl,
          "Content-Type": "application/json",
        },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string };
    };
    const persona = await post("/personas", { name: "Mali" });
    const bot = await post("/bots", { personaId: persona.id, name: "Shop" });
    const stream = readEventStream(
      await fetch(`${b.baseUrl}/api/console/inbox/stream`, {
        headers: { Cookie: owner.cookie, Origin: testPublicUrl },
      }),
    );
    await stream.until((event) => event.event === "ready");

    const started = performance.now();
    const chat = fetch(`${a.baseUrl}/api/bots/${bot.id}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "สวัสดีค่ะ" }),
    });
    const [event] = await stream.until((event) => event.event === "inbox");
    expect(performance.now() - started).toBeLessThan(1_000);
    const { conversationId } = (await (await chat).json()) as { conversationId: string };
    expect(JSON.parse(event!.data)).toMatchObject({ conversationId, kind: "message" });
    await stream.close();
  });

  it("a teammate's reply stored through instance A reaches the customer's page connected to B", async () => {
    // The customer's conversation starts on A (over HTTP, with its cookie)...
    const chat = await fetch(`${a.baseUrl}/api/bots/shop/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "Hello" }),
    });
    expect(chat.status).toBe(200);
    const cookie = chat.headers.getSetCookie()[0]!.split(";")[0]!;
    const { conversationId } = (await chat.json()) as { conversationId: string };
    // ...its page's next request lands on B.
    const stream = readEventStream(
      await fetch(`${b.baseUrl}/api/bots/shop/conversations/${conversationId}/events`, {
        headers: { Cookie: cookie },
      }),
    );
    await stream.until((event) => event.event === "ready");
    const started = performance.now();
    const id = await a.database.db.transaction((tx) =>
      recordInboxEvent(tx, { workspaceId: null, conversationId, kind: "message" }),
    );
    expect(await stream.until(() => true)).toEqual([
      expect.objectContaining({ event: "inbox", id: String(id) }),
    ]);
    expect(performance.now() - started).toBeLessThan(1_000);
    await stream.close();
  });

  it("a job is never run twice: the two instances' deliveries workers claim disjoint rows", async () => {
    const rows = 40;
    await enqueueDeliveries(
      a.database.db,
      Array.from({ length: rows }, (_, index) => ({
        kind: "webhook" as const,
        channel: "test",
        targetId: randomUUID(),
        event: "message.created",
        idempotencyKey: `two-instances-${index}`,
        payload: { index },
      })),
    );
    const sent: { instance: string; id: string }[] = [];
    const workerOn = (instance: string, database: Database) =>
      createDeliveriesWorker({
        db: database.db,
        logger: a.testApp.log.logger,
        senders: {
          test: {
            // A send takes a moment, so both instances are claiming at the same time.
            send: async (delivery) => {
              sent.push({ instance, id: delivery.id });
              await new Promise((resolve) => setTimeout(resolve, 5));
              return { ok: true, statusCode: 200 };
            },
          },
        },
      });
    const workers = [workerOn("a", a.database), workerOn("b", b.database)];
    for (;;) {
      const counts = await Promise.all(workers.map((worker) => worker.runOnce()));
      if (counts.every((count) => count === 0)) break;
    }

    expect(sent).toHaveLength(rows);
    expect(new Set(sent.map((send) => send.id)).size).toBe(rows);
    // Both took part: the rows were shared, never doubled.
    expect(new Set(sent.map((send) => send.instance))).toEqual(new Set(["a", "b"]));
    const stored = await a.database.db
      .select({ status: deliveries.status, attempts: deliveries.attempts })
      .from(deliveries)
      .where(eq(deliveries.channel, "test"));
    expect(stored).toHaveLength(rows);
    expect(stored.every((row) => row.status === "delivered" && row.attempts === 1)).toBe(true);
  });
});
