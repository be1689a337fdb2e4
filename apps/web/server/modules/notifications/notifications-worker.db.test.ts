import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MemberNotificationPrefs, WorkspaceAlertSettings } from "@jai/db";
import {
  bots,
  channelConnections,
  contacts,
  conversations,
  createDatabase,
  type Database,
  type Db,
  emailOutbox,
  eq,
  inArray,
  notifications,
  pushSubscriptions,
  sql,
  users,
  workspaceMembers,
  workspaces,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChannelEventsWorker } from "../../jobs/channel-events-worker";
import { createSecretBox } from "../../services/console/secret-box";
import { createMailTransport } from "../../services/mail/create-mail-transport";
import { createOutboxWorker } from "../../services/mail/outbox-worker";
import { createConsoleTestApp, testSecretKey } from "../../test/console-test-app";
import { createTestBot } from "../../test/create-test-bot";
import { type FakeLine, startFakeLine } from "../../test/fake-line";
import { type FakeWebPush, startFakeWebPush } from "../../test/fake-web-push";
import { createMemoryLogger } from "../../test/memory-logger";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { ensureOwnWorkspace } from "../workspaces/workspace-access";
import { createNotificationsWorker, type NotificationsWorkerOptions } from "./notifications-worker";
import { savePushSubscription } from "./push-subscriptions";
import { queueNotification } from "./queue-notification";
import { generateVapidKeys } from "./vapid-keys";

const publicUrl = "http://localhost:3000";
const vapidKeys = generateVapidKeys("mailto:team@example.com");
const secretBox = createSecretBox(testSecretKey);

