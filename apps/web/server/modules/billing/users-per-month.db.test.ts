import { randomUUID } from "node:crypto";
import {
  and,
  billingNotices,
  bots,
  contacts,
  conversations,
  emailOutbox,
  eq,
  messages,
  monthlyContacts,
  monthlyUsage,
  ownerPlans,
  sql,
  users,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "../../services/app-services";
import { createConsoleTestApp } from "../../test/console-test-app";
import { createTestBot } from "../../test/create-test-bot";
import type { TurnParticipant } from "../conversations/contacts";
import { planNoticeEmailKind, runPlanNotices } from "./plan-notices";
import {
  admitContact,
  bangkokMonth,
  refusedTurnErrorKind,
  refusedTurnMessage,
} from "./users-per-month";

/**
 * Users per month on the real chat turn (every channel runs the same runTurn): contacts of a
 * workspace's bots counted once per Bangkok month across channels; over the allowance, counted
 * contacts still answered and new ones told politely with their turn stored; paused plans; the
 * 80% / 100% notices and trial reminders sent once; admissions at the edge under concurrency.
 */
describe("users per month", () => {
  let testDatabase: TestDatabase;
  let services: AppServices;
  let app: ReturnType<typeof createConsoleTestApp>["app"];
  const owner = "upm-owner";
  const db = () => testDatabase.db;
  const publicUrl = "http://localhost:3000";

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    ({ services, app } = createConsoleTestApp(testDatabase));
    await db()
      .insert(users)
      .values({ id: owner, name: "Somchai", email: "owner@example.com", locale: "th" });
    await setPlan("pro");
    for (const [id, gender] of [
      ["upmbotA00001", "female"],
      ["upmbotB00001", "male"],
    ] as const) {
      await createTestBot(db(), {
        id,
        persona: { name: "Mali", language: "auto", gender } as never,
      });
      await db().update(bots).set({ ownerId: owner }).where(eq(bots.id, id));
    }
  });
  afterEach(() => testDatabase.cleanup());

  async function setPlan(planId: string, extra: Partial<typeof ownerPlans.$inferInsert> = {}) {
    const values = { planId, status: "active" as const, trialEndsAt: null, ...extra };
    await db()
      .insert(ownerPlans)
      .values({ ownerId: owner, ...values })
      .onConflictDoUpdate({ target: ownerPlans.ownerId, set: values });
  }

  /** One turn to its end, as a channel runs it. */
  async function turn(botId: string, participant: TurnParticipant, text: string) {
    const chatBot = await services.bots.loadForChat(botId);
    const started = await services.chat.runTurn({ chatBot, participant, message: { text } });
    let step = await started.reply.next();
    while (!step.done) step = await started.reply.next();
    return { ...started, outcome: step.value };
  }

  async function usage(now = new Date()) {
    const [row] = await db()
      .select()
      .from(monthlyUsage)
      .where(and(eq(monthlyUsage.ownerId, owner), eq(monthlyUsage.month, bangkokMonth(now))));
    return row;
  }

  /** Pretend `count` other contacts were counted this month (the allowance is 10,000 on Pro). */
  async function seedUsage(count: number) {
    await db()
      .insert(monthlyUsage)
      .values({ ownerId: owner, month: bangkokMonth(new Date()), contacts: count })
      .onConflictDoUpdate({
        target: [monthlyUsage.ownerId, monthlyUsage.month],
        set: { contacts: count },
      });
  }

  const planEmails = () =>
    db().select().from(emailOutbox).where(eq(emailOutbox.kind, planNoticeEmailKind));

  it("counts each contact once a Bangkok month, across channels and bots of one workspace", async () => {
    const first = [
      ["upmbotA00001", { channel: "web", externalId: "visitor-1" }],
      ["upmbotA00001", { channel: "widget", externalId: "widget-1" }],
      ["upmbotB00001", { channel: "line", externalId: "U123" }],
      ["upmbotB00001", { channel: "api", externalId: "user:42" }],
    ] as const;
    for (const [botId, participant] of first) {
      const done = await turn(botId, participant, "hello");
      expect(done.outcome.refused).toBeUndefined();
      expect(done.outcome.status).toBe("completed");
    }
    // The same people again: no new count.
    for (const [botId, participant] of first) await turn(botId, participant, "again");
    expect((await usage())?.contacts).toBe(4);
    const plan = await services.console.plan.get(owner);
    expect(plan.usage.usersThisMonth).toBe(4);
    // The Demo Bot (no workspace) is never counted nor limited.
    const rows = await db().select().from(monthlyContacts);
    expect(rows).toHaveLength(4);
  });

  it("starts a new month from 0 at 17:00 UTC on the last day (midnight in Bangkok)", async () => {
    const [contact] = await db()
      .insert(contacts)
      .values({ botId: "upmbotA00001", channel: "web", externalId: "v" })
      .returning();
    const before = new Date("2026-11-30T16:59:59Z");
    const after = new Date("2026-11-30T17:00:00Z");
    expect(bangkokMonth(before)).toBe("2026-11-01");
    expect(bangkokMonth(after)).toBe("2026-12-01");
    await admitContact(db(), { ownerId: owner, contactId: contact!.id, now: before });
    expect((await usage(before))?.contacts).toBe(1);
    expect(await usage(after)).toBeUndefined();
    await admitContact(db(), { ownerId: owner, contactId: contact!.id, now: after });
    expect((await usage(after))?.contacts).toBe(1);
    expect((await usage(before))?.contacts).toBe(1);
  });

  it("over the allowance answers counted contacts and tells new ones politely, storing their turns", async () => {
    const known = { channel: "line" as const, externalId: "U-known" };
    await turn("upmbotA00001", known, "สวัสดีค่ะ");
    await seedUsage(10_000); // Pro: 10,000 users per month, all taken now.

    const again = await turn("upmbotA00001", known, "ร้านเปิดกี่โมง");
    expect(again.outcome.refused).toBeUndefined();

    const thai = await turn(
      "upmbotA00001",
      { channel: "line", externalId: "U-new" },
      "สวัสดีค่ะ อยากสอบถามราคา",
    );
    expect(thai.outcome.refused).toBe("usersPerMonth");
    expect(thai.outcome.reply).toBe(refusedTurnMessage("th", "female"));
    expect(thai.outcome.reply).toBe(
      "ขออภัยค่ะ ตอนนี้แชทบอทรับข้อความใหม่ไม่ได้ชั่วคราว ทีมงานได้รับข้อความของคุณแล้วและจะติดต่อกลับโดยเร็ว",
    );
    const english = await turn(
      "upmbotB00001",
      { channel: "widget", externalId: "w-new" },
      "Hello, do you ship to Chiang Mai?",
    );
    expect(english.outcome.refused).toBe("usersPerMonth");
    expect(english.outcome.reply).toBe(
      "Sorry, this chat can't take new conversations right now. The team has your message and will get back to you.",
    );
    // The male persona's Thai particle.
    const male = await turn("upmbotB00001", { channel: "api", externalId: "user:9" }, "สวัสดีครับ");
    expect(male.outcome.reply.startsWith("ขออภัยครับ ")).toBe(true);

    // Stored and visible: the customer's message and the notice, in a conversation of the
    // workspace (the inbox lists it), the notice marked.
    const stored = await db()
      .select({ sender: messages.sender, content: messages.content, errorKind: messages.errorKind })
      .from(messages)
      .where(eq(messages.conversationId, thai.ids.conversationId))
      .orderBy(messages.createdAt);
    expect(stored).toEqual([
      { sender: "user", content: "สวัสดีค่ะ อยากสอบถามราคา", errorKind: null },
      {
        sender: "bot",
        content: thai.outcome.reply,
        errorKind: refusedTurnErrorKind.usersPerMonth,
      },
    ]);
    const [conversation] = await db()
      .select()
      .from(conversations)
      .where(eq(conversations.id, thai.ids.conversationId));
    expect(conversation?.workspaceId).toBe(owner);
    const [marked] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.errorKind, refusedTurnErrorKind.usersPerMonth));
    expect(Number(marked?.n)).toBe(3);
    const row = await usage();
    expect(row?.contacts).toBe(10_000);
    expect(row?.refusedTurns).toBe(3);
    expect(row?.notified100At).not.toBeNull();
  });

  it("pauses every contact once the trial is over, storing the message and answering politely", async () => {
    const known = { channel: "web" as const, externalId: "v-known" };
    await setPlan("free", { status: "trialing", trialEndsAt: new Date(Date.now() + 3_600_000) });
    expect((await turn("upmbotA00001", known, "hello")).outcome.refused).toBeUndefined();
    await setPlan("free", { status: "trialing", trialEndsAt: new Date(Date.now() - 1000) });
    const paused = await turn("upmbotA00001", known, "are you there?");
    expect(paused.outcome.refused).toBe("paused");
    expect(paused.outcome.reply).toContain("Sorry, this chat can't take new conversations");
    const stored = await db()
      .select({ sender: messages.sender, errorKind: messages.errorKind })
      .from(messages)
      .where(eq(messages.conversationId, paused.ids.conversationId))
      .orderBy(messages.createdAt);
    expect(stored.slice(-2)).toEqual([
      { sender: "user", errorKind: null },
      { sender: "bot", errorKind: refusedTurnErrorKind.paused },
    ]);
    // Read-only (unpaid) pauses the same way; paying again answers at once.
    await setPlan("pro", { status: "read_only" });
    expect((await turn("upmbotA00001", known, "hello?")).outcome.refused).toBe("paused");
    await setPlan("pro", { status: "active" });
    expect((await turn("upmbotA00001", known, "hello?")).outcome.refused).toBeUndefined();
  });

  it("answers a paused bot's hosted page politely over HTTP, the turn stored", async () => {
    await setPlan("pro", { status: "read_only" });
    const response = await app.request("http://localhost:3000/api/bots/upmbotA00001/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "สวัสดีค่ะ มีของไหมคะ" }),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("completed");
    expect(body.reply).toBe(refusedTurnMessage("th", "female"));
    const stored = await db()
      .select({ sender: messages.sender, errorKind: messages.errorKind })
      .from(messages)
      .where(eq(messages.conversationId, body.conversationId))
      .orderBy(messages.createdAt);
    expect(stored).toEqual([
      { sender: "user", errorKind: null },
      { sender: "bot", errorKind: refusedTurnErrorKind.paused },
    ]);
  });

  it("admits exactly the allowance when 20 new contacts write at once at its edge", async () => {
    await seedUsage(9_990);
    const created = await db()
      .insert(contacts)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          botId: "upmbotA00001",
          channel: "web" as const,
          externalId: `edge-${i}`,
        })),
      )
      .returning();
    const results = await Promise.all(
      created.map((contact) =>
        db().transaction((tx) => admitContact(tx, { ownerId: owner, contactId: contact.id })),
      ),
    );
    expect(results.filter((result) => result.admitted)).toHaveLength(10);
    expect(results.filter((result) => !result.admitted)).toHaveLength(10);
    expect((await usage())?.contacts).toBe(10_000);
    const [counted] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(monthlyContacts)
      .where(eq(monthlyContacts.ownerId, owner));
    expect(Number(counted?.n)).toBe(10);
  });

  it("emails the owner once at 80% and once at 100%, in their language", async () => {
    const newContact = async () => {
      const [row] = await db()
        .insert(contacts)
        .values({ botId: "upmbotA00001", channel: "web", externalId: randomUUID() })
        .returning();
      return admitContact(db(), { ownerId: owner, contactId: row!.id });
    };
    await seedUsage(7_998);
    await newContact(); // 7,999: not yet
    expect((await usage())?.notified80At).toBeNull();
    await newContact(); // 8,000 = 80%
    expect((await usage())?.notified80At).not.toBeNull();
    await newContact();
    await runPlanNotices(db(), { publicUrl });
    await runPlanNotices(db(), { publicUrl });
    let emails = await planEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.toAddress).toBe("owner@example.com");
    expect(emails[0]!.subject).toContain("80%");
    expect(emails[0]!.textBody).toContain("ผู้ติดต่อ");
    expect(emails[0]!.textBody).toContain("http://localhost:3000/th/app/billing");

    await seedUsage(9_999);
    await newContact(); // 10,000 = 100%
    await newContact(); // refused
    await Promise.all([runPlanNotices(db(), { publicUrl }), runPlanNotices(db(), { publicUrl })]);
    await runPlanNotices(db(), { publicUrl });
    emails = await planEmails();
    expect(emails).toHaveLength(2);
    expect(emails[1]!.subject).toContain("ครบ");
    const keys = (await db().select().from(billingNotices)).map((row) => row.key).sort();
    const month = bangkokMonth(new Date()).slice(0, 7);
    expect(keys).toEqual([`usage-100:${month}`, `usage-80:${month}`]);
  });

  it("sends the trial reminders 2 days before and on the day, once each", async () => {
    await db().update(users).set({ locale: "en" }).where(eq(users.id, owner));
    const trialEndsAt = new Date("2026-12-10T05:00:00Z");
    await setPlan("free", { status: "trialing", trialEndsAt });
    const at = (hoursFromEnd: number) => new Date(trialEndsAt.getTime() + hoursFromEnd * 3_600_000);

    await runPlanNotices(db(), { publicUrl, now: at(-60) }); // too early
    expect(await planEmails()).toHaveLength(0);
    await Promise.all([
      runPlanNotices(db(), { publicUrl, now: at(-47) }),
      runPlanNotices(db(), { publicUrl, now: at(-46) }),
    ]);
    await runPlanNotices(db(), { publicUrl, now: at(-10) });
    let emails = await planEmails();
    expect(emails.map((email) => email.subject)).toEqual(["Your free trial ends in 2 days"]);
    expect(emails[0]!.textBody).toContain("10 December 2026 at 12:00");

    await runPlanNotices(db(), { publicUrl, now: at(1) });
    await runPlanNotices(db(), { publicUrl, now: at(2) });
    emails = await planEmails();
    expect(emails.map((email) => email.subject)).toEqual([
      "Your free trial ends in 2 days",
      "Your free trial has ended",
    ]);
    expect(emails[1]!.textBody).toContain("http://localhost:3000/app/billing");
    // A paid plan gets none.
    await setPlan("starter", { trialEndsAt: at(100) });
    await runPlanNotices(db(), { publicUrl, now: at(60) });
    expect(await planEmails()).toHaveLength(2);
  });
});
