import {
  apiKeys,
  bots,
  cannedReplies,
  contacts,
  conversationReads,
  conversations,
  eq,
  invoices,
  knowledgeSources,
  marketplaceListings,
  messages,
  ownerPlans,
  payments,
  personas,
  withholdingCertificates,
  workspaceInvitations,
  workspaceMembers,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { numberInvoice, sellerFromEnv } from "../modules/billing/invoice-documents";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
} from "../test/console-test-app";

// Owners sign up through the real auth (scrypt): slow on a busy machine, so more time than the
// default 5 seconds.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/** A's ids, which B tries to reach. */
type Ids = {
  personaId: string;
  botId: string;
  conversationId: string;
  sourceId: string;
  keyId: string;
  /** B's own bot: A's conversation through it must not show either. */
  ownBotId: string;
  webhookId: string;
  /** The contact of A's conversation (its memory). */
  contactId: string;
  /** A's canned reply, A's pending invitation, and A's agent (a member of A's workspace). */
  cannedId: string;
  invitationId: string;
  memberId: string;
};

type Endpoint = {
  name: string;
  /** Sends B's request (with A's ids); the answer must be 404. */
  send(b: OwnerClient, ids: Ids, app: ConsoleTestApp): Promise<{ status: number }>;
};

const json = (method: string, path: (ids: Ids) => string, body?: (ids: Ids) => unknown) => ({
  name: `${method} ${path({
    personaId: ":personaId",
    botId: ":botId",
    conversationId: ":conversationId",
    sourceId: ":sourceId",
    keyId: ":keyId",
    ownBotId: ":ownBotId",
    webhookId: ":webhookId",
    contactId: ":contactId",
    cannedId: ":cannedId",
    invitationId: ":invitationId",
    memberId: ":memberId",
  })}`,
  method,
  path,
  body,
  send: (b: OwnerClient, ids: Ids) => b.request(method, path(ids), body?.(ids)),
});

/** The inbox's rows: A's conversation, message, contact and canned reply. */
function inboxEndpoints() {
  return [
    json("GET", (ids) => `/api/console/inbox/conversations/${ids.conversationId}`),
    json(
      "POST",
      (ids) => `/api/console/inbox/conversations/${ids.conversationId}/messages`,
      () => ({ text: "Taken over", clientId: "00000000-0000-4000-8000-000000000001" }),
    ),
    json(
      "POST",
      (ids) =>
        `/api/console/inbox/conversations/${ids.conversationId}/messages/${ids.conversationId}/retry`,
    ),
    json(
      "POST",
      (ids) => `/api/console/inbox/conversations/${ids.conversationId}/actions`,
      () => ({ action: "take_over" }),
    ),
    json(
      "POST",
      (ids) => `/api/console/inbox/conversations/${ids.conversationId}/actions`,
      () => ({ action: "resolve" }),
    ),
    json("POST", (ids) => `/api/console/inbox/conversations/${ids.conversationId}/read`),
    json(
      "PATCH",
      (ids) => `/api/console/inbox/contacts/${ids.contactId}`,
      () => ({ notes: "Taken over" }),
    ),
    json(
      "PUT",
      (ids) => `/api/console/inbox/canned-replies/${ids.cannedId}`,
      () => ({ shortcut: "taken", body: "Taken over" }),
    ),
    json("DELETE", (ids) => `/api/console/inbox/canned-replies/${ids.cannedId}`),
  ];
}

type AdminEndpoint = Endpoint & { path: (ids: Ids) => string; method: string };

/**
 * Admin-only endpoints: everything in the console but the inbox, contacts and transcripts
 * (agents' work), the public API (keys), the customer's pages, and the workspace switch.
 */
function isAdminOnly(endpoint: Endpoint): endpoint is AdminEndpoint {
  const { name } = endpoint;
  if (!name.includes("/api/console/") || name.includes("(B's API key)")) return false;
  if (name.includes("/api/console/inbox/canned-replies/")) return true;
  return ![
    "/api/console/inbox/",
    "/conversations",
    "/attachments/",
    "/contacts/",
    "/api/console/workspace/switch",
  ].some((part) => name.includes(part));
}

