import { and, bots, eq, messages, ownerPlans, users } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { type FakeLlmServer, startFakeLlmServer } from "@jai/engine/testing/fake-llm-server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  signInOwner,
  testPublicUrl,
} from "../test/console-test-app";

// Owners sign up through the real auth (scrypt): slow on a busy machine, so more time than the
// default 5 seconds.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

describe("the owner console API", () => {
  let testDatabase: TestDatabase;
  let fake: FakeLlmServer | undefined;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
    await testDatabase.cleanup();
  });

  async function ownerWithBot(
    testApp: ConsoleTestApp,
    botInput: Record<string, unknown> = {},
    email = "owner@example.com",
  ) {
    const owner = await signInOwner(testApp, testDatabase, email);
    const persona = await owner.request("POST", "/api/console/personas", { name: "Mali" });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Shop bot",
      ...botInput,
    });
    expect(bot.status).toBe(201);
    return { owner, personaId: persona.body.id as string, bot: bot.body };
  }

  it("needs a signed-in owner, same-origin writes, JSON bodies within the limit, and is never cached", async () => {
    const testApp = createConsoleTestApp(testDatabase);
    const { app } = testApp;
    const anonymous = await app.request("/api/console/bots");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("cache-control")).toBe("no-store");

    const owner = await signInOwner(testApp, testDatabase, "owner@example.com");
    const list = await owner.request("GET", "/api/console/personas");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect(list.headers.get("cache-control")).toBe("no-store");

    const crossSite = await owner.request(
      "POST",
      "/api/console/personas",
      { name: "x" },
      { Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const notJson = await owner.fetch("POST", "/api/console/personas", {
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ name: "x" }),
    });
    expect(notJson.status).toBe(415);
    const tooLarge = await owner.request("POST", "/api/console/bots", {
      name: "x".repeat(70 * 1024),
    });
    expect(tooLarge.status).toBe(413);
    const broken = await owner.fetch("POST", "/api/console/personas", {
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
    const invalid = await owner.request("POST", "/api/console/personas", {
      name: "",
      language: "klingon",
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { language: "invalid" },
    });
  });

  it("runs the persona and bot lifecycle with the DTO shapes", async () => {
    const testApp = createConsoleTestApp(testDatabase);
    const { owner, personaId, bot } = await ownerWithBot(testApp);
    expect(bot).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
      name: "Shop bot",
      description: "",
      purpose: "",
      personaId,
      personaName: "Mali",
      personaAvatar: "",
      provider: "local",
      model: "",
      providerKeyHint: null,
      providerProblem: null,
      providerProblemAt: null,
      status: "active",
      indexable: false,
      publicPath: `/bot/${bot.id}`,
      conversationCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const edited = await owner.request("PUT", `/api/console/personas/${personaId}`, {
      name: "Mali",
      welcomeMessage: "สวัสดีค่ะ",
    });
    expect(edited.body.persona.welcomeMessage).toBe("สวัสดีค่ะ");
    const copy = await owner.request("POST", `/api/console/personas/${personaId}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.persona.name).toBe("Mali (copy)");
    const inUse = await owner.request("DELETE", `/api/console/personas/${personaId}`);
    expect(inUse.status).toBe(409);
    expect((await owner.request("DELETE", `/api/console/personas/${copy.body.id}`)).status).toBe(
      204,
    );

    const paused = await owner.request("PATCH", `/api/console/bots/${bot.id}`, {
      status: "paused",
    });
    expect(paused.body.status).toBe("paused");
    expect((await testApp.app.request(`/api/bots/${bot.id}`)).status).toBe(404);

    // The trial has room for one bot: the second is refused, saying why.
    const second = await owner.request("POST", "/api/console/bots", { personaId, name: "Two" });
    expect(second.status).toBe(403);
    expect(second.body.error).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      message: "Your plan has no room for another bot. Upgrade your plan to add more.",
      fields: { plan: "bots" },
    });

    expect((await owner.request("DELETE", `/api/console/bots/${bot.id}`)).status).toBe(204);
    expect((await owner.request("GET", `/api/console/bots/${bot.id}`)).status).toBe(404);
    expect((await owner.request("GET", "/api/console/bots")).body).toEqual([]);
  });

  it("refuses a bot once the trial is over", async () => {
    const testApp = createConsoleTestApp(testDatabase);
    const owner = await signInOwner(testApp, testDatabase, "late@example.com");
    await testDatabase.db
      .update(ownerPlans)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(ownerPlans.ownerId, owner.ownerId));
    const persona = await owner.request("POST", "/api/console/personas", { name: "Mali" });
    const refused = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Late",
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      message:
        "Your free trial has ended. Choose a plan to keep making changes: everything you made is kept.",
      fields: { plan: "trialEnded" },
    });
    const plan = await owner.request("GET", "/api/console/plan");
    expect(plan.body).toMatchObject({ planId: "free", trialExpired: true });
  });

  it("starts the trial at sign-up and keeps the plan picked on the pricing page", async () => {
    const testApp = createConsoleTestApp(testDatabase);
    const owner = await signInOwner(testApp, testDatabase, "pro@example.com", { plan: "pro" });
    const plan = await owner.request("GET", "/api/console/plan");
    const [user] = await testDatabase.db.select().from(users).where(eq(users.id, owner.ownerId));
    expect(plan.body).toMatchObject({
      planId: "free",
      billingCycle: null,
      trialExpired: false,
      requestedPlanId: "pro",
      allowances: { bots: 1 },
      usage: { bots: 0, usersThisMonth: 0 },
    });
    expect(plan.body.trialEndsAt).toBe(
      new Date(user!.createdAt.getTime() + 7 * 24 * 60 * 60 * 1000).toISOString(),
    );

    const browser = await testApp.app.request(`${testPublicUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { Origin: testPublicUrl, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "X",
        email: "x@example.com",
        password: "correct horse battery",
        plan: "platinum",
      }),
    });
    expect(browser.status).toBe(422);
  });

  it("keeps the owner's provider key sealed and chats with it", async () => {
    const ownerKey = "sk-owner-0123456789abcdefghijKLMN";
    fake = await startFakeLlmServer("openai", [{ type: "stream", chunks: ["Hello ", "there"] }]);
    const testApp = createConsoleTestApp(testDatabase, {
      engine: { providers: { openai: { baseURL: fake.baseURL, apiKey: "sk-server-key-000000" } } },
    });
    const { owner, bot } = await ownerWithBot(testApp, {
      provider: "openai",
      model: "gpt-4o-mini",
      providerKey: ownerKey,
    });
    expect(bot.providerKeyHint).toBe("…KLMN");
    for (const response of [
      await owner.request("GET", `/api/console/bots/${bot.id}`),
      await owner.request("GET", "/api/console/bots"),
    ]) {
      expect(JSON.stringify(response.body)).not.toContain(ownerKey);
    }
    const [row] = await testDatabase.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(row!.providerKeyCiphertext).not.toContain(ownerKey);

    const chat = await testApp.app.request(`/api/bots/${bot.id}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "hi" }),
    });
    expect(chat.status).toBe(200);
    expect(((await chat.json()) as { reply: string }).reply).toBe("Hello there");
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${ownerKey}`);

    // A failing provider: the owner's key stays out of the logs.
    fake.setReplies([{ type: "error", status: 401, message: `bad key ${ownerKey}` }]);
    await testApp.app.request(`/api/bots/${bot.id}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "again" }),
    });
    expect(testApp.log.text()).toContain("chat turn failed");
    expect(testApp.log.text()).not.toContain(ownerKey);
  });

  it("keeps owners apart on one provider: a used-up key fails only its owner's bot, and says so in the console", async () => {
    fake = await startFakeLlmServer("openai", [{ type: "stream", chunks: ["Hello ", "there"] }]);
    const exhaustedKey = "sk-exhausted-0123456789abcdefghQUOTA";
    const testApp = createConsoleTestApp(testDatabase, {
      engine: {
        providers: { openai: { baseURL: fake.baseURL, apiKey: "sk-server-key-000000" } },
        // As strict as it gets: one failure would open a shared breaker.
        breaker: { failureThreshold: 1, coolDownMs: 60_000 },
      },
    });
    const openai = { provider: "openai", model: "gpt-4o-mini" };
    const exhausted = await ownerWithBot(testApp, { ...openai, providerKey: exhaustedKey });
    const healthy = await ownerWithBot(
      testApp,
      { ...openai, providerKey: "sk-healthy-0123456789abcdefghijHEALTHY" },
      "other-owner@example.com",
    );
    // The key worked when it was saved (it was checked); its credit runs out later.
    fake.setRepliesForKey(exhaustedKey, [{ type: "error", status: 429, isQuota: true }]);
    const chat = async (botId: string, message: string) => {
      const response = await testApp.app.request(`/api/bots/${botId}/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ message }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { reply: string; status: string };
    };
    for (let round = 0; round < 5; round++) {
      expect(await chat(exhausted.bot.id, `hi ${round}`)).toMatchObject({ status: "failed" });
      expect(await chat(healthy.bot.id, `hi ${round}`)).toMatchObject({
        status: "completed",
        reply: "Hello there",
      });
    }
    const [failed] = await testDatabase.db
      .select({ errorKind: messages.errorKind })
      .from(messages)
      .where(and(eq(messages.botId, exhausted.bot.id), eq(messages.sender, "bot")))
      .limit(1);
    expect(failed!.errorKind).toBe("quota");

    const exhaustedView = await exhausted.owner.request(
      "GET",
      `/api/console/bots/${exhausted.bot.id}`,
    );
    expect(exhaustedView.body.providerProblem).toBe("quota");
    expect(exhaustedView.body.providerProblemAt).toEqual(expect.any(String));
    const healthyView = await healthy.owner.request("GET", `/api/console/bots/${healthy.bot.id}`);
    expect(healthyView.body.providerProblem).toBeNull();

    // Saving the same settings again checks the key: still used up, so refused, and the
    // status stays.
    const resaved = await exhausted.owner.request(
      "PATCH",
      `/api/console/bots/${exhausted.bot.id}`,
      { ...openai, name: "Shop bot" },
    );
    expect(resaved.status).toBe(422);
    expect(resaved.body.error.fields).toEqual({ providerKey: "keyQuota" });
    expect(
      (await exhausted.owner.request("GET", "/api/console/bots")).body[0].providerProblem,
    ).toBe("quota");

    // A new key that passes its check clears it until a turn says otherwise.
    const refilledKey = "sk-refilled-0123456789abcdefghijREFILL";
    await exhausted.owner.request("PATCH", `/api/console/bots/${exhausted.bot.id}`, {
      providerKey: refilledKey,
    });
    const refilled = await exhausted.owner.request("GET", "/api/console/bots");
    expect(refilled.body[0]).toMatchObject({ providerProblem: null, providerProblemAt: null });
    expect(await chat(exhausted.bot.id, "hi again")).toMatchObject({ status: "completed" });

    // The new key is refused later: the status comes back; a completed turn clears it.
    fake.setRepliesForKey(refilledKey, [
      { type: "error", status: 401, message: "Incorrect API key provided" },
      { type: "stream", chunks: ["Back"] },
    ]);
    expect(await chat(exhausted.bot.id, "still there?")).toMatchObject({ status: "failed" });
    const [row] = await testDatabase.db.select().from(bots).where(eq(bots.id, exhausted.bot.id));
    expect(row).toMatchObject({
      providerError: "the provider refused the key (the bot owner's or the server's)",
      providerErrorKind: "auth",
    });
    expect(
      (await exhausted.owner.request("GET", `/api/console/bots/${exhausted.bot.id}`)).body
        .providerProblem,
    ).toBe("auth");
    expect(await chat(exhausted.bot.id, "and now?")).toMatchObject({ status: "completed" });
    expect(
      (await exhausted.owner.request("GET", `/api/console/bots/${exhausted.bot.id}`)).body
        .providerProblem,
    ).toBeNull();
  });

  it("checks a provider key with the provider before saving it, and says why it will not do", async () => {
    fake = await startFakeLlmServer("anthropic");
    const goodKey = "sk-ant-good-0123456789abcdefGOOD";
    const serverKey = "sk-ant-server-0123456789abcSERVER";
    fake.setValidKeys([goodKey, serverKey]);
    const withServerKey = createConsoleTestApp(testDatabase, {
      engine: { providers: { anthropic: { baseURL: fake.baseURL, apiKey: serverKey } } },
    });
    const { owner, bot } = await ownerWithBot(withServerKey);
    const patch = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      owner.request("PATCH", `/api/console/bots/${bot.id}`, body, headers);

    // A wrong key: refused, nothing saved.
    const wrong = await patch({ provider: "anthropic", providerKey: "sk-ant-wrong-0123456789" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { providerKey: "keyRefused" },
    });
    expect(JSON.stringify(wrong.body)).not.toContain("sk-ant-wrong");
    const [unchanged] = await testDatabase.db.select().from(bots).where(eq(bots.id, bot.id));
    expect(unchanged).toMatchObject({ aiProvider: "local", providerKeyCiphertext: null });
    // The answer's words follow the owner's language.
    const thai = await patch(
      { provider: "anthropic", providerKey: "sk-ant-wrong-0123456789" },
      { "Accept-Language": "th" },
    );
    expect(thai.body.error.message).toMatch(/[\u0E00-\u0E7F]/);

    // A used-up quota, and a provider that cannot be reached.
    fake.setRepliesForKey(goodKey, [{ type: "error", status: 402, message: "Payment required" }]);
    expect(
      (await patch({ provider: "anthropic", providerKey: goodKey })).body.error.fields,
    ).toEqual({ providerKey: "keyQuota" });
    fake.setRepliesForKey(goodKey, [{ type: "error", status: 503 }]);
    const down = await patch({ provider: "anthropic", providerKey: goodKey });
    expect(down.status).toBe(503);
    expect(down.body.error.fields).toEqual({ providerKey: "providerUnreachable" });

    // The right key: checked with one call, then saved.
    fake.setRepliesForKey(goodKey, []);
    const before = fake.requests.length;
    const saved = await patch({ provider: "anthropic", providerKey: goodKey });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ provider: "anthropic", providerKeyHint: "…GOOD" });
    expect(fake.requests.slice(before).map((request) => [request.method, request.url])).toEqual([
      ["GET", "/v1/models"],
    ]);
    expect(fake.requests.at(-1)!.headers["x-api-key"]).toBe(goodKey);
    // Other edits are not checked again.
    expect((await patch({ name: "Renamed", model: "claude-test" })).status).toBe(200);
    expect((await patch({ status: "paused" })).status).toBe(200);
    expect(fake.requests.length).toBe(before + 1);

    // Without their own key, the bot uses the server's: that one is checked.
    const serverKept = await patch({ providerKey: "" });
    expect(serverKept.status).toBe(200);
    expect(fake.requests.at(-1)!.headers["x-api-key"]).toBe(serverKey);

    // A server without a key for the provider says so; the built-in provider needs no check.
    const keyless = createConsoleTestApp(testDatabase, {
      engine: { providers: { google: { baseURL: fake.baseURL } } },
    });
    const other = await signInOwner(keyless, testDatabase, "keyless@example.com");
    const otherPersona = await other.request("POST", "/api/console/personas", { name: "Niran" });
    const noKey = await other.request("POST", "/api/console/bots", {
      personaId: otherPersona.body.id,
      name: "Gemini bot",
      provider: "google",
    });
    expect(noKey.status).toBe(422);
    expect(noKey.body.error.fields).toEqual({ providerKey: "noServerKey" });
    const local = await other.request("POST", "/api/console/bots", {
      personaId: otherPersona.body.id,
      name: "Local bot",
    });
    expect(local.status).toBe(201);
  });

  it("lists conversations, shows a transcript and exports CSV as an attachment", async () => {
    const testApp = createConsoleTestApp(testDatabase);
    const { owner, bot } = await ownerWithBot(testApp);
    const chat = await testApp.app.request(`/api/bots/${bot.id}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: '=cmd|"/c calc"!A1 สวัสดี' }),
    });
    const { conversationId } = (await chat.json()) as { conversationId: string };
    const list = await owner.request("GET", `/api/console/bots/${bot.id}/conversations`);
    expect(list.body).toEqual({
      conversations: [
        {
          id: conversationId,
          language: null,
          messageCount: 2,
          preview: '=cmd|"/c calc"!A1 สวัสดี',
          createdAt: expect.any(String),
          lastMessageAt: expect.any(String),
        },
      ],
      nextCursor: null,
    });
    const none = await owner.request(
      "GET",
      `/api/console/bots/${bot.id}/conversations?search=${encodeURIComponent("nothing like it")}`,
    );
    expect(none.body.conversations).toEqual([]);
    const transcript = await owner.request(
      "GET",
      `/api/console/bots/${bot.id}/conversations/${conversationId}`,
    );
    expect(transcript.body.messages.map((message: { sender: string }) => message.sender)).toEqual([
      "user",
      "bot",
    ]);
    // What a reply was answered from comes with it (stored by the turn; see run-turn's tests).
    const used = [
      { passageId: "faq:0", sourceId: null, kind: "faq" as const, title: "FAQ" },
      {
        passageId: "0d6c2f9e-3b1a-4c55-9d2e-7a8b9c0d1e2f#2",
        sourceId: "0d6c2f9e-3b1a-4c55-9d2e-7a8b9c0d1e2f",
        kind: "knowledge" as const,
        title: "Delivery policy.pdf",
      },
    ];
    await testDatabase.db
      .update(messages)
      .set({ sources: used })
      .where(and(eq(messages.conversationId, conversationId), eq(messages.sender, "bot")));
    const withSources = await owner.request(
      "GET",
      `/api/console/bots/${bot.id}/conversations/${conversationId}`,
    );
    expect(
      withSources.body.messages.map((message: { sources: unknown }) => message.sources),
    ).toEqual([[], used]);

    const csv = await owner.fetch("GET", `/api/console/bots/${bot.id}/conversations.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="conversations-${bot.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(csv.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFconversation_id,")).toBe(true);
    expect(text).toContain(`,user,completed,"'=cmd|""/c calc""!A1 สวัสดี"\r\n`);
  });

  it("creates API keys shown once, lists them by prefix and revokes them", async () => {
    const testApp = createConsoleTestApp(testDatabase);
    const owner = await signInOwner(testApp, testDatabase, "keys@example.com");
    const created = await owner.request("POST", "/api/console/api-keys", { name: "CRM" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: "CRM",
      prefix: created.body.key.slice(0, 12),
      key: expect.stringMatching(/^jai_[A-Za-z0-9]{32}$/),
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    const list = await owner.request("GET", "/api/console/api-keys");
    expect(list.body).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    expect((await owner.request("DELETE", `/api/console/api-keys/${created.body.id}`)).status).toBe(
      204,
    );
    expect((await owner.request("GET", "/api/console/api-keys")).body[0].revokedAt).not.toBeNull();
  });
});