describe("the notifications job", () => {
  let testDatabase: TestDatabase;
  let db: Db;
  let line: FakeLine;
  let push: FakeWebPush;
  const log = createMemoryLogger();

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = testDatabase.db;
    [line, push] = await Promise.all([startFakeLine(), startFakeWebPush()]);
  });
  afterAll(async () => {
    await Promise.all([line.close(), push.close()]);
    await testDatabase.cleanup();
  });

  function worker(options: Partial<NotificationsWorkerOptions> = {}) {
    return createNotificationsWorker({
      db,
      logger: log.logger,
      vapidKeys,
      lineEndpoints: { apiBaseUrl: line.url, dataBaseUrl: line.url, timeoutMs: 2_000 },
      secretBox,
      publicUrl,
      allowPrivatePushEndpoints: true,
      ...options,
    });
  }

  async function addUser(
    workspaceId: string | null,
    role: "owner" | "admin" | "agent",
    options: { locale?: "en" | "th"; prefs?: MemberNotificationPrefs; verified?: boolean } = {},
  ) {
    const id = `u${randomUUID().replace(/-/g, "")}`;
    const email = `${id}@example.com`;
    await db.insert(users).values({
      id,
      name: `Name ${id.slice(0, 6)}`,
      email,
      emailVerified: options.verified ?? true,
      locale: options.locale ?? "en",
    });
    await ensureOwnWorkspace(db, { id });
    const workspace = workspaceId ?? id;
    if (workspaceId) {
      await db.insert(workspaceMembers).values({ workspaceId, userId: id, role });
    }
    if (options.prefs) {
      await db
        .update(workspaceMembers)
        .set({ notificationPrefs: options.prefs })
        .where(
          sql`${workspaceMembers.workspaceId} = ${workspace} and ${workspaceMembers.userId} = ${id}`,
        );
    }
    return { id, email };
  }

  /** A workspace (its owner), a bot, and LINE alerts to a staff group when asked. */
  async function createWorkspace(
    options: {
      ownerLocale?: "en" | "th";
      alerts?: Partial<WorkspaceAlertSettings>;
      lineGroup?: boolean;
    } = {},
  ) {
    const owner = await addUser(null, "owner", { locale: options.ownerLocale ?? "th" });
    const botId = `bot-${randomUUID().slice(0, 8)}`;
    await createTestBot(db, { id: botId, name: "Somtam bot" });
    await db.update(bots).set({ ownerId: owner.id }).where(eq(bots.id, botId));
    let groupId: string | null = null;
    let connectionId: string | null = null;
    if (options.lineGroup) {
      const [connection] = await db
        .insert(channelConnections)
        .values({
          botId,
          ownerId: owner.id,
          channel: "line",
          settings: {
            channelId: line.channelId,
            botUserId: "Ufakebot",
            basicId: "@fake",
            displayName: "Somtam Shop",
            pictureUrl: null,
            secretLast4: "aaaa",
            tokenLast4: "bbbb",
          },
          secretsSealed: secretBox.seal(
            JSON.stringify({ channelSecret: line.channelSecret, accessToken: line.accessToken }),
          ),
        })
        .returning({ id: channelConnections.id });
      connectionId = connection!.id;
      groupId = `C${randomUUID().replace(/-/g, "")}`;
    }
    await db
      .update(workspaces)
      .set({
        alerts: {
          newConversation: false,
          waitingMinutes: 10,
          lineEnabled: Boolean(options.lineGroup),
          lineStaffGroup:
            groupId && connectionId
              ? { connectionId, groupId, joinedAt: new Date().toISOString() }
              : null,
          ...options.alerts,
        },
      })
      .where(eq(workspaces.id, owner.id));
    return { workspaceId: owner.id, owner, botId, groupId, connectionId };
  }

  /** A customer's conversation, waiting for a person unless told otherwise. */
  async function createConversation(
    workspace: { workspaceId: string; botId: string },
    options: { name?: string; status?: "pending" | "open" | "bot"; waitingSince?: Date } = {},
  ) {
    const [contact] = await db
      .insert(contacts)
      .values({
        botId: workspace.botId,
        channel: "line",
        externalId: `U${randomUUID()}`,
        displayName: options.name ?? "Somchai",
      })
      .returning({ id: contacts.id });
    const status = options.status ?? "pending";
    const [conversation] = await db
      .insert(conversations)
      .values({
        botId: workspace.botId,
        contactId: contact!.id,
        channel: "line",
        workspaceId: workspace.workspaceId,
        status,
        waitingSince: status === "pending" ? (options.waitingSince ?? new Date()) : null,
        lastMessagePreview: "ขอคุยกับพนักงานหน่อยค่ะ",
      })
      .returning({ id: conversations.id });
    return conversation!.id;
  }

  async function queueHandoff(
    workspace: { workspaceId: string; botId: string },
    conversationId: string,
  ) {
    await queueNotification(db, {
      workspaceId: workspace.workspaceId,
      kind: "handoff",
      botId: workspace.botId,
      conversationId,
      payload: { reason: "request", channel: "line", preview: "ขอคุยกับพนักงานหน่อยค่ะ" },
      dedupeKey: `handoff:${conversationId}:${Date.now()}:${randomUUID()}`,
    });
  }

  /** The batch window passes (instead of waiting 30 s). */
  async function age(workspaceId: string) {
    await db
      .update(notifications)
      .set({ createdAt: sql`${notifications.createdAt} - interval '1 minute'` })
      .where(eq(notifications.workspaceId, workspaceId));
  }

  const emailsTo = (...addresses: string[]) =>
    db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));

  async function subscribe(userId: string) {
    const subscription = push.subscribe(vapidKeys.publicKey);
    await savePushSubscription(db, userId, subscription, { allowPrivate: true, userAgent: null });
    return subscription;
  }
  const pushesTo = (endpoint: string) => push.received.filter((m) => m.endpoint === endpoint);
  const linePushesTo = (groupId: string) => line.sent.filter((sent) => sent.to === groupId);

  it("sends a burst of handoffs as one email per member, one push per browser and one LINE message", async () => {
    const workspace = await createWorkspace({ ownerLocale: "th", lineGroup: true });
    const admin = await addUser(workspace.workspaceId, "admin", { locale: "en" });
    const agent = await addUser(workspace.workspaceId, "agent", { locale: "en" });
    const ownerBrowser = await subscribe(workspace.owner.id);
    const agentBrowser = await subscribe(agent.id);
    const names = ["Somchai", "Malee", "Nok", "Ploy", "Ton"];
    const ids: string[] = [];
    for (const name of names) {
      const id = await createConversation(workspace, { name });
      ids.push(id);
      await queueHandoff(workspace, id);
    }
    const job = worker();
    // Within the batch window: nothing yet (more may come).
    expect(await job.runOnce()).toBe(0);
    expect(await emailsTo(workspace.owner.email)).toHaveLength(0);

    await age(workspace.workspaceId);
    expect(await job.runOnce()).toBe(1);

    const ownerEmails = await emailsTo(workspace.owner.email);
    const adminEmails = await emailsTo(admin.email);
    const agentEmails = await emailsTo(agent.email);
    expect([ownerEmails.length, adminEmails.length, agentEmails.length]).toEqual([1, 1, 1]);
    // In each member's language, listing every alert with its link.
    expect(ownerEmails[0]!.subject).toContain("ลูกค้า 5 คนกำลังรอเจ้าหน้าที่");
    expect(ownerEmails[0]!.textBody).toContain("ขอคุยกับเจ้าหน้าที่");
    expect(ownerEmails[0]!.textBody).toContain(`${publicUrl}/th/app/inbox/${ids[0]}`);
    expect(ownerEmails[0]!.textBody).toContain(`${publicUrl}/th/app/notifications`);
    expect(adminEmails[0]!.subject).toContain("5 customers are waiting for a person");
    for (const name of names) expect(agentEmails[0]!.textBody).toContain(name);
    expect(agentEmails[0]!.textBody).toContain(`> ขอคุยกับพนักงานหน่อยค่ะ`);

    // One push per subscribed browser, verified and decrypted by the fake push service.
    expect(push.refused).toEqual([]);
    const [ownerPush] = pushesTo(ownerBrowser.endpoint);
    expect(pushesTo(ownerBrowser.endpoint)).toHaveLength(1);
    expect(pushesTo(agentBrowser.endpoint)).toHaveLength(1);
    expect(ownerPush!.payload).toMatchObject({
      title: "ลูกค้า 5 คนกำลังรอเจ้าหน้าที่",
      url: "/th/app/inbox",
    });
    expect(ownerPush!.claims.sub).toBe("mailto:team@example.com");
    expect(ownerPush!.urgency).toBe("high");
    expect(pushesTo(agentBrowser.endpoint)[0]!.payload).toMatchObject({
      title: "5 customers are waiting for a person",
    });

    // One LINE push to the staff group, in the owner's language.
    const groupMessages = linePushesTo(workspace.groupId!);
    expect(groupMessages).toHaveLength(1);
    expect(groupMessages[0]!.messages[0]!.text).toContain("ลูกค้า 5 คนกำลังรอเจ้าหน้าที่");
    expect(groupMessages[0]!.messages[0]!.text).toContain("Malee");

    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.workspaceId, workspace.workspaceId));
    expect(rows.every((row) => row.processedAt !== null && row.lockedUntil === null)).toBe(true);
    // Nothing more to send.
    expect(await job.runOnce()).toBe(0);
    expect(await emailsTo(workspace.owner.email)).toHaveLength(1);

    // The emails leave through the outbox: a real message in Thai for the Thai owner.
    const sink: SmtpSink = await startSmtpSink();
    const mailDir = await mkdtemp(path.join(tmpdir(), "jai-alerts-"));
    try {
      const outbox = createOutboxWorker({
        db,
        logger: log.logger,
        transport: createMailTransport({
          smtpUrl: sink.url,
          mailDir,
          from: { name: "Jai", address: "no-reply@jai.chat" },
        }),
        batchSize: 20,
      });
      while ((await outbox.runOnce()) > 0) {
        // until the outbox is empty
      }
      const [email] = sink.received.filter((m) => m.rcptTo.includes(workspace.owner.email));
      expect(email!.header("subject")).toContain("ลูกค้า 5 คนกำลังรอเจ้าหน้าที่");
      expect(email!.text).toContain("Somchai");
    } finally {
      await sink.close();
      await rm(mailDir, { recursive: true, force: true });
    }
  });

  it("follows each member's preferences: events, means, quiet hours (the LINE group is the team's)", async () => {
    const workspace = await createWorkspace({
      ownerLocale: "en",
      lineGroup: true,
      // Bangkok; 22:00 there is 15:00 UTC.
      alerts: {},
    });
    const base: MemberNotificationPrefs = {
      events: { handoff: true, newConversation: true, waiting: true, negativeFeedback: true },
      means: { email: true, push: true },
      quietHours: { enabled: false, from: "22:00", to: "08:00" },
    };
    const noHandoffs = await addUser(workspace.workspaceId, "admin", {
      prefs: { ...base, events: { ...base.events, handoff: false } },
    });
    const pushOnly = await addUser(workspace.workspaceId, "admin", {
      prefs: { ...base, means: { email: false, push: true } },
    });
    const sleeping = await addUser(workspace.workspaceId, "agent", {
      prefs: { ...base, quietHours: { enabled: true, from: "21:00", to: "07:30" } },
    });
    const unverified = await addUser(workspace.workspaceId, "agent", { verified: false });
    const browsers = {
      noHandoffs: await subscribe(noHandoffs.id),
      pushOnly: await subscribe(pushOnly.id),
      sleeping: await subscribe(sleeping.id),
    };
    await queueHandoff(workspace, await createConversation(workspace));
    await age(workspace.workspaceId);
    // 22:00 in Bangkok.
    expect(await worker({ now: () => new Date("2026-03-02T15:00:00Z") }).runOnce()).toBe(1);

    expect(await emailsTo(noHandoffs.email)).toHaveLength(0);
    expect(pushesTo(browsers.noHandoffs.endpoint)).toHaveLength(0);
    expect(await emailsTo(pushOnly.email)).toHaveLength(0);
    expect(pushesTo(browsers.pushOnly.endpoint)).toHaveLength(1);
    expect(await emailsTo(sleeping.email)).toHaveLength(0);
    expect(pushesTo(browsers.sleeping.endpoint)).toHaveLength(0);
    // Alerts go to verified addresses only.
    expect(await emailsTo(unverified.email)).toHaveLength(0);
    expect(await emailsTo(workspace.owner.email)).toHaveLength(1);
    // Quiet hours are a member's: the staff group still hears.
    expect(linePushesTo(workspace.groupId!)).toHaveLength(1);

    // Agents hear about waiting customers only; owners and admins about the rest as well.
    const feedbackConversation = await createConversation(workspace, { status: "open" });
    await queueNotification(db, {
      workspaceId: workspace.workspaceId,
      kind: "negative_feedback",
      botId: workspace.botId,
      conversationId: feedbackConversation,
      payload: { preview: "แย่มาก" },
      dedupeKey: `feedback:${feedbackConversation}`,
    });
    await age(workspace.workspaceId);
    // Noon in Bangkok: nobody is in quiet hours.
    expect(await worker({ now: () => new Date("2026-03-02T05:00:00Z") }).runOnce()).toBe(1);
    const ownerEmails = await emailsTo(workspace.owner.email);
    expect(ownerEmails.map((email) => email.subject)).toContainEqual(
      expect.stringContaining("Somchai gave negative feedback"),
    );
    expect(pushesTo(browsers.sleeping.endpoint)).toHaveLength(0);
    expect(pushesTo(browsers.noHandoffs.endpoint)).toHaveLength(1);
  });

  it("drops a handoff whose customer no longer waits, and new conversations unless the workspace wants them", async () => {
    const workspace = await createWorkspace({ ownerLocale: "en" });
    const conversationId = await createConversation(workspace);
    await queueHandoff(workspace, conversationId);
    // Someone took over within the batch window.
    await db
      .update(conversations)
      .set({ status: "open", waitingSince: null })
      .where(eq(conversations.id, conversationId));
    await queueNotification(db, {
      workspaceId: workspace.workspaceId,
      kind: "new_conversation",
      botId: workspace.botId,
      conversationId,
      dedupeKey: `new:${conversationId}`,
    });
    await age(workspace.workspaceId);
    expect(await worker().runOnce()).toBe(1);
    expect(await emailsTo(workspace.owner.email)).toHaveLength(0);
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.workspaceId, workspace.workspaceId));
    expect(rows.every((row) => row.processedAt !== null)).toBe(true);
  });

  it("queues one waiting alert per wait, after the workspace's minutes", async () => {
    const workspace = await createWorkspace({ ownerLocale: "en", alerts: { waitingMinutes: 10 } });
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const long = await createConversation(workspace, {
      name: "Long",
      waitingSince: minutesAgo(25),
    });
    const short = await createConversation(workspace, { waitingSince: minutesAgo(3) });
    const quiet = await createWorkspace({ ownerLocale: "en", alerts: { waitingMinutes: 0 } });
    await createConversation(quiet, { waitingSince: minutesAgo(60) });

    const job = worker();
    await Promise.all([job.queueWaitingAlerts(), worker().queueWaitingAlerts()]);
    expect(await job.queueWaitingAlerts()).toBe(0);
    const waiting = () =>
      db
        .select()
        .from(notifications)
        .where(
          sql`${notifications.kind} = 'waiting' and ${notifications.workspaceId} in (${workspace.workspaceId}, ${quiet.workspaceId})`,
        );
    let rows = await waiting();
    expect(rows.map((row) => row.conversationId)).toEqual([long]);
    expect(rows[0]!.payload).toMatchObject({ contactName: "Long", waitingMinutes: 25 });
    expect(rows[0]!.dedupeKey).toMatch(new RegExp(`^waiting:${long}:\\d+$`));
    const [alerted] = await db.select().from(conversations).where(eq(conversations.id, long));
    expect(alerted!.waitingAlertedAt).not.toBeNull();

    // Sent like any alert, in the batch.
    await age(workspace.workspaceId);
    await job.runOnce();
    const [email] = await emailsTo(workspace.owner.email);
    expect(email!.subject).toContain("Long is waiting for a person");
    expect(email!.textBody).toContain("has been waiting 25 min for a person");

    // A new wait (handed back, then asked again) alerts again, once.
    await db
      .update(conversations)
      .set({ waitingSince: minutesAgo(12), waitingAlertedAt: minutesAgo(20) })
      .where(eq(conversations.id, long));
    expect(await job.queueWaitingAlerts()).toBe(1);
    expect(await job.queueWaitingAlerts()).toBe(0);
    rows = await waiting();
    expect(rows).toHaveLength(2);
    expect(rows.some((row) => row.conversationId === short)).toBe(false);
  });

  it("deletes a subscription the push service calls gone, and keeps the error of another failure", async () => {
    const workspace = await createWorkspace({ ownerLocale: "en" });
    const gone = await subscribe(workspace.owner.id);
    const failing = await subscribe(workspace.owner.id);
    push.gone(gone.endpoint);
    push.fail(failing.endpoint, 503);
    await queueHandoff(workspace, await createConversation(workspace));
    await age(workspace.workspaceId);
    await worker().runOnce();

    const rows = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, workspace.owner.id));
    expect(rows.map((row) => row.endpoint)).toEqual([failing.endpoint]);
    expect(rows[0]!.lastError).toContain("503");
    // The email went all the same.
    expect(await emailsTo(workspace.owner.email)).toHaveLength(1);

    // Tried again with the next batch; a success clears the error.
    await queueHandoff(workspace, await createConversation(workspace));
    await age(workspace.workspaceId);
    await worker().runOnce();
    expect(pushesTo(failing.endpoint)).toHaveLength(1);
    const [after] = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, failing.endpoint));
    expect(after!.lastError).toBeNull();
  });

  it("never sends a batch twice with two workers on one database", async () => {
    let other: Database = testDatabase.database;
    if (testDatabase.databaseUrl) {
      other = await createDatabase({ databaseUrl: testDatabase.databaseUrl, poolSize: 4 });
    }
    try {
      const first = await createWorkspace({ ownerLocale: "en", lineGroup: true });
      const second = await createWorkspace({ ownerLocale: "th", lineGroup: true });
      const agent = await addUser(first.workspaceId, "agent");
      const browser = await subscribe(agent.id);
      for (const workspace of [first, second]) {
        for (let i = 0; i < 4; i++) {
          await queueHandoff(workspace, await createConversation(workspace));
        }
        await age(workspace.workspaceId);
      }
      const a = worker();
      const b = createNotificationsWorker({
        db: other.db,
        logger: log.logger,
        vapidKeys,
        lineEndpoints: { apiBaseUrl: line.url, dataBaseUrl: line.url, timeoutMs: 2_000 },
        secretBox,
        publicUrl,
        allowPrivatePushEndpoints: true,
      });
      await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
      await Promise.all([a.runOnce(), b.runOnce()]);

      expect(await emailsTo(first.owner.email)).toHaveLength(1);
      expect(await emailsTo(agent.email)).toHaveLength(1);
      expect(await emailsTo(second.owner.email)).toHaveLength(1);
      expect(pushesTo(browser.endpoint)).toHaveLength(1);
      expect(linePushesTo(first.groupId!)).toHaveLength(1);
      expect(linePushesTo(second.groupId!)).toHaveLength(1);
      const [email] = await emailsTo(first.owner.email);
      expect(email!.subject).toContain("4 customers are waiting for a person");
    } finally {
      if (other !== testDatabase.database) await other.close();
    }
  });

  it("learns the staff group from LINE's join event, confirms in the group, and forgets it on leave", async () => {
    const testApp = createConsoleTestApp(testDatabase, {
      line: { apiBaseUrl: line.url, dataBaseUrl: line.url, timeoutMs: 2_000 },
    });
    const workspace = await createWorkspace({ ownerLocale: "en", lineGroup: true });
    const connectionId = workspace.connectionId!;
    // Another group replaces the one set up above.
    const groupId = `C${randomUUID().replace(/-/g, "")}`;
    const events = createChannelEventsWorker({
      db,
      logger: log.logger,
      processors: { line: (row, signal) => testApp.services.line.processEvent(row, signal) },
      retryDelayMs: () => 0,
    });
    const send = async (event: object) => {
      const { body, signature } = line.webhookBody([event]);
      const response = await testApp.app.request(`/api/webhooks/line/${connectionId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-line-signature": signature },
        body,
      });
      expect(response.status).toBe(200);
      while ((await events.runOnce()) > 0) {
        // until processed
      }
    };
    const alertsOf = async () =>
      (
        await db
          .select({ alerts: workspaces.alerts })
          .from(workspaces)
          .where(eq(workspaces.id, workspace.workspaceId))
      )[0]!.alerts!;

    await send(line.event({ type: "join", group: groupId }));
    let alerts = await alertsOf();
    expect(alerts.lineStaffGroup).toMatchObject({ connectionId, groupId });
    // A group nobody chose in Jai gets nothing until an admin turns LINE alerts on.
    expect(alerts.lineEnabled).toBe(false);
    const greeting = line.sent.find(
      (sent) => sent.via === "reply" && sent.messages[0]?.text?.includes("กลุ่มทีมงาน"),
    );
    expect(greeting?.messages[0]?.text).toContain("counts against your LINE quota");

    await queueHandoff(workspace, await createConversation(workspace));
    await age(workspace.workspaceId);
    await worker().runOnce();
    expect(linePushesTo(groupId)).toHaveLength(0);

    await db
      .update(workspaces)
      .set({ alerts: { ...alerts, lineEnabled: true } })
      .where(eq(workspaces.id, workspace.workspaceId));
    await queueHandoff(workspace, await createConversation(workspace));
    await age(workspace.workspaceId);
    await worker().runOnce();
    expect(linePushesTo(groupId)).toHaveLength(1);

    // A leave of another group changes nothing; the staff group's leave forgets it.
    await send(line.event({ type: "leave", group: "Cothergroup" }));
    expect((await alertsOf()).lineStaffGroup).not.toBeNull();
    await send(line.event({ type: "leave", group: groupId }));
    alerts = await alertsOf();
    expect(alerts.lineStaffGroup).toBeNull();
    // Nothing else was done with those events (no turn, no contact).
    const stored = await db.select().from(contacts).where(eq(contacts.botId, workspace.botId));
    expect(stored.every((contact) => !contact.externalId.startsWith("C"))).toBe(true);
  });
});
