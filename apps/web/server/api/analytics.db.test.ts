import type { AnalyticsOverviewDto, ForecastDto } from "@jai/contracts/analytics";
import { contacts, conversations, eq, messages, ownerPlans } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshRollups } from "../modules/analytics/rollups";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
} from "../test/console-test-app";

/**
 * The dashboard's API on the real app: figures of a known traffic (on Bangkok's calendar),
 * the plan's gating enforced by the server, bad queries and other workspaces' bots.
 */
describe("the analytics API", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let owner: OwnerClient;
  let stranger: OwnerClient;
  let botId: string;

  const setPlan = (ownerId: string, planId: string) =>
    testDatabase.db
      .update(ownerPlans)
      .set({ planId, trialEndsAt: null })
      .where(eq(ownerPlans.ownerId, ownerId));

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase);
    owner = await signInOwner(testApp, testDatabase, "analytics-owner@example.com");
    stranger = await signInOwner(testApp, testDatabase, "analytics-stranger@example.com");
    const persona = await owner.request("POST", "/api/console/personas", {
      name: "Mali",
      language: "auto",
      faqs: [{ question: "ร้านเปิดกี่โมง", answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็น" }],
    });
    const bot = await owner.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "Analytics bot",
    });
    botId = bot.body.id as string;
    await stranger.request("GET", "/api/console/plan");

    // Bangkok's day starts at 17:00 UTC the day before: a message one minute after it is on
    // Bangkok's today though its UTC date is yesterday. Two days before: plainly that day.
    const bangkokNow = new Date(Date.now() + 7 * 3600_000);
    const bangkokDayStart =
      Date.UTC(bangkokNow.getUTCFullYear(), bangkokNow.getUTCMonth(), bangkokNow.getUTCDate()) -
      7 * 3600_000;
    const lateLastNight = new Date(bangkokDayStart + 60_000);
    const twoDaysAgo = new Date(bangkokDayStart - 2 * 86_400_000 + 12 * 3600_000);
    for (const [index, at] of [lateLastNight, twoDaysAgo].entries()) {
      const [contact] = await testDatabase.db
        .insert(contacts)
        .values({ botId, channel: "line", externalId: `U${index}`, createdAt: at })
        .returning({ id: contacts.id });
      const [conversation] = await testDatabase.db
        .insert(conversations)
        .values({
          botId,
          contactId: contact!.id,
          channel: "line",
          workspaceId: owner.ownerId,
          createdAt: at,
        })
        .returning({ id: conversations.id });
      await testDatabase.db.insert(messages).values([
        {
          conversationId: conversation!.id,
          botId,
          sender: "user",
          content: "ร้านเปิดกี่โมงคะ",
          createdAt: at,
        },
        {
          conversationId: conversation!.id,
          botId,
          sender: "bot",
          content: "9 โมงค่ะ",
          createdAt: at,
          unanswered: index === 1,
          latencyMs: 800,
        },
      ]);
    }
    await refreshRollups(testDatabase.db);
  }, 60_000);
  afterAll(async () => {
    await testDatabase?.cleanup();
  });

  const overview = async (client: OwnerClient, query: string) => {
    const response = await client.request("GET", `/api/console/analytics/overview?${query}`);
    return { status: response.status, body: response.body as AnalyticsOverviewDto };
  };

  it("counts on the workspace's calendar, and gates by plan on the server", async () => {
    await setPlan(owner.ownerId, "business");
    const today = await overview(owner, "period=today");
    expect(today.status).toBe(200);
    expect(today.body.timeZone).toBe("Asia/Bangkok");
    // 17:01 UTC of the day before is this morning in Bangkok.
    expect(today.body.totals).toMatchObject({ conversations: 1, messages: 2, contacts: 1 });
    const week = await overview(owner, "period=7d");
    expect(week.body.totals).toMatchObject({
      conversations: 2,
      messages: 4,
      contacts: 2,
      newContacts: 2,
      answered: 1,
      unanswered: 1,
      unansweredRate: 0.5,
      medianResponseMs: 1000,
    });
    expect(week.body.daily).toHaveLength(7);
    expect(week.body.daily.reduce((sum, day) => sum + day.conversations, 0)).toBe(2);
    expect(week.body.channels).toEqual({
      locked: false,
      data: [{ channel: "line", conversations: 2, messages: 4 }],
    });
    expect(week.body.topQuestions.locked).toBe(false);
    expect(week.body.costs.locked).toBe(false);

    await setPlan(owner.ownerId, "pro");
    const pro = await overview(owner, "period=7d");
    expect(pro.body.level).toBe("basic");
    expect(pro.body.totals.unanswered).toBe(1);
    expect(pro.body.costs).toEqual({ locked: true, requiredPlan: "business" });
    expect(pro.body.topSources).toEqual({ locked: true, requiredPlan: "business" });
    expect(
      (await owner.request("GET", `/api/console/analytics/forecast?botId=${botId}`)).body,
    ).toEqual({ status: "locked", requiredPlan: "business" } satisfies ForecastDto);

    await setPlan(owner.ownerId, "starter");
    const starter = await overview(owner, "period=7d");
    expect(starter.body.totals).toMatchObject({ conversations: 2, unanswered: 0 });
    expect(starter.body.totals.unansweredRate).toBeNull();
    expect(starter.body.channels).toEqual({ locked: true, requiredPlan: "pro" });
    await setPlan(owner.ownerId, "business");
  });

  it("refuses bad queries and other workspaces' bots", async () => {
    expect((await overview(owner, "period=year")).status).toBe(422);
    expect((await overview(owner, "period=custom&from=2026-01-01")).status).toBe(422);
    expect((await overview(owner, "period=custom&from=2026-02-01&to=2026-01-01")).status).toBe(422);
    expect((await overview(owner, "period=custom&from=2024-01-01&to=2026-01-01")).status).toBe(422);
    expect((await overview(stranger, `period=7d&botId=${botId}`)).status).toBe(404);
    expect(
      (await stranger.request("GET", `/api/console/analytics/forecast?botId=${botId}`)).status,
    ).toBe(404);
    // The stranger's own dashboard sees none of the owner's traffic.
    const theirs = await overview(stranger, "period=7d");
    expect(theirs.body.totals.conversations).toBe(0);
  });

  it("forecasts once there is enough history, and says how much is needed before", async () => {
    const forecast = await owner.request("GET", `/api/console/analytics/forecast?botId=${botId}`);
    expect(forecast.body).toMatchObject({ status: "not_enough_history", neededDays: 28 });
  });
});
