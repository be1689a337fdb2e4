import { consoleLimits } from "@jai/contracts/console";
import { contacts, conversations, eq } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
} from "../test/console-test-app";

// Owners sign up through the real auth (scrypt): slow on a busy machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

describe("console: a contact's memory", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let a: OwnerClient;
  let botId: string;
  let conversationId: string;
  let contactId: string;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase);
    a = await signInOwner(testApp, testDatabase, "a@example.com");
    const persona = await a.request("POST", "/api/console/personas", { name: "Mali" });
    const bot = await a.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "A's bot",
    });
    botId = bot.body.id;
    const chat = await testApp.app.request(`/api/bots/${botId}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "ผมชื่อสมชายครับ" }),
    });
    conversationId = ((await chat.json()) as { conversationId: string }).conversationId;
    const [row] = await testDatabase.db
      .select({ contactId: conversations.contactId })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    contactId = row!.contactId;
  });
  afterEach(() => testDatabase.cleanup());

  const transcript = () =>
    a.request("GET", `/api/console/bots/${botId}/conversations/${conversationId}`);
  const path = () => `/api/console/bots/${botId}/contacts/${contactId}/memory`;

  it("shows the memory with the transcript; the owner edits and clears it", async () => {
    expect((await transcript()).body.contact).toEqual({ contactId, memory: null, updatedAt: null });

    const saved = await a.request("PUT", path(), { memory: "  - Name: สมชาย\n- VIP  " });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ contactId, memory: "- Name: สมชาย\n- VIP" });
    expect(Date.parse(saved.body.updatedAt)).not.toBeNaN();
    expect(saved.headers.get("cache-control")).toBe("no-store");
    const shown = (await transcript()).body.contact;
    expect(shown).toMatchObject({ contactId, memory: "- Name: สมชาย\n- VIP" });
    expect(Date.parse(shown.updatedAt)).not.toBeNaN();

    const cleared = await a.request("DELETE", path());
    expect(cleared.status).toBe(204);
    expect((await transcript()).body.contact).toEqual({ contactId, memory: null, updatedAt: null });
    // Cleared like a forget-me: the job will not rebuild it from this conversation.
    const [row] = await testDatabase.db
      .select({ memorizedAt: conversations.memorizedAt })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(row!.memorizedAt).toBeInstanceOf(Date);
  });

  it("saving nothing clears it", async () => {
    await a.request("PUT", path(), { memory: "- Name: A" });
    const saved = await a.request("PUT", path(), { memory: "  \n " });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ contactId, memory: null, updatedAt: null });
  });

  it("refuses more than 600 characters, or no text, and keeps what was there", async () => {
    await a.request("PUT", path(), { memory: "- Name: A" });
    const tooLong = await a.request("PUT", path(), {
      memory: "ก".repeat(consoleLimits.contactMemory + 1),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.fields).toEqual({ memory: "tooLong" });
    const exactly = await a.request("PUT", path(), {
      memory: "ก".repeat(consoleLimits.contactMemory),
    });
    expect(exactly.status).toBe(200);
    for (const body of [{}, { memory: 42 }, "text"]) {
      expect((await a.request("PUT", path(), body)).status).toBe(422);
    }
    const [row] = await testDatabase.db
      .select({ memory: contacts.memory })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    expect(row!.memory).toBe("ก".repeat(consoleLimits.contactMemory));
  });

  it("answers 404 for another owner, another bot's contact, and malformed ids", async () => {
    const b = await signInOwner(testApp, testDatabase, "b@example.com");
    expect((await b.request("PUT", path(), { memory: "- Taken over" })).status).toBe(404);
    expect((await b.request("DELETE", path())).status).toBe(404);
    // B's own bot with A's contact.
    const persona = await b.request("POST", "/api/console/personas", { name: "B's" });
    const own = await b.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "B's bot",
    });
    const across = `/api/console/bots/${own.body.id}/contacts/${contactId}/memory`;
    expect((await b.request("PUT", across, { memory: "x" })).status).toBe(404);
    for (const bad of [
      `/api/console/bots/${botId}/contacts/not-a-uuid/memory`,
      `/api/console/bots/${botId}/contacts/00000000-0000-4000-8000-000000000000/memory`,
    ]) {
      expect((await a.request("PUT", bad, { memory: "x" })).status).toBe(404);
    }
    // Another owner's oversized body is a 404 too: nothing about the contact leaks.
    expect((await b.request("PUT", path(), { memory: "x".repeat(700) })).status).toBe(404);
    const [row] = await testDatabase.db
      .select({ memory: contacts.memory })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    expect(row!.memory).toBeNull();
  });

  it("needs a signed-in owner and a request from the console's own pages", async () => {
    const anonymous = await testApp.app.request(`http://localhost:3000${path()}`, {
      method: "DELETE",
      headers: { Origin: "http://localhost:3000" },
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await a.request(
      "PUT",
      path(),
      { memory: "x" },
      {
        Origin: "https://evil.example",
      },
    );
    expect(crossSite.status).toBe(403);
  });
});
