import { createHmac, randomUUID } from "node:crypto";
import {
  and,
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
import { createChannelEventsWorker } from "../jobs/channel-events-worker";
import { createDeliveriesWorker } from "../jobs/deliveries-worker";
import { type DeliveryInput, enqueueDeliveries } from "../jobs/enqueue-delivery";
import { loadMetaConnection } from "../modules/channels/meta/meta-connections";
import { createMetaEventProcessor } from "../modules/channels/meta/meta-events";
import { buildMetaReplyDelivery, metaRefusals } from "../modules/channels/meta/meta-sender";
import type { ChatTurn, ChatTurnOutcome } from "../modules/conversations/run-turn";
import { loadChatBot } from "../services/bots/load-chat-bot";
import { createSecretBox } from "../services/console/secret-box";
import {
  createConsoleTestApp,
  signInOwner,
  testPublicUrl,
  testSecretKey,
} from "../test/console-test-app";
import { type FakeMeta, startFakeMeta } from "../test/fake-meta";

// A 1×1 PNG.
const png = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const hour = 3_600_000;
const thai = /[\u0E00-\u0E7F]/;

// Each test runs turns and both jobs on the embedded database: seconds on a busy machine.
describe("the Messenger and Instagram channels", { timeout: 60_000 }, () => {
  let testDatabase: TestDatabase;
  let meta: FakeMeta;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    meta = await startFakeMeta();
  });
  afterEach(async () => {
    await meta.close();
    await testDatabase.cleanup();
  });

  async function setUp() {
    const testApp = createConsoleTestApp(testDatabase, { meta: meta.endpoints });
    const owner = await signInOwner(testApp, testDatabase, "meta@example.com");
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
      processors: {
        messenger: (row, signal) => services.meta.processEvent(row, signal),
        instagram: (row, signal) => services.meta.processEvent(row, signal),
      },
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
      for (let round = 0; round < 30; round++) {
        const claimed = (await events.runOnce()) + (await sends.runOnce());
        if (claimed === 0) return;
      }
    }
    const connect = (
      channel: "messenger" | "instagram" = "messenger",
      body: Record<string, unknown> = {},
    ) =>
      owner.request("PUT", `/api/console/bots/${botId}/channels/${channel}`, {
        pageId: meta.pageId,
        pageAccessToken: meta.pageAccessToken,
        appSecret: meta.appSecret,
        ...(channel === "instagram" ? { instagramAccountId: meta.instagramAccountId } : {}),
        ...body,
      });
    const connectId = async (channel: "messenger" | "instagram" = "messenger") => {
      const connected = await connect(channel);
      expect(connected.status).toBe(200);
      return connected.body.channel.connectionId as string;
    };
    const post = (connectionId: string, body: string, signature?: string) =>
      testApp.app.request(`/api/webhooks/meta/${connectionId}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(signature === undefined ? {} : { "X-Hub-Signature-256": signature }),
        },
        body,
      });
    /** Meta's POST with these messaging items, signed, in one entry of the right object. */
    const send = (
      connectionId: string,
      items: object[],
      platform: "messenger" | "instagram" = "messenger",
    ) => {
      const object = platform === "messenger" ? "page" : "instagram";
      const id = platform === "messenger" ? meta.pageId : meta.instagramAccountId;
      const { body, signature } = meta.webhookBody(object, [
        { id, time: Date.now(), messaging: items },
      ]);
      return post(connectionId, body, signature);
    };
    const handshake = (connectionId: string, query: Record<string, string>) =>
      testApp.app.request(
        `/api/webhooks/meta/${connectionId}?${new URLSearchParams(query).toString()}`,
      );
    const botMessages = () =>
      db.select().from(messages).where(eq(messages.sender, "bot")).orderBy(messages.createdAt);
    const textsTo = (user: string) =>
      meta.sent
        .filter((sent) => sent.recipientId === user && sent.message)
        .map((sent) => (sent.message as { text?: string }).text ?? "");
    return {
      testApp,
      owner,
      botId,
      db,
      drain,
      events,
      sends,
      connect,
      connectId,
      post,
      send,
      handshake,
      botMessages,
      textsTo,
      services,
    };
  }

  it("answers Meta's subscription handshake only with the verify token, and shows it verified", async () => {
    const { owner, botId, connect, handshake, db } = await setUp();
    const connected = await connect();
    expect(connected.status).toBe(200);
    const { connectionId, callbackUrl } = connected.body.channel;
    const verifyToken = connected.body.verifyToken as string;
    expect(callbackUrl).toBe(`http://localhost:3000/api/webhooks/meta/${connectionId}`);
    expect(connected.body.channel.webhookVerifiedAt).toBeNull();

    const wrong = await handshake(connectionId, {
      "hub.mode": "subscribe",
      "hub.verify_token": `${verifyToken}x`,
      "hub.challenge": "1158201444",
    });
    expect(wrong.status).toBe(403);
    const wrongMode = await handshake(connectionId, {
      "hub.mode": "unsubscribe",
      "hub.verify_token": verifyToken,
      "hub.challenge": "1158201444",
    });
    expect(wrongMode.status).toBe(403);
    const unknown = await handshake(randomUUID(), {
      "hub.mode": "subscribe",
      "hub.verify_token": verifyToken,
      "hub.challenge": "1158201444",
    });
    expect(unknown.status).toBe(404);
    expect((await handshake("not-a-uuid", { "hub.mode": "subscribe" })).status).toBe(404);
    const [before] = await db
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.id, connectionId));
    expect(before!.webhookVerifiedAt).toBeNull();

    const right = await handshake(connectionId, {
      "hub.mode": "subscribe",
      "hub.verify_token": verifyToken,
      "hub.challenge": "1158201444",
    });
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await right.text()).toBe("1158201444");
    const state = await owner.request("GET", `/api/console/bots/${botId}/channels/messenger`);
    expect(state.body.webhookVerifiedAt).not.toBeNull();

    // A new verify token: the old one stops working at once.
    const rotated = await owner.request(
      "POST",
      `/api/console/bots/${botId}/channels/messenger/verify-token`,
    );
    expect(rotated.status).toBe(200);
    const old = await handshake(connectionId, {
      "hub.mode": "subscribe",
      "hub.verify_token": verifyToken,
      "hub.challenge": "42",
    });
    expect(old.status).toBe(403);
    const fresh = await handshake(connectionId, {
      "hub.mode": "subscribe",
      "hub.verify_token": rotated.body.verifyToken,
      "hub.challenge": "42",
    });
    expect(fresh.status).toBe(200);
  });

  it("answers signed messages in Thai and English, with typing on, the profile read once, after the 200", async () => {
    const { db, drain, connectId, send, textsTo, owner, botId, botMessages } = await setUp();
    const connectionId = await connectId();
    meta.setProfile("7100000000000001", { name: "Somchai Jaidee", pictureUrl: "https://p/1" });
    const answered = await send(connectionId, [
      meta.message({ from: "7100000000000001", text: "ร้านเปิดกี่โมง" }),
    ]);
    expect(answered.status).toBe(200);
    // Stored before any model or Graph API call.
    expect(await db.select().from(channelEvents)).toHaveLength(1);
    expect(meta.sent).toHaveLength(0);
    expect(meta.calls.filter((call) => call.startsWith("POST"))).toEqual([]);
    await drain();

    expect(textsTo("7100000000000001")).toHaveLength(1);
    expect(textsTo("7100000000000001")[0]).toContain("9 โมงเช้า");
    expect(meta.sent[0]).toMatchObject({ messagingType: "RESPONSE" });
    expect(meta.senderActions).toContainEqual(
      expect.objectContaining({ recipientId: "7100000000000001", action: "typing_on" }),
    );
    const [contact] = await db
      .select()
      .from(contacts)
      .where(eq(contacts.externalId, "7100000000000001"));
    expect(contact).toMatchObject({
      channel: "messenger",
      displayName: "Somchai Jaidee",
      avatarUrl: "https://p/1",
      language: "th",
    });
    const [conversation] = await db.select().from(conversations);
    expect(conversation!.channel).toBe("messenger");
    expect((await botMessages())[0]!.sentVia).toBe("push");

    // English from the same person: answered in English; the profile is not read again.
    await send(connectionId, [
      meta.message({ from: "7100000000000001", text: "When are you open?" }),
    ]);
    await drain();
    expect(textsTo("7100000000000001")[1]).toContain("9 to 5");
    expect(textsTo("7100000000000001")[1]).not.toMatch(thai);
    const profileReads = meta.calls.filter((call) => call.includes("/7100000000000001"));
    expect(profileReads).toHaveLength(1);

    // The console counts what went out this month.
    const card = await owner.request("GET", `/api/console/bots/${botId}/channels/messenger`);
    expect(card.body).toMatchObject({ status: "connected", sentThisMonth: 2 });
  });

  it("processes every item of every entry of a batch once, and never answers an echo", async () => {
    const { db, drain, connectId, post, textsTo } = await setUp();
    const connectionId = await connectId();
    const users = ["7100000000000011", "7100000000000012", "7100000000000013"];
    const entry = (index: number) => ({
      id: meta.pageId,
      time: Date.now(),
      messaging: users.map((from) =>
        meta.message({ from, text: index === 0 ? "When are you open?" : "ร้านเปิดกี่โมง" }),
      ),
    });
    const batch = meta.webhookBody("page", [entry(0), entry(1)]);
    expect((await post(connectionId, batch.body, batch.signature)).status).toBe(200);
    expect(await db.select().from(channelEvents)).toHaveLength(6);
    // Meta delivers the same batch again: acknowledged, nothing stored twice.
    expect((await post(connectionId, batch.body, batch.signature)).status).toBe(200);
    expect(await db.select().from(channelEvents)).toHaveLength(6);
    await drain();
    for (const user of users) {
      const texts = textsTo(user);
      expect(texts).toHaveLength(2);
      expect(texts[0]).toContain("9 to 5");
      expect(texts[1]).toContain("9 โมงเช้า");
    }

    // Our own sends come back as echoes: stored under their mid, done, never answered.
    const sentBefore = meta.sent.length;
    const echo = meta.webhookBody("page", [
      {
        id: meta.pageId,
        time: Date.now(),
        messaging: [meta.echo({ to: users[0]!, text: "Every day from 9 to 5." })],
      },
    ]);
    expect((await post(connectionId, echo.body, echo.signature)).status).toBe(200);
    await drain();
    expect(meta.sent).toHaveLength(sentBefore);
    const rows = await db.select().from(channelEvents);
    expect(rows).toHaveLength(7);
    expect(rows.every((row) => row.status === "done")).toBe(true);
    expect(await db.select().from(messages).where(eq(messages.sender, "user"))).toHaveLength(6);
  });

  it("refuses bad signatures (401, nothing stored), unknown ids (404), non-JSON (400), big bodies (413) and another object's events", async () => {
    const { db, connectId, post, send, owner, botId } = await setUp();
    const connectionId = await connectId();
    const { body } = meta.webhookBody("page", [
      {
        id: meta.pageId,
        time: Date.now(),
        messaging: [meta.message({ from: "7100000000000021", text: "hi" })],
      },
    ]);
    expect((await post(connectionId, body)).status).toBe(401);
    expect((await post(connectionId, body, "sha256=00")).status).toBe(401);
    expect((await post(connectionId, body, sign("0".repeat(32), body))).status).toBe(401);
    expect((await post(connectionId, body, sign(meta.appSecret, `${body} `))).status).toBe(401);
    expect(await db.select().from(channelEvents)).toHaveLength(0);
    const state = await owner.request("GET", `/api/console/bots/${botId}/channels/messenger`);
    expect(state.body.signatureFailedAt).not.toBeNull();

    expect((await send(randomUUID(), [])).status).toBe(404);
    expect((await send("not-a-uuid", [])).status).toBe(404);

    const signed = (text: string) => sign(meta.appSecret, text);
    expect((await post(connectionId, "{not json", signed("{not json"))).status).toBe(400);
    const notMeta = JSON.stringify({ object: "page", entry: 3 });
    expect((await post(connectionId, notMeta, signed(notMeta))).status).toBe(400);
    const big = JSON.stringify({ object: "page", entry: [], pad: "x".repeat(1024 * 1024) });
    expect((await post(connectionId, big, signed(big))).status).toBe(413);

    // Instagram's events on the Messenger connection: acknowledged, not this channel's.
    const instagram = await send(
      connectionId,
      [meta.message({ from: "7200000000000021", text: "hi", platform: "instagram" })],
      "instagram",
    );
    expect(instagram.status).toBe(200);
    // Another Page of the same Meta app (one callback URL per app): not this connection's.
    const otherPage = meta.webhookBody("page", [
      {
        id: "104000000009999",
        messaging: [meta.message({ from: "7100000000000022", text: "hi" })],
      },
    ]);
    expect((await post(connectionId, otherPage.body, otherPage.signature)).status).toBe(200);
    expect(await db.select().from(channelEvents)).toHaveLength(0);
    // A good signature clears the console's warning.
    await send(connectionId, [meta.message({ from: "7100000000000021", text: "hi" })]);
    const cleared = await owner.request("GET", `/api/console/bots/${botId}/channels/messenger`);
    expect(cleared.body.signatureFailedAt).toBeNull();
  });

  it("keeps the bot silent after 24 hours, and says why on the message", async () => {
    const { db, events, sends, connectId, send, botMessages } = await setUp();
    const connectionId = await connectId();
    await send(connectionId, [
      meta.message({ from: "7100000000000031", text: "When are you open?" }),
    ]);
    // The turn ran and its reply was queued; the send is delayed a day (Meta was down).
    expect(await events.runOnce()).toBe(1);
    await db.update(conversations).set({ lastCustomerMessageAt: new Date(Date.now() - 25 * hour) });
    meta.setLastUserMessageAt("7100000000000031", Date.now() - 25 * hour);
    expect(await sends.runOnce()).toBe(1);
    expect(meta.sent).toHaveLength(0);
    const [delivery] = await db.select().from(deliveries);
    expect(delivery).toMatchObject({ status: "dead", lastError: metaRefusals.botOutsideWindow });
    const [reply] = await botMessages();
    expect(reply!.deliveryError).toBe(metaRefusals.botOutsideWindow);
    expect(reply!.sentVia).toBeNull();
  });

  it("sends a teammate's reply as a RESPONSE inside 24 hours, with the HUMAN_AGENT tag up to 7 days only with the permission", async () => {
    const { db, drain, connectId, send, owner, botId, textsTo } = await setUp();
    const connectionId = await connectId();
    const user = "7100000000000041";
    await send(connectionId, [meta.message({ from: user, text: "When are you open?" })]);
    await drain();
    const [conversation] = await db.select().from(conversations);
    const conversationId = conversation!.id;
    const reply = (text: string) =>
      owner.request("POST", `/api/console/inbox/conversations/${conversationId}/messages`, {
        text,
        clientId: randomUUID(),
      });
    const ago = async (hours: number) => {
      await db
        .update(conversations)
        .set({ lastCustomerMessageAt: new Date(Date.now() - hours * hour) })
        .where(eq(conversations.id, conversationId));
      meta.setLastUserMessageAt(user, Date.now() - hours * hour);
    };

    const inside = await reply("สวัสดีค่ะ ยินดีช่วยค่ะ");
    expect(inside.status).toBe(201);
    await drain();
    expect(meta.sent.at(-1)).toMatchObject({ recipientId: user, messagingType: "RESPONSE" });
    expect(meta.sent.at(-1)!.tag).toBeUndefined();
    expect(textsTo(user).at(-1)).toBe("สวัสดีค่ะ ยินดีช่วยค่ะ");

    // 30 hours later without the permission: the composer refuses before sending.
    await ago(30);
    const refused = await reply("Are you still there?");
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields).toEqual({ text: "window_closed" });

    // With Meta's Human Agent permission (the owner ticks it on the card): tagged.
    meta.setHumanAgentPermission(true);
    const ticked = await owner.request("PATCH", `/api/console/bots/${botId}/channels/messenger`, {
      humanAgentTag: true,
    });
    expect(ticked.status).toBe(200);
    const sentBefore = meta.sent.length;
    const tagged = await reply("Your order left this morning.");
    expect(tagged.status).toBe(201);
    await drain();
    expect(meta.sent).toHaveLength(sentBefore + 1);
    expect(meta.sent.at(-1)).toMatchObject({
      recipientId: user,
      messagingType: "MESSAGE_TAG",
      tag: "HUMAN_AGENT",
    });

    // After 7 days nothing goes, even with the permission.
    await ago(8 * 24);
    expect((await reply("Hello?")).status).toBe(409);
  });

  it("refuses in words, at send time, a person's reply the window no longer allows", async () => {
    const { db, drain, connectId, send, testApp, botId } = await setUp();
    const connectionId = await connectId();
    const user = "7100000000000042";
    await send(connectionId, [meta.message({ from: user, text: "When are you open?" })]);
    await drain();
    const [conversation] = await db.select().from(conversations);
    /** A teammate's reply, queued as the inbox queues it (its composer was checked earlier). */
    const queueHuman = async (text: string) => {
      const messageId = randomUUID();
      await db.insert(messages).values({
        id: messageId,
        conversationId: conversation!.id,
        botId,
        sender: "human",
        content: text,
      });
      const delivery = await buildMetaReplyDelivery(db, {
        platform: "messenger",
        botId,
        contactId: conversation!.contactId,
        messageId,
        text,
        imageUrl: null,
      });
      await enqueueDeliveries(db, [delivery]);
      return messageId;
    };
    const lastError = async (messageId: string) => {
      const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
      return row!.deliveryError;
    };
    await db.update(conversations).set({ lastCustomerMessageAt: new Date(Date.now() - 30 * hour) });
    const sentBefore = meta.sent.length;
    const noPermission = await queueHuman("Still there?");
    await drain();
    expect(await lastError(noPermission)).toBe(metaRefusals.humanNeedsTag);

    await db.update(channelConnections).set({
      settings: {
        ...((await db.select().from(channelConnections))[0]!.settings as object),
        humanAgentTag: true,
      },
    });
    testApp.services.meta.forget(connectionId);
    // The owner ticked the box, but Meta has not granted the app the permission: its refusal
    // is recorded in words, not retried.
    meta.setLastUserMessageAt(user, Date.now() - 30 * hour);
    const refusedByMeta = await queueHuman("We are checking your order.");
    await drain();
    expect(await lastError(refusedByMeta)).toMatch(
      /^not sent: Meta says the app lacks a permission/,
    );

    await db
      .update(conversations)
      .set({ lastCustomerMessageAt: new Date(Date.now() - 8 * 24 * hour) });
    const tooLate = await queueHuman("Hello?");
    await drain();
    expect(await lastError(tooLate)).toBe(metaRefusals.humanOutsideTag);
    expect(meta.sent).toHaveLength(sentBefore);

    // A contact of a bot without the channel: the inbox is told it is disconnected.
    await expect(
      buildMetaReplyDelivery(db, {
        platform: "instagram",
        botId,
        contactId: conversation!.contactId,
        messageId: randomUUID(),
        text: "x",
        imageUrl: null,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", fields: { text: "channel_disconnected" } });
  });

  it("waits out a 429's Retry-After, retries 5xx, and never sends a message of a split reply twice", async () => {
    const { db, drain, connectId, send, sends, events, botId, textsTo, testApp } = await setUp();
    const connectionId = await connectId();
    meta.fail("/me/messages", { status: 429, retryAfter: 1, times: 1 });
    await send(connectionId, [
      meta.message({ from: "7100000000000051", text: "When are you open?" }),
    ]);
    await drain();
    let [delivery] = await db.select().from(deliveries);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 2 });
    expect(textsTo("7100000000000051")).toHaveLength(1);

    // The wait Meta asks for is the one the next attempt keeps (this worker has no cap on it).
    const patient = createDeliveriesWorker({
      db,
      logger: testApp.log.logger,
      senders: testApp.services.deliverySenders,
      retryDelayMs: () => 0,
    });
    meta.fail("/me/messages", { status: 429, retryAfter: 120, times: 1 });
    await send(connectionId, [meta.message({ from: "7100000000000053", text: "Hello" })]);
    expect(await events.runOnce()).toBe(1);
    expect(await patient.runOnce()).toBe(1);
    const [waiting] = await db.select().from(deliveries).where(eq(deliveries.status, "pending"));
    expect(waiting!.lastStatusCode).toBe(429);
    const waitMs = waiting!.nextAttemptAt.getTime() - waiting!.updatedAt.getTime();
    expect(waitMs).toBeGreaterThan(119_000);
    expect(waitMs).toBeLessThan(121_000);
    await db.delete(deliveries).where(eq(deliveries.id, waiting!.id));

    meta.fail("/me/messages", { status: 500, times: 2 });
    await send(connectionId, [meta.message({ from: "7100000000000052", text: "ร้านเปิดกี่โมง" })]);
    await drain();
    [delivery] = await db
      .select()
      .from(deliveries)
      .where(eq(deliveries.channel, "messenger"))
      .orderBy(deliveries.createdAt)
      .offset(1);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 3 });
    expect(textsTo("7100000000000052")).toHaveLength(1);

    // A reply in three messages whose second failed with a 5xx: the retry sends the rest only.
    const [conversation] = await db
      .select()
      .from(conversations)
      .innerJoin(contacts, eq(contacts.id, conversations.contactId))
      .where(eq(contacts.externalId, "7100000000000051"));
    const [bot] = await db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversation!.conversations.id),
          eq(messages.sender, "bot"),
        ),
      );
    await db.insert(deliveries).values({
      kind: "channel_message",
      channel: "messenger",
      targetId: connectionId,
      botId,
      event: "message",
      idempotencyKey: "messenger:split",
      payload: {
        platform: "messenger",
        recipientId: "7100000000000051",
        contactId: conversation!.contacts.id,
        messageId: bot!.id,
        author: "bot",
        messages: [{ text: "part 1" }, { text: "part 2" }, { text: "part 3" }],
        sent: 1,
      },
    });
    meta.fail("/me/messages", { status: 503, times: 1 });
    expect(await sends.runOnce()).toBe(1);
    expect(await sends.runOnce()).toBe(1);
    expect(textsTo("7100000000000051").slice(1)).toEqual(["part 2", "part 3"]);
  });

  it("puts the channel in error when Meta refuses the token, with the reason on the card and the message", async () => {
    const { db, drain, connectId, send, owner, botId, botMessages } = await setUp();
    const connectionId = await connectId();
    meta.expireToken();
    await send(connectionId, [
      meta.message({ from: "7100000000000061", text: "When are you open?" }),
    ]);
    await drain();
    const state = await owner.request("GET", `/api/console/bots/${botId}/channels/messenger`);
    expect(state.body).toMatchObject({ status: "error", lastError: metaRefusals.auth });
    const [reply] = await botMessages();
    expect(reply!.deliveryError).toBe(metaRefusals.auth);
    const [delivery] = await db.select().from(deliveries);
    expect(delivery!.status).toBe("dead");
    expect(delivery!.lastError).not.toContain(meta.pageAccessToken);
  });

  it("records a person who cannot be reached on the message and the contact, without retrying", async () => {
    const { db, drain, connectId, send } = await setUp();
    const connectionId = await connectId();
    meta.fail("/me/messages", { status: 400, code: 551, times: 1 });
    await send(connectionId, [meta.message({ from: "7100000000000062", text: "Hello" })]);
    await drain();
    const [delivery] = await db.select().from(deliveries);
    expect(delivery).toMatchObject({ status: "dead", attempts: 1 });
    const [contact] = await db
      .select()
      .from(contacts)
      .where(eq(contacts.externalId, "7100000000000062"));
    expect(contact!.deliveryError).toMatch(/cannot be reached on Messenger/);
  });

  it("answers photos, files, likes, quick replies and postbacks, and welcomes on Get Started", async () => {
    const { db, drain, connectId, send, textsTo, owner, botId } = await setUp();
    const connectionId = await connectId();
    const user = "7100000000000071";
    await send(connectionId, [
      meta.message({ from: user, postback: { title: "Get Started", payload: "GET_STARTED" } }),
    ]);
    await drain();
    expect(textsTo(user)).toEqual(["สวัสดีค่ะ ยินดีต้อนรับสู่ร้านส้มตำ"]);
    const welcome = meta.sent.at(-1)!.message as {
      quick_replies?: { title: string; payload: string }[];
    };
    expect(welcome.quick_replies?.map((q) => q.title)).toEqual([
      "ร้านเปิดกี่โมง",
      "When are you open?",
    ]);

    const photo = meta.message({ from: user, image: png });
    await send(connectionId, [photo]);
    await send(connectionId, [meta.message({ from: user, like: true })]);
    // A tapped button: the title the person saw, the full question in its payload.
    const button = welcome.quick_replies![1]!;
    await send(connectionId, [
      meta.message({ from: user, text: button.title, quickReplyPayload: button.payload }),
    ]);
    await send(connectionId, [
      meta.message({ from: user, postback: { title: "Opening hours", payload: "HOURS" } }),
    ]);
    // A video (served from Meta's CDN; here the fake's), and a photo over the 5 MB the bot reads.
    const served = (photo.message as { attachments: { payload: { url: string } }[] })
      .attachments[0]!.payload.url;
    const video = meta.message({ from: user, text: "" });
    (video.message as Record<string, unknown>).attachments = [
      { type: "video", payload: { url: served } },
    ];
    delete (video.message as Record<string, unknown>).text;
    await send(connectionId, [video]);
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set(png);
    await send(connectionId, [meta.message({ from: user, image: huge })]);
    await drain();
    const texts = textsTo(user);
    expect(texts).toHaveLength(7);
    expect(texts[5]).toMatch(/video arrived/);
    expect(texts[6]).toMatch(/could not open this photo/);
    const userMessages = await db
      .select()
      .from(messages)
      .where(eq(messages.sender, "user"))
      .orderBy(messages.createdAt);
    expect(userMessages.map((m) => m.media?.type ?? m.content)).toEqual([
      "photo",
      "👍",
      "When are you open?",
      "Opening hours",
      "file",
      "[image too large]",
    ]);
    // The photo and the video are kept for the team.
    const transcript = await owner.request(
      "GET",
      `/api/console/bots/${botId}/conversations/${userMessages[0]!.conversationId}`,
    );
    const media = transcript.body.messages.map((m: { media: unknown }) => m.media).filter(Boolean);
    expect(media.map((m: { type: string }) => m.type)).toEqual(["photo", "file"]);
    const kept = await owner.fetch("GET", media[1].url);
    expect(kept.status).toBe(200);
    expect(kept.headers.get("content-disposition")).toMatch(/^attachment/);
    // Every reply went inside the window the Get Started tap opened.
    expect(meta.sent.every((sent) => sent.messagingType === "RESPONSE")).toBe(true);
  });

  it("offers the FAQ questions and Talk to staff after I don't know; a tap hands over, and the bot then stays silent", async () => {
    const { db, drain, connectId, send, owner, textsTo } = await setUp();
    const connectionId = await connectId();
    const user = "7100000000000081";
    await send(connectionId, [meta.message({ from: user, text: "Do you have parking?" })]);
    await drain();
    const reply = meta.sent.at(-1)!.message as {
      quick_replies?: { title: string; payload: string }[];
    };
    const titles = reply.quick_replies?.map((q) => q.title) ?? [];
    // The questions in the customer's language (English here), then the handoff button.
    expect(titles).toEqual(["When are you open?", "Talk to staff"]);

    const staff = reply.quick_replies![1]!;
    await send(connectionId, [
      meta.message({ from: user, text: staff.title, quickReplyPayload: staff.payload }),
    ]);
    await drain();
    const [conversation] = await db.select().from(conversations);
    expect(conversation!.status).toBe("pending");
    expect(textsTo(user)).toHaveLength(2);
    // A person takes it: the bot's turn is silent, nothing is sent to Meta.
    const taken = await owner.request(
      "POST",
      `/api/console/inbox/conversations/${conversation!.id}/actions`,
      { action: "take_over" },
    );
    expect(taken.status).toBe(200);
    await send(connectionId, [meta.message({ from: user, text: "Hello? Anyone there?" })]);
    await drain();
    expect(textsTo(user)).toHaveLength(2);
    expect(await db.select().from(messages).where(eq(messages.sender, "user"))).toHaveLength(3);
  });

  it("renews typing on while a slow turn runs, and queues nothing when the turn is silent", async () => {
    const { db, connectId, send, testApp } = await setUp();
    const connectionId = await connectId();
    const user = "7100000000000111";
    await send(connectionId, [meta.message({ from: user, text: "When are you open?" })]);
    const secretBox = createSecretBox(testSecretKey);
    const queued: DeliveryInput[] = [];
    const processEvent = createMetaEventProcessor({
      db,
      logger: testApp.log.logger,
      endpoints: meta.endpoints,
      publicUrl: testPublicUrl,
      loadConnection: (id) => loadMetaConnection(db, secretBox, id),
      loadChatBot: (id) => loadChatBot(db, id, secretBox),
      // A turn that takes a while, then stays silent (a person answers the conversation).
      runTurn: async () => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        const silent = { status: "silent" } as ChatTurnOutcome;
        const reply = { next: async () => ({ done: true as const, value: silent }) };
        return { contactId: randomUUID(), reply } as unknown as ChatTurn;
      },
      enqueue: async (inputs) => {
        queued.push(...inputs);
      },
      typingRenewMs: 50,
    });
    const [row] = await db.select().from(channelEvents);
    await processEvent(row!);
    const typing = () => meta.senderActions.filter((action) => action.recipientId === user);
    await expect.poll(() => typing().length).toBeGreaterThanOrEqual(4);
    expect(typing().every((action) => action.action === "typing_on")).toBe(true);
    // Stopped with the turn.
    const afterTurn = typing().length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(typing().length).toBeLessThanOrEqual(afterTurn + 1);
    expect(queued).toEqual([]);
    expect(meta.sent).toEqual([]);
  });

  it("takes Instagram story replies and mentions as text with their context, with typing on", async () => {
    const { db, drain, connectId, send, textsTo } = await setUp();
    const connectionId = await connectId("instagram");
    const user = "7200000000000001";
    await send(
      connectionId,
      [
        meta.message({
          from: user,
          platform: "instagram",
          text: "Is this still available?",
          storyReply: { url: `${meta.url}/story/1`, id: "story1" },
        }),
        meta.message({
          from: user,
          platform: "instagram",
          storyMention: { url: `${meta.url}/story/2` },
        }),
      ],
      "instagram",
    );
    await drain();
    expect(textsTo(user)).toHaveLength(2);
    expect(meta.senderActions).toContainEqual(
      expect.objectContaining({ recipientId: user, action: "typing_on" }),
    );
    const userMessages = await db
      .select()
      .from(messages)
      .where(eq(messages.sender, "user"))
      .orderBy(messages.createdAt);
    expect(userMessages[0]!.content).toMatch(/story/i);
    expect(userMessages[0]!.content).toContain("Is this still available?");
    expect(userMessages[1]!.content).toMatch(/mention/i);
    const [contact] = await db.select().from(contacts).where(eq(contacts.externalId, user));
    expect(contact!.channel).toBe("instagram");
    const [conversation] = await db.select().from(conversations);
    expect(conversation!.channel).toBe("instagram");
  });

  it("keeps answering 200 but stores nothing while the bot is paused or the channel disconnected", async () => {
    const { db, connectId, send, owner, botId, testApp } = await setUp();
    const connectionId = await connectId();
    const paused = await owner.request("PATCH", `/api/console/bots/${botId}`, { status: "paused" });
    expect(paused.status).toBe(200);
    testApp.services.meta.forget(connectionId);
    const response = await send(connectionId, [
      meta.message({ from: "7100000000000091", text: "hi" }),
    ]);
    expect(response.status).toBe(200);
    expect(await db.select().from(channelEvents)).toHaveLength(0);
    const [row] = await db
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.id, connectionId));
    expect(row!.ignoredEvents).toBe(1);

    await owner.request("PATCH", `/api/console/bots/${botId}`, { status: "active" });
    const disconnected = await owner.request(
      "DELETE",
      `/api/console/bots/${botId}/channels/messenger`,
    );
    expect(disconnected.body).toEqual({ status: "not_connected", channel: "messenger" });
    expect(
      (await send(connectionId, [meta.message({ from: "7100000000000091", text: "hi" })])).status,
    ).toBe(200);
    expect(await db.select().from(channelEvents)).toHaveLength(0);
  });

  it("keeps owners apart: another owner cannot read, connect or change the channel", async () => {
    const { testApp, botId, connectId, send, drain, db } = await setUp();
    const connectionId = await connectId();
    const other = await signInOwner(testApp, testDatabase, "meta-other@example.com");
    for (const [method, path] of [
      ["GET", `/api/console/bots/${botId}/channels/messenger`],
      ["PUT", `/api/console/bots/${botId}/channels/messenger`],
      ["PATCH", `/api/console/bots/${botId}/channels/messenger`],
      ["DELETE", `/api/console/bots/${botId}/channels/messenger`],
      ["POST", `/api/console/bots/${botId}/channels/messenger/verify-token`],
      ["GET", `/api/console/bots/${botId}/channels/instagram`],
    ] as const) {
      const response = await other.request(
        method,
        path,
        method === "PUT"
          ? {
              pageId: meta.pageId,
              pageAccessToken: meta.pageAccessToken,
              appSecret: meta.appSecret,
            }
          : method === "PATCH"
            ? { humanAgentTag: true }
            : undefined,
      );
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    await send(connectionId, [meta.message({ from: "7100000000000101", text: "hello" })]);
    await drain();
    const all = await db.select().from(conversations);
    expect(all.map((c) => c.botId)).toEqual([botId]);
  });
});

function sign(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}
