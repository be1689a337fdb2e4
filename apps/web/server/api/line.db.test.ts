import { createHmac } from "node:crypto";
import {
  channelConnections,
  channelEvents,
  contacts,
  conversations,
  deliveries,
  eq,
  messages,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createChannelEventsWorker, releaseClaims } from "../jobs/channel-events-worker";
import { createDeliveriesWorker } from "../jobs/deliveries-worker";
import { createConsoleTestApp, signInOwner } from "../test/console-test-app";
import { type FakeLine, startFakeLine } from "../test/fake-line";

// A 1×1 PNG.
const png = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

describe("the LINE channel", () => {
  let testDatabase: TestDatabase;
  let line: FakeLine;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    line = await startFakeLine({ replyTokenTtlMs: 30_000 });
  });
  afterEach(async () => {
    await line.close();
    await testDatabase.cleanup();
  });

  async function setUp(options: { replyTokenMaxAgeMs?: number } = {}) {
    const testApp = createConsoleTestApp(testDatabase, {
      line: { apiBaseUrl: line.url, dataBaseUrl: line.url, timeoutMs: 2_000 },
      lineReplyTokenMaxAgeMs: options.replyTokenMaxAgeMs,
    });
    const owner = await signInOwner(testApp, testDatabase, "line@example.com");
    const persona = await owner.request("POST", "/api/console/personas", {
      name: "Mali",
      welcomeMessage: "สวัสดีค่ะ ยินดีต้อนรับสู่ร้านส้มตำ",
      faqs: [
        { question: "ร้านเปิดกี่โมง", answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็น" },
        { question: "When are you open?", answer: "Every day from 9 to 5." },
      ],
    });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Somtam bot",
    });
    const botId = bot.body.id as string;
    const { db } = testDatabase;
    const { services, log } = testApp;
    const events = createChannelEventsWorker({
      db,
      logger: log.logger,
      processors: { line: (row, signal) => services.line.processEvent(row, signal) },
      retryDelayMs: () => 0,
    });
    const sends = createDeliveriesWorker({
      db,
      logger: log.logger,
      senders: services.deliverySenders,
      retryDelayMs: () => 0,
      maxRetryAfterMs: 0,
    });
    /** Runs both jobs until nothing is left to do. */
    async function drain() {
      for (let round = 0; round < 20; round++) {
        const claimed = (await events.runOnce()) + (await sends.runOnce());
        if (claimed === 0) return;
      }
    }
    const connect = (body: Record<string, unknown> = {}) =>
      owner.request("PUT", `/api/console/bots/${botId}/channels/line`, {
        channelId: line.channelId,
        channelSecret: line.channelSecret,
        accessToken: line.accessToken,
        ...body,
      });
    const post = (connectionId: string, body: string, signature?: string) =>
      testApp.app.request(`/api/webhooks/line/${connectionId}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(signature === undefined ? {} : { "x-line-signature": signature }),
        },
        body,
      });
    const send = (connectionId: string, ...events: object[]) => {
      const { body, signature } = line.webhookBody(events);
      return post(connectionId, body, signature);
    };
    return { testApp, owner, botId, db, drain, connect, post, send, services };
  }

  it("connects with LINE's answer, verifies the webhook, answers by reply token and records it", async () => {
    const { owner, botId, db, drain, connect, send } = await setUp();
    const connected = await connect();
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({
      status: "connected",
      channelId: line.channelId,
      account: { displayName: "Somtam Shop", basicId: "@123abcde" },
      secretLast4: line.channelSecret.slice(-4),
      tokenLast4: line.accessToken.slice(-4),
      webhookVerifiedAt: null,
    });
    const connectionId = connected.body.connectionId as string;
    expect(connected.body.webhookUrl).toBe(
      `http://localhost:3000/api/webhooks/line/${connectionId}`,
    );
    // The secrets never come back, and are sealed at rest.
    expect(JSON.stringify(connected.body)).not.toContain(line.accessToken);
    const [row] = await db
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.id, connectionId));
    expect(row!.secretsSealed).not.toContain(line.channelSecret);
    expect(row!.secretsSealed).not.toContain(line.accessToken);

    // LINE's "Verify": an empty events array, signed.
    expect((await send(connectionId)).status).toBe(200);
    const state = await owner.request("GET", `/api/console/bots/${botId}/channels/line`);
    expect(state.body.webhookVerifiedAt).not.toBeNull();

    line.setProfile("U1", { displayName: "Somchai", pictureUrl: "https://p/1", language: "th" });
    const answered = await send(
      connectionId,
      line.event({ type: "text", userId: "U1", text: "ร้านเปิดกี่โมง" }),
    );
    expect(answered.status).toBe(200);
    // Stored before any model call; nothing sent yet.
    expect(await db.select().from(channelEvents)).toHaveLength(1);
    expect(line.sent).toHaveLength(0);
    await drain();

    expect(line.sent).toHaveLength(1);
    expect(line.sent[0]!.via).toBe("reply");
    expect(line.sent[0]!.messages[0]!.text).toContain("9 โมงเช้า");
    expect(line.sent[0]!.messages[0]!.sender).toMatchObject({ name: "Somtam bot" });
    expect(line.loadingCalls).toEqual([{ chatId: "U1", loadingSeconds: 60 }]);
    const [contact] = await db.select().from(contacts).where(eq(contacts.externalId, "U1"));
    expect(contact).toMatchObject({ channel: "line", displayName: "Somchai", language: "th" });
    const stored = await db.select().from(messages).where(eq(messages.sender, "bot"));
    expect(stored[0]!.sentVia).toBe("reply");
    const [conversation] = await db.select().from(conversations);
    expect(conversation!.channel).toBe("line");

    // The console shows it, and the month's count.
    const after = await owner.request("GET", `/api/console/bots/${botId}/channels/line`);
    expect(after.body.sentThisMonth).toEqual({ reply: 1, push: 0 });
    const quota = await owner.request("GET", `/api/console/bots/${botId}/channels/line/quota`);
    expect(quota.body).toEqual({ type: "limited", limit: 300, used: 0, pushedByBot: 0 });
    const channels = await owner.request("GET", `/api/console/bots/${botId}/channels`);
    expect(channels.body.apps).toContainEqual({ channel: "line", status: "connected" });
    expect(channels.body.allowance.used).toBe(1);
  });

  it("refuses wrong credentials in words, and a token of another channel", async () => {
    const { connect } = await setUp();
    const wrongToken = await connect({ accessToken: "x".repeat(40) });
    expect(wrongToken.status).toBe(422);
    expect(wrongToken.body.error.fields).toEqual({ accessToken: "refused" });
    const otherChannel = await connect({ channelId: "1234567890" });
    expect(otherChannel.status).toBe(422);
    expect(otherChannel.body.error.fields).toEqual({ channelId: "mismatch" });
    const malformed = await connect({ channelSecret: "not-a-secret" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.fields.channelSecret).toBeDefined();
  });

  it("counts against the plan's channel allowance (the trial allows one)", async () => {
    const { owner, botId, connect } = await setUp();
    expect((await connect()).status).toBe(200);
    // Connecting again (new token) does not count twice.
    expect((await connect()).status).toBe(200);
    const widget = await owner.request("PUT", `/api/console/bots/${botId}/channels/widget`, {
      enabled: true,
    });
    expect(widget.body.error).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      fields: { limit: "channels" },
    });
    await owner.request("DELETE", `/api/console/bots/${botId}/channels/line`);
    const enabled = await owner.request("PUT", `/api/console/bots/${botId}/channels/widget`, {
      enabled: true,
    });
    expect(enabled.status).toBe(200);
    const refused = await connect();
    expect(refused.body.error).toMatchObject({ code: "PLAN_LIMIT_REACHED" });
    const state = await owner.request("GET", `/api/console/bots/${botId}/channels/line`);
    expect(state.body).toEqual({ status: "not_connected" });
  });

  it("acknowledges a redelivered event without processing it twice", async () => {
    const { db, drain, connect, send } = await setUp();
    const connectionId = (await connect()).body.connectionId as string;
    const event = line.event({ type: "text", userId: "U2", text: "When are you open?" });
    expect((await send(connectionId, event)).status).toBe(200);
    const redelivered = { ...event, deliveryContext: { isRedelivery: true } };
    expect((await send(connectionId, redelivered)).status).toBe(200);
    await drain();
    expect(await db.select().from(channelEvents)).toHaveLength(1);
    expect(line.sent).toHaveLength(1);
    expect(await db.select().from(messages)).toHaveLength(2);
  });

  it("pushes with a retry key when the reply token is stale, and retries a 429 after Retry-After", async () => {
    const { db, drain, connect, send } = await setUp({ replyTokenMaxAgeMs: 0 });
    const connectionId = (await connect()).body.connectionId as string;
    line.fail("/v2/bot/message/push", { status: 429, retryAfter: 1 });
    await send(
      connectionId,
      line.event({ type: "text", userId: "U3", text: "When are you open?" }),
    );
    await drain();
    const [delivery] = await db.select().from(deliveries);
    expect(delivery!.status).toBe("delivered");
    expect(delivery!.attempts).toBe(2);
    expect(line.sent.map((s) => s.via)).toEqual(["push"]);
    expect(line.sent[0]!.to).toBe("U3");
    const bot = await db.select().from(messages).where(eq(messages.sender, "bot"));
    expect(bot[0]!.sentVia).toBe("push");
  });

  it("falls back to a push when LINE says the reply token expired; a push it already accepted is not sent twice", async () => {
    const { db, drain, connect, send } = await setUp();
    const connectionId = (await connect()).body.connectionId as string;
    const event = line.event({ type: "text", userId: "U4", text: "Hello" });
    // The token LINE issued has been used elsewhere: LINE answers "Invalid reply token".
    await send(connectionId, { ...event, replyToken: "0".repeat(32) });
    await drain();
    expect(line.sent.map((s) => s.via)).toEqual(["push"]);
    // A retried push with the same key: LINE answers 409 and delivers nothing more.
    const [delivery] = await db.select().from(deliveries);
    const again = await fetch(`${line.url}/v2/bot/message/push`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${line.accessToken}`,
        "Content-Type": "application/json",
        "X-Line-Retry-Key": delivery!.id,
      },
      body: JSON.stringify({ to: "U4", messages: [{ type: "text", text: "x" }] }),
    });
    expect(again.status).toBe(409);
    expect(line.sent).toHaveLength(1);
  });

  it("records a permanent refusal on the message and the contact, and a revoked token on the channel", async () => {
    const { db, drain, connect, send, owner, botId } = await setUp({ replyTokenMaxAgeMs: 0 });
    const connectionId = (await connect()).body.connectionId as string;
    line.fail("/v2/bot/message/push", { status: 400 });
    await send(connectionId, line.event({ type: "text", userId: "U5", text: "Hello" }));
    await drain();
    const [delivery] = await db.select().from(deliveries);
    expect(delivery!.status).toBe("dead");
    const [bot] = await db.select().from(messages).where(eq(messages.sender, "bot"));
    expect(bot!.deliveryError).toMatch(/LINE refused the message/);
    const [contact] = await db.select().from(contacts).where(eq(contacts.externalId, "U5"));
    expect(contact!.deliveryError).toMatch(/LINE refused/);

    line.fail("/v2/bot/message/push", { status: 401 });
    await send(connectionId, line.event({ type: "text", userId: "U5", text: "Again" }));
    await drain();
    const state = await owner.request("GET", `/api/console/bots/${botId}/channels/line`);
    expect(state.body.status).toBe("error");
    expect(state.body.lastError).toMatch(/access token/);
  });

  it("sends a reply of more than five messages once: the first five by reply token, the rest by push, across retries", async () => {
    const { db, connect, testApp, botId } = await setUp();
    const connectionId = (await connect()).body.connectionId as string;
    const event = line.event({ type: "text", userId: "U12", text: "long" });
    const text = (n: number) => ({ type: "text", text: `part ${n}` });
    await db.insert(deliveries).values({
      kind: "channel_message",
      channel: "line",
      targetId: connectionId,
      botId,
      event: "message",
      idempotencyKey: "line:long",
      payload: {
        to: "U12",
        chatType: "user",
        contactId: "00000000-0000-4000-8000-000000000001",
        messageId: "00000000-0000-4000-8000-000000000002",
        replyToken: event.replyToken,
        occurredAt: Date.now(),
        requests: [[1, 2, 3, 4, 5].map(text), [6].map(text)],
      },
    });
    line.fail("/v2/bot/message/push", { status: 500 });
    const sends = createDeliveriesWorker({
      db,
      logger: testApp.log.logger,
      senders: testApp.services.deliverySenders,
      retryDelayMs: () => 0,
    });
    expect(await sends.runOnce()).toBe(1);
    expect(await sends.runOnce()).toBe(1);
    expect(line.sent.map((sent) => [sent.via, sent.messages.length])).toEqual([
      ["reply", 5],
      ["push", 1],
    ]);
    const [delivery] = await db.select().from(deliveries);
    expect(delivery!.status).toBe("delivered");
  });

  it("retries LINE's 500s and keeps the event until LINE is back", async () => {
    const { db, drain, connect, send } = await setUp({ replyTokenMaxAgeMs: 0 });
    const connectionId = (await connect()).body.connectionId as string;
    line.fail("/v2/bot/message/push", { status: 500, times: 2 });
    await send(connectionId, line.event({ type: "text", userId: "U6", text: "Hello" }));
    await drain();
    const [delivery] = await db.select().from(deliveries);
    expect(delivery!.status).toBe("delivered");
    expect(delivery!.attempts).toBe(3);
    expect(line.sent).toHaveLength(1);
  });

  it("answers images, stickers, locations, files, postbacks, follows and unfollows", async () => {
    const { db, drain, connect, send, owner, botId } = await setUp();
    const connectionId = (await connect()).body.connectionId as string;
    line.setProfile("U7", { displayName: "Malee", pictureUrl: "https://p/7", language: "en" });
    line.setContent("img1", { bytes: png, type: "image/png" });
    line.setContent("vid1", { bytes: new Uint8Array([0, 0, 0, 24]), type: "video/mp4" });

    await send(connectionId, line.event({ type: "follow", userId: "U7" }));
    await drain();
    expect(line.sent[0]!.messages[0]!.text).toBe("สวัสดีค่ะ ยินดีต้อนรับสู่ร้านส้มตำ");
    // The FAQ questions in the contact's language (LINE says English): the Thai one is not offered.
    expect(line.sent[0]!.messages[0]!.quickReply?.items).toHaveLength(1);
    const [contact] = await db.select().from(contacts).where(eq(contacts.externalId, "U7"));
    expect(contact).toMatchObject({ displayName: "Malee", avatarUrl: "https://p/7" });

    await send(connectionId, line.event({ type: "image", userId: "U7", messageId: "img1" }));
    await send(
      connectionId,
      line.event({ type: "sticker", userId: "U7", keywords: ["thank you", "happy"] }),
    );
    await send(
      connectionId,
      line.event({
        type: "location",
        userId: "U7",
        latitude: 13.7563,
        longitude: 100.5018,
        address: "Bangkok",
      }),
    );
    await send(
      connectionId,
      line.event({ type: "file", userId: "U7", messageId: "vid1", kind: "video" }),
    );
    await send(
      connectionId,
      line.event({ type: "postback", userId: "U7", data: "When are you open?" }),
    );
    await drain();
    expect(line.sent).toHaveLength(6);

    const userMessages = await db
      .select()
      .from(messages)
      .where(eq(messages.sender, "user"))
      .orderBy(messages.createdAt);
    expect(userMessages.map((m) => m.media?.type ?? m.content)).toEqual([
      "photo",
      "[sticker: thank you, happy]",
      "map",
      "file",
      "When are you open?",
    ]);
    expect(userMessages[2]!.media).toMatchObject({ type: "map", latitude: 13.7563 });
    // The video is kept for the owner, and answered politely in the contact's language.
    expect(line.sent[4]!.messages[0]!.text).toMatch(/video arrived/);
    const transcript = await owner.request(
      "GET",
      `/api/console/bots/${botId}/conversations/${userMessages[0]!.conversationId}`,
    );
    const media = transcript.body.messages.map((m: { media: unknown }) => m.media).filter(Boolean);
    expect(media[0]).toMatchObject({ type: "photo" });
    const photo = await owner.fetch("GET", media[0].url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/png");
    const video = await owner.fetch("GET", media[2].url);
    expect(video.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(transcript.body.messages.some((m: { sentVia: string }) => m.sentVia === "reply")).toBe(
      true,
    );

    // Unfollow: marked, and nothing more is sent to them.
    await send(connectionId, line.event({ type: "unfollow", userId: "U7" }));
    await drain();
    const [left] = await db.select().from(contacts).where(eq(contacts.externalId, "U7"));
    expect(left!.optedOutAt).not.toBeNull();
  });

  it("replies in the language the contact writes, stickers included, whatever the persona's", async () => {
    const { drain, connect, send } = await setUp();
    const connectionId = (await connect()).body.connectionId as string;
    const thai = /[\u0E00-\u0E7F]/;
    const replyTo = (event: Record<string, unknown>) =>
      line.sent.find((sent) => sent.replyToken === event.replyToken)!.messages[0]!;
    const question = line.event({ type: "text", userId: "Uth", text: "ร้านเปิดกี่โมง" });
    await send(connectionId, question);
    await drain();
    const sticker = line.event({ type: "sticker", userId: "Uth", keywords: ["thank you"] });
    const english = line.event({ type: "text", userId: "Uen", text: "Do you have parking?" });
    await send(connectionId, sticker);
    await send(connectionId, english);
    await drain();
    expect(replyTo(question).text).toMatch(thai);
    expect(replyTo(sticker).text).toMatch(thai);
    expect(replyTo(english).text).not.toMatch(thai);
    // After "I don't know", the questions it can answer, as buttons, and "Talk to staff" in the
    // contact's language (it hands the conversation to a person).
    const items = (replyTo(english).quickReply?.items ?? []) as { action: { label?: string } }[];
    const labels = items.map((item) => item.action.label);
    expect(labels).toEqual(["When are you open?", "Talk to staff"]);
  });

  it("answers in a group only when mentioned, to the group", async () => {
    const { drain, connect, send } = await setUp({ replyTokenMaxAgeMs: 0 });
    const connectionId = (await connect()).body.connectionId as string;
    await send(
      connectionId,
      line.event({ type: "text", userId: "U8", group: "Cgroup1", text: "hello all" }),
    );
    await send(
      connectionId,
      line.event({
        type: "text",
        userId: "U8",
        group: "Cgroup1",
        text: "@bot When are you open?",
        mentionSelf: true,
      }),
    );
    await drain();
    expect(line.sent).toHaveLength(1);
    expect(line.sent[0]!.to).toBe("Cgroup1");
    expect(line.loadingCalls).toHaveLength(0);
  });

  it("refuses bad signatures (401, nothing stored), unknown ids (404), non-JSON (400) and big bodies (413)", async () => {
    const { db, connect, post, send, owner, botId } = await setUp();
    const connectionId = (await connect()).body.connectionId as string;
    const { body } = line.webhookBody([line.event({ type: "text", userId: "U9", text: "hi" })]);
    expect((await post(connectionId, body)).status).toBe(401);
    expect((await post(connectionId, body, "AAAA")).status).toBe(401);
    expect((await post(connectionId, body, "not base64!")).status).toBe(401);
    expect(await db.select().from(channelEvents)).toHaveLength(0);
    const state = await owner.request("GET", `/api/console/bots/${botId}/channels/line`);
    expect(state.body.signatureFailedAt).not.toBeNull();

    expect((await send("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await send("not-a-uuid")).status).toBe(404);

    const signature = (text: string) => sign(line.channelSecret, text);
    expect((await post(connectionId, "{not json", signature("{not json"))).status).toBe(400);
    expect((await post(connectionId, '{"events":3}', signature('{"events":3}'))).status).toBe(400);
    const big = JSON.stringify({ events: [], pad: "x".repeat(1024 * 1024) });
    expect((await post(connectionId, big, signature(big))).status).toBe(413);
    expect(await db.select().from(channelEvents)).toHaveLength(0);
  });

  it("keeps answering 200 but stores nothing once disconnected or while the bot is paused", async () => {
    const { db, connect, send, owner, botId, testApp } = await setUp();
    const connectionId = (await connect()).body.connectionId as string;
    const disconnected = await owner.request("DELETE", `/api/console/bots/${botId}/channels/line`);
    expect(disconnected.body).toEqual({ status: "not_connected" });
    const [row] = await db
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.id, connectionId));
    expect(row!.secretsSealed).toBeNull();
    expect(
      (await send(connectionId, line.event({ type: "text", userId: "U1", text: "hi" }))).status,
    ).toBe(200);
    expect(await db.select().from(channelEvents)).toHaveLength(0);
    const [counted] = await db
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.id, connectionId));
    expect(counted!.ignoredEvents).toBe(1);
    // Reconnecting keeps the webhook URL.
    expect((await connect()).body.connectionId).toBe(connectionId);
    // A paused bot: 200, counted, nothing stored.
    const paused = await owner.request("PATCH", `/api/console/bots/${botId}`, { status: "paused" });
    expect(paused.status).toBe(200);
    testApp.services.line.forget(connectionId);
    expect(
      (await send(connectionId, line.event({ type: "text", userId: "U1", text: "hi" }))).status,
    ).toBe(200);
    expect(await db.select().from(channelEvents)).toHaveLength(0);
  });

  it("keeps owners apart: another owner's bot cannot be connected or read, and events land in their own bot", async () => {
    const { testApp, botId, connect, send, drain, db } = await setUp();
    const connectionId = (await connect()).body.connectionId as string;
    const other = await signInOwner(testApp, testDatabase, "other@example.com");
    for (const [method, path] of [
      ["GET", `/api/console/bots/${botId}/channels/line`],
      ["PUT", `/api/console/bots/${botId}/channels/line`],
      ["DELETE", `/api/console/bots/${botId}/channels/line`],
      ["GET", `/api/console/bots/${botId}/channels/line/quota`],
    ] as const) {
      const response = await other.request(
        method,
        path,
        method === "PUT" ? { channelId: "1", channelSecret: "a", accessToken: "b" } : undefined,
      );
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    await send(connectionId, line.event({ type: "text", userId: "U10", text: "hello" }));
    await drain();
    const all = await db.select().from(conversations);
    expect(all.map((c) => c.botId)).toEqual([botId]);
  });

  it("sends the reply after a restart when the server stopped between the 200 and the reply", async () => {
    const { connect, send, services } = await setUp();
    const connectionId = (await connect()).body.connectionId as string;
    // The first process stored the event and answered 200, then died before processing it.
    expect(
      (
        await send(
          connectionId,
          line.event({ type: "text", userId: "U11", text: "When are you open?" }),
        )
      ).status,
    ).toBe(200);
    expect(line.sent).toHaveLength(0);
    // It had claimed it (a turn was running) when it was killed: the lease is still on.
    await testDatabase.db
      .update(channelEvents)
      .set({ status: "processing", attempts: 1, lockedUntil: new Date(Date.now() + 600_000) });
    // The next process (same database) releases what the last one left claimed (main.ts, on
    // the embedded database; on PostgreSQL the lease runs out) and starts its jobs.
    expect(await releaseClaims(testDatabase.db)).toEqual({ events: 1, deliveries: 0 });
    const restarted = createConsoleTestApp(testDatabase, {
      line: { apiBaseUrl: line.url, dataBaseUrl: line.url },
    });
    const { db } = testDatabase;
    const events = createChannelEventsWorker({
      db,
      logger: restarted.log.logger,
      processors: { line: (row, signal) => restarted.services.line.processEvent(row, signal) },
    });
    const sends = createDeliveriesWorker({
      db,
      logger: restarted.log.logger,
      senders: restarted.services.deliverySenders,
    });
    expect(await events.runOnce()).toBe(1);
    expect(await sends.runOnce()).toBe(1);
    expect(line.sent).toHaveLength(1);
    expect(line.sent[0]!.via).toBe("reply");
    expect(services).toBeDefined();
  });
});

function sign(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}