/** A's workspace id (its owner's user id), known once A signed up. */
let workspaceOfAId = "";
const workspaceOfA = (_app: ConsoleTestApp) => workspaceOfAId;

/** A's numbered invoice, with a withholding certificate (made in beforeAll below). */
let invoiceOfAId = "";
/** A's open invoice and its pending PromptPay payment (console-billing.ts). */
let openInvoiceOfAId = "";
let paymentOfAId = "";

/** Billing documents (console-invoices.ts): A's invoice, its PDF and its certificate. */
function invoiceEndpoints(): Endpoint[] {
  const path = (rest: string) => `/api/console/billing/invoices/${invoiceOfAId}${rest}`;
  const certificate = new TextEncoder().encode("%PDF-1.7\n% B's certificate\n");
  return [
    {
      name: "GET /api/console/billing/invoices/:invoiceId/pdf",
      send: (b) => b.fetch("GET", path("/pdf")),
    },
    {
      name: "GET /api/console/billing/invoices/:invoiceId/pdf?lang=en",
      send: (b) => b.fetch("GET", path("/pdf?lang=en")),
    },
    {
      name: "GET /api/console/billing/invoices/:invoiceId/withholding-certificate",
      send: (b) => b.fetch("GET", path("/withholding-certificate")),
    },
    {
      name: "PUT /api/console/billing/invoices/:invoiceId/withholding-certificate",
      send: (b) =>
        b.fetch("PUT", path("/withholding-certificate"), {
          headers: { "Content-Type": "application/pdf" },
          body: certificate,
        }),
    },
    {
      name: "DELETE /api/console/billing/invoices/:invoiceId/withholding-certificate",
      send: (b) => b.fetch("DELETE", path("/withholding-certificate")),
    },
    // payments (console-billing.ts): A's pending payment, its QR, A's open invoice paid by B
    {
      name: "GET /api/console/billing/payments/:paymentId",
      send: (b) => b.fetch("GET", `/api/console/billing/payments/${paymentOfAId}`),
    },
    {
      name: "GET /api/console/billing/payments/:paymentId/qr",
      send: (b) => b.fetch("GET", `/api/console/billing/payments/${paymentOfAId}/qr`),
    },
    {
      name: "PUT /api/console/billing/invoices/:openInvoiceId/withholding",
      send: (b) =>
        b.request("PUT", `/api/console/billing/invoices/${openInvoiceOfAId}/withholding`, {
          withholds: false,
        }),
    },
    {
      name: "POST /api/console/billing/invoices/:openInvoiceId/pay",
      send: (b) =>
        b.request("POST", `/api/console/billing/invoices/${openInvoiceOfAId}/pay`, {
          method: "promptpay",
        }),
    },
  ];
}

/**
 * Every owner-scoped endpoint, called by owner B with owner A's ids. New owner-scoped
 * endpoints get a row here.
 */
