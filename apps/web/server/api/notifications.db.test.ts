import { defaultNotificationPrefs, type NotificationPrefs } from "@jai/contracts/inbox";
import { and, emailOutbox, eq, pushSubscriptions, users, workspaceMembers } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "../http/errors";
import { savePushSubscription } from "../modules/notifications/push-subscriptions";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
  testPublicUrl,
} from "../test/console-test-app";
import { type FakeWebPush, startFakeWebPush } from "../test/fake-web-push";

// Members sign up through the real auth (scrypt): slow on a busy machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

describe("a member's alerts API (/api/console/notifications)", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let push: FakeWebPush;
  let owner: OwnerClient;
  let agent: OwnerClient;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    push = await startFakeWebPush();
    testApp = createConsoleTestApp(testDatabase, { allowPrivateWebhooks: true });
    owner = await signInOwner(testApp, testDatabase, "owner@example.com");
    agent = await signInOwner(testApp, testDatabase, "agent@example.com");
    // The agent joins the owner's workspace (they have no bots of their own: they work there).
    await testDatabase.db
      .insert(workspaceMembers)
      .values({ workspaceId: owner.ownerId, userId: agent.ownerId, role: "agent" });
    await testDatabase.db.update(users).set({ locale: "th" }).where(eq(users.id, agent.ownerId));
  });
  afterAll(async () => {
    await push.close();
    await testDatabase.cleanup();
  });

  const path = "/api/console/notifications";

  it("needs a signed-in member, writes from our own pages, and is never cached", async () => {
    const anonymous = await testApp.app.request(`${testPublicUrl}${path}/preferences`);
    expect(anonymous.status).toBe(401);
    const crossSite = await owner.request("PUT", `${path}/preferences`, defaultNotificationPrefs, {
      Origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    const read = await owner.request("GET", `${path}/preferences`);
    expect(read.headers.get("cache-control")).toBe("no-store");
  });

  it("gives the VAPID public key, never the private one", async () => {
    const answer = await agent.request("GET", `${path}/push-key`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(["publicKey"]);
    expect(Buffer.from(answer.body.publicKey, "base64url")).toHaveLength(65);
  });

  it("reads and saves the member's own preferences, per workspace and role", async () => {
    const initial = await owner.request("GET", `${path}/preferences`);
    expect(initial.body).toEqual({
      prefs: defaultNotificationPrefs,
      role: "owner",
      kinds: ["handoff", "new_conversation", "waiting", "negative_feedback"],
      timeZone: "Asia/Bangkok",
      pushSubscriptions: 0,
      emailVerified: true,
    });
    const agentView = await agent.request("GET", `${path}/preferences`);
    expect(agentView.body).toMatchObject({ role: "agent", kinds: ["handoff", "waiting"] });

    const invalid = await owner.request("PUT", `${path}/preferences`, {
      ...defaultNotificationPrefs,
      quietHours: { enabled: true, from: "25:00", to: "08:00" },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.fields).toHaveProperty(["quietHours.from"]);

    const prefs: NotificationPrefs = {
      events: { handoff: true, newConversation: false, waiting: true, negativeFeedback: false },
      means: { email: false, push: true },
      quietHours: { enabled: true, from: "22:30", to: "07:00" },
    };
    const saved = await agent.request("PUT", `${path}/preferences`, prefs);
    expect(saved.status).toBe(200);
    expect(saved.body.prefs).toEqual(prefs);
    expect((await agent.request("GET", `${path}/preferences`)).body.prefs).toEqual(prefs);
    // The owner's own are untouched.
    expect((await owner.request("GET", `${path}/preferences`)).body.prefs).toEqual(
      defaultNotificationPrefs,
    );
    const [row] = await testDatabase.db
      .select()
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, owner.ownerId),
          eq(workspaceMembers.userId, agent.ownerId),
        ),
      );
    expect(row!.notificationPrefs).toEqual(prefs);
  });

  it("keeps the browser's subscriptions (at most 10 a user), forgets one, and refuses bad ones", async () => {
    const { publicKey } = (await owner.request("GET", `${path}/push-key`)).body;
    const first = push.subscribe(publicKey);
    const created = await owner.request("POST", `${path}/push-subscriptions`, first);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ subscriptions: 1 });
    // The same browser again: still one.
    await owner.request("POST", `${path}/push-subscriptions`, first);
    expect((await owner.request("GET", `${path}/preferences`)).body.pushSubscriptions).toBe(1);

    for (let i = 0; i < 11; i++) {
      await owner.request("POST", `${path}/push-subscriptions`, push.subscribe(publicKey));
    }
    const stored = await testDatabase.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.ownerId));
    expect(stored).toHaveLength(10);

    const removed = await owner.request("DELETE", `${path}/push-subscriptions`, {
      endpoint: stored[0]!.endpoint,
    });
    expect(removed.status).toBe(204);
    expect((await owner.request("GET", `${path}/preferences`)).body.pushSubscriptions).toBe(9);

    const badKeys = await owner.request("POST", `${path}/push-subscriptions`, {
      endpoint: `${push.url}/push/x`,
      keys: { p256dh: "too-short", auth: first.keys.auth },
    });
    expect(badKeys.status).toBe(422);
    expect(badKeys.body.error.fields).toHaveProperty(["keys.p256dh"]);
    const notJson = await owner.request("POST", `${path}/push-subscriptions`, undefined, {
      "Content-Type": "text/plain",
    });
    expect(notJson.status).toBe(415);

    // Without ALLOW_PRIVATE_WEBHOOKS, a push service is https on a public address.
    const refuse = async (endpoint: string) => {
      try {
        await savePushSubscription(
          testDatabase.db,
          owner.ownerId,
          { ...first, endpoint },
          { allowPrivate: false, userAgent: null },
        );
        return "accepted";
      } catch (error) {
        return error instanceof AppError ? error.fields?.endpoint : String(error);
      }
    };
    expect(await refuse("http://push.example.com/x")).toBe("notHttps");
    expect(await refuse("https://10.0.0.7/push/x")).toBe("privateAddress");
    expect(await refuse("https://169.254.169.254/latest")).toBe("privateAddress");
  });

  it("sends a test notification to the member alone, by their means, at most 5 an hour", async () => {
    const { publicKey } = (await agent.request("GET", `${path}/push-key`)).body;
    const browser = push.subscribe(publicKey);
    await agent.request("POST", `${path}/push-subscriptions`, browser);
    // The agent chose browser notifications only (above); in Thai.
    const sent = await agent.request("POST", `${path}/test`);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ email: "off", push: { sent: 1, failed: 0, subscriptions: 1 } });
    const [message] = push.received.filter((m) => m.endpoint === browser.endpoint);
    expect(message!.payload).toMatchObject({
      title: "การแจ้งเตือนทดสอบจาก Jai",
      url: "/th/app/notifications",
    });
    expect(push.refused).toEqual([]);

    const ownerTest = await owner.request("POST", `${path}/test`);
    expect(ownerTest.body.email).toBe("queued");
    const emails = await testDatabase.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "owner@example.com"));
    expect(emails.map((email) => email.subject)).toContain("Test notification from Jai");

    for (let i = 0; i < 4; i++) await agent.request("POST", `${path}/test`);
    const limited = await agent.request("POST", `${path}/test`);
    expect(limited.status).toBe(429);
  });
});
