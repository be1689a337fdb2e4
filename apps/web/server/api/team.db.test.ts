import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  and,
  bots,
  contacts,
  conversations,
  eq,
  inboxEvents,
  ownerPlans,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestBrowser,
  linkIn,
  listAuthEmails,
  type TestResponse,
} from "../auth/test/auth-test-client";
import { createMailTransport } from "../services/mail/create-mail-transport";
import { createOutboxWorker, type OutboxWorker } from "../services/mail/outbox-worker";
import { type ConsoleTestApp, createConsoleTestApp, testPublicUrl } from "../test/console-test-app";
import { createTestBot } from "../test/create-test-bot";
import { type SmtpSink, startSmtpSink } from "../test/smtp-sink";

// Accounts sign up through the real auth (scrypt): slow on a busy machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 90_000 });

const password = "correct horse battery";

type Client = {
  userId: string;
  email: string;
  /** The browser's cookies (the session, and `jai_ws` once the server sets it). */
  jar: Map<string, string>;
  request(method: string, path: string, body?: unknown): Promise<TestResponse>;
};

let testDatabase: TestDatabase;
let harness: ConsoleTestApp;
let sink: SmtpSink;
let worker: OutboxWorker;
let mailDir: string;
let ipCounter = 10;

/** Signs someone up, verifies the address and signs in; the client keeps its cookies. */
async function signUp(email: string, name = "Test Person"): Promise<Client> {
  const { app } = harness;
  const browser = createTestBrowser(app, { ip: `203.0.113.${ipCounter++}` });
  const signedUp = await browser.post("/api/auth/sign-up/email", { name, email, password });
  if (signedUp.status !== 200) throw new Error(`sign-up: ${JSON.stringify(signedUp.body)}`);
  const [verification] = (await listAuthEmails(testDatabase.db, email)).slice(-1);
  const link = linkIn(verification!.textBody);
  await browser.get(`/api/auth/verify-email?token=${link.searchParams.get("token")}`);
  const signedIn = await browser.post("/api/auth/sign-in/email", { email, password });
  if (signedIn.status !== 200) throw new Error(`sign-in: ${JSON.stringify(signedIn.body)}`);
  const jar = browser.jar;
  return {
    userId: String(signedIn.body.user.id),
    email,
    jar,
    async request(method, requestPath, body) {
      const response = await app.request(`${testPublicUrl}${requestPath}`, {
        method,
        headers: {
          Origin: testPublicUrl,
          Cookie: [...jar].map(([key, value]) => `${key}=${value}`).join("; "),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const setCookies = response.headers.getSetCookie();
      for (const line of setCookies) {
        const pair = line.split(";")[0]!;
        const key = pair.slice(0, pair.indexOf("="));
        const value = pair.slice(pair.indexOf("=") + 1);
        if (value === "" || /max-age=0/i.test(line)) jar.delete(key);
        else jar.set(key, value);
      }
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
      }
      return { status: response.status, headers: response.headers, body: parsed, setCookies };
    },
  };
}

/** Sends every queued email to the SMTP sink. */
async function deliverEmails() {
  while ((await worker.runOnce()) > 0) {
    // another batch
  }
}

/** The invitation email to `to` that arrived last, with its link's token. */
async function invitationEmailTo(to: string) {
  await deliverEmails();
  const email = sink.received
    .filter((item) => item.rcptTo.includes(to) && item.text.includes("/invite/"))
    .at(-1);
  if (!email) throw new Error(`no email to ${to}`);
  const link = linkIn(email.text, testPublicUrl);
  return { email, link, token: link.pathname.split("/").at(-1)! };
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function setPlan(workspaceId: string, planId: string) {
  await testDatabase.db
    .insert(ownerPlans)
    .values({ ownerId: workspaceId, planId })
    .onConflictDoUpdate({ target: ownerPlans.ownerId, set: { planId } });
}

// One database and one app for the whole file: every test works with its own people.
let owner: Client;
let other: Client;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  harness = createConsoleTestApp(testDatabase);
  sink = await startSmtpSink();
  mailDir = await mkdtemp(path.join(tmpdir(), "jai-team-mail-"));
  worker = createOutboxWorker({
    db: testDatabase.db,
    transport: createMailTransport({
      smtpUrl: sink.url,
      mailDir,
      from: { name: "Jai", address: "no-reply@jai.example" },
      sendTimeoutMs: 5_000,
    }),
    logger: harness.log.logger,
    pollIntervalMs: 60_000,
  });
  [owner, other] = await Promise.all([
    signUp("owner@example.com", "Malee Owner"),
    signUp("other@example.com", "Other Owner"),
  ]);
  await setPlan(owner.userId, "business");
  await testDatabase.db
    .update(workspaces)
    .set({ name: "Malee Shop" })
    .where(eq(workspaces.id, owner.userId));
});

afterAll(async () => {
  await worker?.stop();
  await sink?.close();
  await testDatabase?.cleanup();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe("inviting and joining", () => {
  let agent: Client;
  let invitationId: string;

  it("invites an agent: the email (in the chosen language) carries a one-time link, only its hash is stored", async () => {
    const invited = await owner.request("POST", "/api/console/team/invitations", {
      email: "Nok.Agent@Example.com",
      role: "agent",
      locale: "th",
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: "nok.agent@example.com",
      role: "agent",
      invitedBy: "Malee Owner",
    });
    invitationId = invited.body.id;
    const expiresIn = new Date(invited.body.expiresAt).getTime() - Date.now();
    expect(Math.round(expiresIn / 86_400_000)).toBe(7);

    const { email, link, token } = await invitationEmailTo("nok.agent@example.com");
    expect(email.header("subject")).toBe("Malee Owner เชิญคุณเข้าร่วมทีม Malee Shop บน Jai");
    expect(email.text).toContain("เจ้าหน้าที่");
    expect(link.pathname).toBe(`/th/invite/${token}`);
    const [row] = await testDatabase.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, invitationId));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The log names ids only: no address, no token.
    expect(harness.log.text()).not.toContain("nok.agent");
    expect(harness.log.text()).not.toContain(token);

    // The team lists it as waiting, holding a seat.
    const team = await owner.request("GET", "/api/console/team");
    expect(team.status).toBe(200);
    expect(team.body.members).toEqual([
      expect.objectContaining({ userId: owner.userId, role: "owner", name: "Malee Owner" }),
    ]);
    expect(team.body.invitations.map((item: { id: string }) => item.id)).toEqual([invitationId]);
    expect(team.body.seats).toEqual({ used: 2, limit: 10 });
  });

  it("refuses an invitation to a member or to an address already invited, and bad input", async () => {
    const member = await owner.request("POST", "/api/console/team/invitations", {
      email: "owner@example.com",
      role: "admin",
    });
    expect(member.status).toBe(409);
    expect(member.body.error.fields).toEqual({ email: "member" });
    const again = await owner.request("POST", "/api/console/team/invitations", {
      email: "nok.agent@example.com",
      role: "admin",
    });
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toEqual({ email: "invited" });
    const invalid = await owner.request("POST", "/api/console/team/invitations", {
      email: "not an address",
      role: "owner",
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.error.fields).sort()).toEqual(["email", "role"]);
  });

  it("shows the link's public view, and the invited person joins with the invitation's role", async () => {
    const { token } = await invitationEmailTo("nok.agent@example.com");
    const info = await owner.request("GET", `/api/invitations/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      workspaceName: "Malee Shop",
      inviterName: "Malee Owner",
      role: "agent",
      email: "no•••@example.com",
      status: "pending",
      expiresAt: expect.any(String),
    });
    expect((await owner.request("GET", `/api/invitations/${"x".repeat(43)}`)).status).toBe(404);

    agent = await signUp("nok.agent@example.com", "Nok Agent");
    // Signed out: 401.
    const anonymous = await harness.app.request(
      `${testPublicUrl}/api/invitations/${token}/accept`,
      {
        method: "POST",
        headers: { Origin: testPublicUrl },
      },
    );
    expect(anonymous.status).toBe(401);

    const accepted = await agent.request("POST", `/api/invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({
      workspaceId: owner.userId,
      role: "agent",
      next: "/app/inbox",
    });
    expect(accepted.setCookies).toEqual([
      `jai_ws=${owner.userId}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax`,
    ]);
    expect(agent.jar.get("jai_ws")).toBe(owner.userId);
    // Accepting again changes nothing.
    expect((await agent.request("POST", `/api/invitations/${token}/accept`)).status).toBe(200);

    const team = await owner.request("GET", "/api/console/team");
    expect(team.body.members).toEqual([
      expect.objectContaining({ userId: owner.userId, role: "owner" }),
      expect.objectContaining({
        userId: agent.userId,
        role: "agent",
        name: "Nok Agent",
        email: "nok.agent@example.com",
        joinedAt: expect.any(String),
      }),
    ]);
    expect(team.body.invitations).toEqual([]);
    expect(team.body.seats).toEqual({ used: 2, limit: 10 });
  });

  it("gives an agent 403 on every admin endpoint of the team and the workspace", async () => {
    const someone = owner.userId;
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/api/console/team"],
      ["POST", "/api/console/team/invitations", { email: "x@example.com", role: "agent" }],
      ["DELETE", `/api/console/team/invitations/${invitationId}`],
      ["POST", `/api/console/team/invitations/${invitationId}/resend`],
      ["PATCH", `/api/console/team/members/${agent.userId}`, { role: "admin" }],
      ["DELETE", `/api/console/team/members/${someone}`],
      ["GET", "/api/console/workspace"],
      ["PUT", "/api/console/workspace", { name: "Taken" }],
      // The console's own admin pages too.
      ["GET", "/api/console/bots"],
      ["GET", "/api/console/api-keys"],
    ];
    for (const [method, url, body] of calls) {
      const response = await agent.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    // Nothing changed.
    const [row] = await testDatabase.db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, owner.userId),
          eq(workspaceMembers.userId, agent.userId),
        ),
      );
    expect(row?.role).toBe("agent");
  });

  it("switches between the workspaces a user belongs to, and only those", async () => {
    const own = await agent.request("POST", "/api/console/workspace/switch", {
      workspaceId: agent.userId,
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: agent.userId, role: "owner" });
    expect(agent.jar.get("jai_ws")).toBe(agent.userId);
    // In their own workspace they are the owner: the team page is theirs.
    const ownTeam = await agent.request("GET", "/api/console/team");
    expect(ownTeam.status).toBe(200);
    expect(ownTeam.body.members).toEqual([expect.objectContaining({ userId: agent.userId })]);

    const foreign = await agent.request("POST", "/api/console/workspace/switch", {
      workspaceId: other.userId,
    });
    expect(foreign.status).toBe(404);
    expect(agent.jar.get("jai_ws")).toBe(agent.userId);
    const garbage = await agent.request("POST", "/api/console/workspace/switch", {
      workspaceId: "../x",
    });
    expect(garbage.status).toBe(422);

    const back = await agent.request("POST", "/api/console/workspace/switch", {
      workspaceId: owner.userId,
    });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ id: owner.userId, name: "Malee Shop", role: "agent" });
  });
});

