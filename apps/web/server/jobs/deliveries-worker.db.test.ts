import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sendRequest } from "@jai/channels";
import { deliveries, eq, sql } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMemoryLogger } from "../test/memory-logger";
import { createDeliveriesWorker, redeliver } from "./deliveries-worker";
import type { DeliverySender } from "./delivery-senders";
import { type DeliveryInput, enqueueDeliveries } from "./enqueue-delivery";

/**
 * A receiver whose answers are scripted per path: each request takes the next answer (the last
 * one repeats). Records every request body.
 */
let receiver: Server;
let receiverUrl: string;
const scripts = new Map<string, { status: number; headers?: Record<string, string> }[]>();
const received: { path: string; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, body });
      const script = scripts.get(path) ?? [{ status: 200 }];
      const answer = script.length > 1 ? script.shift()! : script[0]!;
      response.writeHead(answer.status, answer.headers).end("receiver says no");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

/** Sends each delivery's payload as JSON to the receiver path it names. */
const testSender: DeliverySender = {
  send: (delivery, signal) =>
    sendRequest(
      { baseUrl: receiverUrl, fetch, timeoutMs: 2_000 },
      { path: String(delivery.payload.path), json: delivery.payload, signal },
    ),
};

function delivery(path: string, key = path): DeliveryInput {
  return {
    kind: "webhook",
    channel: "test",
    targetId: "00000000-0000-4000-8000-000000000001",
    event: "message.created",
    idempotencyKey: key,
    payload: { path, text: "สวัสดี" },
  };
}

describe("the deliveries worker", () => {
  let testDatabase: TestDatabase;
  let log: ReturnType<typeof createMemoryLogger>;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    log = createMemoryLogger();
    scripts.clear();
    received.length = 0;
  });
  afterEach(() => testDatabase.cleanup());

  const makeWorker = (options: { maxAttempts?: number } = {}) =>
    createDeliveriesWorker({
      db: testDatabase.db,
      logger: log.logger,
      senders: { test: testSender },
      retryDelayMs: () => 0,
      ...options,
    });

  const row = async (key: string) => {
    const [found] = await testDatabase.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.idempotencyKey, key));
    return found!;
  };

  it("delivers, and queues one row per idempotency key", async () => {
    expect(await enqueueDeliveries(testDatabase.db, [delivery("/a")])).toHaveLength(1);
    expect(await enqueueDeliveries(testDatabase.db, [delivery("/a")])).toEqual([]);
    expect(await makeWorker().runOnce()).toBe(1);
    expect(received).toEqual([{ path: "/a", body: '{"path":"/a","text":"สวัสดี"}' }]);
    expect(await row("/a")).toMatchObject({
      status: "delivered",
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    });
  });

  it("retries a 500 until the receiver takes it", async () => {
    scripts.set("/flaky", [{ status: 500 }, { status: 503 }, { status: 200 }]);
    await enqueueDeliveries(testDatabase.db, [delivery("/flaky")]);
    const worker = makeWorker();
    await worker.runOnce();
    expect(await row("/flaky")).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastError: "HTTP 500: receiver says no",
    });
    await worker.runOnce();
    await worker.runOnce();
    expect(await row("/flaky")).toMatchObject({ status: "delivered", attempts: 3 });
    expect(received.filter((request) => request.path === "/flaky")).toHaveLength(3);
  });

  it("waits as long as the receiver's Retry-After says", async () => {
    scripts.set("/busy", [{ status: 429, headers: { "Retry-After": "120" } }]);
    await enqueueDeliveries(testDatabase.db, [delivery("/busy")]);
    await makeWorker().runOnce();
    const { rows } = await testDatabase.db.execute<{ wait: number }>(
      sql`select extract(epoch from next_attempt_at - now())::int as wait from deliveries`,
    );
    expect(rows[0]!.wait).toBeGreaterThan(110);
    expect(rows[0]!.wait).toBeLessThanOrEqual(120);
    // Not due yet: nothing is claimed.
    expect(await makeWorker().runOnce()).toBe(0);
  });

  it("dead-letters after the last attempt, keeping the error, and redelivers on request", async () => {
    scripts.set("/down", [{ status: 502 }]);
    await enqueueDeliveries(testDatabase.db, [{ ...delivery("/down"), maxAttempts: 3 }]);
    const worker = makeWorker();
    for (let attempt = 0; attempt < 3; attempt++) await worker.runOnce();
    expect(await row("/down")).toMatchObject({
      status: "dead",
      attempts: 3,
      lastStatusCode: 502,
      lastError: "HTTP 502: receiver says no",
    });
    expect(await worker.runOnce()).toBe(0);
    expect(log.lines.some((line) => line.message === "delivery failed for good")).toBe(true);

    scripts.set("/down", [{ status: 200 }]);
    const { id } = await row("/down");
    expect(await redeliver(testDatabase.db, id)).toBe(true);
    await worker.runOnce();
    expect(await row("/down")).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("gives up at once on a refusal that cannot change, and on an unknown channel", async () => {
    scripts.set("/gone", [{ status: 400 }]);
    await enqueueDeliveries(testDatabase.db, [
      delivery("/gone"),
      { ...delivery("/nobody"), channel: "carrier-pigeon" },
    ]);
    await makeWorker().runOnce();
    expect(await row("/gone")).toMatchObject({ status: "dead", attempts: 1, lastStatusCode: 400 });
    expect(await row("/nobody")).toMatchObject({
      status: "dead",
      lastError: 'no sender for channel "carrier-pigeon"',
    });
  });

  it("never sends one row twice from two workers, and takes back an expired claim", async () => {
    await enqueueDeliveries(
      testDatabase.db,
      Array.from({ length: 25 }, (_, index) => delivery(`/many/${index}`)),
    );
    const [one, two] = [makeWorker(), makeWorker()];
    let claimed = 0;
    while (true) {
      const counts = await Promise.all([one.runOnce(), two.runOnce()]);
      claimed += counts[0] + counts[1];
      if (counts[0] + counts[1] === 0) break;
    }
    expect(claimed).toBe(25);
    expect(new Set(received.map((request) => request.path)).size).toBe(25);
    expect(received).toHaveLength(25);

    // A worker died mid-send: its lease passed, so the row is sent again.
    await enqueueDeliveries(testDatabase.db, [delivery("/orphan")]);
    await testDatabase.db
      .update(deliveries)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(deliveries.idempotencyKey, "/orphan"));
    await one.runOnce();
    expect(await row("/orphan")).toMatchObject({ status: "delivered", attempts: 2 });
  });
});
