import { channelConnections, contacts, conversations, deliveries, eq, messages } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChannelEventsWorker } from "../jobs/channel-events-worker";
import { createDeliveriesWorker } from "../jobs/deliveries-worker";
import { askCsat } from "../modules/feedback/csat";
import { createCsatSweep } from "../modules/feedback/csat-sweep";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
} from "../test/console-test-app";
import { type FakeLine, startFakeLine } from "../test/fake-line";

/**
 * The satisfaction question (CSAT) end to end: asked when a teammate resolves a conversation
 * (the hosted page's card, LINE's quick replies) or when it goes idle (the sweep, once), answered
 * from the page and from a LINE tap (no chat turn), never sent outside Messenger's window.
 */
describe("CSAT", () => {
  let testDatabase: TestDatabase;
  let line: FakeLine;
  let testApp: ConsoleTestApp;
  let owner: OwnerClient;
  let botId: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    line = await startFakeLine({ replyTokenTtlMs: 30_000 });
    testApp = createConsoleTestApp(testDatabase, {
      line: { apiBaseUrl: line.url, dataBaseUrl: line.url, timeoutMs: 2_000 },
      allowPrivateWebhooks: true,
    });
    owner = await signInOwner(testApp, testDatabase, "csat-owner@example.com");
    const persona = await owner.request("POST", "/api/console/personas", {
      name: "Mali",
      faqs: [{ question: "ร้านเปิดกี่โมง", answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็น" }],
    });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Csat bot",
    });
    botId = bot.body.id as string;
    await owner.request("POST", "/api/console/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["feedback.created"],
    });
  }, 60_000);
  afterAll(async () => {
    await line?.close();
    await testDatabase?.cleanup();
  });

  /** A visitor of the hosted page (its cookie), with one conversation. */
  async function pageVisitor(message: string) {
    const response = await testApp.app.request(`/api/bots/${botId}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message }),
    });
    const cookie = /jai_visitor=[^;]+/.exec(response.headers.get("set-cookie") ?? "")![0];
    const { conversationId } = (await response.json()) as { conversationId: string };
    const path = `/api/bots/${botId}/conversations/${conversationId}`;
    return {
      conversationId,
      cookie,
      async csat() {
        const listed = await testApp.app.request(`${path}/messages`, {
          headers: { Cookie: cookie },
        });
        return ((await listed.json()) as { csat: { asked: boolean; score: number | null } }).csat;
      },
      answer(score: unknown, as = cookie) {
        return testApp.app.request(`${path}/csat`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: as },
          body: JSON.stringify({ score }),
        });
      },
    };
  }

  const act = (conversationId: string, action: string) =>
    owner.request("POST", `/api/console/inbox/conversations/${conversationId}/actions`, { action });

  const conversation = async (id: string) =>
    (await testDatabase.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;

  it("asks on the hosted page when a teammate resolves, and takes the visitor's answer once", async () => {
    const visitor = await pageVisitor("ร้านเปิดกี่โมง");
    const stranger = await pageVisitor("สวัสดี");
    expect(await visitor.csat()).toEqual({ asked: false, score: null });
    // Not asked yet: nothing to answer.
    expect((await visitor.answer(5)).status).toBe(409);

    expect((await act(visitor.conversationId, "resolve")).status).toBe(200);
    expect((await conversation(visitor.conversationId)).csatRequestedAt).not.toBeNull();
    expect(await visitor.csat()).toEqual({ asked: true, score: null });
    // Resolving again asks nothing more.
    await act(visitor.conversationId, "reopen");
    const asked = (await conversation(visitor.conversationId)).csatRequestedAt;
    await act(visitor.conversationId, "resolve");
    expect((await conversation(visitor.conversationId)).csatRequestedAt).toEqual(asked);

    // Only the visitor answers, with 1–5, once.
    expect((await visitor.answer(4, stranger.cookie)).status).toBe(404);
    expect((await visitor.answer(0)).status).toBe(422);
    expect((await visitor.answer(4.5)).status).toBe(422);
    const answered = await visitor.answer(4);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ score: 4 });
    expect((await visitor.answer(5)).status).toBe(409);
    expect(await visitor.csat()).toEqual({ asked: true, score: 4 });

    // The team sees "4/5"; the owner's webhook hears of it.
    const inbox = await owner.request(
      "GET",
      `/api/console/inbox/conversations/${visitor.conversationId}`,
    );
    expect(inbox.body.csat).toMatchObject({ score: 4 });
    const transcript = await owner.request(
      "GET",
      `/api/console/bots/${botId}/conversations/${visitor.conversationId}`,
    );
    expect(transcript.body.csat).toMatchObject({ score: 4 });
    const hooks = await testDatabase.db
      .select({ payload: deliveries.payload })
      .from(deliveries)
      .where(eq(deliveries.event, "feedback.created"));
    expect(hooks.map((row) => (row.payload as { data: unknown }).data)).toContainEqual(
      expect.objectContaining({
        kind: "csat",
        score: 4,
        conversationId: visitor.conversationId,
        rating: null,
      }),
    );
  });

  it("asks idle conversations once, after the bot's last reply", async () => {
    const idle = await pageVisitor("ร้านเปิดกี่โมง");
    const sweep = (minutesLater: number) =>
      createCsatSweep({
        db: testDatabase.db,
        logger: testApp.log.logger,
        now: () => new Date(Date.now() + minutesLater * 60_000),
      }).runOnce();
    // Not idle long enough yet.
    await sweep(10);
    expect((await conversation(idle.conversationId)).csatRequestedAt).toBeNull();
    expect(await sweep(31)).toBeGreaterThanOrEqual(1);
    expect((await conversation(idle.conversationId)).csatRequestedAt).not.toBeNull();
    expect(await idle.csat()).toEqual({ asked: true, score: null });
    // Once per conversation.
    expect(await sweep(60)).toBe(0);
    // A day later it is left alone (and a new deployment does not ask old conversations).
    const old = await pageVisitor("สวัสดี");
    expect(await sweep(25 * 60)).toBe(0);
    expect((await conversation(old.conversationId)).csatRequestedAt).toBeNull();
  });

  it("asks on LINE with quick replies; a tapped csat:4 is stored and thanked, not a chat turn", async () => {
    const connected = await owner.request("PUT", `/api/console/bots/${botId}/channels/line`, {
      channelId: line.channelId,
      channelSecret: line.channelSecret,
      accessToken: line.accessToken,
    });
    const connectionId = connected.body.connectionId as string;
    const { db } = testDatabase;
    const events = createChannelEventsWorker({
      db,
      logger: testApp.log.logger,
      processors: { line: (row, signal) => testApp.services.line.processEvent(row, signal) },
      retryDelayMs: () => 0,
    });
    const sends = createDeliveriesWorker({
      db,
      logger: testApp.log.logger,
      senders: testApp.services.deliverySenders,
      retryDelayMs: () => 0,
      maxRetryAfterMs: 0,
    });
    const drain = async () => {
      for (let round = 0; round < 20; round++) {
        if ((await events.runOnce()) + (await sends.runOnce()) === 0) return;
      }
    };
    const send = (event: object) => {
      const { body, signature } = line.webhookBody([event]);
      return testApp.app.request(`/api/webhooks/line/${connectionId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-line-signature": signature },
        body,
      });
    };
    line.setProfile("U-csat", { displayName: "Somchai", language: "th" });
    await send(line.event({ type: "text", userId: "U-csat", text: "ร้านเปิดกี่โมง" }));
    await drain();
    const [contact] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.externalId, "U-csat"));
    const [lineConversation] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.contactId, contact!.id));
    const conversationId = lineConversation!.id;

    line.sent.length = 0;
    expect((await act(conversationId, "resolve")).status).toBe(200);
    await drain();
    expect(line.sent).toHaveLength(1);
    const [question] = line.sent[0]!.messages;
    expect(line.sent[0]).toMatchObject({ via: "push", to: "U-csat" });
    expect(question?.text).toContain("คะแนนความพึงพอใจ");
    expect(question?.quickReply?.items).toHaveLength(5);
    expect(question?.quickReply?.items[3]).toMatchObject({
      action: { type: "postback", data: "csat:4", displayText: "🙂 4" },
    });

    const before = await db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    line.sent.length = 0;
    await send(line.event({ type: "postback", userId: "U-csat", data: "csat:4" }));
    await drain();
    const answered = await conversation(conversationId);
    expect(answered.csatScore).toBe(4);
    expect(answered.csatAnsweredAt).not.toBeNull();
    // No turn: nothing stored in the transcript; a thank-you by the free reply token.
    const after = await db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(after).toHaveLength(before.length);
    expect(line.sent).toHaveLength(1);
    expect(line.sent[0]).toMatchObject({ via: "reply" });
    expect(line.sent[0]!.messages[0]?.text).toContain("ขอบคุณ");

    // A number typed after it was answered is an ordinary message (a turn).
    await send(line.event({ type: "text", userId: "U-csat", text: "5" }));
    await drain();
    expect((await conversation(conversationId)).csatScore).toBe(4);
    const turned = await db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(turned.length).toBeGreaterThan(after.length);
  });

  it("asks on Messenger with quick replies only inside the 24-hour window", async () => {
    const { db } = testDatabase;
    await db.insert(channelConnections).values({
      botId,
      ownerId: owner.ownerId,
      channel: "messenger",
      status: "active",
    });
    const messengerConversation = async (hoursSinceCustomer: number) => {
      const [contact] = await db
        .insert(contacts)
        .values({ botId, channel: "messenger", externalId: `psid-${hoursSinceCustomer}` })
        .returning({ id: contacts.id });
      const [row] = await db
        .insert(conversations)
        .values({
          botId,
          contactId: contact!.id,
          channel: "messenger",
          workspaceId: owner.ownerId,
          language: "en",
          lastCustomerMessageAt: new Date(Date.now() - hoursSinceCustomer * 3_600_000),
        })
        .returning({ id: conversations.id });
      return row!.id;
    };
    const ask = (id: string) => db.transaction((tx) => askCsat(tx, id, new Date()));

    const late = await messengerConversation(25);
    expect(await ask(late)).toEqual({ asked: false, delivery: null });
    expect((await conversation(late)).csatRequestedAt).toBeNull();

    const fresh = await messengerConversation(2);
    const { asked, delivery } = await ask(fresh);
    expect(asked).toBe(true);
    expect(delivery).toMatchObject({
      channel: "messenger",
      idempotencyKey: `messenger:csat:${fresh}`,
      payload: {
        author: "bot",
        recipientId: "psid-2",
        messages: [
          {
            text: expect.stringContaining("How satisfied"),
            quick_replies: expect.arrayContaining([
              { content_type: "text", title: "😄 5", payload: "q:csat:5" },
            ]),
          },
        ],
      },
    });
    // Once.
    expect(await ask(fresh)).toEqual({ asked: false, delivery: null });
  });
});