const endpoints: Endpoint[] = [
  // personas
  json("GET", (ids) => `/api/console/personas/${ids.personaId}`),
  json(
    "PUT",
    (ids) => `/api/console/personas/${ids.personaId}`,
    () => ({ name: "Taken over" }),
  ),
  json("DELETE", (ids) => `/api/console/personas/${ids.personaId}`),
  json("POST", (ids) => `/api/console/personas/${ids.personaId}/duplicate`),
  // bots
  json(
    "POST",
    () => "/api/console/bots",
    (ids) => ({ personaId: ids.personaId, name: "On A's persona" }),
  ),
  json("GET", (ids) => `/api/console/bots/${ids.botId}`),
  json(
    "PATCH",
    (ids) => `/api/console/bots/${ids.botId}`,
    () => ({ name: "Taken over", status: "paused" }),
  ),
  json(
    "PATCH",
    (ids) => `/api/console/bots/${ids.ownBotId}`,
    (ids) => ({ personaId: ids.personaId }),
  ),
  // A provider and key are checked with the provider only after the bot is found to be B's.
  json(
    "PATCH",
    (ids) => `/api/console/bots/${ids.botId}`,
    () => ({ provider: "openai", providerKey: "sk-taken-over-0123456789" }),
  ),
  json(
    "POST",
    () => "/api/console/bots",
    (ids) => ({
      personaId: ids.personaId,
      name: "On A's persona",
      provider: "anthropic",
      providerKey: "sk-ant-0123456789",
    }),
  ),
  json("DELETE", (ids) => `/api/console/bots/${ids.botId}`),
  // conversations
  json("GET", (ids) => `/api/console/bots/${ids.botId}/conversations`),
  json("GET", (ids) => `/api/console/bots/${ids.botId}/channels`),
  // A's webhook endpoint (made in beforeAll below through A's session).
  json(
    "PATCH",
    (ids) => `/api/console/webhooks/${ids.webhookId}`,
    () => ({ enabled: false }),
  ),
  json("DELETE", (ids) => `/api/console/webhooks/${ids.webhookId}`),
  json("POST", (ids) => `/api/console/webhooks/${ids.webhookId}/secret`),
  json("POST", (ids) => `/api/console/webhooks/${ids.webhookId}/test`),
  json("GET", (ids) => `/api/console/webhooks/${ids.webhookId}/deliveries`),
  json(
    "PUT",
    (ids) => `/api/console/bots/${ids.botId}/channels/widget`,
    () => ({
      enabled: true,
      settings: { allowedOrigins: ["https://evil.example"] },
    }),
  ),
  json("POST", (ids) => `/api/console/bots/${ids.botId}/channels/widget/identity-secret`),
  // LINE: another owner's bot cannot be connected, read, disconnected or metered.
  json("GET", (ids) => `/api/console/bots/${ids.botId}/channels/line`),
  json(
    "PUT",
    (ids) => `/api/console/bots/${ids.botId}/channels/line`,
    () => ({
      channelId: "1657000001",
      channelSecret: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      accessToken: "a-token-long-enough-to-pass-the-schema",
    }),
  ),
  json("DELETE", (ids) => `/api/console/bots/${ids.botId}/channels/line`),
  json("GET", (ids) => `/api/console/bots/${ids.botId}/channels/line/quota`),
  // Messenger, Instagram, TikTok: the same for another owner's bot.
  ...(["messenger", "instagram"] as const).flatMap((channel) => [
    json("GET", (ids) => `/api/console/bots/${ids.botId}/channels/${channel}`),
    json(
      "PUT",
      (ids) => `/api/console/bots/${ids.botId}/channels/${channel}`,
      () => ({
        pageId: "1234567890",
        pageAccessToken: "EAAB-a-token-long-enough-to-pass",
        appSecret: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
        instagramAccountId: "17841400000000000",
      }),
    ),
    json(
      "PATCH",
      (ids) => `/api/console/bots/${ids.botId}/channels/${channel}`,
      () => ({ humanAgentTag: true }),
    ),
    json("POST", (ids) => `/api/console/bots/${ids.botId}/channels/${channel}/verify-token`),
    json("DELETE", (ids) => `/api/console/bots/${ids.botId}/channels/${channel}`),
  ]),
  json("GET", (ids) => `/api/console/bots/${ids.botId}/channels/tiktok`),
  json(
    "PUT",
    (ids) => `/api/console/bots/${ids.botId}/channels/tiktok`,
    () => ({
      appId: "aw1234567890",
      appSecret: "cccccccccccccccccccccccccccccccc",
      businessId: "business-open-id-1",
      accessToken: "act.a-token-long-enough-to-pass",
    }),
  ),
  json("DELETE", (ids) => `/api/console/bots/${ids.botId}/channels/tiktok`),
  json("GET", (ids) => `/api/console/bots/${ids.botId}/attachments/${ids.conversationId}`),
  json("GET", (ids) => `/api/console/bots/${ids.botId}/conversations?search=hello`),
  json("GET", (ids) => `/api/console/bots/${ids.botId}/conversations/${ids.conversationId}`),
  json("GET", (ids) => `/api/console/bots/${ids.ownBotId}/conversations/${ids.conversationId}`),
  json("GET", (ids) => `/api/console/bots/${ids.botId}/conversations.csv`),
  // a contact's memory (the transcript's memory panel)
  json(
    "PUT",
    (ids) => `/api/console/bots/${ids.botId}/contacts/${ids.contactId}/memory`,
    () => ({ memory: "- Taken over" }),
  ),
  json("DELETE", (ids) => `/api/console/bots/${ids.botId}/contacts/${ids.contactId}/memory`),
  json(
    "PUT",
    (ids) => `/api/console/bots/${ids.ownBotId}/contacts/${ids.contactId}/memory`,
    () => ({ memory: "- Taken over" }),
  ),
  json("DELETE", (ids) => `/api/console/bots/${ids.ownBotId}/contacts/${ids.contactId}/memory`),
  // the team inbox (inbox.ts): conversations, replies, actions, contacts, canned replies
  ...inboxEndpoints(),
  // a bot's handoff settings
  json("GET", (ids) => `/api/console/bots/${ids.botId}/handoff`),
  json(
    "PUT",
    (ids) => `/api/console/bots/${ids.botId}/handoff`,
    () => ({ onRequest: false }),
  ),
  // teammates (team.ts): A's invitation and A's member
  json("DELETE", (ids) => `/api/console/team/invitations/${ids.invitationId}`),
  json("POST", (ids) => `/api/console/team/invitations/${ids.invitationId}/resend`),
  json(
    "PATCH",
    (ids) => `/api/console/team/members/${ids.memberId}`,
    () => ({ role: "admin" }),
  ),
  json("DELETE", (ids) => `/api/console/team/members/${ids.memberId}`),
  {
    name: "POST /api/console/workspace/switch (to A's workspace)",
    send: (b, _ids, app) =>
      b.request("POST", "/api/console/workspace/switch", { workspaceId: workspaceOfA(app) }),
  },
  // the customer's own event stream, asked with B's cookies (not A's customer)
  json("GET", (ids) => `/api/bots/${ids.botId}/conversations/${ids.conversationId}/events`),
  json("POST", (ids) => `/api/bots/${ids.botId}/conversations/${ids.conversationId}/typing`),
  json(
    "POST",
    (ids) => `/api/bots/${ids.botId}/conversations/${ids.conversationId}/feedback`,
    (ids) => ({ messageId: ids.conversationId, rating: "up" }),
  ),
  json(
    "POST",
    (ids) => `/api/bots/${ids.botId}/conversations/${ids.conversationId}/csat`,
    () => ({ score: 5 }),
  ),
  // customers' feedback (console-feedback.ts) and the improvement queue (console-improve.ts)
  json("GET", (ids) => `/api/console/feedback?botId=${ids.botId}`),
  json("GET", (ids) => `/api/console/improve/queue?botId=${ids.botId}`),
  json("GET", (ids) => `/api/console/improve/answers?botId=${ids.botId}`),
  json(
    "POST",
    () => "/api/console/improve/answers",
    (ids) => ({ botId: ids.botId, question: "Parking?", answer: "Yes" }),
  ),
  json(
    "POST",
    () => "/api/console/improve/dismiss",
    (ids) => ({ botId: ids.botId, key: "parking" }),
  ),
  // billing documents (console-invoices.ts)
  ...invoiceEndpoints(),
  // the dashboard (console-analytics.ts): A's bot as a filter
  json("GET", (ids) => `/api/console/analytics/overview?period=7d&botId=${ids.botId}`),
  json("GET", (ids) => `/api/console/analytics/forecast?botId=${ids.botId}`),
  // a teammate's image for LINE, without the server's signature
  json("GET", (ids) => `/api/media/${ids.conversationId}/forged-signature`),
  // knowledge (console-knowledge.ts)
  json("GET", (ids) => `/api/console/bots/${ids.botId}/knowledge`),
  json(
    "POST",
    (ids) => `/api/console/bots/${ids.botId}/knowledge`,
    () => ({ kind: "text", title: "Injected", text: "Injected text" }),
  ),
  {
    name: "POST /api/console/bots/:botId/knowledge/files",
    send: (b, ids) => {
      const form = new FormData();
      form.set("file", new File(["Injected text"], "notes.txt", { type: "text/plain" }));
      return b.fetch("POST", `/api/console/bots/${ids.botId}/knowledge/files`, { body: form });
    },
  },
  json(
    "POST",
    (ids) => `/api/console/bots/${ids.botId}/knowledge/search`,
    () => ({ question: "opening hours" }),
  ),
  json("DELETE", (ids) => `/api/console/bots/${ids.botId}/knowledge/${ids.sourceId}`),
  json("DELETE", (ids) => `/api/console/bots/${ids.ownBotId}/knowledge/${ids.sourceId}`),
  // API keys
  json("DELETE", (ids) => `/api/console/api-keys/${ids.keyId}`),
  // marketplace (owner side): submitting someone else's persona
  json(
    "POST",
    () => "/api/marketplace/listings",
    (ids) => ({ personaId: ids.personaId, category: "other", language: "english" }),
  ),
  // the public API with B's key, on A's bot, conversations and knowledge
  ...(
    [
      ["GET", (ids) => `/api/v1/bots/${ids.botId}`],
      ["GET", (ids) => `/api/v1/conversations/${ids.conversationId}`],
      ["GET", (ids) => `/api/v1/conversations/${ids.conversationId}/messages`],
      ["GET", (ids) => `/api/v1/bots/${ids.botId}/knowledge`],
      ["GET", (ids) => `/api/v1/bots/${ids.botId}/knowledge/${ids.sourceId}`],
      ["DELETE", (ids) => `/api/v1/bots/${ids.botId}/knowledge/${ids.sourceId}`],
      [
        "POST",
        (ids) => `/api/v1/bots/${ids.botId}/knowledge`,
        { kind: "text", title: "x", text: "y" },
      ],
      [
        "POST",
        (ids) => `/api/v1/bots/${ids.ownBotId}/chat`,
        (ids: Ids) => ({ message: "hi", conversationId: ids.conversationId }),
      ],
    ] as [string, (ids: Ids) => string, unknown?][]
  ).map(([method, path, body]) => ({
    name: `${method} ${path({ personaId: ":personaId", botId: ":botId", conversationId: ":conversationId", sourceId: ":sourceId", keyId: ":keyId", ownBotId: ":ownBotId", webhookId: ":webhookId", contactId: ":contactId", cannedId: ":cannedId", invitationId: ":invitationId", memberId: ":memberId" })} (B's API key)`,
    send: async (b: OwnerClient, ids: Ids, { app }: ConsoleTestApp) => {
      const created = await b.request("POST", "/api/console/api-keys", { name: "B" });
      const payload = typeof body === "function" ? (body as (ids: Ids) => unknown)(ids) : body;
      return app.request(path(ids), {
        method,
        headers: {
          Authorization: `Bearer ${created.body.key}`,
          ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
    },
  })),
  // the public API with B's key, on A's bot
  {
    name: "POST /api/v1/bots/:botId/chat (B's API key)",
    send: async (b, ids, { app }) => {
      const created = await b.request("POST", "/api/console/api-keys", { name: "B" });
      return app.request(`/api/v1/bots/${ids.botId}/chat`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${created.body.key}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ message: "hello", conversationId: ids.conversationId }),
      });
    },
  },
];

