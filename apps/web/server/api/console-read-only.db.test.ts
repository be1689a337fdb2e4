import { eq, ownerPlans } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
} from "../test/console-test-app";
import { isAllowedWhileReadOnly } from "./console-read-only";

/**
 * A paused workspace (unpaid: read-only; free trial over) reads, exports, deletes and pays, but
 * does not edit: one middleware on /api/console with an explicit allow-list.
 */
describe("read-only console (/api/console while paused)", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let owner: OwnerClient;
  let botId: string;
  let personaId: string;
  let apiKeyId: string;

  async function setPlan(values: Partial<typeof ownerPlans.$inferInsert>) {
    await testDatabase.db
      .update(ownerPlans)
      .set(values)
      .where(eq(ownerPlans.ownerId, owner.ownerId));
  }

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase);
    owner = await signInOwner(testApp, testDatabase, "read-only@example.com");
    const persona = await owner.request("POST", "/api/console/personas", { name: "Mali" });
    personaId = persona.body.id;
    const bot = await owner.request("POST", "/api/console/bots", { personaId, name: "Shop" });
    expect(bot.status).toBe(201);
    botId = bot.body.id;
    const key = await owner.request("POST", "/api/console/api-keys", { name: "Zapier" });
    expect(key.status).toBe(201);
    apiKeyId = key.body.id;
  });
  afterAll(() => testDatabase.cleanup());

  const refusedWrites = () =>
    [
      ["POST", "/api/console/personas", { name: "Another" }],
      ["PUT", `/api/console/personas/${personaId}`, { name: "Renamed" }],
      ["POST", "/api/console/bots", { personaId, name: "Second" }],
      ["PATCH", `/api/console/bots/${botId}`, { name: "Renamed" }],
      ["PUT", `/api/console/bots/${botId}/channels/widget`, { enabled: true }],
      ["POST", `/api/console/bots/${botId}/knowledge`, { kind: "text", title: "T", text: "x" }],
      ["POST", "/api/console/api-keys", { name: "Another" }],
      ["POST", "/api/console/improve/answers", { botId, question: "q", answer: "a" }],
      ["POST", "/api/console/team/invitations", { email: "x@example.com", role: "agent" }],
      ["PUT", `/api/console/bots/${botId}/handoff`, {}],
    ] as const;

  it("refuses every console edit with PLAN_LIMIT_REACHED readOnly while unpaid", async () => {
    await setPlan({ planId: "pro", status: "read_only", trialEndsAt: null });
    for (const [method, path, body] of refusedWrites()) {
      const response = await owner.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error, `${method} ${path}`).toMatchObject({
        code: "PLAN_LIMIT_REACHED",
        fields: { limit: "readOnly" },
      });
    }
    const thai = await owner.request(
      "POST",
      "/api/console/personas",
      { name: "x" },
      {
        "Accept-Language": "th",
      },
    );
    expect(thai.body.error.message).toContain("อ่านอย่างเดียว");
  });

  it("still reads, exports, pays, answers the inbox and deletes while unpaid", async () => {
    await setPlan({ planId: "pro", status: "read_only", trialEndsAt: null });
    for (const path of [
      "/api/console/bots",
      `/api/console/bots/${botId}`,
      "/api/console/personas",
      "/api/console/plan",
      `/api/console/bots/${botId}/conversations`,
      `/api/console/bots/${botId}/conversations.csv`,
    ]) {
      expect((await owner.request("GET", path)).status, path).toBe(200);
    }
    // Allowed writes reach their route (whatever it answers, never the read-only refusal).
    for (const [method, path, body] of [
      ["PUT", "/api/console/billing/profile", { companyName: "ร้านส้มตำ" }],
      ["POST", "/api/console/billing/checkout", {}],
      ["POST", `/api/console/bots/${botId}/knowledge/search`, { question: "hello" }],
      ["POST", "/api/console/analytics/refresh", {}],
    ] as const) {
      const response = await owner.request(method, path, body);
      expect(response.body?.error?.fields?.limit, `${method} ${path}`).not.toBe("readOnly");
    }
    // Deleting (PDPA) is always possible.
    expect((await owner.request("DELETE", `/api/console/api-keys/${apiKeyId}`)).status).toBe(204);
    // Paid again: edits work at once.
    await setPlan({ status: "active" });
    const renamed = await owner.request("PATCH", `/api/console/bots/${botId}`, { name: "Shop 2" });
    expect(renamed.status).toBe(200);
  });

  it("says trialEnded once the free trial is over", async () => {
    await setPlan({ planId: "free", status: "trialing", trialEndsAt: new Date(Date.now() - 1000) });
    const response = await owner.request("PUT", `/api/console/personas/${personaId}`, {
      name: "Renamed",
    });
    expect(response.status).toBe(403);
    expect(response.body.error.fields).toEqual({ plan: "trialEnded" });
    expect((await owner.request("GET", "/api/console/personas")).status).toBe(200);
    await setPlan({ trialEndsAt: new Date(Date.now() + 86_400_000) });
    expect(
      (await owner.request("PUT", `/api/console/personas/${personaId}`, { name: "Renamed" }))
        .status,
    ).toBe(200);
  });

  it("lets anonymous requests reach the route's own 401", async () => {
    const response = await testApp.app.request("http://localhost:3000/api/console/bots", {
      method: "POST",
      headers: { Origin: "http://localhost:3000", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(401);
  });

  it("has an explicit allow-list", () => {
    const allowed: [string, string][] = [
      ["GET", "/api/console/bots"],
      ["DELETE", "/api/console/bots/abc"],
      ["DELETE", "/api/console/team/members/u1"],
      ["POST", "/api/console/billing/checkout"],
      ["PUT", "/api/console/billing/card"],
      ["POST", "/api/console/billing/invoices/x/pay"],
      ["PUT", "/api/console/billing/invoices/x/withholding-certificate"],
      ["POST", "/api/console/inbox/conversations/c1/messages"],
      ["POST", "/api/console/workspace/switch"],
      ["POST", "/api/console/notifications/subscriptions"],
      ["POST", "/api/console/data/import/preview"],
    ];
    const refused: [string, string][] = [
      ["POST", "/api/console/bots"],
      ["PATCH", "/api/console/bots/abc"],
      ["POST", "/api/console/bots/abc/channels/widget/identity-secret"],
      ["PUT", "/api/console/bots/abc/channels/line"],
      ["POST", "/api/console/bots/abc/knowledge/files"],
      ["POST", "/api/console/data/import"],
      ["POST", "/api/console/webhooks"],
      ["POST", "/api/console/team/invitations"],
      ["PUT", "/api/console/workspace"],
      ["POST", "/api/console/billingx"],
    ];
    for (const [method, path] of allowed) expect(isAllowedWhileReadOnly(method, path)).toBe(true);
    for (const [method, path] of refused) expect(isAllowedWhileReadOnly(method, path)).toBe(false);
  });
});