describe("refusing an invitation link", () => {
  async function invite(email: string) {
    const response = await owner.request("POST", "/api/console/team/invitations", {
      email,
      role: "admin",
    });
    expect(response.status).toBe(201);
    return { id: response.body.id as string, ...(await invitationEmailTo(email)) };
  }

  it("refuses expired, revoked and used links, and someone signed in with another address", async () => {
    const expired = await invite("late@example.com");
    const revoked = await invite("revoked@example.com");
    const used = await invite("used@example.com");
    const [late, revokedPerson, user, stranger] = await Promise.all([
      signUp("late@example.com"),
      signUp("revoked@example.com"),
      signUp("used@example.com"),
      signUp("stranger@example.com"),
    ]);

    await testDatabase.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, expired.id));
    const lateAnswer = await late.request("POST", `/api/invitations/${expired.token}/accept`);
    expect(lateAnswer.status).toBe(409);
    expect(lateAnswer.body.error.fields).toEqual({ invitation: "expired" });
    expect((await owner.request("GET", `/api/invitations/${expired.token}`)).body.status).toBe(
      "expired",
    );

    expect(
      (await owner.request("DELETE", `/api/console/team/invitations/${revoked.id}`)).status,
    ).toBe(204);
    const revokedAnswer = await revokedPerson.request(
      "POST",
      `/api/invitations/${revoked.token}/accept`,
    );
    expect(revokedAnswer.status).toBe(409);
    expect(revokedAnswer.body.error.fields).toEqual({ invitation: "revoked" });

    const mismatch = await stranger.request("POST", `/api/invitations/${used.token}/accept`);
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.error.fields).toEqual({ email: "mismatch" });

    expect((await user.request("POST", `/api/invitations/${used.token}/accept`)).status).toBe(200);
    // Used up: nobody else gets in with it (not even the right address, later).
    await testDatabase.db
      .update(workspaceInvitations)
      .set({ acceptedBy: null })
      .where(eq(workspaceInvitations.id, used.id));
    const usedAnswer = await user.request("POST", `/api/invitations/${used.token}/accept`);
    expect(usedAnswer.status).toBe(409);
    expect(usedAnswer.body.error.fields).toEqual({ invitation: "used" });

    // None of the refused ones became members.
    const members = await testDatabase.db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, owner.userId));
    const ids = members.map((row) => row.userId);
    expect(ids).toContain(user.userId);
    for (const refused of [late, revokedPerson, stranger])
      expect(ids).not.toContain(refused.userId);
  });

  it("sends an invitation again with a new link: the old one stops working", async () => {
    const first = await invite("resend@example.com");
    const resent = await owner.request("POST", `/api/console/team/invitations/${first.id}/resend`);
    expect(resent.status).toBe(200);
    const second = await invitationEmailTo("resend@example.com");
    expect(second.token).not.toBe(first.token);
    expect((await owner.request("GET", `/api/invitations/${first.token}`)).status).toBe(404);
    expect((await owner.request("GET", `/api/invitations/${second.token}`)).body.status).toBe(
      "pending",
    );
    // English by default (the owner's request language).
    expect(second.email.header("subject")).toBe("Malee Owner invited you to Malee Shop on Jai");
    expect(second.link.pathname).toBe(`/invite/${second.token}`);
  });
});

