import { consoleLimits } from "@jai/contracts/console";
import {
  apiKeys,
  bots,
  contacts,
  conversations,
  eq,
  messages,
  ownerPlans,
  personas,
  users,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../http/errors";
import { admitContact } from "../../modules/billing/users-per-month";
import { createConsoleTestApp } from "../../test/console-test-app";
import type { AppServices } from "../app-services";
import { hashApiKey } from "./console-api-keys";

const dayMs = 24 * 60 * 60 * 1000;

async function expectAppError(promise: Promise<unknown>, code: string, fields?: object) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (fields) expect((error as AppError).fields).toMatchObject(fields);
}

// Each test migrates a fresh database and some fill an owner's limits: slow on a busy machine,
// so more time than the default 5 seconds.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

describe("console services", () => {
  let testDatabase: TestDatabase;
  let services: AppServices;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    services = createConsoleTestApp(testDatabase).services;
  });
  afterEach(() => testDatabase.cleanup());

  async function owner(id: string, { createdAt = new Date(), plan = "start" } = {}) {
    await testDatabase.db
      .insert(users)
      .values({ id, name: id, email: `${id}@example.com`, createdAt });
    if (plan === "start") await services.console.plan.startTrial(id);
    return id;
  }

  async function persona(ownerId: string, name = "Mali") {
    return services.console.personas.create(ownerId, { name, avatar: "🌸", role: "Support" });
  }

  describe("personas", () => {
    it("creates, lists with bot counts, updates, duplicates and deletes", async () => {
      const a = await owner("a");
      const created = await persona(a);
      expect(created.persona).toMatchObject({ name: "Mali", avatar: "🌸", language: "english" });
      const updated = await services.console.personas.update(a, created.id, {
        ...created.persona,
        name: "Mali 2",
      });
      expect(updated.persona.name).toBe("Mali 2");
      const copy = await services.console.personas.duplicate(a, created.id);
      expect(copy.persona.name).toBe("Mali 2 (copy)");
      expect(copy.id).not.toBe(created.id);

      await services.console.bots.create(a, { personaId: created.id, name: "Shop bot" });
      const list = await services.console.personas.list(a);
      expect(list.map((row) => [row.name, row.botCount])).toEqual([
        ["Mali 2", 1],
        ["Mali 2 (copy)", 0],
      ]);

      await expectAppError(services.console.personas.delete(a, created.id), "CONFLICT", {
        persona: "inUse",
      });
      await services.console.personas.delete(a, copy.id);
      expect((await services.console.personas.list(a)).map((row) => row.id)).toEqual([created.id]);
    });

    it("keeps the owner's synonyms: saved normalised, loaded, updated and duplicated", async () => {
      const a = await owner("a");
      const created = await services.console.personas.create(a, {
        name: "Mali",
        synonyms: [
          [" latte", "ลาเต้ ", "LATTE", "กาแฟนม"],
          ["ค่าส่ง", "ค่าจัดส่ง", "shipping"],
          ["alone"],
        ],
      });
      const sets = [
        ["latte", "ลาเต้", "กาแฟนม"],
        ["ค่าส่ง", "ค่าจัดส่ง", "shipping"],
      ];
      expect(created.persona.synonyms).toEqual(sets);
      const [row] = await testDatabase.db
        .select({ synonyms: personas.synonyms })
        .from(personas)
        .where(eq(personas.id, created.id));
      expect(row!.synonyms).toEqual(sets);
      expect((await services.console.personas.get(a, created.id)).persona.synonyms).toEqual(sets);

      const updated = await services.console.personas.update(a, created.id, {
        ...created.persona,
        synonyms: [["ค่าส่ง", "shipping"]],
      });
      expect(updated.persona.synonyms).toEqual([["ค่าส่ง", "shipping"]]);
      const copy = await services.console.personas.duplicate(a, created.id);
      expect(copy.persona.synonyms).toEqual([["ค่าส่ง", "shipping"]]);
      // A persona saved without them (an older builder, an API client) has none.
      const older = await services.console.personas.update(a, created.id, { name: "Mali" });
      expect(older.persona.synonyms).toEqual([]);

      await expectAppError(
        services.console.personas.update(a, created.id, {
          name: "Mali",
          synonyms: [["latte", "x".repeat(61)]],
        }),
        "VALIDATION_FAILED",
        { "synonyms.0.1": "tooLong" },
      );
    });

    it("trims a long name to fit '(copy)' within the name limit", async () => {
      const a = await owner("a");
      const long = await persona(a, "ก".repeat(80));
      const copy = await services.console.personas.duplicate(a, long.id);
      expect(copy.persona.name).toHaveLength(80);
      expect(copy.persona.name.endsWith(" (copy)")).toBe(true);
    });

    it("validates with fields, and refuses beyond the per-owner limit", async () => {
      const a = await owner("a");
      await expectAppError(services.console.personas.create(a, { name: "" }), "VALIDATION_FAILED", {
        name: "missing",
      });
      await expectAppError(
        services.console.personas.create(a, {
          name: "x",
          faqs: [{ question: "q", answer: "a".repeat(4001) }],
        }),
        "VALIDATION_FAILED",
        { "faqs.0.answer": "tooLong" },
      );
      await testDatabase.db.insert(personas).values(
        Array.from({ length: consoleLimits.personasPerOwner }, (_, index) => ({
          ownerId: a,
          name: `p${index}`,
        })),
      );
      await expectAppError(persona(a), "PLAN_LIMIT_REACHED", { limit: "personas" });
    });

    it("never shows or changes another owner's persona", async () => {
      const a = await owner("a");
      const b = await owner("b");
      const mine = await persona(a);
      await expectAppError(services.console.personas.get(b, mine.id), "NOT_FOUND");
      await expectAppError(
        services.console.personas.update(b, mine.id, { name: "x" }),
        "NOT_FOUND",
      );
      await expectAppError(services.console.personas.duplicate(b, mine.id), "NOT_FOUND");
      await expectAppError(services.console.personas.delete(b, mine.id), "NOT_FOUND");
      await expectAppError(services.console.personas.get(b, "not-a-uuid"), "NOT_FOUND");
      expect(await services.console.personas.list(b)).toEqual([]);
    });
  });

  describe("bots and the plan", () => {
    it("creates a bot with a random URL-safe id, only from the owner's own persona", async () => {
      const a = await owner("a");
      const b = await owner("b");
      const mine = await persona(a);
      await expectAppError(
        services.console.bots.create(b, { personaId: mine.id, name: "Stolen" }),
        "NOT_FOUND",
      );
      const bot = await services.console.bots.create(a, {
        personaId: mine.id,
        name: "  Shop bot ",
        provider: "openai",
        model: "gpt-4o-mini",
      });
      expect(bot).toMatchObject({
        name: "Shop bot",
        personaName: "Mali",
        personaAvatar: "🌸",
        provider: "openai",
        model: "gpt-4o-mini",
        providerKeyHint: null,
        status: "active",
        conversationCount: 0,
      });
      expect(bot.id).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(bot.publicPath).toBe(`/bot/${bot.id}`);
      // Moving the bot to another persona makes its cached retrieval index stale.
      const other = await persona(a, "Niran");
      const moved = await services.console.bots.update(a, bot.id, { personaId: other.id });
      expect(moved.personaName).toBe("Niran");
      const [row] = await testDatabase.db.select().from(bots).where(eq(bots.id, bot.id));
      expect(row!.knowledgeVersion).toBe(2);
      const paused = await services.console.bots.update(a, bot.id, { status: "paused" });
      expect(paused.status).toBe("paused");
      await expectAppError(services.bots.getPublic(bot.id), "NOT_FOUND");
      await expectAppError(services.console.bots.get(b, bot.id), "NOT_FOUND");
      await expectAppError(services.console.bots.update(b, bot.id, { name: "x" }), "NOT_FOUND");
      await expectAppError(services.console.bots.delete(b, bot.id), "NOT_FOUND");
    });

    it("allows one bot on the trial, refuses the second, and refuses any once the trial is over", async () => {
      const a = await owner("a");
      const mine = await persona(a);
      await services.console.bots.create(a, { personaId: mine.id, name: "First" });
      await expectAppError(
        services.console.bots.create(a, { personaId: mine.id, name: "Second" }),
        "PLAN_LIMIT_REACHED",
        { plan: "bots" },
      );

      const old = await owner("old", { createdAt: new Date(Date.now() - 8 * dayMs) });
      const oldPersona = await persona(old);
      await expectAppError(
        services.console.bots.create(old, { personaId: oldPersona.id, name: "Late" }),
        "PLAN_LIMIT_REACHED",
        { plan: "trialEnded" },
      );
      const plan = await services.console.plan.get(old);
      expect(plan).toMatchObject({ planId: "free", trialExpired: true });

      // A paid plan allows its own number of bots.
      await testDatabase.db
        .update(ownerPlans)
        .set({ planId: "pro" })
        .where(eq(ownerPlans.ownerId, a));
      await services.console.bots.create(a, { personaId: mine.id, name: "Second" });
      expect((await services.console.plan.get(a)).usage.bots).toBe(2);
    });

    it("creates a missing plan row lazily, with the trial counted from the account's creation", async () => {
      const created = new Date(Date.now() - 2 * dayMs);
      const a = await owner("a", { createdAt: created, plan: "none" });
      const plan = await services.console.plan.get(a);
      expect(plan).toMatchObject({
        planId: "free",
        billingCycle: null,
        trialExpired: false,
        requestedPlanId: null,
        usage: { bots: 0, usersThisMonth: 0 },
      });
      expect(plan.trialEndsAt).toBe(new Date(created.getTime() + 7 * dayMs).toISOString());
      expect(plan.allowances.bots).toBe(1);
    });

    it("keeps the plan requested before sign-up, ignoring unknown plan ids", async () => {
      await owner("a", { plan: "none" });
      await services.console.plan.startTrial("a", "pro");
      expect((await services.console.plan.get("a")).requestedPlanId).toBe("pro");
      await owner("b", { plan: "none" });
      await services.console.plan.startTrial("b", "platinum");
      expect((await services.console.plan.get("b")).requestedPlanId).toBeNull();
    });

    it("counts the contacts admitted this Bangkok month (users per month)", async () => {
      const a = await owner("a");
      const mine = await persona(a);
      const bot = await services.console.bots.create(a, { personaId: mine.id, name: "Bot" });
      const rows = await testDatabase.db
        .insert(contacts)
        .values([
          { botId: bot.id, externalId: "v1" },
          { botId: bot.id, externalId: "v2" },
          { botId: bot.id, externalId: "v3" },
        ])
        .returning();
      const lastMonth = new Date(Date.now() - 40 * 24 * 3_600_000);
      const db = testDatabase.db;
      await admitContact(db, { ownerId: a, contactId: rows[0]!.id });
      await admitContact(db, { ownerId: a, contactId: rows[1]!.id });
      await admitContact(db, { ownerId: a, contactId: rows[1]!.id });
      await admitContact(db, { ownerId: a, contactId: rows[2]!.id, now: lastMonth });
      expect((await services.console.plan.get(a)).usage.usersThisMonth).toBe(2);
    });

    it("stores the owner's provider key encrypted, shows only its hint, and drops it on request", async () => {
      const a = await owner("a");
      const mine = await persona(a);
      const key = "sk-owner-secret-0123456789abcdefWXYZ";
      const bot = await services.console.bots.create(a, {
        personaId: mine.id,
        name: "Bot",
        provider: "openai",
        providerKey: key,
      });
      expect(bot.providerKeyHint).toBe("…WXYZ");
      expect(JSON.stringify(bot)).not.toContain(key);
      const [row] = await testDatabase.db.select().from(bots).where(eq(bots.id, bot.id));
      expect(row!.providerKeyCiphertext).toMatch(/^v1\./);
      expect(row!.providerKeyCiphertext).not.toContain(key);
      expect((await services.bots.loadForChat(bot.id)).providerKey).toBe(key);

      // A tampered ciphertext is not used (the turn falls back to "not configured").
      await testDatabase.db
        .update(bots)
        .set({ providerKeyCiphertext: `${row!.providerKeyCiphertext!.slice(0, -2)}AA` })
        .where(eq(bots.id, bot.id));
      expect((await services.bots.loadForChat(bot.id)).providerKey).toBeUndefined();

      const cleared = await services.console.bots.update(a, bot.id, { providerKey: "" });
      expect(cleared.providerKeyHint).toBeNull();
      const again = await services.console.bots.update(a, bot.id, { providerKey: key });
      expect(again.providerKeyHint).toBe("…WXYZ");
      // A key belongs to its provider: switching provider drops it.
      const switched = await services.console.bots.update(a, bot.id, { provider: "anthropic" });
      expect(switched.providerKeyHint).toBeNull();
    });

    it("deletes a bot with its conversations", async () => {
      const a = await owner("a");
      const mine = await persona(a);
      const bot = await services.console.bots.create(a, { personaId: mine.id, name: "Bot" });
      const [visitor] = await testDatabase.db
        .insert(contacts)
        .values({ botId: bot.id, externalId: "v" })
        .returning();
      await testDatabase.db.insert(conversations).values({ botId: bot.id, contactId: visitor!.id });
      await services.console.bots.delete(a, bot.id);
      expect(await testDatabase.db.select().from(conversations)).toEqual([]);
      expect(await testDatabase.db.select().from(bots)).toEqual([]);
      await expectAppError(services.console.bots.get(a, bot.id), "NOT_FOUND");
    });
  });

  describe("conversations", () => {
    async function botWithConversations(count: number) {
      const a = await owner("a");
      const mine = await persona(a);
      const bot = await services.console.bots.create(a, { personaId: mine.id, name: "Bot" });
      const [visitor] = await testDatabase.db
        .insert(contacts)
        .values({ botId: bot.id, externalId: "v" })
        .returning();
      const start = Date.UTC(2026, 0, 1);
      const ids: string[] = [];
      for (let index = 0; index < count; index++) {
        const [conversation] = await testDatabase.db
          .insert(conversations)
          .values({
            botId: bot.id,
            contactId: visitor!.id,
            createdAt: new Date(start + index * 1000),
          })
          .returning();
        ids.push(conversation!.id);
        await testDatabase.db.insert(messages).values([
          {
            conversationId: conversation!.id,
            botId: bot.id,
            sender: "user",
            content: index === 3 ? "ราคา 100% ของแท้ไหม" : `Question ${index}`,
            createdAt: new Date(start + index * 1000 + 10),
          },
          {
            conversationId: conversation!.id,
            botId: bot.id,
            sender: "bot",
            content: index === 4 ? '=HYPERLINK("x"), "quoted"' : `Answer ${index}`,
            createdAt: new Date(start + index * 1000 + 20),
          },
        ]);
      }
      return { a, bot, ids };
    }

    it("pages by the last message, newest first, with an opaque cursor", async () => {
      const { a, bot, ids } = await botWithConversations(consoleLimits.conversationsPageSize + 5);
      const first = await services.console.conversations.list(a, bot.id, {});
      expect(first.conversations).toHaveLength(consoleLimits.conversationsPageSize);
      expect(first.conversations[0]!.id).toBe(ids.at(-1));
      expect(first.conversations[0]).toMatchObject({
        messageCount: 2,
        preview: `Question ${ids.length - 1}`,
      });
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await services.console.conversations.list(a, bot.id, {
        cursor: first.nextCursor!,
      });
      expect(second.conversations.map((row) => row.id)).toEqual(ids.slice(0, 5).reverse());
      expect(second.nextCursor).toBeNull();
      await expectAppError(
        services.console.conversations.list(a, bot.id, { cursor: "bogus" }),
        "VALIDATION_FAILED",
        { cursor: "invalid" },
      );
    });

    it("searches message content case-insensitively, with % and _ taken literally", async () => {
      const { a, bot, ids } = await botWithConversations(6);
      const byThai = await services.console.conversations.list(a, bot.id, { search: "100%" });
      expect(byThai.conversations.map((row) => row.id)).toEqual([ids[3]]);
      const byCase = await services.console.conversations.list(a, bot.id, { search: "answer 2" });
      expect(byCase.conversations.map((row) => row.id)).toEqual([ids[2]]);
      const wildcard = await services.console.conversations.list(a, bot.id, { search: "_" });
      expect(wildcard.conversations).toEqual([]);
      await expectAppError(
        services.console.conversations.list(a, bot.id, {
          search: "x".repeat(consoleLimits.conversationSearch + 1),
        }),
        "VALIDATION_FAILED",
        { search: "tooLong" },
      );
    });

    it("shows a transcript in order, only to the bot's owner", async () => {
      const { a, bot, ids } = await botWithConversations(2);
      const transcript = await services.console.conversations.transcript(a, bot.id, ids[1]!);
      expect(transcript.messages.map((message) => [message.sender, message.content])).toEqual([
        ["user", "Question 1"],
        ["bot", "Answer 1"],
      ]);
      expect(transcript.messages[0]).toMatchObject({ status: "completed", hasImage: false });
      const b = await owner("b");
      await expectAppError(
        services.console.conversations.transcript(b, bot.id, ids[1]!),
        "NOT_FOUND",
      );
      await expectAppError(services.console.conversations.list(b, bot.id, {}), "NOT_FOUND");
      await expectAppError(services.console.conversations.exportCsv(b, bot.id, {}), "NOT_FOUND");
    });

    it("exports CSV with a BOM, quoting, neutralized formulas and Thai", async () => {
      const { a, bot, ids } = await botWithConversations(5);
      const stream = await services.console.conversations.exportCsv(a, bot.id, {});
      const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes.slice(3));
      const lines = text.split("\r\n");
      expect(lines[0]).toBe(
        "conversation_id,conversation_started_at,message_id,sent_at,sender,status,content",
      );
      expect(lines).toHaveLength(1 + 10 + 1);
      expect(lines[1]).toMatch(
        new RegExp(
          `^${ids[0]},2026-01-01T00:00:00\\.000Z,[0-9a-f-]{36},2026-01-01T00:00:00\\.010Z,user,completed,Question 0$`,
        ),
      );
      expect(text).toContain("ราคา 100% ของแท้ไหม");
      expect(text).toContain(`"'=HYPERLINK(""x""), ""quoted"""`);

      const filtered = await services.console.conversations.exportCsv(a, bot.id, {
        search: "ของแท้",
      });
      const filteredText = await new Response(filtered).text();
      expect(filteredText.trim().split("\r\n")).toHaveLength(3);
    });
  });

  describe("API keys", () => {
    it("creates a key shown once, stores only its hash, authenticates it, and refuses it once revoked", async () => {
      const a = await owner("a");
      const created = await services.console.apiKeys.create(a, { name: " Zapier " });
      expect(created.key).toMatch(/^jai_[A-Za-z0-9]{32}$/);
      expect(created).toMatchObject({ name: "Zapier", prefix: created.key.slice(0, 12) });
      const rows = await testDatabase.db.select().from(apiKeys);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.keyHash).toBe(hashApiKey(created.key));
      expect(JSON.stringify(rows)).not.toContain(created.key);
      expect(JSON.stringify(await services.console.apiKeys.list(a))).not.toContain(created.key);

      expect(await services.console.apiKeys.authenticate(created.key)).toEqual({
        ownerId: a,
        keyId: created.id,
      });
      const [used] = await testDatabase.db.select().from(apiKeys);
      expect(used!.lastUsedAt).not.toBeNull();
      const otherLast = created.key.endsWith("x") ? "y" : "x";
      expect(
        await services.console.apiKeys.authenticate(`${created.key.slice(0, -1)}${otherLast}`),
      ).toBeNull();
      expect(await services.console.apiKeys.authenticate("nonsense")).toBeNull();

      const b = await owner("b");
      await expectAppError(services.console.apiKeys.revoke(b, created.id), "NOT_FOUND");
      await services.console.apiKeys.revoke(a, created.id);
      expect(await services.console.apiKeys.authenticate(created.key)).toBeNull();
      expect((await services.console.apiKeys.list(a))[0]!.revokedAt).not.toBeNull();
    });

    it("allows 20 active keys", async () => {
      const a = await owner("a");
      const keys = [];
      for (let index = 0; index < consoleLimits.apiKeysPerOwner; index++) {
        keys.push(await services.console.apiKeys.create(a, { name: `k${index}` }));
      }
      await expectAppError(
        services.console.apiKeys.create(a, { name: "one more" }),
        "PLAN_LIMIT_REACHED",
      );
      await services.console.apiKeys.revoke(a, keys[0]!.id);
      await services.console.apiKeys.create(a, { name: "one more" });
      await expectAppError(services.console.apiKeys.create(a, { name: "" }), "VALIDATION_FAILED", {
        name: "missing",
      });
    });
  });
});