describe("owner console access: another owner's ids answer 404 and change nothing", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let a: OwnerClient;
  let b: OwnerClient;
  let agentOfA: OwnerClient;
  let adminOfB: OwnerClient;
  let otherOfAId = "";
  let ids: Ids;

  // One owner A with one of everything, shared by every row: each row compares A's data before
  // and after B's request, so a request that changed anything fails its own row, and the suite
  // stays fast as the matrix grows (a fresh database per row cost ~2 s each).
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase);
    a = await signInOwner(testApp, testDatabase, "a@example.com");
    b = await signInOwner(testApp, testDatabase, "b@example.com");

    const persona = await a.request("POST", "/api/console/personas", {
      name: "Mali",
      faqs: [{ question: "When are you open?", answer: "Every day 9 to 5." }],
    });
    const bot = await a.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "A's bot",
    });
    const chat = await testApp.app.request(`/api/bots/${bot.body.id}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ message: "hello there" }),
    });
    const source = await a.request("POST", `/api/console/bots/${bot.body.id}/knowledge`, {
      kind: "text",
      title: "Hours",
      text: "We are open every day from 9 to 5.",
    });
    const key = await a.request("POST", "/api/console/api-keys", { name: "A's key" });
    const webhook = await a.request("POST", "/api/console/webhooks", {
      url: "https://93.184.216.34/hooks",
      events: ["message.created"],
    });
    const canned = await a.request("POST", "/api/console/inbox/canned-replies", {
      shortcut: "hours",
      body: "เปิดทุกวัน 9 โมงถึง 5 โมงเย็นค่ะ",
    });
    const invitation = await a.request("POST", "/api/console/team/invitations", {
      email: "invited@example.com",
      role: "agent",
    });
    agentOfA = await signInOwner(testApp, testDatabase, "agent-of-a@example.com");
    // Another of A's agents: the one the role and removal rows are about (leaving one's own
    // workspace is allowed, so it cannot be the agent who makes the requests).
    const otherOfA = await signInOwner(testApp, testDatabase, "other-of-a@example.com");
    await testDatabase.db.insert(workspaceMembers).values([
      { workspaceId: a.ownerId, userId: agentOfA.ownerId, role: "agent" },
      { workspaceId: a.ownerId, userId: otherOfA.ownerId, role: "agent" },
    ]);
    otherOfAId = otherOfA.ownerId;
    // A member of B's workspace (an admin there), who must see no more of A than B does.
    adminOfB = await signInOwner(testApp, testDatabase, "admin-of-b@example.com");
    await testDatabase.db
      .insert(workspaceMembers)
      .values({ workspaceId: b.ownerId, userId: adminOfB.ownerId, role: "admin" });
    workspaceOfAId = a.ownerId;
    const ownPersona = await b.request("POST", "/api/console/personas", { name: "B's" });
    const ownBot = await b.request("POST", "/api/console/bots", {
      personaId: ownPersona.body.id,
      name: "B's bot",
    });
    for (const response of [
      persona,
      bot,
      source,
      key,
      ownPersona,
      ownBot,
      webhook,
      canned,
      invitation,
    ]) {
      expect(response.status).toBe(201);
    }
    expect(chat.status).toBe(200);
    const conversationId = ((await chat.json()) as { conversationId: string }).conversationId;
    const [contact] = await testDatabase.db
      .select({ id: conversations.contactId })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    // Something to lose: the contact's memory.
    await testDatabase.db
      .update(contacts)
      .set({ memory: "- Name: A's customer", memoryUpdatedAt: new Date() })
      .where(eq(contacts.id, contact!.id));
    ids = {
      personaId: persona.body.id,
      botId: bot.body.id,
      conversationId,
      sourceId: source.body.id,
      keyId: key.body.id,
      ownBotId: ownBot.body.id,
      webhookId: webhook.body.id,
      contactId: contact!.id,
      cannedId: canned.body.id,
      invitationId: invitation.body.id,
      memberId: otherOfAId,
    };
    // A paid invoice of A's, numbered, with a withholding certificate.
    const [invoice] = await testDatabase.db
      .insert(invoices)
      .values({
        ownerId: a.ownerId,
        status: "open",
        reason: "subscription",
        planId: "starter",
        billingCycle: "monthly",
        periodStart: new Date(),
        periodEnd: new Date(Date.now() + 30 * 24 * 3600_000),
        lines: [
          {
            description: { th: "แพ็กเกจ Starter", en: "Starter plan" },
            quantity: 1,
            amountSatang: 99_000,
          },
        ],
        subtotalSatang: 92_523,
        vatSatang: 6_477,
        totalSatang: 99_000,
      })
      .returning();
    invoiceOfAId = invoice!.id;
    await testDatabase.db.transaction((tx) =>
      numberInvoice(tx, {
        invoiceId: invoiceOfAId,
        now: new Date(),
        seller: sellerFromEnv({
          BILLING_SELLER_NAME_TH: "บริษัท ใจ แพลตฟอร์ม จำกัด",
          BILLING_SELLER_NAME_EN: "Jai Platform Co., Ltd.",
          BILLING_SELLER_ADDRESS_TH: "กรุงเทพมหานคร",
          BILLING_SELLER_ADDRESS_EN: "Bangkok",
          BILLING_SELLER_TAX_ID: "0105566000010",
          BILLING_SELLER_BRANCH: "00000",
        }),
      }),
    );
    // An open invoice of A's with a pending PromptPay payment.
    const [open] = await testDatabase.db
      .insert(invoices)
      .values({
        ownerId: a.ownerId,
        status: "open",
        reason: "renewal",
        planId: "starter",
        billingCycle: "monthly",
        periodStart: new Date(),
        periodEnd: new Date(Date.now() + 30 * 24 * 3600_000),
        lines: [],
        subtotalSatang: 92_523,
        vatSatang: 6_477,
        totalSatang: 99_000,
      })
      .returning();
    openInvoiceOfAId = open!.id;
    const [payment] = await testDatabase.db
      .insert(payments)
      .values({
        ownerId: a.ownerId,
        invoiceId: openInvoiceOfAId,
        provider: "omise",
        method: "promptpay",
        providerChargeId: "chrg_test_of_a",
        amountSatang: 99_000,
        status: "pending",
        promptPay: {
          imageUrl: "http://127.0.0.1:9/qr.png",
          payload: null,
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        },
      })
      .returning();
    paymentOfAId = payment!.id;
    await testDatabase.db.insert(withholdingCertificates).values({
      invoiceId: invoiceOfAId,
      ownerId: a.ownerId,
      fileName: "a.pdf",
      contentType: "application/pdf",
      bytes: new TextEncoder().encode("%PDF-1.7\n% A's certificate\n"),
    });
    // Both of A's teammates and B's admin act in the workspace they belong to.
    for (const member of [agentOfA, adminOfB]) {
      await member.request("POST", "/api/console/workspace/switch", {
        workspaceId: member === agentOfA ? a.ownerId : b.ownerId,
      });
    }
  });
  afterAll(() => testDatabase.cleanup());

  async function snapshotOfA() {
    const db = testDatabase.db;
    const ofA = <T extends { ownerId: string | null }>(rows: T[]) =>
      rows.filter((row) => row.ownerId === a.ownerId);
    const ofBot = <T extends { botId: string }>(rows: T[]) =>
      rows.filter((row) => row.botId === ids.botId);
    return {
      personas: ofA(await db.select().from(personas)),
      bots: ofA(await db.select().from(bots)),
      plans: ofA(await db.select().from(ownerPlans)),
      apiKeys: ofA(await db.select().from(apiKeys)).map(({ lastUsedAt: _, ...row }) => row),
      conversations: ofBot(await db.select().from(conversations)),
      memories: ofBot(await db.select().from(contacts)).map(({ id, memory, memoryUpdatedAt }) => ({
        id,
        memory,
        memoryUpdatedAt,
      })),
      messages: ofBot(await db.select().from(messages)),
      knowledge: ofBot(await db.select().from(knowledgeSources)).map(
        // The background worker may move a source along meanwhile: its identity and content
        // must stay, not its progress.
        ({ id, botId, title, kind }) => ({ id, botId, title, kind }),
      ),
      listings: ofA(await db.select().from(marketplaceListings)),
      canned: (await db.select().from(cannedReplies)).filter(
        (row) => row.workspaceId === a.ownerId,
      ),
      invitations: (await db.select().from(workspaceInvitations))
        .filter((row) => row.workspaceId === a.ownerId)
        .map(({ tokenHash: _, ...row }) => row),
      members: (await db.select().from(workspaceMembers)).filter(
        (row) => row.workspaceId === a.ownerId,
      ),
      contacts: ofBot(await db.select().from(contacts)).map(({ id, displayName, notes }) => ({
        id,
        displayName,
        notes,
      })),
      reads: await db.select().from(conversationReads),
      invoices: ofA(await db.select().from(invoices)),
      payments: ofA(await db.select().from(payments)),
      certificates: ofA(await db.select().from(withholdingCertificates)),
    };
  }

  // First: the rows below may give B things of its own (a key, a chat).
  it("lists show B nothing of A's", async () => {
    const personasOfB = await b.request("GET", "/api/console/personas");
    expect(personasOfB.body.map((row: { name: string }) => row.name)).toEqual(["B's"]);
    const botsOfB = await b.request("GET", "/api/console/bots");
    expect(botsOfB.body.map((row: { id: string }) => row.id)).toEqual([ids.ownBotId]);
    const keysOfB = await b.request("GET", "/api/console/api-keys");
    expect(keysOfB.body).toEqual([]);
    const invoicesOfB = await b.request("GET", "/api/console/billing/invoices");
    expect(invoicesOfB.body).toEqual([]);
    const plan = await b.request("GET", "/api/console/plan");
    expect(plan.body.usage).toEqual({ bots: 1, usersThisMonth: 0 });
  });

  it.each(endpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
    "%s",
    async (_name, endpoint) => {
      const before = await snapshotOfA();
      const response = await endpoint.send(b, ids, testApp);
      expect(response.status).toBe(404);
      expect(await snapshotOfA()).toEqual(before);
    },
  );

  // A teammate of another workspace (B's admin) reaches no more of A than B.
  it.each(endpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
    "B's admin: %s",
    async (_name, endpoint) => {
      const before = await snapshotOfA();
      const response = await endpoint.send(adminOfB, ids, testApp);
      expect(response.status).toBe(404);
      expect(await snapshotOfA()).toEqual(before);
    },
  );

  // An agent of A's own workspace: the inbox and contacts only; every admin endpoint is 403.
  it.each(
    endpoints
      .filter((endpoint): endpoint is AdminEndpoint => isAdminOnly(endpoint))
      .map((endpoint) => [endpoint.name, endpoint] as const),
  )("A's agent is refused: %s", async (_name, endpoint) => {
    const before = await snapshotOfA();
    const response = await endpoint.send(agentOfA, ids, testApp);
    expect(response.status).toBe(403);
    expect(await snapshotOfA()).toEqual(before);
  });

  it("A's agent works A's inbox (so the 403s above are about the role)", async () => {
    const conversation = `/api/console/inbox/conversations/${ids.conversationId}`;
    expect((await agentOfA.request("GET", "/api/console/inbox/conversations")).status).toBe(200);
    expect((await agentOfA.request("GET", conversation)).status).toBe(200);
    expect((await agentOfA.request("GET", "/api/console/inbox/canned-replies")).status).toBe(200);
    expect((await agentOfA.request("POST", `${conversation}/read`)).status).toBe(204);
    for (const path of [
      "/api/console/team",
      "/api/console/api-keys",
      "/api/console/plan",
      "/api/console/workspace",
      "/api/console/analytics/overview",
      "/api/console/analytics/attention",
      "/api/console/feedback",
      "/api/console/improve/answers?botId=x",
      "/api/console/data/sheets",
      "/api/console/data/export/conversations?format=csv",
      "/api/console/billing/invoices",
      "/api/console/billing",
      "/api/console/billing/profile",
      `/api/console/billing/payments/${paymentOfAId}`,
    ]) {
      expect((await agentOfA.request("GET", path)).status, path).toBe(403);
    }
  });

  it("the same ids answer A (so the 404s above are about the owner, not the ids)", async () => {
    for (const path of [
      `/api/console/personas/${ids.personaId}`,
      `/api/console/bots/${ids.botId}`,
      `/api/console/bots/${ids.botId}/conversations/${ids.conversationId}`,
      `/api/console/bots/${ids.botId}/conversations.csv`,
      `/api/console/bots/${ids.botId}/knowledge`,
      `/api/console/analytics/overview?period=7d&botId=${ids.botId}`,
      `/api/console/feedback?botId=${ids.botId}`,
      `/api/console/improve/queue?botId=${ids.botId}`,
      `/api/console/improve/answers?botId=${ids.botId}`,
      `/api/console/billing/invoices/${invoiceOfAId}/pdf`,
      `/api/console/billing/invoices/${invoiceOfAId}/withholding-certificate`,
    ]) {
      expect((await a.request("GET", path)).status, path).toBe(200);
    }
  });
});