describe("seats", () => {
  it("lets exactly the plan's seats through when five invitations race", async () => {
    const small = await signUp("small@example.com", "Small Shop");
    await setPlan(small.userId, "pro");
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        small.request("POST", "/api/console/team/invitations", {
          email: `seat${n}@example.com`,
          role: "agent",
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    // Pro has 3 seats: the owner and two invitations.
    expect(statuses).toEqual([201, 201, 403, 403, 403]);
    for (const refused of answers.filter((answer) => answer.status === 403)) {
      expect(refused.body.error).toMatchObject({
        code: "PLAN_LIMIT_REACHED",
        fields: { limit: "seats" },
      });
      expect(refused.body.error.message).toMatch(/seat/);
    }
    const team = await small.request("GET", "/api/console/team");
    expect(team.body.seats).toEqual({ used: 3, limit: 3 });

    // Revoking one frees its seat.
    const revokedId = team.body.invitations[0].id;
    expect(
      (await small.request("DELETE", `/api/console/team/invitations/${revokedId}`)).status,
    ).toBe(204);
    expect(
      (
        await small.request("POST", "/api/console/team/invitations", {
          email: "seat6@example.com",
          role: "agent",
        })
      ).status,
    ).toBe(201);
    // Starter has one seat: the owner alone.
    await setPlan(small.userId, "starter");
    const starter = await small.request("POST", "/api/console/team/invitations", {
      email: "seat7@example.com",
      role: "agent",
    });
    expect(starter.status).toBe(403);
  });
});

describe("roles and removal", () => {
  let admin: Client;
  let agent: Client;

  beforeAll(async () => {
    for (const [email, role] of [
      ["nid.admin@example.com", "admin"],
      ["ploy.agent@example.com", "agent"],
    ] as const) {
      const invited = await owner.request("POST", "/api/console/team/invitations", {
        email,
        role,
      });
      expect(invited.status).toBe(201);
    }
    [admin, agent] = await Promise.all([
      signUp("nid.admin@example.com", "Nid Admin"),
      signUp("ploy.agent@example.com", "Ploy Agent"),
    ]);
    for (const client of [admin, agent]) {
      const { token } = await invitationEmailTo(client.email);
      expect((await client.request("POST", `/api/invitations/${token}/accept`)).status).toBe(200);
    }
  });

  it("lets admins and the owner change roles, never the owner's", async () => {
    const promoted = await admin.request("PATCH", `/api/console/team/members/${agent.userId}`, {
      role: "admin",
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ userId: agent.userId, role: "admin" });
    const demoted = await owner.request("PATCH", `/api/console/team/members/${agent.userId}`, {
      role: "agent",
    });
    expect(demoted.body.role).toBe("agent");

    const ownerChange = await admin.request("PATCH", `/api/console/team/members/${owner.userId}`, {
      role: "agent",
    });
    expect(ownerChange.status).toBe(409);
    expect(ownerChange.body.error.fields).toEqual({ role: "owner" });
    const toOwner = await owner.request("PATCH", `/api/console/team/members/${agent.userId}`, {
      role: "owner",
    });
    expect(toOwner.status).toBe(422);
    const unknown = await owner.request("PATCH", "/api/console/team/members/nobody", {
      role: "admin",
    });
    expect(unknown.status).toBe(404);
  });

  it("removes a member: their open conversations wait for a person again, unassigned", async () => {
    const db = testDatabase.db;
    await createTestBot(db, { id: "team-bot" });
    await db.update(bots).set({ ownerId: owner.userId }).where(eq(bots.id, "team-bot"));
    const [contact] = await db
      .insert(contacts)
      .values({ botId: "team-bot", externalId: "customer-1" })
      .returning({ id: contacts.id });
    const rows = await db
      .insert(conversations)
      .values(
        (["open", "snoozed", "resolved"] as const).map((status) => ({
          botId: "team-bot",
          contactId: contact!.id,
          workspaceId: owner.userId,
          status,
          assigneeId: agent.userId,
        })),
      )
      .returning({ id: conversations.id, status: conversations.status });

    // An agent cannot remove anyone else; nobody removes the owner.
    expect(
      (await agent.request("DELETE", `/api/console/team/members/${admin.userId}`)).status,
    ).toBe(403);
    const ownerRemoval = await admin.request("DELETE", `/api/console/team/members/${owner.userId}`);
    expect(ownerRemoval.status).toBe(409);
    expect(ownerRemoval.body.error.fields).toEqual({ member: "owner" });

    expect(
      (await admin.request("DELETE", `/api/console/team/members/${agent.userId}`)).status,
    ).toBe(204);
    const after = await db
      .select({
        id: conversations.id,
        status: conversations.status,
        assigneeId: conversations.assigneeId,
        waitingSince: conversations.waitingSince,
      })
      .from(conversations)
      .where(eq(conversations.botId, "team-bot"));
    const byId = new Map(after.map((row) => [row.id, row]));
    const [open, snoozed, resolved] = rows.map((row) => byId.get(row.id)!);
    expect(open).toMatchObject({ status: "pending", assigneeId: null });
    expect(open!.waitingSince).toBeInstanceOf(Date);
    expect(snoozed).toMatchObject({ status: "snoozed", assigneeId: null });
    expect(resolved).toMatchObject({ status: "resolved", assigneeId: null });
    const events = await db
      .select({ conversationId: inboxEvents.conversationId })
      .from(inboxEvents)
      .where(eq(inboxEvents.workspaceId, owner.userId));
    expect(events.map((event) => event.conversationId).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );

    // Removed: the team is no longer theirs to see (they act in their own workspace again).
    const ownTeam = await agent.request("GET", "/api/console/team");
    expect(ownTeam.body.members).toEqual([expect.objectContaining({ userId: agent.userId })]);
  });

  it("lets a member leave, and forgets the workspace in their browser", async () => {
    const left = await admin.request("DELETE", `/api/console/team/members/${admin.userId}`);
    expect(left.status).toBe(204);
    expect(left.setCookies[0]).toMatch(/^jai_ws=; Max-Age=0; Path=\//);
    const [membership] = await testDatabase.db
      .select()
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, owner.userId),
          eq(workspaceMembers.userId, admin.userId),
        ),
      );
    expect(membership).toBeUndefined();
    // The owner cannot leave their own workspace.
    expect(
      (await owner.request("DELETE", `/api/console/team/members/${owner.userId}`)).status,
    ).toBe(409);
  });
});

