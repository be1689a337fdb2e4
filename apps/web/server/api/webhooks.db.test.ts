import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deliveries, eq, webhookEndpoints } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDeliveriesWorker } from "../jobs/deliveries-worker";
import { verifyWebhookSignature } from "../modules/webhooks/webhook-signature";
import { createConsoleTestApp, signInOwner } from "../test/console-test-app";
import { createMemoryLogger } from "../test/memory-logger";

/** A receiver on 127.0.0.1 that answers scripted statuses and records what it got. */
let receiver: Server;
let receiverUrl: string;
let statuses: number[] = [];
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      const status = statuses.length > 1 ? statuses.shift()! : (statuses[0] ?? 200);
      response.writeHead(status).end(status === 200 ? "ok" : "receiver trouble");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

describe("outgoing webhooks", () => {
  let testDatabase: TestDatabase;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    statuses = [200];
    received.length = 0;
  });
  afterEach(() => testDatabase.cleanup());

  async function setUp({ allowPrivate = true } = {}) {
    const testApp = createConsoleTestApp(testDatabase, { allowPrivateWebhooks: allowPrivate });
    const owner = await signInOwner(testApp, testDatabase, "hooks@example.com");
    const worker = createDeliveriesWorker({
      db: testDatabase.db,
      logger: createMemoryLogger().logger,
      senders: testApp.services.deliverySenders,
      retryDelayMs: () => 0,
    });
    return { testApp, owner, worker };
  }

  it("signs each event for a subscribed endpoint, and retries a receiver that answers 500", async () => {
    const { testApp, owner, worker } = await setUp();
    const created = await owner.request("POST", "/api/console/webhooks", {
      url: receiverUrl,
      events: ["message.created", "conversation.created"],
      description: "CRM",
    });
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const listed = await owner.request("GET", "/api/console/webhooks");
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const [stored] = await testDatabase.db.select().from(webhookEndpoints);
    expect(stored!.secretSealed).not.toContain(secret);

    // A visitor chats with the owner's bot: conversation.created and two message.created.
    const persona = await owner.request("POST", "/api/console/personas", { name: "Mali" });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Shop",
    });
    statuses = [500, 200];
    const chat = await testApp.app.request(`/api/bots/${bot.body.id}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "สวัสดีค่ะ" }),
    });
    expect(chat.status).toBe(200);
    await expect.poll(async () => (await testDatabase.db.select().from(deliveries)).length).toBe(3);

    await worker.runOnce();
    await worker.runOnce();
    const rows = await testDatabase.db.select().from(deliveries);
    expect(rows.map((row) => row.status).sort()).toEqual(["delivered", "delivered", "delivered"]);
    expect(rows.some((row) => row.attempts === 2)).toBe(true);
    expect(received).toHaveLength(4);
    for (const request of received) {
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["user-agent"]).toBe("Jai-Webhooks/1");
      expect(
        verifyWebhookSignature(secret, request.body, request.headers["x-jai-signature"] as string),
      ).toBe(true);
    }
    const types = received.map((request) => JSON.parse(request.body).type);
    expect(new Set(types)).toEqual(new Set(["conversation.created", "message.created"]));
    const log = await owner.request("GET", `/api/console/webhooks/${created.body.id}/deliveries`);
    expect(log.body).toHaveLength(3);
    expect(
      log.body.find((delivery: { attempts: number }) => delivery.attempts === 2),
    ).toMatchObject({
      status: "delivered",
      lastStatusCode: 200,
    });
  });

  it("sends a test event, keeps a dead delivery's error, and redelivers it", async () => {
    const { owner, worker } = await setUp();
    const created = await owner.request("POST", "/api/console/webhooks", {
      url: receiverUrl,
      events: ["contact.created"],
    });
    statuses = [400];
    const test = await owner.request("POST", `/api/console/webhooks/${created.body.id}/test`);
    expect(test.status).toBe(202);
    await worker.runOnce();
    const [dead] = (
      await owner.request("GET", `/api/console/webhooks/${created.body.id}/deliveries`)
    ).body;
    expect(dead).toMatchObject({
      event: "webhook.test",
      status: "dead",
      lastStatusCode: 400,
      lastError: "HTTP 400: receiver trouble",
    });
    statuses = [200];
    const again = await owner.request(
      "POST",
      `/api/console/webhooks/${created.body.id}/deliveries/${dead.id}/redeliver`,
    );
    expect(again.status).toBe(202);
    await worker.runOnce();
    const [delivered] = (
      await owner.request("GET", `/api/console/webhooks/${created.body.id}/deliveries`)
    ).body;
    expect(delivered).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("refuses private addresses and http, at creation and at send time", async () => {
    const { owner, worker } = await setUp({ allowPrivate: false });
    const loopback = await owner.request("POST", "/api/console/webhooks", {
      url: "https://127.0.0.1/hooks",
      events: ["message.created"],
    });
    expect(loopback.status).toBe(422);
    expect(loopback.body.error.fields).toEqual({ url: "privateAddress" });
    const metadata = await owner.request("POST", "/api/console/webhooks", {
      url: "https://169.254.169.254/latest/meta-data",
      events: ["message.created"],
    });
    expect(metadata.body.error.fields).toEqual({ url: "privateAddress" });
    const plain = await owner.request("POST", "/api/console/webhooks", {
      url: "http://hooks.example/x",
      events: ["message.created"],
    });
    expect(plain.body.error.fields).toEqual({ url: "notHttps" });

    // An endpoint stored while allowed (or whose name now points inside) is refused at send time.
    const [row] = await testDatabase.db
      .insert(webhookEndpoints)
      .values({
        ownerId: owner.ownerId,
        url: receiverUrl,
        events: ["message.created"],
        secretSealed: "v1.x.y.z",
      })
      .returning();
    await owner.request("POST", `/api/console/webhooks/${row!.id}/test`);
    await worker.runOnce();
    const [refused] = await testDatabase.db.select().from(deliveries);
    expect(refused).toMatchObject({ status: "dead" });
    expect(received).toEqual([]);
  });

  it("validates endpoints and keeps them to ten per owner", async () => {
    const { owner } = await setUp();
    const bad = await owner.request("POST", "/api/console/webhooks", {
      url: receiverUrl,
      events: ["message.deleted"],
    });
    expect(bad.status).toBe(422);
    const none = await owner.request("POST", "/api/console/webhooks", {
      url: receiverUrl,
      events: [],
    });
    expect(none.status).toBe(422);
    for (let index = 0; index < 10; index++) {
      const created = await owner.request("POST", "/api/console/webhooks", {
        url: `${receiverUrl}/${index}`,
        events: ["message.created"],
      });
      expect(created.status).toBe(201);
    }
    const eleventh = await owner.request("POST", "/api/console/webhooks", {
      url: receiverUrl,
      events: ["message.created"],
    });
    expect(eleventh.body.error.code).toBe("PLAN_LIMIT_REACHED");
    const [first] = (await owner.request("GET", "/api/console/webhooks")).body;
    const off = await owner.request("PATCH", `/api/console/webhooks/${first.id}`, {
      enabled: false,
    });
    expect(off.body.enabled).toBe(false);
    expect((await owner.request("DELETE", `/api/console/webhooks/${first.id}`)).status).toBe(204);
    expect(
      await testDatabase.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, first.id)),
    ).toEqual([]);
  });
});
