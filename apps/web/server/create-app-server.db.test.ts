import type { AddressInfo } from "node:net";
import { bots, type Database, eq, instances, messages, users } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { createEngine } from "@jai/engine";
import { type FakeLlmServer, startFakeLlmServer } from "@jai/engine/testing/fake-llm-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { type AppServer, createAppServer } from "./create-app-server";
import { type AppServices, createAppServices } from "./services/app-services";
import { createTestBot } from "./test/create-test-bot";
import { createMemoryLogger } from "./test/memory-logger";
import { parseSse, type SseMessage } from "./test/read-sse";

const openaiKey = "sk-test-0123456789abcdefghijklmnop";
const streams = 25;

/** What the database held when the server closed it. */
type StateAtClose = {
  streaming: number;
  replies: { id: string; status: string; content: string }[];
  instanceRows: number;
};

describe("the app server's shutdown", () => {
  let testDatabase: TestDatabase;
  let fake: FakeLlmServer | undefined;
  let appServer: AppServer | undefined;
  let log: ReturnType<typeof createMemoryLogger>;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    log = createMemoryLogger();
  });
  afterEach(async () => {
    if (appServer && !appServer.isShuttingDown()) await appServer.shutdown("test end");
    appServer = undefined;
    await fake?.close();
    fake = undefined;
    await testDatabase.cleanup();
  });

  function makeServices(database: Database): AppServices {
    return createAppServices({
      database,
      logger: log.logger,
      secretKey: "test-secret-key-that-is-long-enough",
      contactTo: "team@example.com",
      chat: {
        engine: createEngine({
          providers: { openai: { baseURL: fake!.baseURL, apiKey: openaiKey } },
          resilience: { maxRetries: 0, retryBaseDelayMs: 1 },
        }),
        secrets: [openaiKey],
        rateLimits: { visitor: 1000, client: 1000, bot: 1000 },
      },
    });
  }

  /**
   * Boots like main.ts (heartbeat, boot sweep, the server with its shutdown lifecycle), on a
   * database whose close() records what it held instead of closing (an in-memory database would
   * be gone, and the test restarts on it).
   */
  async function boot({ shutdownTimeoutMs }: { shutdownTimeoutMs: number }) {
    let stateAtClose: StateAtClose | undefined;
    const database: Database = {
      ...testDatabase.database,
      close: async () => {
        stateAtClose = await readState();
      },
    };
    const services = makeServices(database);
    await services.chat.heartbeat.start();
    await services.chat.markInterruptedTurns();
    appServer = createAppServer({
      services,
      logger: log.logger,
      shutdownTimeoutMs,
      createApp: (isShuttingDown) =>
        createApp({
          services,
          handleDocument: async () => new Response("page"),
          logger: log.logger,
          isHttps: false,
          publicUrl: "http://localhost:3000",
          isShuttingDown,
        }),
    });
    const address: AddressInfo = await appServer.listen(0, "127.0.0.1");
    return {
      services,
      server: appServer,
      baseUrl: `http://127.0.0.1:${address.port}`,
      stateAtClose: () => stateAtClose,
    };
  }

  async function readState(): Promise<StateAtClose> {
    const db = testDatabase.db;
    const replies = await db
      .select({ id: messages.id, status: messages.status, content: messages.content })
      .from(messages)
      .where(eq(messages.sender, "bot"));
    const rows = await db.select().from(instances);
    return {
      streaming: replies.filter((reply) => reply.status === "streaming").length,
      replies,
      instanceRows: rows.length,
    };
  }

  /** Opens a streamed chat; `firstToken` resolves once some of the reply arrived. */
  async function openChat(baseUrl: string, message: string) {
    const response = await fetch(`${baseUrl}/api/bots/slow/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ message }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    let onToken!: () => void;
    const firstToken = new Promise<void>((resolve) => {
      onToken = resolve;
    });
    const events = (async (): Promise<SseMessage[]> => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return parseSse(text);
        text += value;
        if (text.includes("event: token")) onToken();
      }
    })();
    return { firstToken, events };
  }

  it(`stores ${streams} streaming replies as cancelled with their text, tells every client, before the database closes`, {
    timeout: 30_000,
  }, async () => {
    // Two words each, then the model hangs: every turn is mid-reply when the timeout is up.
    fake = await startFakeLlmServer("openai", [
      { type: "stream", chunks: ["Hello", " there", " never sent"], stallAfter: 2 },
    ]);
    const { server, baseUrl, stateAtClose } = await boot({ shutdownTimeoutMs: 200 });
    await createTestBot(testDatabase.db, { id: "slow", provider: "openai" });

    const chats = await Promise.all(
      Array.from({ length: streams }, (_, index) => openChat(baseUrl, `Question ${index}`)),
    );
    await Promise.all(chats.map((chat) => chat.firstToken));

    const startedAt = performance.now();
    await server.shutdown("SIGTERM");
    const shutdownMs = performance.now() - startedAt;

    // Every client got its final event: done, cancelled, because the server restarted.
    const received = await Promise.all(chats.map((chat) => chat.events));
    const ended = new Map<string, string>();
    for (const events of received) {
      expect(events[0]?.event).toBe("start");
      const last = events.at(-1)!;
      expect(last).toMatchObject({
        event: "done",
        data: { status: "cancelled", reason: "server_restart" },
      });
      const text = events
        .filter((event) => event.event === "token")
        .map((event) => (event.data as { text: string }).text)
        .join("");
      ended.set((last.data as { botMessageId: string }).botMessageId, text);
    }
    expect(ended.size).toBe(streams);

    // By the time the database closed, every partial reply was stored, word for word.
    const atClose = stateAtClose();
    expect(atClose).toBeDefined();
    expect(atClose!.streaming).toBe(0);
    expect(atClose!.replies).toHaveLength(streams);
    for (const reply of atClose!.replies) {
      expect(reply.status).toBe("cancelled");
      expect(reply.content).not.toBe("");
      expect(reply.content).toBe(ended.get(reply.id));
    }
    // The instance removed its heartbeat row before the database closed.
    expect(atClose!.instanceRows).toBe(0);
    expect(log.lines.filter((line) => line.level === "error")).toEqual([]);
    // Bounded: the timeout, then the cancelled turns' stores.
    expect(shutdownMs).toBeLessThan(5_000);

    // A restart on the same database: nothing is left streaming.
    const restarted = makeServices(testDatabase.database);
    await restarted.chat.heartbeat.start();
    await restarted.chat.markInterruptedTurns();
    await restarted.chat.heartbeat.stop();
    const streaming = await testDatabase.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.status, "streaming"));
    expect(streaming).toEqual([]);
  });

  it("lets a reply that ends within the timeout finish", { timeout: 20_000 }, async () => {
    fake = await startFakeLlmServer("openai", [
      { type: "stream", chunks: ["One", " two", " three"], delayMs: 100 },
    ]);
    const { server, baseUrl, stateAtClose } = await boot({ shutdownTimeoutMs: 10_000 });
    await createTestBot(testDatabase.db, { id: "slow", provider: "openai" });

    const chat = await openChat(baseUrl, "Count to three");
    await chat.firstToken;
    await server.shutdown("SIGTERM");

    const events = await chat.events;
    expect(events.at(-1)).toMatchObject({ event: "done", data: { status: "completed" } });
    expect(stateAtClose()!.replies).toEqual([
      expect.objectContaining({ status: "completed", content: "One two three" }),
    ]);
  });

  it("ends the public API's turn as cancelled, and refuses new turns once cancelling", {
    timeout: 20_000,
  }, async () => {
    fake = await startFakeLlmServer("openai", [
      { type: "stream", chunks: ["Partial", " answer", " never sent"], stallAfter: 2 },
    ]);
    const { server, services, baseUrl, stateAtClose } = await boot({ shutdownTimeoutMs: 1_000 });
    await createTestBot(testDatabase.db, { id: "slow", provider: "openai" });
    await testDatabase.db
      .insert(users)
      .values({ id: "owner", name: "Owner", email: "owner@example.com", emailVerified: true });
    await services.console.plan.startTrial("owner");
    const { key } = await services.console.apiKeys.create("owner", { name: "CRM" });
    await testDatabase.db.update(bots).set({ ownerId: "owner" }).where(eq(bots.id, "slow"));

    const answer = fetch(`${baseUrl}/api/v1/bots/slow/chat`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ message: "Tell me everything" }),
    });
    // The turn is running once the model was called (its two words follow at once).
    await waitFor(async () => fake!.requests.length === 1);
    await server.shutdown("SIGTERM");

    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      conversationId: expect.any(String),
      contactId: expect.any(String),
      userMessageId: expect.any(String),
      botMessageId: expect.any(String),
      reply: "Partial answer",
      status: "cancelled",
      reason: "server_restart",
      sources: expect.any(Array),
    });
    expect(stateAtClose()!.replies).toEqual([
      expect.objectContaining({ status: "cancelled", content: "Partial answer" }),
    ]);
    await expect(
      services.chat.runTurn({
        chatBot: await services.bots.loadForChat("slow"),
        participant: { channel: "api", externalId: "late" },
        message: { text: "Too late" },
      }),
    ).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
  });
});

/** Polls `check` until it holds (tests: no fixed sleeps). */
async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