describe("another workspace's ids", () => {
  it("answers 404 to everything aimed at another workspace's team", async () => {
    const waiting = await owner.request("POST", "/api/console/team/invitations", {
      email: "cross@example.com",
      role: "agent",
    });
    expect(waiting.status).toBe(201);
    const [member] = await testDatabase.db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, owner.userId), eq(workspaceMembers.role, "agent")),
      );
    expect(member).toBeDefined();
    const calls: Array<[string, string, unknown?]> = [
      ["DELETE", `/api/console/team/invitations/${waiting.body.id}`],
      ["POST", `/api/console/team/invitations/${waiting.body.id}/resend`],
      ["PATCH", `/api/console/team/members/${member!.userId}`, { role: "admin" }],
      ["DELETE", `/api/console/team/members/${member!.userId}`],
      ["POST", "/api/console/workspace/switch", { workspaceId: owner.userId }],
    ];
    for (const [method, url, body] of calls) {
      const response = await other.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    // B's own team shows nothing of A's.
    const team = await other.request("GET", "/api/console/team");
    expect(team.body.members).toEqual([expect.objectContaining({ userId: other.userId })]);
    expect(team.body.invitations).toEqual([]);
    // A's invitation still waits.
    const [row] = await testDatabase.db
      .select({ revokedAt: workspaceInvitations.revokedAt })
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.id, waiting.body.id));
    expect(row?.revokedAt).toBeNull();
  });
});

