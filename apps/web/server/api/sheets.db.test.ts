import { generateKeyPairSync, randomUUID } from "node:crypto";
import type { SheetSyncDto, SheetsSettingsDto } from "@jai/contracts/analytics";
import {
  and,
  contacts,
  conversations,
  curatedAnswers,
  eq,
  messages,
  type SheetSyncRow,
  sheetAppends,
  sheetSyncs,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runSheetSync } from "../modules/sheets/run-sheet-sync";
import { createSheetsClient } from "../modules/sheets/sheets-client";
import {
  runDueSheetSyncs,
  type SheetsConfig,
  sheetsClientFor,
} from "../modules/sheets/sheets-worker";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
} from "../test/console-test-app";
import { type FakeGoogleSheets, startFakeGoogleSheets } from "../test/fake-google-sheets";
import { testServiceAccount } from "../test/fake-google-sheets-credentials";

/**
 * Google Sheets against the fake Google APIs (a real JWT signed and checked, the quota enforced):
 * FAQs synced into curated answers (replaced, versioned, removed with the sheet), conversations
 * and leads appended once whatever the retries, 429 backed off then through, sharing and link
 * mistakes put in words on the link, the private key never in an answer.
 */
describe("Google Sheets (/api/console/data/sheets)", () => {
  const account = testServiceAccount();
  let fake: FakeGoogleSheets;
  let config: SheetsConfig;
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let owner: OwnerClient;
  let other: OwnerClient;
  let botId: string;
  const faqSheet = "1FaqSheetForTheSyncTest000000000000000000";
  const logSheet = "1LogSheetForTheSyncTest000000000000000000";
  const privateSheet = "1PrivateSheetOfSomeoneElse0000000000000000";
  const db = () => testDatabase.db;

  async function createBot(client: OwnerClient) {
    const persona = await client.request("POST", "/api/console/personas", {
      name: "Mali",
      language: "thai",
    });
    const bot = await client.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name: "ร้านส้มตำ",
    });
    return bot.body.id as string;
  }
  const link = async (body: Record<string, unknown>, client = owner) =>
    client.request("POST", "/api/console/data/sheets", { botId, sheetName: "Sheet1", ...body });
  const syncNow = async (id: string, client = owner) =>
    client.request("POST", `/api/console/data/sheets/${id}/sync`);
  const syncRow = async (id: string): Promise<SheetSyncRow> =>
    (await db().select().from(sheetSyncs).where(eq(sheetSyncs.id, id)))[0]!;
  const sheetAnswers = async () =>
    (await db().select().from(curatedAnswers).where(eq(curatedAnswers.botId, botId))).sort((a, b) =>
      a.question.localeCompare(b.question),
    );
  /** A new conversation with a first question, and its contact (email optional). */
  async function converse(question: string, name: string, email: string | null = null) {
    const [contact] = await db()
      .insert(contacts)
      .values({ botId, channel: "line", externalId: randomUUID(), displayName: name, email })
      .returning();
    const [conversation] = await db()
      .insert(conversations)
      .values({ botId, contactId: contact!.id, channel: "line", workspaceId: owner.ownerId })
      .returning();
    await db().insert(messages).values({
      conversationId: conversation!.id,
      botId,
      sender: "user",
      content: question,
    });
    return conversation!.id;
  }

  beforeAll(async () => {
    fake = await startFakeGoogleSheets({ accounts: { [account.email]: account.publicKey } });
    config = {
      serviceAccountEmail: account.email,
      privateKey: account.privateKey,
      apiBaseUrl: fake.url,
      tokenUrl: fake.tokenUrl,
      retry: { baseMs: 1000, maxMs: 4000 },
    };
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase, { sheets: config });
    owner = await signInOwner(testApp, testDatabase, "sheets-owner@example.com");
    other = await signInOwner(testApp, testDatabase, "sheets-other@example.com");
    botId = await createBot(owner);
    fake.addSpreadsheet({
      id: faqSheet,
      tabs: {
        Sheet1: [
          ["คำถาม", "คำตอบ", "ภาษา"],
          ["ร้านเปิดกี่โมง", "เปิด 9 โมงค่ะ", "th"],
          ["Do you deliver?", "Yes, within Bangkok.", "en"],
        ],
      },
      sharedWith: { [account.email]: "reader" },
    });
    fake.addSpreadsheet({
      id: logSheet,
      tabs: { Sheet1: [], Leads: [] },
      sharedWith: { [account.email]: "writer" },
    });
    fake.addSpreadsheet({ id: privateSheet, tabs: { Sheet1: [] } });
  }, 90_000);
  afterAll(async () => {
    await fake?.close();
    await testDatabase?.cleanup();
  });
  beforeEach(() => {
    fake.resetQuota();
    fake.setQuota({ requests: 60, windowMs: 60_000 });
  });

  it("shows the service account to share with, never the key; says when the server has none", async () => {
    const settings = await owner.request("GET", "/api/console/data/sheets");
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ serviceAccountEmail: account.email, syncs: [] });
    expect(JSON.stringify(settings.body)).not.toContain("PRIVATE KEY");

    // A server without GOOGLE_SHEETS_* settings.
    const bare = createConsoleTestApp(testDatabase);
    const unconfigured = await signInOwner(bare, testDatabase, "sheets-bare@example.com");
    const empty = await unconfigured.request("GET", "/api/console/data/sheets");
    expect(empty.body).toEqual({ serviceAccountEmail: null, syncs: [] });
    const refused = await unconfigured.request("POST", "/api/console/data/sheets", {
      botId,
      kind: "faqs",
      spreadsheet: faqSheet,
      sheetName: "Sheet1",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields).toEqual({ sheets: "notConfigured" });
  });

  it("syncs FAQs from a sheet into curated answers, then follows the sheet's changes", async () => {
    const saved = await link({
      kind: "faqs",
      spreadsheet: `https://docs.google.com/spreadsheets/d/${faqSheet}/edit#gid=0`,
    });
    expect(saved.status).toBe(201);
    const sync = saved.body as SheetSyncDto;
    expect(sync).toMatchObject({ kind: "faqs", spreadsheetId: faqSheet, lastError: null });

    // An answer the owner wrote in Jai stays whatever the sheet says.
    await db().insert(curatedAnswers).values({
      botId,
      workspaceId: owner.ownerId,
      question: "Gift wrap?",
      answer: "Yes, free.",
      origin: "manual",
    });
    const first = await syncNow(sync.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ lastError: null, lastErrorCode: null });
    expect(
      (await sheetAnswers()).map((row) => [row.question, row.answer, row.language, row.origin]),
    ).toEqual([
      ["Do you deliver?", "Yes, within Bangkok.", "en", "sheets"],
      ["Gift wrap?", "Yes, free.", null, "manual"],
      ["ร้านเปิดกี่โมง", "เปิด 9 โมงค่ะ", "th", "sheets"],
    ]);
    // The token endpoint saw a signed JWT once; later calls reuse the token.
    expect(fake.calls.filter((call) => call.call === "POST /token")).toEqual([
      { call: "POST /token", status: 200 },
    ]);

    fake.setRows(faqSheet, "Sheet1", [
      ["Question", "Answer"],
      ["ร้านเปิดกี่โมง", "เปิด 10 โมงค่ะ"],
    ]);
    await syncNow(sync.id);
    const after = await sheetAnswers();
    expect(after.map((row) => [row.question, row.answer, row.version])).toEqual([
      ["Gift wrap?", "Yes, free.", 1],
      ["ร้านเปิดกี่โมง", "เปิด 10 โมงค่ะ", 2],
    ]);

    // A row with a problem changes nothing and names the row.
    fake.setRows(faqSheet, "Sheet1", [
      ["Question", "Answer"],
      ["ร้านเปิดกี่โมง", "เปิด 11 โมงค่ะ"],
      ["ส่งฟรีไหม", ""],
    ]);
    const failed = (await syncNow(sync.id)).body as SheetSyncDto;
    expect(failed).toMatchObject({ lastErrorCode: "invalid_rows", lastErrorRows: [3] });
    expect(failed.lastError).toMatch(/Rows 3 of the sheet/);
    expect((await sheetAnswers()).map((row) => row.answer)).toContain("เปิด 10 โมงค่ะ");
    fake.setRows(faqSheet, "Sheet1", [
      ["Question", "Answer"],
      ["ร้านเปิดกี่โมง", "เปิด 10 โมงค่ะ"],
    ]);
  });

  it("says what to do when the sheet is not shared, not found, or has no such tab", async () => {
    const saved = (await link({ kind: "faqs", spreadsheet: privateSheet })).body as SheetSyncDto;
    const forbidden = (await syncNow(saved.id)).body as SheetSyncDto;
    expect(forbidden.lastErrorCode).toBe("forbidden");
    expect(forbidden.lastError).toContain(`share it with ${account.email}`);
    const row = await syncRow(saved.id);
    expect(row.attempts).toBe(1);
    // Not a quota problem: tried again at the next hour, not sooner.
    expect(row.nextRunAt.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);

    await link({ kind: "faqs", spreadsheet: "1NoSuchSpreadsheet00000000000" });
    expect(((await syncNow(saved.id)).body as SheetSyncDto).lastErrorCode).toBe("not_found");
    await link({ kind: "faqs", spreadsheet: faqSheet, sheetName: "No such tab" });
    const tab = (await syncNow(saved.id)).body as SheetSyncDto;
    expect(tab.lastErrorCode).toBe("tab_not_found");
    expect(tab.lastError).toContain('"No such tab"');
    await link({ kind: "faqs", spreadsheet: faqSheet });
  });

  it("appends new conversations once, even when an append went in but answered an error", async () => {
    const saved = (await link({ kind: "conversations", spreadsheet: logSheet }))
      .body as SheetSyncDto;
    const first = await converse("ส้มตำไทยราคาเท่าไหร่คะ", "สมหญิง");
    await converse("=1+1 is a formula?", "Formula fan");
    const done = (await syncNow(saved.id)).body as SheetSyncDto;
    expect(done.lastError).toBeNull();
    const rows = fake.rows(logSheet, "Sheet1");
    expect(rows[0]).toEqual(["วันที่", "ช่องทาง", "ผู้ติดต่อ", "คำถามแรก", "สถานะ", "รหัสบทสนทนา"]);
    expect(rows.slice(1).map((row) => [row[1], row[2], row[3], row[4], row[5]])).toEqual([
      ["line", "สมหญิง", "ส้มตำไทยราคาเท่าไหร่คะ", "bot", first],
      ["line", "Formula fan", "=1+1 is a formula?", "bot", expect.any(String)],
    ]);
    // Nothing new: nothing appended.
    await syncNow(saved.id);
    expect(fake.rows(logSheet, "Sheet1")).toHaveLength(3);

    // The append reaches the sheet, but Jai hears a 500 (a timeout looks the same).
    const third = await converse("Do you deliver?", "Late customer");
    fake.failNext("append", { status: 500, afterApply: true });
    const failed = (await syncNow(saved.id)).body as SheetSyncDto;
    expect(failed.lastErrorCode).toBe("unavailable");
    expect(fake.rows(logSheet, "Sheet1")).toHaveLength(4);
    expect((await syncRow(saved.id)).attempts).toBe(1);
    // The retry reads the sheet's ids first: the row is not added twice.
    const retried = (await syncNow(saved.id)).body as SheetSyncDto;
    expect(retried.lastError).toBeNull();
    const ids = fake.rows(logSheet, "Sheet1").map((row) => row[5]);
    expect(ids.filter((id) => id === third)).toHaveLength(1);
    const appended = await db()
      .select()
      .from(sheetAppends)
      .where(and(eq(sheetAppends.syncId, saved.id), eq(sheetAppends.itemId, third)));
    expect(appended).toHaveLength(1);
  });

  it("backs off on Google's quota (429) and gets through once it allows again", async () => {
    const saved = (await link({ kind: "leads", spreadsheet: logSheet, sheetName: "Leads" }))
      .body as SheetSyncDto;
    await converse("Send me the price list", "Lead with email", "lead@example.com");
    await converse("Just looking", "No contact details");
    fake.setQuota({ requests: 0, windowMs: 60_000 });
    const limited = (await syncNow(saved.id)).body as SheetSyncDto;
    expect(limited.lastErrorCode).toBe("rate_limited");
    const row = await syncRow(saved.id);
    expect(row.attempts).toBe(1);
    const wait = row.nextRunAt.getTime() - row.lastRunAt!.getTime();
    // Backoff: base 1 s × 2^0, half of it random.
    expect(wait).toBeGreaterThanOrEqual(500);
    expect(wait).toBeLessThanOrEqual(1000);
    expect(fake.calls.at(-1)).toMatchObject({ status: 429 });

    // The worker's round runs it when it is due (the clock moved past the backoff).
    fake.setQuota({ requests: 60, windowMs: 60_000 });
    const later = () => new Date(row.nextRunAt.getTime() + 1);
    const client = sheetsClientFor(config);
    const logged: string[] = [];
    const logger = {
      debug() {},
      info() {},
      warn: (message: string) => logged.push(message),
      error: (message: string) => logged.push(message),
    };
    await runDueSheetSyncs({ db: db(), logger, config, client, now: later });
    const through = await syncRow(saved.id);
    expect([through.attempts, through.lastError]).toEqual([0, null]);
    const leads = fake.rows(logSheet, "Leads");
    expect(leads[0]).toEqual(["วันที่", "ช่องทาง", "ชื่อ", "อีเมล", "โทรศัพท์", "รหัสผู้ติดต่อ"]);
    expect(leads.slice(1).map((lead) => [lead[2], lead[3]])).toEqual([
      ["Lead with email", "lead@example.com"],
    ]);
    expect(logged).toEqual([]);
  });

  it("refuses a service account Google does not know, in words, without retrying soon", async () => {
    const stranger = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const client = createSheetsClient({ ...config, privateKey: stranger.privateKey });
    const [sync] = await db()
      .select()
      .from(sheetSyncs)
      .where(and(eq(sheetSyncs.botId, botId), eq(sheetSyncs.kind, "faqs")));
    const outcome = await runSheetSync(
      { db: db(), client, serviceAccountEmail: account.email },
      sync!,
    );
    expect(outcome).toMatchObject({ ok: false, code: "auth" });
    expect(fake.calls.at(-1)).toEqual({ call: "POST /token", status: 400 });
  });

  it("keeps workspaces apart and checks the link", async () => {
    const mine = (await owner.request("GET", "/api/console/data/sheets")).body as SheetsSettingsDto;
    const id = mine.syncs[0]!.id;
    expect((await syncNow(id, other)).status).toBe(404);
    expect((await other.request("DELETE", `/api/console/data/sheets/${id}`)).status).toBe(404);
    expect(
      ((await other.request("GET", "/api/console/data/sheets")).body as SheetsSettingsDto).syncs,
    ).toEqual([]);
    expect((await link({ kind: "faqs", spreadsheet: faqSheet }, other)).status).toBe(404);
    const bad = await link({ kind: "faqs", spreadsheet: "https://example.com/not-a-sheet" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ spreadsheet: "invalid" });
    expect((await owner.request("DELETE", `/api/console/data/sheets/${id}`)).status).toBe(204);
    expect((await owner.request("DELETE", `/api/console/data/sheets/${id}`)).status).toBe(404);
  });
});
