import { bots, contacts, conversations, eq, messages } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { createEngine, type ProviderRequest } from "@jai/engine";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAppServices } from "../../services/app-services";
import { createTestBot } from "../../test/create-test-bot";
import { createMemoryLogger } from "../../test/memory-logger";
import type { ChatTurn } from "./run-turn";

vi.setConfig({ testTimeout: 30_000 });

async function finish(turn: ChatTurn) {
  let text = "";
  let step = await turn.reply.next();
  while (!step.done) {
    text += step.value;
    step = await turn.reply.next();
  }
  return { text, outcome: step.value };
}

describe("a contact's memory in a turn", () => {
  let testDatabase: TestDatabase;
  let requests: ProviderRequest[];
  let services: ReturnType<typeof createAppServices>;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    requests = [];
    await createTestBot(testDatabase.db, {
      id: "shop",
      persona: { language: "auto", gender: "female" },
    });
    services = createAppServices({
      database: testDatabase.database,
      logger: createMemoryLogger().logger,
      secretKey: "test-secret-key-that-is-long-enough",
      contactTo: "team@example.com",
      chat: {
        engine: createEngine({
          local: { wordDelayMs: 0 },
          // A model that records what it was asked.
          factories: {
            openai: () => ({
              kind: "openai",
              model: "fake",
              key: "fake",
              canSeeImages: false,
              async *stream(request) {
                requests.push(request);
                yield { type: "text", text: "Hello again!" };
              },
            }),
          },
        }),
      },
    });
  });
  afterEach(() => testDatabase.cleanup());

  async function turn(text: string, externalId = "user:1", preview?: { history: [] }) {
    const chatBot = await services.bots.loadForChat("shop");
    return services.chat.runTurn({
      chatBot,
      participant: { channel: "widget", externalId },
      message: { text },
      ...(preview ? { preview } : {}),
    });
  }

  async function contactRow(externalId = "user:1") {
    const [row] = await testDatabase.db
      .select()
      .from(contacts)
      .where(eq(contacts.externalId, externalId));
    return row!;
  }

  it("gives the model what it remembers, as data, in the next conversation", async () => {
    await testDatabase.db.update(bots).set({ aiProvider: "openai" }).where(eq(bots.id, "shop"));
    await finish(await turn("hello"));
    const memory = "- Name: Somchai\n- Preferences: ไม่ใส่น้ำตาล";
    await testDatabase.db
      .update(contacts)
      .set({ memory, memoryUpdatedAt: new Date() })
      .where(eq(contacts.externalId, "user:1"));

    const { outcome } = await finish(await turn("I'm back, the usual please"));
    expect(outcome.status).toBe("completed");
    const system = requests.at(-1)!.system;
    expect(system).toContain("# What you remember about this customer");
    expect(system).toContain(JSON.stringify(memory));
    // Nobody else's memory: another contact's turn has none.
    await finish(await turn("hi", "user:2"));
    expect(requests.at(-1)!.system).not.toContain("What you remember");
  });

  it("gives a preview turn no memory and never erases anything from one", async () => {
    await testDatabase.db.update(bots).set({ aiProvider: "openai" }).where(eq(bots.id, "shop"));
    await finish(await turn("hello"));
    await testDatabase.db.update(contacts).set({ memory: "- Name: Somchai" });
    const { outcome } = await finish(await turn("forget me", "user:1", { history: [] }));
    expect(outcome.reply).toBe("Hello again!");
    expect(requests.at(-1)!.system).not.toContain("What you remember");
    expect((await contactRow()).memory).toBe("- Name: Somchai");
  });

  it("erases the memory on a Thai forget-me and confirms in Thai, without a provider call", async () => {
    await testDatabase.db.update(bots).set({ aiProvider: "openai" }).where(eq(bots.id, "shop"));
    const first = await turn("สวัสดีค่ะ");
    await finish(first);
    const calls = requests.length;
    await testDatabase.db
      .update(contacts)
      .set({ memory: "- Name: มะลิ", memoryUpdatedAt: new Date() })
      .where(eq(contacts.externalId, "user:1"));

    const forget = await turn("ลบข้อมูลของฉันด้วยค่ะ");
    const { text, outcome } = await finish(forget);
    expect(outcome.status).toBe("completed");
    expect(text).toMatch(/^เรียบร้อยค่ะ ลบข้อมูลที่จำไว้เกี่ยวกับคุณแล้ว/);
    expect(outcome.reply).toBe(text);
    expect(requests).toHaveLength(calls);

    const contact = await contactRow();
    expect(contact.memory).toBeNull();
    expect(contact.memoryUpdatedAt).toBeNull();
    // Every conversation of the contact is marked, so the job never rebuilds it from them.
    const marked = await testDatabase.db
      .select({ memorizedAt: conversations.memorizedAt, updatedAt: conversations.updatedAt })
      .from(conversations)
      .where(eq(conversations.contactId, contact.id));
    expect(marked).toHaveLength(2);
    for (const row of marked) {
      expect(row.memorizedAt!.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
    }
    // The request and the confirmation are in the transcript, as the bot's reply.
    const [reply] = await testDatabase.db
      .select()
      .from(messages)
      .where(eq(messages.id, forget.ids.botMessageId));
    expect(reply).toMatchObject({ sender: "bot", status: "completed", provider: "system" });
    expect(reply!.content).toBe(text);
  });

  it("confirms an English forget-me in English, with the local provider too", async () => {
    await finish(await turn("hi"));
    await testDatabase.db.update(contacts).set({ memory: "- Name: Ann" });
    const { text } = await finish(await turn("Please delete my data"));
    expect(text).toMatch(/^Done: I've erased what I remembered about you/);
    expect((await contactRow()).memory).toBeNull();
  });

  it("answers a product question about deleting data normally", async () => {
    await finish(await turn("hi"));
    await testDatabase.db.update(contacts).set({ memory: "- Name: Ann" });
    const { text } = await finish(await turn("how do I delete my account on your app?"));
    expect(text).not.toMatch(/erased/);
    expect((await contactRow()).memory).toBe("- Name: Ann");
  });
});