describe("the public API (/api/v1)", () => {
  let testDatabase: TestDatabase;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
  });
  afterEach(() => testDatabase.cleanup());

  it("lists the key owner's bots and chats with them, one visitor per key", async () => {
    const testApp = createConsoleTestApp(testDatabase, { publicApiRateLimit: 6 });
    const { app } = testApp;
    const owner = await signInOwner(testApp, testDatabase, "api@example.com");
    const persona = await owner.request("POST", "/api/console/personas", {
      name: "Mali",
      faqs: [{ question: "When are you open?", answer: "Every day from 9 to 5." }],
    });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Shop bot",
    });
    const key = (await owner.request("POST", "/api/console/api-keys", { name: "CRM" })).body.key;
    const call = (method: string, path: string, body?: unknown, bearer = key) =>
      app.request(`/api/v1${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${bearer}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const list = await call("GET", "/bots");
    expect(list.status).toBe(200);
    expect(list.headers.get("set-cookie")).toBeNull();
    expect(await list.json()).toEqual({
      bots: [
        {
          id: bot.body.id,
          name: "Shop bot",
          description: "",
          status: "active",
          publicPath: `/bot/${bot.body.id}`,
          createdAt: expect.any(String),
        },
      ],
    });

    const first = await call("POST", `/bots/${bot.body.id}/chat`, {
      message: "When are you open?",
    });
    expect(first.status).toBe(200);
    const answer = (await first.json()) as {
      conversationId: string;
      reply: string;
      status: string;
    };
    expect(answer).toMatchObject({ status: "completed" });
    expect(answer.reply).toContain("9 to 5");
    const followUp = await call("POST", `/bots/${bot.body.id}/chat`, {
      message: "Thanks",
      conversationId: answer.conversationId,
    });
    expect(followUp.status).toBe(200);
    expect(((await followUp.json()) as { conversationId: string }).conversationId).toBe(
      answer.conversationId,
    );
    const invalid = await call("POST", `/bots/${bot.body.id}/chat`, { message: "" });
    expect(invalid.status).toBe(422);

    // The conversation shows in the console like any other.
    const conversations = await owner.request(
      "GET",
      `/api/console/bots/${bot.body.id}/conversations`,
    );
    expect(conversations.body.conversations[0]).toMatchObject({
      id: answer.conversationId,
      messageCount: 4,
    });

    // 6 requests a minute per key: list, two chats, the invalid one, then these.
    expect((await call("GET", "/bots")).status).toBe(200);
    expect((await call("GET", "/bots")).status).toBe(200);
    const limited = await call("GET", "/bots");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  it("answers 401 with WWW-Authenticate for missing, wrong and revoked keys", async () => {
    const testApp = createConsoleTestApp(testDatabase);
    const { app } = testApp;
    const owner = await signInOwner(testApp, testDatabase, "api@example.com");
    const created = (await owner.request("POST", "/api/console/api-keys", { name: "CRM" })).body;
    const get = (authorization?: string) =>
      app.request("/api/v1/bots", {
        headers: authorization ? { Authorization: authorization } : {},
      });
    expect((await get(`Bearer ${created.key}`)).status).toBe(200);
    for (const authorization of [
      undefined,
      "Bearer jai_00000000000000000000000000000000",
      `Basic ${created.key}`,
      "Bearer",
    ]) {
      const response = await get(authorization);
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
    }
    await owner.request("DELETE", `/api/console/api-keys/${created.id}`);
    expect((await get(`Bearer ${created.key}`)).status).toBe(401);
  });
});
