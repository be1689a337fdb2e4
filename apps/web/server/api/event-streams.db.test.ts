import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Db, InboxEventKind } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "../create-app-server";
import { recordInboxEvent } from "../modules/inbox/inbox-events";
import { customerStreamsPerConversation } from "../modules/realtime/customer-stream";
import { createRealtimeHub } from "../modules/realtime/realtime-hub";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
  testPublicUrl,
} from "../test/console-test-app";
import { createTestBot } from "../test/create-test-bot";
import { readEventStream } from "../test/read-event-stream";
import { inboxStreamsPerUser } from "./inbox-stream";

const shop = "https://shop.example";
const ownOrigin = new URL(testPublicUrl).origin;

const record = (
  db: Db,
  event: { workspaceId: string | null; conversationId: string; kind?: InboxEventKind },
) =>
  db.transaction((tx) =>
    recordInboxEvent(tx, {
      workspaceId: event.workspaceId,
      conversationId: event.conversationId,
      kind: event.kind ?? "message",
      messageId: randomUUID(),
    }),
  );

describe("the event streams", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let owner: OwnerClient;
  let other: OwnerClient;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase);
    // A short heartbeat: a stream whose session ended closes within it (each beat of each open
    // stream checks the session in the database: 11 streams at 50 ms starved a loaded machine).
    testApp.services.realtime = createRealtimeHub({
      database: testDatabase.database,
      logger: testApp.log.logger,
      heartbeatMs: 200,
    });
    owner = await signInOwner(testApp, testDatabase, "inbox-owner@example.com");
    other = await signInOwner(testApp, testDatabase, "other-owner@example.com");
    await createTestBot(testDatabase.db, { id: "shop" });
  });
  afterAll(async () => {
    await testApp.services.realtime.stop();
    await testDatabase.cleanup();
  });

  const inboxStream = (client: OwnerClient, headers: Record<string, string> = {}, query = "") =>
    client.fetch("GET", `/api/console/inbox/stream${query}`, { headers });

  describe("the inbox's", () => {
    it("needs a signed-in member, and carries only the member's workspace", async () => {
      const anonymous = await testApp.app.request("/api/console/inbox/stream");
      expect(anonymous.status).toBe(401);
      expect(
        await testApp.app.request("/api/console/inbox/stream", { method: "POST" }),
      ).toMatchObject({
        status: 405,
      });

      const response = await inboxStream(owner);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-accel-buffering")).toBe("no");
      const stream = readEventStream(response);
      const [ready] = await stream.until((event) => event.event === "ready");
      expect(ready!.id).toMatch(/^\d+$/);

      const conversationId = randomUUID();
      await record(testDatabase.db, { workspaceId: other.ownerId, conversationId: randomUUID() });
      const id = await record(testDatabase.db, { workspaceId: owner.ownerId, conversationId });
      const [event] = await stream.until((event) => event.event === "inbox");
      expect(event).toMatchObject({ event: "inbox", id: String(id) });
      expect(JSON.parse(event!.data)).toEqual({
        id,
        kind: "message",
        conversationId,
        messageId: expect.any(String),
      });
      stream.close();
    });

    it("resumes from Last-Event-ID (header or query), in order, then live", async () => {
      const conversationId = randomUUID();
      const since = await record(testDatabase.db, { workspaceId: owner.ownerId, conversationId });
      const missed = [
        await record(testDatabase.db, { workspaceId: owner.ownerId, conversationId }),
        await record(testDatabase.db, { workspaceId: other.ownerId, conversationId: randomUUID() }),
        await record(testDatabase.db, {
          workspaceId: owner.ownerId,
          conversationId,
          kind: "conversation",
        }),
      ];
      const expected = [missed[0]!, missed[2]!];
      for (const resume of [
        (id: number) => inboxStream(owner, { "Last-Event-ID": String(id) }),
        (id: number) => inboxStream(owner, {}, `?lastEventId=${id}`),
      ]) {
        const stream = readEventStream(await resume(since));
        const events = await stream.until((event) => event.event === "ready");
        expect(events.map((event) => [event.event, event.id])).toEqual([
          ...expected.map((id) => ["inbox", String(id)]),
          ["ready", String(expected.at(-1))],
        ]);
        const live = await record(testDatabase.db, { workspaceId: owner.ownerId, conversationId });
        expect((await stream.next())?.id).toBe(String(live));
        expected.push(live);
        stream.close();
      }
    });

    it(`allows ${inboxStreamsPerUser} open streams per user, and frees one when it closes`, async () => {
      const streams = [];
      for (let index = 0; index < inboxStreamsPerUser; index++) {
        const response = await inboxStream(other);
        expect(response.status).toBe(200);
        streams.push(readEventStream(response));
      }
      const refused = await inboxStream(other);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("30");
      // Another user is counted apart.
      const own = await inboxStream(owner);
      expect(own.status).toBe(200);
      await readEventStream(own).close();

      await streams.pop()!.close();
      // The slot is freed once the server sees the stream end.
      await expect
        .poll(async () => {
          const again = await inboxStream(other);
          await again.body?.cancel();
          return again.status;
        })
        .toBe(200);
      for (const stream of streams) await stream.close();
    });

    it("ends when the member signs out", async () => {
      const member = await signInOwner(testApp, testDatabase, "leaving@example.com");
      const stream = readEventStream(await inboxStream(member));
      await stream.until((event) => event.event === "ready");
      const signedOut = await member.request("POST", "/api/auth/sign-out", {});
      expect(signedOut.status).toBe(200);
      expect(await stream.next()).toBeNull();
      expect((await inboxStream(member)).status).toBe(401);
    });
  });

  describe("the customer's", () => {
    /** A conversation on the hosted page: its id and the visitor cookie. */
    async function pageConversation() {
      const response = await testApp.app.request("/api/bots/shop/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ message: "Hello" }),
      });
      expect(response.status).toBe(200);
      const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
      const { conversationId } = (await response.json()) as { conversationId: string };
      return { conversationId, cookie };
    }
    const pageStream = (conversationId: string, headers: Record<string, string> = {}) =>
      testApp.app.request(`/api/bots/shop/conversations/${conversationId}/events`, { headers });

    it("on the hosted page: the visitor's own conversation's messages only", async () => {
      const mine = await pageConversation();
      const theirs = await pageConversation();
      expect((await pageStream(mine.conversationId)).status).toBe(404);
      expect((await pageStream(mine.conversationId, { Cookie: theirs.cookie })).status).toBe(404);
      expect((await pageStream("not-a-uuid", { Cookie: mine.cookie })).status).toBe(404);
      expect(
        (
          await testApp.app.request(`/api/bots/other/conversations/${mine.conversationId}/events`, {
            headers: { Cookie: mine.cookie },
          })
        ).status,
      ).toBe(404);

      const response = await pageStream(mine.conversationId, { Cookie: mine.cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const stream = readEventStream(response);
      const [ready] = await stream.until((event) => event.event === "ready");

      await record(testDatabase.db, {
        workspaceId: null,
        conversationId: mine.conversationId,
        kind: "typing",
      });
      await record(testDatabase.db, { workspaceId: null, conversationId: theirs.conversationId });
      const reply = await record(testDatabase.db, {
        workspaceId: null,
        conversationId: mine.conversationId,
      });
      const [event] = await stream.until(() => true);
      expect(event).toMatchObject({ event: "inbox", id: String(reply) });
      expect(JSON.parse(event!.data)).toMatchObject({
        kind: "message",
        conversationId: mine.conversationId,
      });
      stream.close();

      // A reconnect gets what it missed, by conversation.
      const missed = await record(testDatabase.db, {
        workspaceId: null,
        conversationId: mine.conversationId,
      });
      const resumed = readEventStream(
        await pageStream(mine.conversationId, { Cookie: mine.cookie, "Last-Event-ID": ready!.id! }),
      );
      expect((await resumed.until((e) => e.event === "ready")).map((e) => e.id)).toEqual([
        String(reply),
        String(missed),
        String(missed),
      ]);
      resumed.close();
    });

    it(`allows ${customerStreamsPerConversation} open streams per conversation`, async () => {
      const { conversationId, cookie } = await pageConversation();
      const streams = [];
      for (let index = 0; index < customerStreamsPerConversation; index++) {
        const response = await pageStream(conversationId, { Cookie: cookie });
        expect(response.status).toBe(200);
        streams.push(readEventStream(response));
      }
      expect((await pageStream(conversationId, { Cookie: cookie })).status).toBe(429);
      for (const stream of streams) await stream.close();
    });

    it("in the widget: with the frame's session and contact token, ending with the session", async () => {
      const persona = await owner.request("POST", "/api/console/personas", { name: "Mali" });
      const bot = await owner.request("POST", "/api/console/bots", {
        personaId: persona.body.id,
        name: "Widget bot",
      });
      const botId = bot.body.id as string;
      await owner.request("PUT", `/api/console/bots/${botId}/channels/widget`, {
        enabled: true,
        settings: { allowedOrigins: [shop] },
      });
      const issued = await testApp.app.request(`/api/widget/${botId}/session`, {
        method: "POST",
        headers: { Origin: shop, "Content-Type": "application/json" },
        body: "{}",
      });
      const { session } = (await issued.json()) as { session: string };
      const chat = await testApp.app.request(`/api/widget/${botId}/chat`, {
        method: "POST",
        headers: {
          Origin: ownOrigin,
          Authorization: `Bearer ${session}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify({ message: "Hello" }),
      });
      const contact = chat.headers.get("x-jai-contact")!;
      const { conversationId } = (await chat.json()) as { conversationId: string };
      const events = (headers: Record<string, string>) =>
        testApp.app.request(`/api/widget/${botId}/conversations/${conversationId}/events`, {
          headers: { Origin: ownOrigin, ...headers },
        });

      expect((await events({ "X-Jai-Contact": contact })).status).toBe(401);
      expect((await events({ Authorization: `Bearer ${session}` })).status).toBe(404);
      expect(
        (
          await testApp.app.request(`/api/widget/${botId}/conversations/${conversationId}/events`, {
            headers: { Origin: shop, Authorization: `Bearer ${session}`, "X-Jai-Contact": contact },
          })
        ).status,
      ).toBe(403);

      const response = await events({
        Authorization: `Bearer ${session}`,
        "X-Jai-Contact": contact,
      });
      expect(response.status).toBe(200);
      const stream = readEventStream(response);
      await stream.until((event) => event.event === "ready");
      const reply = await record(testDatabase.db, { workspaceId: owner.ownerId, conversationId });
      expect((await stream.next())?.id).toBe(String(reply));
      stream.close();
    });
  });
});

describe("a server stopping with event streams open", () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
  });
  afterAll(() => testDatabase.cleanup());

  it("closes them at once instead of waiting for its timeout, and refuses none meanwhile", {
    timeout: 15_000,
  }, async () => {
    const { app, services, log } = createConsoleTestApp(testDatabase);
    await createTestBot(testDatabase.db, { id: "shop" });
    const server = createAppServer({
      services,
      logger: log.logger,
      shutdownTimeoutMs: 10_000,
      createApp: () => app,
    });
    const { port } = (await server.listen(0, "127.0.0.1")) as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const chat = await fetch(`${base}/api/bots/shop/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "Hello" }),
    });
    const cookie = chat.headers.getSetCookie()[0]!.split(";")[0]!;
    const { conversationId } = (await chat.json()) as { conversationId: string };
    const streams = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const stream = readEventStream(
          await fetch(`${base}/api/bots/shop/conversations/${conversationId}/events`, {
            headers: { Cookie: cookie },
          }),
        );
        await stream.until((event) => event.event === "ready");
        return stream;
      }),
    );

    const started = performance.now();
    await server.shutdown("test");
    expect(performance.now() - started).toBeLessThan(3_000);
    for (const stream of streams) expect(await stream.next()).toBeNull();
    expect(log.lines.filter((line) => line.message.startsWith("shutdown timeout"))).toEqual([]);
  });
});
