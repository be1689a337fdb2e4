import {
  and,
  conversations,
  deliveries,
  eq,
  messageFeedback,
  messages,
  notifications,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
  testPublicUrl,
} from "../test/console-test-app";

/**
 * Customers' thumbs on the bot's replies, end to end on the real app: the hosted page's, the
 * widget's and the public API's endpoints, what the conversation, the team and the owner's
 * webhooks get, who may vote on what, and the team's list.
 */
describe("feedback on replies", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let owner: OwnerClient;
  let botId: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase, { allowPrivateWebhooks: true });
    owner = await signInOwner(testApp, testDatabase, "feedback-owner@example.com");
    const persona = await owner.request("POST", "/api/console/personas", {
      name: "Mali",
      gender: "female",
      language: "auto",
      faqs: [{ question: "ร้านเปิดกี่โมง", answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็น" }],
    });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Feedback bot",
    });
    botId = bot.body.id as string;
    const hook = await owner.request("POST", "/api/console/webhooks", {
      url: "http://127.0.0.1:9/hook",
      events: ["feedback.created"],
    });
    expect(hook.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await testDatabase?.cleanup();
  });

  function visitor() {
    let cookie = "";
    let conversationId = "";
    return {
      get conversationId() {
        return conversationId;
      },
      async say(message: string) {
        const response = await testApp.app.request(`/api/bots/${botId}/chat`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json",
            ...(cookie ? { Cookie: cookie } : {}),
          },
          body: JSON.stringify({ message, ...(conversationId ? { conversationId } : {}) }),
        });
        const set = /jai_visitor=[^;]+/.exec(response.headers.get("set-cookie") ?? "");
        if (set) cookie = set[0];
        const body = (await response.json()) as Record<string, string>;
        conversationId = body.conversationId!;
        return body as { botMessageId: string; userMessageId: string };
      },
      rate(body: unknown, conversation = conversationId) {
        return testApp.app.request(`/api/bots/${botId}/conversations/${conversation}/feedback`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify(body),
        });
      },
      async messages() {
        const response = await testApp.app.request(
          `/api/bots/${botId}/conversations/${conversationId}/messages`,
          { headers: { Cookie: cookie } },
        );
        return ((await response.json()) as { messages: Array<Record<string, unknown>> }).messages;
      },
    };
  }

  const webhooksFor = async (conversationId: string) =>
    (
      await testDatabase.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.event, "feedback.created"))
    )
      .map((row) => (row.payload as { data: Record<string, unknown> }).data)
      .filter((data) => data.conversationId === conversationId);

  const statusOf = async (conversationId: string) =>
    (
      await testDatabase.db
        .select({ status: conversations.status, hasFeedback: conversations.hasFeedback })
        .from(conversations)
        .where(eq(conversations.id, conversationId))
    )[0];

  it("stores a vote per reply, changes and withdraws it, and shows it to the visitor", async () => {
    const customer = visitor();
    const turn = await customer.say("ร้านเปิดกี่โมงคะ");
    const up = await customer.rate({ messageId: turn.botMessageId, rating: "up" });
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ messageId: turn.botMessageId, rating: "up", reason: null });
    const shown = await customer.messages();
    expect(shown.find((message) => message.id === turn.botMessageId)?.feedback).toBe("up");
    expect(shown.find((message) => message.sender === "user")).not.toHaveProperty("feedback");
    expect((await statusOf(customer.conversationId))?.hasFeedback).toBe(true);
    // The owner's webhook hears of it.
    expect(await webhooksFor(customer.conversationId)).toEqual([
      expect.objectContaining({
        kind: "thumbs",
        botId,
        messageId: turn.botMessageId,
        rating: "up",
        channel: "web",
        score: null,
      }),
    ]);

    // Again: one row per reply, no second webhook; a change is one; null takes it back.
    await customer.rate({ messageId: turn.botMessageId, rating: "up" });
    expect(await testDatabase.db.select().from(messageFeedback)).toHaveLength(1);
    expect(await webhooksFor(customer.conversationId)).toHaveLength(1);
    await customer.rate({ messageId: turn.botMessageId, rating: "down" });
    const [changed] = await testDatabase.db
      .select()
      .from(messageFeedback)
      .where(eq(messageFeedback.messageId, turn.botMessageId));
    expect(changed?.rating).toBe("down");
    expect(await webhooksFor(customer.conversationId)).toHaveLength(2);
    expect((await customer.rate({ messageId: turn.botMessageId, rating: null })).status).toBe(200);
    expect(await testDatabase.db.select().from(messageFeedback)).toHaveLength(0);
    expect((await statusOf(customer.conversationId))?.hasFeedback).toBe(false);
  });

  it("alerts the team on a thumbs down, and hands the conversation over only when the bot says so", async () => {
    // The default: an alert, the bot keeps the conversation.
    const first = visitor();
    const turn1 = await first.say("What time do you open?");
    await first.rate({ messageId: turn1.botMessageId, rating: "down" });
    expect((await statusOf(first.conversationId))?.status).toBe("bot");
    const alertsOf = async (conversationId: string) =>
      (
        await testDatabase.db
          .select({ kind: notifications.kind })
          .from(notifications)
          .where(eq(notifications.conversationId, conversationId))
      )
        .map((alert) => alert.kind)
        .sort();
    expect(await alertsOf(first.conversationId)).toEqual(["negative_feedback"]);

    await owner.request("PUT", `/api/console/bots/${botId}/handoff`, { onNegativeFeedback: true });
    const customer = visitor();
    const turn = await customer.say("What time do you open?");
    const down = await customer.rate({
      messageId: turn.botMessageId,
      rating: "down",
      reason: "  Wrong hours\u0000 ",
    });
    expect(down.status).toBe(200);
    const [row] = await testDatabase.db
      .select()
      .from(messageFeedback)
      .where(eq(messageFeedback.messageId, turn.botMessageId));
    expect(row).toMatchObject({ rating: "down", reason: "Wrong hours", channel: "web" });
    expect((await statusOf(customer.conversationId))?.status).toBe("pending");
    expect(await alertsOf(customer.conversationId)).toEqual(["handoff", "negative_feedback"]);
    const events = await testDatabase.db
      .select({ event: messages.event })
      .from(messages)
      .where(eq(messages.conversationId, customer.conversationId));
    expect(events.some((message) => message.event?.reason === "feedback")).toBe(true);
    await owner.request("PUT", `/api/console/bots/${botId}/handoff`, { onNegativeFeedback: false });

    // The team sees it: in the inbox, the transcript and the list (with the question before it).
    const inbox = await owner.request(
      "GET",
      `/api/console/inbox/conversations/${customer.conversationId}`,
    );
    const reply = (inbox.body.messages as Array<Record<string, unknown>>).find(
      (message) => message.id === turn.botMessageId,
    );
    expect(reply?.feedback).toMatchObject({ rating: "down", reason: "Wrong hours" });
    const transcript = await owner.request(
      "GET",
      `/api/console/bots/${botId}/conversations/${customer.conversationId}`,
    );
    expect(
      (transcript.body.messages as Array<Record<string, unknown>>).find(
        (message) => message.id === turn.botMessageId,
      )?.feedback,
    ).toMatchObject({ rating: "down", reason: "Wrong hours" });
    const list = await owner.request("GET", `/api/console/feedback?botId=${botId}&rating=down`);
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      messageId: turn.botMessageId,
      conversationId: customer.conversationId,
      rating: "down",
      reason: "Wrong hours",
      question: "What time do you open?",
      botName: "Feedback bot",
    });
    expect(list.body.items.every((item: { rating: string }) => item.rating === "down")).toBe(true);
    expect((await owner.request("GET", "/api/console/feedback?botId=someone-elses")).status).toBe(
      404,
    );
    expect((await owner.request("GET", "/api/console/feedback?period=custom")).status).toBe(422);
  });

  it("refuses what is not the visitor's bot reply, and bad votes", async () => {
    const before = (await testDatabase.db.select().from(messageFeedback)).length;
    const customer = visitor();
    const turn = await customer.say("hello");
    const stranger = visitor();
    await stranger.say("hi");
    // Another visitor's conversation, a user message, an unknown id: all 404 alike.
    expect(
      (await stranger.rate({ messageId: turn.botMessageId, rating: "up" }, customer.conversationId))
        .status,
    ).toBe(404);
    expect((await stranger.rate({ messageId: turn.botMessageId, rating: "up" })).status).toBe(404);
    expect((await customer.rate({ messageId: turn.userMessageId, rating: "up" })).status).toBe(404);
    expect((await customer.rate({ messageId: crypto.randomUUID(), rating: "up" })).status).toBe(
      404,
    );
    expect((await customer.rate({ messageId: turn.botMessageId, rating: "meh" })).status).toBe(422);
    expect(
      (
        await customer.rate({
          messageId: turn.botMessageId,
          rating: "down",
          reason: "x".repeat(501),
        })
      ).status,
    ).toBe(422);
    expect(await testDatabase.db.select().from(messageFeedback)).toHaveLength(before);
  });

  it("takes votes from the widget (its session and contact) and the public API (the key's bots)", async () => {
    const shop = "https://shop.example";
    const enabled = await owner.request("PUT", `/api/console/bots/${botId}/channels/widget`, {
      enabled: true,
      settings: { allowedOrigins: [shop] },
    });
    expect(enabled.status).toBe(200);
    const { session } = (await (
      await testApp.app.request(`/api/widget/${botId}/session`, {
        method: "POST",
        headers: { Origin: shop, "Content-Type": "application/json" },
        body: "{}",
      })
    ).json()) as { session: string };
    const widgetHeaders = (contact?: string) => ({
      Origin: new URL(testPublicUrl).origin,
      Authorization: `Bearer ${session}`,
      "Content-Type": "application/json",
      Accept: "application/json",
      ...(contact ? { "X-Jai-Contact": contact } : {}),
    });
    const chat = await testApp.app.request(`/api/widget/${botId}/chat`, {
      method: "POST",
      headers: widgetHeaders(),
      body: JSON.stringify({ message: "ร้านเปิดกี่โมง" }),
    });
    const contact = chat.headers.get("x-jai-contact")!;
    const turn = (await chat.json()) as { conversationId: string; botMessageId: string };
    const widgetRate = (headers: Record<string, string>) =>
      testApp.app.request(`/api/widget/${botId}/conversations/${turn.conversationId}/feedback`, {
        method: "POST",
        headers,
        body: JSON.stringify({ messageId: turn.botMessageId, rating: "up" }),
      });
    // Without the contact it is nobody's conversation.
    expect((await widgetRate(widgetHeaders())).status).toBe(404);
    expect((await widgetRate(widgetHeaders(contact))).status).toBe(200);
    const [stored] = await testDatabase.db
      .select()
      .from(messageFeedback)
      .where(eq(messageFeedback.messageId, turn.botMessageId));
    expect(stored).toMatchObject({ rating: "up", channel: "widget" });

    // The public API: any conversation of the key owner's bots; another owner's key: 404.
    const key = (await owner.request("POST", "/api/console/api-keys", { name: "CRM" })).body
      .key as string;
    const stranger = await signInOwner(testApp, testDatabase, "feedback-stranger@example.com");
    const strangerKey = (await stranger.request("POST", "/api/console/api-keys", { name: "x" }))
      .body.key as string;
    const apiRate = (bearer: string, body: unknown) =>
      testApp.app.request(`/api/v1/conversations/${turn.conversationId}/feedback`, {
        method: "POST",
        headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(
      (await apiRate(strangerKey, { messageId: turn.botMessageId, rating: "down" })).status,
    ).toBe(404);
    const changed = await apiRate(key, {
      messageId: turn.botMessageId,
      rating: "down",
      reason: "Too short",
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({
      messageId: turn.botMessageId,
      rating: "down",
      reason: "Too short",
    });
    expect((await apiRate(key, { messageId: turn.botMessageId, rating: 1 })).status).toBe(422);
    const csat = (bearer: string, score: unknown) =>
      testApp.app.request(`/api/v1/conversations/${turn.conversationId}/csat`, {
        method: "POST",
        headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
        body: JSON.stringify({ score }),
      });
    expect((await csat(strangerKey, 5)).status).toBe(404);
    expect((await csat(key, 6)).status).toBe(422);
    const answered = await csat(key, 5);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ score: 5 });
    expect((await csat(key, 4)).status).toBe(409);
    const [conversation] = await testDatabase.db
      .select({ score: conversations.csatScore, hasFeedback: conversations.hasFeedback })
      .from(conversations)
      .where(and(eq(conversations.id, turn.conversationId)));
    expect(conversation).toEqual({ score: 5, hasFeedback: true });
    expect((await webhooksFor(turn.conversationId)).map((data) => data.kind)).toEqual([
      "thumbs",
      "thumbs",
      "csat",
    ]);
  });
});
