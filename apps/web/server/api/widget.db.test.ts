import { signIdentity } from "@jai/channels";
import { channelConnections, contacts, eq, ownerPlans } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
  testPublicUrl,
} from "../test/console-test-app";
import { parseSse } from "../test/read-sse";

const shop = "https://shop.example";

describe("the website widget's API", () => {
  let testDatabase: TestDatabase;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(() => testDatabase.cleanup());

  async function setUp(allowedOrigins = [shop]) {
    const testApp = createConsoleTestApp(testDatabase);
    const owner = await signInOwner(testApp, testDatabase, "widget@example.com");
    const persona = await owner.request("POST", "/api/console/personas", {
      name: "Mali",
      faqs: [{ question: "When are you open?", answer: "Every day from 9 to 5." }],
    });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Shop bot",
    });
    const botId = bot.body.id as string;
    const enabled = await owner.request("PUT", `/api/console/bots/${botId}/channels/widget`, {
      enabled: true,
      settings: { allowedOrigins, color: "#123456", greeting: "สวัสดีค่ะ" },
    });
    expect(enabled.status).toBe(200);
    const app = testApp.app;
    const session = async (origin = shop) =>
      app.request(`/api/widget/${botId}/session`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/json" },
        body: "{}",
      });
    const chat = (token: string, body: unknown, headers: Record<string, string> = {}) =>
      app.request(`/api/widget/${botId}/chat`, {
        method: "POST",
        headers: {
          Origin: new URL(testPublicUrl).origin,
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          Accept: "application/json",
          ...headers,
        },
        body: JSON.stringify(body),
      });
    return { testApp, app, owner, botId, session, chat };
  }

  it("gives an allowed site a session, and chats as a widget contact kept across loads", async () => {
    const { app, botId, session, chat } = await setUp();
    const config = await app.request(`/api/widget/${botId}/config`);
    expect(config.status).toBe(200);
    expect(config.headers.get("access-control-allow-origin")).toBe("*");
    const body = await config.json();
    expect(body.settings).toMatchObject({ color: "#123456", greeting: "สวัสดีค่ะ" });
    expect(body.settings.allowedOrigins).toBeUndefined();

    const issued = await session();
    expect(issued.status).toBe(200);
    expect(issued.headers.get("access-control-allow-origin")).toBe(shop);
    const { session: token } = await issued.json();

    const first = await chat(token, { message: "When are you open?" });
    expect(first.status).toBe(200);
    const contactToken = first.headers.get("x-jai-contact");
    expect(contactToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reply = await first.json();
    expect(reply.reply).toContain("9 to 5");

    // The next load of the page brings the token back: the same contact and conversation.
    const again = await chat(
      token,
      { message: "Thanks", conversationId: reply.conversationId },
      { "X-Jai-Contact": contactToken! },
    );
    expect(again.status).toBe(200);
    expect(again.headers.get("x-jai-contact")).toBeNull();
    const messages = await app.request(
      `/api/widget/${botId}/conversations/${reply.conversationId}/messages`,
      {
        headers: {
          "Sec-Fetch-Site": "same-origin",
          Authorization: `Bearer ${token}`,
          "X-Jai-Contact": contactToken!,
        },
      },
    );
    expect((await messages.json()).messages).toHaveLength(4);
    // The visitor typing reaches the team's inbox; without the contact it is not theirs.
    const typing = (contact: Record<string, string>) =>
      app.request(`/api/widget/${botId}/conversations/${reply.conversationId}/typing`, {
        method: "POST",
        headers: {
          Origin: new URL(testPublicUrl).origin,
          Authorization: `Bearer ${token}`,
          ...contact,
        },
      });
    expect((await typing({ "X-Jai-Contact": contactToken! })).status).toBe(204);
    expect((await typing({})).status).toBe(404);
    const stored = await testDatabase.db.select().from(contacts).where(eq(contacts.botId, botId));
    expect(stored.map((contact) => contact.channel)).toEqual(["widget"]);

    // Streams too.
    const streamed = await app.request(`/api/widget/${botId}/chat`, {
      method: "POST",
      headers: {
        Origin: new URL(testPublicUrl).origin,
        Authorization: `Bearer ${token}`,
        "X-Jai-Contact": contactToken!,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ message: "Hello", conversationId: reply.conversationId }),
    });
    const events = parseSse(await streamed.text());
    expect(events.at(-1)).toMatchObject({ event: "done" });
  });

  it("refuses an unlisted site, a missing Origin, a bad session and a foreign caller", async () => {
    const { app, botId, session, chat } = await setUp();
    expect((await session("https://evil.example")).status).toBe(403);
    const noOrigin = await app.request(`/api/widget/${botId}/session`, { method: "POST" });
    expect(noOrigin.status).toBe(403);
    const preflight = await app.request(`/api/widget/${botId}/session`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example" },
    });
    expect(preflight.status).toBe(403);

    expect((await chat("not-a-session", { message: "hi" })).status).toBe(401);
    const { session: token } = await (await session()).json();
    // A session is for one bot.
    const otherBot = await app.request("/api/widget/demo/chat", {
      method: "POST",
      headers: {
        Origin: new URL(testPublicUrl).origin,
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ message: "hi" }),
    });
    expect(otherBot.status).toBe(404);
    // Called from the host page itself (not the frame): refused.
    const fromHost = await app.request(`/api/widget/${botId}/chat`, {
      method: "POST",
      headers: {
        Origin: shop,
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ message: "hi" }),
    });
    expect(fromHost.status).toBe(403);
  });

  it("takes a signed identity, and refuses a forged one", async () => {
    const { owner, botId, session, chat } = await setUp();
    const created = await owner.request(
      "POST",
      `/api/console/bots/${botId}/channels/widget/identity-secret`,
    );
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^wid_/);
    const channels = await owner.request("GET", `/api/console/bots/${botId}/channels`);
    expect(channels.body.widget.hasIdentitySecret).toBe(true);
    expect(JSON.stringify(channels.body)).not.toContain(secret);

    const { session: token } = await (await session()).json();
    const identity = (id: string, signature: string) =>
      Buffer.from(
        JSON.stringify({ id, name: "Somchai", email: "somchai@example.com", signature }),
      ).toString("base64url");
    const ok = await chat(
      token,
      { message: "hi" },
      { "X-Jai-Identity": identity("customer-42", signIdentity(secret, "customer-42")) },
    );
    expect(ok.status).toBe(200);
    const [contact] = await testDatabase.db
      .select()
      .from(contacts)
      .where(eq(contacts.externalId, "user:customer-42"));
    expect(contact).toMatchObject({ channel: "widget", displayName: "Somchai" });

    const forged = await chat(
      token,
      { message: "hi" },
      { "X-Jai-Identity": identity("customer-43", signIdentity(secret, "customer-42")) },
    );
    expect(forged.status).toBe(401);
  });

  it("shows nothing for a widget turned off, and counts the widget against the plan", async () => {
    const { app, owner, botId, session } = await setUp();
    await owner.request("PUT", `/api/console/bots/${botId}/channels/widget`, { enabled: false });
    expect((await app.request(`/api/widget/${botId}/config`)).status).toBe(404);
    expect((await session()).status).toBe(404);

    // Pro allows two connected channels (the hosted page and the API do not count).
    await testDatabase.db
      .update(ownerPlans)
      .set({ planId: "pro" })
      .where(eq(ownerPlans.ownerId, owner.ownerId));
    await owner.request("PUT", `/api/console/bots/${botId}/channels/widget`, { enabled: true });
    const newBot = async (name: string) => {
      const persona = await owner.request("POST", "/api/console/personas", { name });
      const bot = await owner.request("POST", "/api/console/bots", {
        personaId: persona.body.id,
        name,
      });
      return bot.body.id as string;
    };
    const second = await newBot("Second");
    const third = await newBot("Third");
    const enable = (id: string) =>
      owner.request("PUT", `/api/console/bots/${id}/channels/widget`, { enabled: true });
    expect((await enable(second)).status).toBe(200);
    const refused = await enable(third);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      fields: { limit: "channels" },
    });
    const channels = await owner.request("GET", `/api/console/bots/${third}/channels`);
    expect(channels.body.allowance).toEqual({ used: 2, limit: 2 });
    expect(
      await testDatabase.db
        .select()
        .from(channelConnections)
        .where(eq(channelConnections.botId, third)),
    ).toEqual([]);
    // Turning one off frees its place.
    await owner.request("PUT", `/api/console/bots/${second}/channels/widget`, { enabled: false });
    expect((await enable(third)).status).toBe(200);
  });

  it("validates the widget's settings", async () => {
    const { owner, botId } = await setUp();
    const bad = await owner.request("PUT", `/api/console/bots/${botId}/channels/widget`, {
      enabled: true,
      settings: {
        color: "red",
        allowedOrigins: ["https://shop.example/path", "javascript:alert(1)"],
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual([
      "settings.allowedOrigins.0",
      "settings.allowedOrigins.1",
      "settings.color",
    ]);
  });
});

export type { OwnerClient };
