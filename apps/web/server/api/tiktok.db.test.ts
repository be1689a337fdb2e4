import { createHmac, randomUUID } from "node:crypto";
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
import { createChannelEventsWorker } from "../jobs/channel-events-worker";
import { createDeliveriesWorker } from "../jobs/deliveries-worker";
import { tiktokDeauthorizedError } from "../modules/channels/tiktok/tiktok-events";
import { tiktokRefusals } from "../modules/channels/tiktok/tiktok-sender";
import { createConsoleTestApp, signInOwner } from "../test/console-test-app";
import {
  type FakeTiktok,
  fakeTiktokNotApprovedMessage,
  fakeTiktokWindowMessage,
  startFakeTiktok,
} from "../test/fake-tiktok";

// A 1×1 PNG.
const png = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const hour = 3_600_000;
const thai = /[\u0E00-\u0E7F]/;
const sendPath = "/open_api/v1.3/business/message/send/";
const uploadPath = "/open_api/v1.3/business/message/media/upload/";

describe("the TikTok channel", () => {
  let testDatabase: TestDatabase;
  let tiktok: FakeTiktok;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    tiktok = await startFakeTiktok();
  });
  afterEach(async () => {
    await tiktok.close();
    await testDatabase.cleanup();
  });

  async function setUp() {
    const testApp = createConsoleTestApp(testDatabase, { tiktok: tiktok.endpoints });
    const owner = await signInOwner(testApp, testDatabase, "tiktok@example.com");
    const persona = await owner.request("POST", "/api/console/personas", {
      name: "Mali",
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
      processors: { tiktok: (row, signal) => services.tiktok.processEvent(row, signal) },
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
    const connect = (body: Record<string, unknown> = {}) =>
      owner.request("PUT", `/api/console/bots/${botId}/channels/tiktok`, {
        appId: tiktok.appId,
        appSecret: tiktok.appSecret,
        businessId: tiktok.businessId,
        accessToken: tiktok.accessToken,
        ...body,
      });
    const connectId = async () => {
      const connected = await connect();
      expect(connected.status).toBe(200);
      return connected.body.connectionId as string;
    };
    const post = (connectionId: string, body: string, signature?: string) =>
      testApp.app.request(`/api/webhooks/tiktok/${connectionId}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(signature === undefined ? {} : { "TikTok-Signature": signature }),
        },
        body,
      });
    /** TikTok's POST of one event, signed now. */
    const send = (connectionId: string, event: Parameters<FakeTiktok["webhookBody"]>[0]) => {
      const { body, signature } = tiktok.webhookBody(event);
      return post(connectionId, body, signature);
    };
    const card = () => owner.request("GET", `/api/console/bots/${botId}/channels/tiktok`);
    const botMessages = () =>
      db.select().from(messages).where(eq(messages.sender, "bot")).orderBy(messages.createdAt);
    const textsTo = (user: string) =>
      tiktok.sent.filter((sent) => sent.to === user).map((sent) => sent.text ?? `[${sent.type}]`);
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
      card,
      botMessages,
      textsTo,
      services,
    };
  }

  it("connects with TikTok's answer, keeps the secrets sealed, and counts against the allowance", async () => {
    const { db, connect, card, owner, botId } = await setUp();
    const connected = await connect();
    expect(connected.status).toBe(200);
    const connectionId = connected.body.connectionId as string;
    expect(connected.body).toEqual({
      status: "connected",
      connectionId,
      businessId: tiktok.businessId,
      account: {
        displayName: tiktok.displayName,
        username: tiktok.username,
        pictureUrl: "https://p16-sign.tiktokcdn.example/avatar.jpeg",
      },
      appIdLast4: tiktok.appId.slice(-4),
      secretLast4: tiktok.appSecret.slice(-4),
      tokenLast4: tiktok.accessToken.slice(-4),
      webhookUrl: `http://localhost:3000/api/webhooks/tiktok/${connectionId}`,
      webhookVerifiedAt: null,
      signatureFailedAt: null,
      lastError: null,
      ignoredEvents: 0,
      sentThisMonth: 0,
    });
    expect(tiktok.calls).toContain("GET /open_api/v1.3/business/get/");
    const [row] = await db
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.id, connectionId));
    expect(row!.secretsSealed).not.toContain(tiktok.appSecret);
    expect(row!.secretsSealed).not.toContain(tiktok.accessToken);
    expect(JSON.stringify(row!.settings)).not.toContain(tiktok.accessToken);
    expect((await card()).body.status).toBe("connected");
    const channels = await owner.request("GET", `/api/console/bots/${botId}/channels`);
    expect(channels.body.apps).toContainEqual({ channel: "tiktok", status: "connected" });
    expect(channels.body.allowance.used).toBe(1);
    // Connecting again (a new token) keeps the connection and does not count twice.
    expect((await connect()).body.connectionId).toBe(connectionId);
    const widget = await owner.request("PUT", `/api/console/bots/${botId}/channels/widget`, {
      enabled: true,
    });
    expect(widget.body.error).toMatchObject({ code: "PLAN_LIMIT_REACHED" });
  });

  it("shows TikTok's own words when it refuses: an account not approved, a wrong token, TikTok down", async () => {
    const { connect, card } = await setUp();
    const notApproved = await connect({ businessId: tiktok.notApprovedBusinessId });
    expect(notApproved.status).toBe(422);
    expect(notApproved.body.error.fields).toEqual({
      tiktok: "notApproved",
      tiktokAnswer: fakeTiktokNotApprovedMessage,
    });
    const wrongToken = await connect({ accessToken: "act.wrong-token-0123456789abcdef" });
    expect(wrongToken.status).toBe(422);
    expect(wrongToken.body.error.fields).toEqual({
      accessToken: "refused",
      tiktokAnswer: "Access token is incorrect or has been revoked.",
    });
    expect(JSON.stringify(wrongToken.body)).not.toContain("act.wrong-token");
    const unknown = await connect({ businessId: "someone-else-0001" });
    expect(unknown.body.error.fields.tiktok).toBe("refused");
    expect(unknown.body.error.fields.tiktokAnswer).toMatch(/business_id/);
    const malformed = await connect({ appSecret: "short" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.fields.appSecret).toBeDefined();
    tiktok.fail("/open_api/v1.3/business/get/", { status: 503 });
    const down = await connect();
    expect(down.status).toBe(503);
    expect(down.body.error.fields).toEqual({ tiktok: "unreachable" });
    expect((await card()).body).toEqual({ status: "not_connected" });
  });

  it("answers signed messages in Thai and English after the 200, names the contact, and counts the month", async () => {
    const { db, drain, connectId, send, card, textsTo, botMessages } = await setUp();
    const connectionId = await connectId();
    const thaiQuestion = tiktok.message({ from: "u-th", name: "Somchai", text: "ร้านเปิดกี่โมง" });
    const answered = await send(connectionId, thaiQuestion);
    expect(answered.status).toBe(200);
    // Stored before any model call; nothing sent yet.
    expect(await db.select().from(channelEvents)).toHaveLength(1);
    expect(tiktok.sent).toHaveLength(0);
    await send(
      connectionId,
      tiktok.message({ from: "u-en", name: "Mary", text: "When are you open?" }),
    );
    await send(connectionId, tiktok.message({ from: "u-en", text: "Do you have parking?" }));
    await drain();

    expect(textsTo("u-th")).toHaveLength(1);
    expect(textsTo("u-th")[0]).toMatch(/9 โมงเช้า/);
    expect(textsTo("u-en")).toHaveLength(2);
    expect(textsTo("u-en")[0]).toMatch(/9 to 5/);
    // "I don't know" in the customer's language, without FAQ buttons (TikTok has none here).
    expect(textsTo("u-en")[1]).not.toMatch(thai);
    expect(
      tiktok.sent.every((sent) => sent.conversationId === tiktok.conversationOf(sent.to)),
    ).toBe(true);
    const [somchai] = await db.select().from(contacts).where(eq(contacts.externalId, "u-th"));
    expect(somchai).toMatchObject({ channel: "tiktok", displayName: "Somchai", language: "th" });
    const [mary] = await db.select().from(contacts).where(eq(contacts.externalId, "u-en"));
    expect(mary).toMatchObject({ displayName: "Mary", language: "en" });
    const replies = await botMessages();
    expect(replies.map((m) => m.sentVia)).toEqual(["push", "push", "push"]);
    const all = await db.select().from(conversations);
    expect(all.every((c) => c.channel === "tiktok")).toBe(true);
    const state = await card();
    expect(state.body.webhookVerifiedAt).not.toBeNull();
    expect(state.body.sentThisMonth).toBe(3);
  });

  it("processes a redelivered event once, and records the echo of its own message without answering it", async () => {
    const { db, drain, connectId, send, post } = await setUp();
    const connectionId = await connectId();
    const event = tiktok.message({ from: "u-dup", text: "When are you open?" });
    const signed = tiktok.webhookBody(event);
    expect((await post(connectionId, signed.body, signed.signature)).status).toBe(200);
    // TikTok delivers at least once: the same event again, signed anew.
    expect((await send(connectionId, event)).status).toBe(200);
    await drain();
    expect(await db.select().from(channelEvents)).toHaveLength(1);
    expect(tiktok.sent).toHaveLength(1);
    expect(await db.select().from(messages)).toHaveLength(2);

    // TikTok echoes what the business sent (im_send_msg): stored, never answered.
    expect((await send(connectionId, tiktok.echoOf(tiktok.sent[0]!))).status).toBe(200);
    await drain();
    const stored = await db.select().from(channelEvents);
    expect(stored).toHaveLength(2);
    expect(stored.every((row) => row.status === "done")).toBe(true);
    expect(stored.map((row) => row.sourceKey)).toEqual(["u-dup", "u-dup"]);
    expect(tiktok.sent).toHaveLength(1);
    expect(await db.select().from(messages)).toHaveLength(2);
  });

  it("refuses replays (401), bad signatures (401), unknown ids (404), non-JSON (400), big bodies (413) and other accounts' events", async () => {
    const { db, connectId, post, send, card } = await setUp();
    const connectionId = await connectId();
    const event = tiktok.message({ from: "u-bad", text: "hi" });
    // A real signature from ten minutes ago: a replay.
    const old = tiktok.webhookBody(event, {
      timestampSeconds: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await post(connectionId, old.body, old.signature)).status).toBe(401);
    expect(await db.select().from(channelEvents)).toHaveLength(0);
    // The secret was right: the card does not say a request failed to match it.
    expect((await card()).body.signatureFailedAt).toBeNull();
    const ahead = tiktok.webhookBody(event, {
      timestampSeconds: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await post(connectionId, ahead.body, ahead.signature)).status).toBe(401);

    const { body, signature } = tiktok.webhookBody(event);
    expect((await post(connectionId, body)).status).toBe(401);
    expect((await post(connectionId, body, "t=1,s=00")).status).toBe(401);
    const forged = tiktok.webhookBody(event, { secret: "not-the-app-secret-0123456789" });
    expect((await post(connectionId, forged.body, forged.signature)).status).toBe(401);
    expect((await post(connectionId, `${body} `, signature)).status).toBe(401);
    expect(await db.select().from(channelEvents)).toHaveLength(0);
    expect((await card()).body.signatureFailedAt).not.toBeNull();

    expect((await send(randomUUID(), event)).status).toBe(404);
    expect((await send("not-a-uuid", event)).status).toBe(404);

    expect(
      (await post(connectionId, "{not json", signWith(tiktok.appSecret, "{not json"))).status,
    ).toBe(400);
    expect(
      (await post(connectionId, '{"event":3}', signWith(tiktok.appSecret, '{"event":3}'))).status,
    ).toBe(400);
    const big = JSON.stringify({ ...event, pad: "x".repeat(1024 * 1024) });
    expect((await post(connectionId, big, signWith(tiktok.appSecret, big))).status).toBe(413);
    // Another business account of the same developer app: acknowledged, not this bot's.
    expect((await send(connectionId, { ...event, user_openid: "another-business" })).status).toBe(
      200,
    );
    expect(await db.select().from(channelEvents)).toHaveLength(0);
  });

  it("never sends outside the 48-hour window, a bot's reply or a teammate's, and says why", async () => {
    const { db, drain, events, sends, connectId, send, owner, botMessages } = await setUp();
    const connectionId = await connectId();
    // The reply is queued, then sent 49 hours after the customer wrote (TikTok was down).
    await send(connectionId, tiktok.message({ from: "u-late", text: "When are you open?" }));
    expect(await events.runOnce()).toBe(1);
    await db.update(conversations).set({ lastCustomerMessageAt: new Date(Date.now() - 49 * hour) });
    expect(await sends.runOnce()).toBe(1);
    expect(tiktok.sent).toHaveLength(0);
    expect(tiktok.calls).not.toContain(`POST ${sendPath}`);
    const [delivery] = await db.select().from(deliveries);
    expect(delivery).toMatchObject({ status: "dead", lastError: tiktokRefusals.outsideWindow });
    const [reply] = await botMessages();
    expect(reply!.deliveryError).toBe(tiktokRefusals.outsideWindow);
    expect(reply!.sentVia).toBeNull();

    // A teammate's reply 49 hours on: the inbox refuses it before sending.
    const [conversation] = await db.select().from(conversations);
    const inbox = (body: Record<string, unknown>) =>
      owner.request("POST", `/api/console/inbox/conversations/${conversation!.id}/messages`, {
        clientId: randomUUID(),
        ...body,
      });
    const refused = await inbox({ text: "Sorry for the wait" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields).toEqual({ text: "window_closed" });

    // The customer writes again: the window opens for 48 hours, a teammate's reply goes.
    await send(connectionId, tiktok.message({ from: "u-late", text: "Hello?" }));
    await drain();
    const sentBefore = tiktok.sent.length;
    const replied = await inbox({ text: "สวัสดีค่ะ ยินดีช่วยค่ะ" });
    expect(replied.status).toBe(201);
    await drain();
    expect(tiktok.sent.slice(sentBefore).map((sent) => sent.text)).toEqual(["สวัสดีค่ะ ยินดีช่วยค่ะ"]);

    // TikTok's own clock says the window closed (our record said it was open): its refusal,
    // in words, on the message; the channel stays connected.
    // (Another customer: the first one's conversation is now a teammate's, the bot is silent.)
    await send(connectionId, tiktok.message({ from: "u-clock", text: "When are you open?" }));
    expect(await events.runOnce()).toBe(1);
    tiktok.advance(49 * hour);
    await sends.runOnce();
    const last = (await botMessages()).at(-1)!;
    expect(last.deliveryError).toContain(fakeTiktokWindowMessage);
    expect(last.deliveryError).toMatch(
      /^not sent: TikTok says the 48-hour reply window has closed/,
    );
    const state = await owner.request(
      "GET",
      `/api/console/bots/${conversation!.botId}/channels/tiktok`,
    );
    expect(state.body.status).toBe("connected");
  });

  it("sends a teammate's text and photo as two messages, uploading the photo once across retries", async () => {
    const { db, drain, sends, connectId, send, owner } = await setUp();
    const connectionId = await connectId();
    await send(connectionId, tiktok.message({ from: "u-photo", text: "Do you have a menu?" }));
    await drain();
    const [conversation] = await db.select().from(conversations);
    const sentBefore = tiktok.sent.length;
    tiktok.fail(uploadPath, { status: 500 });
    const replied = await owner.request(
      "POST",
      `/api/console/inbox/conversations/${conversation!.id}/messages`,
      {
        clientId: randomUUID(),
        text: "Here is our menu",
        image: `data:image/png;base64,${Buffer.from(png).toString("base64")}`,
      },
    );
    expect(replied.status).toBe(201);
    // 1st attempt: the text goes, the upload fails (500): retried.
    expect(await sends.runOnce()).toBe(1);
    expect(tiktok.sent.slice(sentBefore).map((sent) => sent.type)).toEqual(["text"]);
    expect(tiktok.uploads).toHaveLength(0);
    // 2nd: uploaded, but TikTok fails the send: retried without uploading again.
    tiktok.fail(sendPath, { status: 503 });
    expect(await sends.runOnce()).toBe(1);
    expect(tiktok.uploads).toHaveLength(1);
    expect(await sends.runOnce()).toBe(1);
    await drain();
    const mine = tiktok.sent.slice(sentBefore);
    expect(mine.map((sent) => sent.type)).toEqual(["text", "image"]);
    expect(mine[1]!.mediaId).toBe(tiktok.uploads[0]!.mediaId);
    expect(Buffer.from(tiktok.uploads[0]!.bytes).equals(Buffer.from(png))).toBe(true);
    expect(tiktok.uploads).toHaveLength(1);
    const teammate = await db
      .select()
      .from(deliveries)
      .where(eq(deliveries.botId, conversation!.botId));
    expect(teammate.at(-1)).toMatchObject({ status: "delivered", attempts: 3 });
    const [human] = await db.select().from(messages).where(eq(messages.sender, "human"));
    expect(human!.sentVia).toBe("push");
  });

  it("waits out a 429's Retry-After, retries 5xx and TikTok's 'too many requests', and sends once", async () => {
    const { db, drain, connectId, send } = await setUp();
    const connectionId = await connectId();
    tiktok.fail(sendPath, { status: 429, retryAfter: 1 });
    await send(connectionId, tiktok.message({ from: "u-busy", text: "When are you open?" }));
    await drain();
    let rows = await db.select().from(deliveries);
    expect(rows[0]).toMatchObject({ status: "delivered", attempts: 2 });

    tiktok.fail(sendPath, { status: 500, times: 2 });
    await send(connectionId, tiktok.message({ from: "u-busy", text: "ร้านเปิดกี่โมง" }));
    await drain();
    tiktok.fail(sendPath, { code: 40100 });
    await send(connectionId, tiktok.message({ from: "u-busy", text: "Hello again" }));
    await drain();
    rows = await db.select().from(deliveries).orderBy(deliveries.createdAt);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["delivered", 2],
      ["delivered", 3],
      ["delivered", 2],
    ]);
    expect(tiktok.sent).toHaveLength(3);
  });

  it("puts the channel in error when TikTok refuses the token or the account removes the app", async () => {
    const { db, drain, connectId, send, card, botMessages } = await setUp();
    const connectionId = await connectId();
    tiktok.revokeToken();
    await send(connectionId, tiktok.message({ from: "u-token", text: "When are you open?" }));
    await drain();
    const [delivery] = await db.select().from(deliveries);
    expect(delivery).toMatchObject({ status: "dead", lastError: tiktokRefusals.auth });
    const [reply] = await botMessages();
    expect(reply!.deliveryError).toBe(tiktokRefusals.auth);
    const state = await card();
    expect(state.body).toMatchObject({ status: "error", lastError: tiktokRefusals.auth });
    expect(JSON.stringify(state.body)).not.toContain(tiktok.accessToken);

    // Connected again (TikTok gave a new token), then the account removes the app's access.
    const fresh = await startFakeTiktok({
      appId: tiktok.appId,
      appSecret: tiktok.appSecret,
      businessId: tiktok.businessId,
    });
    try {
      const again = createConsoleTestApp(testDatabase, { tiktok: fresh.endpoints });
      const owner = await signInOwner(again, testDatabase, "tiktok-2@example.com");
      const persona = await owner.request("POST", "/api/console/personas", { name: "Noi" });
      const bot = await owner.request("POST", "/api/console/bots", {
        personaId: persona.body.id,
        name: "Noi bot",
      });
      const connected = await owner.request(
        "PUT",
        `/api/console/bots/${bot.body.id}/channels/tiktok`,
        {
          appId: fresh.appId,
          appSecret: fresh.appSecret,
          businessId: fresh.businessId,
          accessToken: fresh.accessToken,
        },
      );
      const id = connected.body.connectionId as string;
      const { body, signature } = fresh.webhookBody(fresh.authorizationRemoved());
      const response = await again.app.request(`/api/webhooks/tiktok/${id}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "TikTok-Signature": signature },
        body,
      });
      expect(response.status).toBe(200);
      const worker = createChannelEventsWorker({
        db,
        logger: again.log.logger,
        processors: { tiktok: (row, signal) => again.services.tiktok.processEvent(row, signal) },
      });
      expect(await worker.runOnce()).toBe(1);
      const removed = await owner.request(
        "GET",
        `/api/console/bots/${bot.body.id}/channels/tiktok`,
      );
      expect(removed.body).toMatchObject({ status: "error", lastError: tiktokDeauthorizedError });
    } finally {
      await fresh.close();
    }
  });

  it("reads a customer's photo through TikTok and gives it to the turn; a shared post as words", async () => {
    const { db, drain, connectId, send, owner, botId, textsTo } = await setUp();
    const connectionId = await connectId();
    await send(
      connectionId,
      tiktok.message({ from: "u-img", text: "hi", image: { bytes: png, type: "image/png" } }),
    );
    await send(
      connectionId,
      tiktok.message({
        from: "u-img",
        sharePost: "https://www.tiktok.com/embed/v2/7247303576418566913",
      }),
    );
    // A sticker: TikTok's API does not document it; not answered.
    await send(connectionId, tiktok.message({ from: "u-img", type: "sticker" }));
    await drain();
    expect(tiktok.calls).toContain("POST /open_api/v1.3/business/message/media/download/");
    expect(textsTo("u-img")).toHaveLength(2);
    const userMessages = await db
      .select()
      .from(messages)
      .where(eq(messages.sender, "user"))
      .orderBy(messages.createdAt);
    expect(userMessages.map((m) => m.media?.type ?? m.content)).toEqual([
      "photo",
      "[shared TikTok post: https://www.tiktok.com/embed/v2/7247303576418566913]",
    ]);
    const transcript = await owner.request(
      "GET",
      `/api/console/bots/${botId}/conversations/${userMessages[0]!.conversationId}`,
    );
    const photo = transcript.body.messages.find((m: { media: { type: string } | null }) => m.media);
    const served = await owner.fetch("GET", photo.media.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");

    // A photo over 5 MB is not read: the customer is told, in their language.
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(png);
    await send(
      connectionId,
      tiktok.message({ from: "u-big", text: "x", image: { bytes: big, type: "image/png" } }),
    );
    await drain();
    expect(textsTo("u-big")).toEqual([
      "Sorry, the chatbot could not open this photo (PNG, JPEG, WebP or GIF up to 5 MB). Could you send another one, or type your question?",
    ]);
  });

  it("keeps answering 200 but stores nothing while the bot is paused or the channel disconnected", async () => {
    const { db, connectId, send, owner, botId, testApp, drain } = await setUp();
    const connectionId = await connectId();
    const paused = await owner.request("PATCH", `/api/console/bots/${botId}`, { status: "paused" });
    expect(paused.status).toBe(200);
    testApp.services.tiktok.forget(connectionId);
    expect((await send(connectionId, tiktok.message({ from: "u-p", text: "hi" }))).status).toBe(
      200,
    );
    expect(await db.select().from(channelEvents)).toHaveLength(0);
    await owner.request("PATCH", `/api/console/bots/${botId}`, { status: "active" });
    const disconnected = await owner.request(
      "DELETE",
      `/api/console/bots/${botId}/channels/tiktok`,
    );
    expect(disconnected.body).toEqual({ status: "not_connected" });
    const [row] = await db
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.id, connectionId));
    expect(row!.secretsSealed).toBeNull();
    expect((await send(connectionId, tiktok.message({ from: "u-p", text: "hi" }))).status).toBe(
      200,
    );
    expect(await db.select().from(channelEvents)).toHaveLength(0);
    const [counted] = await db
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.id, connectionId));
    expect(counted!.ignoredEvents).toBe(2);
    await drain();
    expect(tiktok.sent).toHaveLength(0);
  });

  it("keeps owners apart: another owner cannot read, connect or disconnect the channel", async () => {
    const { testApp, botId, connectId, send, drain, db } = await setUp();
    const connectionId = await connectId();
    const other = await signInOwner(testApp, testDatabase, "other-tiktok@example.com");
    for (const [method, path] of [
      ["GET", `/api/console/bots/${botId}/channels/tiktok`],
      ["PUT", `/api/console/bots/${botId}/channels/tiktok`],
      ["DELETE", `/api/console/bots/${botId}/channels/tiktok`],
    ] as const) {
      const response = await other.request(
        method,
        path,
        method === "PUT"
          ? {
              appId: tiktok.appId,
              appSecret: tiktok.appSecret,
              businessId: tiktok.businessId,
              accessToken: tiktok.accessToken,
            }
          : undefined,
      );
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    await send(connectionId, tiktok.message({ from: "u-own", text: "hello" }));
    await drain();
    const all = await db.select().from(conversations);
    expect(all.map((c) => c.botId)).toEqual([botId]);
  });
});

/** TikTok's signature of `body`, now, with the app secret. */
function signWith(secret: string, body: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},s=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;
}
