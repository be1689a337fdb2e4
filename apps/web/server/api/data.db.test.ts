import { randomUUID } from "node:crypto";
import type { ImportPreviewDto } from "@jai/contracts/analytics";
import {
  analyticsHourly,
  contacts,
  conversations,
  curatedAnswers,
  curatedAnswerVersions,
  eq,
  messageFeedback,
  messages,
  ownerPlans,
  personas,
  sql,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../services/console/knowledge/parse-csv";
import { writeZip } from "../services/console/knowledge/write-zip";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
} from "../test/console-test-app";

/**
 * Exports and imports on the real app: files that open in a real reader (CSV parsed back, XLSX
 * read back with exceljs), Thai intact, the filters applied, another workspace's data never in,
 * plans without exports refused; imports that refuse bad rows without writing anything, all or
 * nothing, Thai headers.
 */
describe("exports and imports (/api/console/data)", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let owner: OwnerClient;
  let other: OwnerClient;
  let botId: string;
  let secondBotId: string;
  let otherBotId: string;
  const today = new Date();
  const tenDaysAgo = new Date(Date.now() - 10 * 24 * 3_600_000);

  const db = () => testDatabase.db;
  async function setPlan(ownerId: string, planId: string) {
    await db()
      .insert(ownerPlans)
      .values({ ownerId, planId })
      .onConflictDoUpdate({ target: ownerPlans.ownerId, set: { planId } });
  }
  async function createBot(client: OwnerClient, name: string) {
    const persona = await client.request("POST", "/api/console/personas", {
      name: "Mali",
      language: "thai",
      faqs: [{ question: "ร้านเปิดกี่โมง", answer: "เปิด 9 โมงค่ะ" }],
    });
    const bot = await client.request("POST", "/api/console/bots", {
      personaId: persona.body.id,
      name,
    });
    expect(bot.status).toBe(201);
    return bot.body.id as string;
  }
  /** A conversation with its contact and messages (a minute apart from `at`). */
  async function seedConversation(input: {
    botId: string;
    workspaceId: string;
    channel: "line" | "widget";
    at: Date;
    name: string;
    texts: { sender: "user" | "bot"; content: string; unanswered?: boolean }[];
  }) {
    const [contact] = await db()
      .insert(contacts)
      .values({
        botId: input.botId,
        channel: input.channel,
        externalId: randomUUID(),
        displayName: input.name,
        email: `${input.name.length}@example.com`,
        createdAt: input.at,
        lastSeenAt: input.at,
      })
      .returning();
    const [conversation] = await db()
      .insert(conversations)
      .values({
        botId: input.botId,
        contactId: contact!.id,
        channel: input.channel,
        workspaceId: input.workspaceId,
        createdAt: input.at,
        lastMessageAt: input.at,
        csatScore: 5,
        csatAnsweredAt: input.at,
      })
      .returning();
    const stored = [];
    for (const [index, text] of input.texts.entries()) {
      const [message] = await db()
        .insert(messages)
        .values({
          conversationId: conversation!.id,
          botId: input.botId,
          sender: text.sender,
          content: text.content,
          unanswered: text.unanswered ?? null,
          createdAt: new Date(input.at.getTime() + index * 60_000),
        })
        .returning();
      stored.push(message!);
    }
    return { contact: contact!, conversation: conversation!, messages: stored };
  }

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase);
    owner = await signInOwner(testApp, testDatabase, "data-owner@example.com");
    other = await signInOwner(testApp, testDatabase, "data-other@example.com");
    await setPlan(owner.ownerId, "business");
    await setPlan(other.ownerId, "business");
    botId = await createBot(owner, "ร้านส้มตำ");
    secondBotId = await createBot(owner, "Second bot");
    otherBotId = await createBot(other, "Other bot");

    const recent = new Date(today.getTime() - 60 * 60_000);
    const line = await seedConversation({
      botId,
      workspaceId: owner.ownerId,
      channel: "line",
      at: recent,
      name: "สมหญิง ใจดี",
      texts: [
        { sender: "user", content: "ส้มตำไทยราคาเท่าไหร่คะ" },
        { sender: "bot", content: "ส้มตำไทยจานละ 50 บาทค่ะ", unanswered: false },
        { sender: "user", content: '=HYPERLINK("http://evil.example","คลิก")' },
      ],
    });
    await db().insert(messageFeedback).values({
      messageId: line.messages[1]!.id,
      conversationId: line.conversation.id,
      botId,
      workspaceId: owner.ownerId,
      channel: "line",
      rating: "down",
      reason: "แพงไป, ไม่ชอบ",
      createdAt: recent,
    });
    await seedConversation({
      botId,
      workspaceId: owner.ownerId,
      channel: "widget",
      at: new Date(recent.getTime() + 5 * 60_000),
      name: "Widget visitor",
      texts: [{ sender: "user", content: "Do you deliver?" }],
    });
    await seedConversation({
      botId: secondBotId,
      workspaceId: owner.ownerId,
      channel: "line",
      at: tenDaysAgo,
      name: "ลูกค้าเก่า",
      texts: [{ sender: "user", content: "ข้อความเมื่อสิบวันก่อน" }],
    });
    await seedConversation({
      botId: otherBotId,
      workspaceId: other.ownerId,
      channel: "line",
      at: recent,
      name: "Other customer",
      texts: [{ sender: "user", content: "SECRET of another workspace" }],
    });
    const hour = new Date(recent);
    hour.setUTCMinutes(0, 0, 0);
    await db()
      .insert(analyticsHourly)
      .values([
        {
          botId,
          channel: "line",
          hour,
          workspaceId: owner.ownerId,
          conversations: 1,
          userMessages: 2,
          botMessages: 1,
          answered: 1,
          thumbsDown: 1,
          csatCount: 1,
          csatSum: 5,
        },
        {
          botId: otherBotId,
          channel: "line",
          hour,
          workspaceId: other.ownerId,
          conversations: 40,
          userMessages: 400,
        },
      ]);
  }, 90_000);
  afterAll(async () => {
    await testDatabase?.cleanup();
  });

  const download = async (
    client: OwnerClient,
    path: string,
    headers: Record<string, string> = {},
  ) => {
    const response = await client.fetch("GET", `/api/console/data/export/${path}`, { headers });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };
  const csvRows = (bytes: Uint8Array) => parseCsv(new TextDecoder().decode(bytes));
  const todayIn = (days = 0) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(
      new Date(Date.now() - days * 24 * 3_600_000),
    );

  it("exports messages as CSV: BOM, Thai headers and text intact, formulas defused, filters applied", async () => {
    const { response, bytes } = await download(owner, "messages?format=csv&period=7d&lang=th");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="jai-messages-${todayIn(6)}-${todayIn()}.csv"`,
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = csvRows(bytes);
    expect(header?.slice(0, 4)).toEqual(["รหัสข้อความ", "รหัสบทสนทนา", "รหัสบอท", "ช่องทาง"]);
    const texts = rows.map((row) => row[8]);
    expect(texts).toEqual([
      "ส้มตำไทยราคาเท่าไหร่คะ",
      "ส้มตำไทยจานละ 50 บาทค่ะ",
      `'=HYPERLINK("http://evil.example","คลิก")`,
      "Do you deliver?",
    ]);
    // Feedback on the reply, the unanswered flag, and both times of each row.
    expect(rows[1]?.slice(9, 11)).toEqual(["no", "down"]);
    expect(rows[0]?.[4]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(rows[0]?.[5]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(new TextDecoder().decode(bytes)).not.toContain("SECRET");

    const line = csvRows((await download(owner, "messages?channel=widget")).bytes);
    expect(line.slice(1).map((row) => row[8])).toEqual(["Do you deliver?"]);
    expect(line[0]?.[0]).toBe("Message ID");
    const older = csvRows(
      (await download(owner, `messages?period=custom&from=${todayIn(12)}&to=${todayIn(8)}`)).bytes,
    );
    expect(older.slice(1).map((row) => row[8])).toEqual(["ข้อความเมื่อสิบวันก่อน"]);
    const oneBot = csvRows(
      (await download(owner, `messages?period=30d&botId=${secondBotId}`)).bytes,
    );
    expect(oneBot.slice(1).map((row) => row[2])).toEqual([secondBotId]);
  });

  it("takes the headers' language from the page a download link is on, else Accept-Language", async () => {
    const fromThaiPage = await download(owner, "contacts", {
      Referer: "http://localhost:3000/th/app/analytics",
    });
    expect(csvRows(fromThaiPage.bytes)[0]?.[0]).toBe("รหัสผู้ติดต่อ");
    const thaiBrowser = await download(owner, "contacts", { "Accept-Language": "th-TH,th;q=0.9" });
    expect(csvRows(thaiBrowser.bytes)[0]?.[0]).toBe("รหัสผู้ติดต่อ");
  });

  it("exports conversations, feedback and the daily table as XLSX that exceljs reads back", async () => {
    const read = async (path: string) => {
      const { response, bytes } = await download(owner, path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { sheet, rows };
    };
    const conversationsFile = await read("conversations?format=xlsx&lang=th");
    expect(conversationsFile.sheet.name).toBe("บทสนทนา");
    expect(conversationsFile.rows[0]?.slice(0, 3)).toEqual(["รหัสบทสนทนา", "รหัสบอท", "บอท"]);
    const names = conversationsFile.rows.slice(1).map((row) => row[6]);
    expect(names).toEqual(["สมหญิง ใจดี", "Widget visitor"]);
    const first = conversationsFile.rows[1]!;
    expect(first[2]).toBe("ร้านส้มตำ");
    expect(first[12]).toBe(3); // messages: a number, not text
    expect(first[13]).toBe("ส้มตำไทยราคาเท่าไหร่คะ");

    const feedback = await read("feedback?format=xlsx");
    const kinds = feedback.rows.slice(1).map((row) => [row[0], row[7], row[8], row[9]]);
    expect(kinds).toContainEqual(["thumbs", "down", "แพงไป, ไม่ชอบ", undefined]);
    expect(kinds.filter((row) => row[0] === "csat")).toHaveLength(2);

    const daily = await read("analytics?format=xlsx&period=7d");
    expect(daily.rows[0]).toContain("Thumbs down");
    expect(daily.rows).toHaveLength(8);
    const busy = daily.rows.slice(1).find((row) => row[1] === 1)!;
    expect(busy.slice(1, 11)).toEqual([1, 3, 0, 1, 0, 0, 0, 1, 1, 5]);
    // The other workspace's 40 conversations are not in anyone's totals but theirs.
    expect(daily.rows.slice(1).every((row) => row[1] !== 40)).toBe(true);
  });

  it("refuses plans without deep analytics, another workspace's bot, unknown kinds and formats", async () => {
    await setPlan(owner.ownerId, "pro");
    const gated = await owner.request("GET", "/api/console/data/export/messages?format=csv");
    expect(gated.status).toBe(403);
    expect(gated.body.error).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      fields: { limit: "exports" },
    });
    expect(gated.body.error.message).toMatch(/Business/);
    await setPlan(owner.ownerId, "business");
    expect(
      (await owner.request("GET", `/api/console/data/export/messages?botId=${otherBotId}`)).status,
    ).toBe(404);
    expect((await owner.request("GET", "/api/console/data/export/secrets")).status).toBe(404);
    const badFormat = await owner.request("GET", "/api/console/data/export/messages?format=pdf");
    expect(badFormat.status).toBe(422);
    const badPeriod = await owner.request(
      "GET",
      "/api/console/data/export/messages?period=custom&from=2026-01-01",
    );
    expect(badPeriod.status).toBe(422);
  });

  it("gives the same export through the public API", async () => {
    const key = (await owner.request("POST", "/api/console/api-keys", { name: "BI" })).body.key;
    const response = await testApp.app.request("/api/v1/exports/conversations?format=csv&lang=th", {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    const rows = csvRows(new Uint8Array(await response.arrayBuffer()));
    expect(rows[0]?.[0]).toBe("รหัสบทสนทนา");
    expect(rows).toHaveLength(3);
    const unknown = await testApp.app.request("/api/v1/exports/nothing", {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(unknown.status).toBe(404);
  });

  // ---- imports ----

  const form = (file: Uint8Array | string, fields: Record<string, string>, name = "faq.csv") => {
    const body = new FormData();
    body.set("file", new File([typeof file === "string" ? file : new Uint8Array(file)], name));
    for (const [field, value] of Object.entries(fields)) body.set(field, value);
    return body;
  };
  const post = async (path: string, body: FormData, client = owner) => {
    const response = await client.fetch("POST", `/api/console/data/${path}`, { body });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const personaFaqs = async (bot: string) => {
    const { rows } = await db().execute<{ faqs: { question: string; answer: string }[] }>(
      sql`select p.faqs from personas p join bots b on b.persona_id = p.id where b.id = ${bot}`,
    );
    return rows[0]!.faqs;
  };
  const curatedOf = (bot: string) =>
    db().select().from(curatedAnswers).where(eq(curatedAnswers.botId, bot));

  it("previews an import with every row error and imports nothing while one remains", async () => {
    const csv = [
      "คำถาม,คำตอบ,ภาษา",
      "ส่งฟรีไหม,ส่งฟรีเมื่อซื้อครบ 500 บาทค่ะ,th",
      ",ไม่มีคำถาม,",
      "Do you ship abroad?,,en",
      "ส่งฟรีไหม,ซ้ำ,ไทย",
      "Gift wrap?,Yes,fr",
    ].join("\r\n");
    const preview = await post("import/preview", form(csv, { botId, target: "faqs" }));
    expect(preview.status).toBe(200);
    const dto = preview.body as ImportPreviewDto;
    expect(dto.errors).toEqual([
      { row: 3, column: "question", code: "missing" },
      { row: 4, column: "answer", code: "missing" },
      { row: 5, column: "question", code: "duplicate" },
      { row: 6, column: "language", code: "bad_language" },
    ]);
    expect(dto.rows[0]).toEqual({
      row: 2,
      question: "ส่งฟรีไหม",
      answer: "ส่งฟรีเมื่อซื้อครบ 500 บาทค่ะ",
      language: "th",
    });
    expect(dto.imported).toBe(false);

    const before = await personaFaqs(botId);
    const refused = await post("import", form(csv, { botId, target: "faqs" }));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: { code: "VALIDATION_FAILED", fields: { rows: "invalid" } },
    });
    expect(await personaFaqs(botId)).toEqual(before);
  });

  it("imports FAQs from a CSV with Thai headers into the bot's persona, replacing the same question", async () => {
    const csv = "\uFEFFคำถาม,คำตอบ\r\nร้านเปิดกี่โมง,เปิด 10 โมงค่ะ\r\nมีที่จอดรถไหม,มีค่ะ\r\n";
    const preview = (await post("import/preview", form(csv, { botId, target: "faqs" })))
      .body as ImportPreviewDto;
    expect(preview).toMatchObject({ errors: [], added: 1, replaced: 1, imported: false });
    const imported = await post("import", form(csv, { botId, target: "faqs" }));
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ imported: true, added: 1, replaced: 1 });
    expect(await personaFaqs(botId)).toEqual([
      { question: "ร้านเปิดกี่โมง", answer: "เปิด 10 โมงค่ะ" },
      { question: "มีที่จอดรถไหม", answer: "มีค่ะ" },
    ]);
  });

  it("imports curated answers from an XLSX (version 1, then a new version), all or nothing", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("FAQ");
    sheet.addRow(["Question", "Answer", "Language"]);
    sheet.addRow(["ผ่อนได้ไหม", "ผ่อน 0% 10 เดือนค่ะ", "th"]);
    sheet.addRow(["Can I pay in installments?", "Yes, 0% for 10 months.", "en"]);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const first = await post("import", form(xlsx, { botId, target: "curated" }, "answers.xlsx"));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ added: 2, replaced: 0, imported: true });
    const rows = await curatedOf(botId);
    expect(rows.map((row) => [row.question, row.language, row.origin, row.version])).toEqual(
      expect.arrayContaining([
        ["ผ่อนได้ไหม", "th", "import", 1],
        ["Can I pay in installments?", "en", "import", 1],
      ]),
    );
    const versions = await db()
      .select()
      .from(curatedAnswerVersions)
      .where(eq(curatedAnswerVersions.curatedAnswerId, rows[0]!.id));
    expect(versions.map((version) => version.version)).toEqual([1]);

    sheet.getCell("B2").value = "ผ่อน 0% 6 เดือนค่ะ";
    sheet.addRow(["", "an answer without its question", ""]);
    const bad = new Uint8Array(await workbook.xlsx.writeBuffer());
    const refused = await post("import", form(bad, { botId, target: "curated" }, "answers.xlsx"));
    expect(refused.status).toBe(422);
    expect((await curatedOf(botId)).find((row) => row.question === "ผ่อนได้ไหม")?.answer).toBe(
      "ผ่อน 0% 10 เดือนค่ะ",
    );
    sheet.spliceRows(4, 1);
    const good = new Uint8Array(await workbook.xlsx.writeBuffer());
    const second = await post("import", form(good, { botId, target: "curated" }, "answers.xlsx"));
    expect(second.body).toMatchObject({ added: 0, replaced: 2, imported: true });
    const updated = (await curatedOf(botId)).find((row) => row.question === "ผ่อนได้ไหม")!;
    expect([updated.answer, updated.version]).toEqual(["ผ่อน 0% 6 เดือนค่ะ", 2]);
  });

  it("refuses files that are not CSV or XLSX, zip bombs, oversized files and strangers' bots", async () => {
    const pdf = await post(
      "import/preview",
      form("%PDF-1.7\n\u0000\u0001", { botId, target: "faqs" }, "x.pdf"),
    );
    expect(pdf.status).toBe(415);
    const xls = await post(
      "import/preview",
      form(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), {
        botId,
        target: "faqs",
      }),
    );
    expect(xls).toMatchObject({ status: 415, body: { error: { fields: { file: "xls" } } } });
    // A sheet that claims to unpack to 2 GB: refused from its directory, nothing inflated.
    const bomb = writeZip([
      { name: "xl/workbook.xml", data: new TextEncoder().encode("<workbook/>") },
      {
        name: "xl/worksheets/sheet1.xml",
        data: new Uint8Array(1000),
        method: 8,
        size: 2_000_000_000,
        crc: 0,
      },
    ]);
    const bombed = await post("import/preview", form(bomb, { botId, target: "faqs" }, "bomb.xlsx"));
    expect(bombed).toMatchObject({
      status: 422,
      body: { error: { fields: { file: "tooLarge" } } },
    });
    const huge = new Uint8Array(5 * 1024 * 1024 + 10).fill(0x61);
    expect((await post("import/preview", form(huge, { botId, target: "faqs" }))).status).toBe(413);
    const stranger = await post(
      "import/preview",
      form("q,a\r\nx,y", { botId: otherBotId, target: "faqs" }),
    );
    expect(stranger.status).toBe(404);
    const noTarget = await post("import/preview", form("q,a", { botId, target: "bots" }));
    expect(noTarget.status).toBe(422);
    const json = await owner.request("POST", "/api/console/data/import/preview", { botId });
    expect(json.status).toBe(415);
  });

  it("counts a file's rows against the limits: too many rows, too many FAQs for a persona", async () => {
    const lines = ["question,answer"];
    for (let index = 0; index < 2001; index += 1) lines.push(`Question ${index},Answer`);
    const tooLong = (
      await post("import/preview", form(lines.join("\n"), { botId, target: "curated" }))
    ).body as ImportPreviewDto;
    expect(tooLong.errors).toEqual([{ row: 2002, column: null, code: "too_many" }]);
    // The persona has 2 FAQs; 199 more would make 201 of 200.
    const faqs = ["question,answer", ...lines.slice(1, 200)];
    const full = (await post("import/preview", form(faqs.join("\n"), { botId, target: "faqs" })))
      .body as ImportPreviewDto;
    expect(full.errors).toEqual([{ row: 200, column: null, code: "too_many" }]);
    expect((await db().select().from(personas)).length).toBeGreaterThan(0);
  });
});