describe("workspace settings", () => {
  const valid = {
    name: "Malee Shop & Café",
    businessHours: {
      enabled: true,
      timeZone: "Asia/Tokyo",
      days: [
        { day: 6, open: "10:00", close: "14:00" },
        { day: 1, open: "08:30", close: "17:30" },
      ],
    },
    alerts: { newConversation: true, waitingMinutes: 15, lineEnabled: true },
  };

  it("answers the defaults for a workspace that never saved settings", async () => {
    const response = await other.request("GET", "/api/console/workspace");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      name: "Other Owner",
      businessHours: {
        enabled: false,
        timeZone: "Asia/Bangkok",
        days: [1, 2, 3, 4, 5].map((day) => ({ day, open: "09:00", close: "18:00" })),
      },
      alerts: { newConversation: false, waitingMinutes: 10, lineEnabled: false },
      lineStaffGroup: null,
    });
  });

  it("saves the name, hours and alerts, and keeps the LINE staff group learnt from LINE", async () => {
    const group = {
      connectionId: "not-a-connection",
      groupId: "C123",
      joinedAt: "2026-01-02T03:04:05.000Z",
    };
    await testDatabase.db
      .update(workspaces)
      .set({
        alerts: {
          newConversation: false,
          waitingMinutes: 5,
          lineEnabled: false,
          lineStaffGroup: group,
        },
      })
      .where(eq(workspaces.id, other.userId));
    const saved = await other.request("PUT", "/api/console/workspace", valid);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      name: "Malee Shop & Café",
      businessHours: {
        ...valid.businessHours,
        days: [valid.businessHours.days[1], valid.businessHours.days[0]],
      },
      alerts: valid.alerts,
      lineStaffGroup: { botId: null, groupId: "C123", joinedAt: group.joinedAt },
    });
    const [row] = await testDatabase.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, other.userId));
    expect(row!.alerts).toEqual({ ...valid.alerts, lineStaffGroup: group });
    const loaded = await harness.services.workspaces.settings.load(other.userId);
    expect(loaded.alerts.lineStaffGroup).toEqual(group);
    expect(loaded.businessHours.timeZone).toBe("Asia/Tokyo");
  });

  it("refuses invalid settings field by field", async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...valid, name: "  " }, "name"],
      [{ ...valid, name: "x".repeat(81) }, "name"],
      [
        {
          ...valid,
          businessHours: {
            ...valid.businessHours,
            days: [{ day: 1, open: "18:00", close: "09:00" }],
          },
        },
        "businessHours.days",
      ],
      [
        {
          ...valid,
          businessHours: {
            ...valid.businessHours,
            days: [{ day: 1, open: "9:00", close: "25:00" }],
          },
        },
        "businessHours.days.0.open",
      ],
      [
        { ...valid, businessHours: { ...valid.businessHours, timeZone: "Mars/Olympus" } },
        "businessHours.timeZone",
      ],
      [{ ...valid, alerts: { ...valid.alerts, waitingMinutes: -1 } }, "alerts.waitingMinutes"],
      [{ ...valid, alerts: { ...valid.alerts, waitingMinutes: 1.5 } }, "alerts.waitingMinutes"],
    ];
    for (const [body, field] of cases) {
      const response = await other.request("PUT", "/api/console/workspace", body);
      expect(response.status, field).toBe(422);
      expect(Object.keys(response.body.error.fields), field).toContain(field);
    }
    const notJson = await harness.app.request(`${testPublicUrl}/api/console/workspace`, {
      method: "PUT",
      headers: {
        Origin: testPublicUrl,
        Cookie: [...other.jar].map(([key, value]) => `${key}=${value}`).join("; "),
        "Content-Type": "text/plain",
      },
      body: "name=x",
    });
    expect(notJson.status).toBe(415);
    const [row] = await testDatabase.db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, other.userId));
    expect(row?.name).toBe("Malee Shop & Café");
  });

  it("refuses a write from another site", async () => {
    const response = await harness.app.request(`${testPublicUrl}/api/console/team/invitations`, {
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        Cookie: [...owner.jar].map(([key, value]) => `${key}=${value}`).join("; "),
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ email: "csrf@example.com", role: "admin" }),
    });
    expect(response.status).toBe(403);
  });
});
