import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { botChatMessages } from "../app/components/chat/messages";
import { dataMessages } from "../app/features/data-io/messages";
import { planNames } from "../app/i18n/plan-names";
import { parseEmail } from "../server/test/parse-email";
import { createOwnerBot } from "./owner";
import { expect, test, waitForHydration } from "./support";

/**
 * The data page (/app/data) in Thai and English: an import refused with its row errors in words
 * and nothing written, then a good file imported; exports locked on the free trial with the plan
 * that has them; Google Sheets "not configured" on a server without its settings; a 390 px phone.
 * Then, on a server of this file's own whose owner is on the Business plan (no page can change
 * a plan yet: the plan is set in its database between two boots), a CSV and an XLSX exported in
 * Thai, downloaded and read back.
 */

const th = dataMessages.th;
const en = dataMessages.en;
const persona = {
  name: "Mali",
  language: "auto",
  faqs: [{ question: "ร้านเปิดกี่โมง", answer: "ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ" }],
};

async function hasNoHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** With DATA_SCREENSHOTS set, the whole page as /tmp/data-<name>.png (to look at, not compared). */
async function screenshot(page: Page, name: string) {
  if (process.env.DATA_SCREENSHOTS) {
    await page.screenshot({ path: `/tmp/data-${name}.png`, fullPage: true });
  }
}

async function personaFaqs(request: APIRequestContext) {
  const personas = (await (await request.get("/api/console/personas")).json()) as { id: string }[];
  const full = await (await request.get(`/api/console/personas/${personas[0]!.id}`)).json();
  return (full.persona.faqs as { question: string; answer: string }[]).map((faq) => faq.question);
}

test.describe("the data page on the free trial", () => {
  test.describe.configure({ mode: "serial" });
  let owner: BrowserContext;

  test.beforeAll(async ({ browser, baseURL }) => {
    owner = await browser.newContext();
    await createOwnerBot(owner.request, baseURL!, { persona, name: "ร้านส้มตำ" });
  });
  test.afterAll(async () => {
    await owner.close();
  });

  test("imports a CSV in Thai: a bad row is named and nothing is written, then a good file goes in", async () => {
    const page = await owner.newPage();
    await page.goto("/th/app/data");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: th.title })).toBeVisible();

    const section = page.getByTestId("data-import");
    const bad = ["คำถาม,คำตอบ,ภาษา", "ส่งฟรีไหม,ส่งฟรีเมื่อซื้อครบ 500 บาทค่ะ,th", "มีที่จอดรถไหม,,ไทย"];
    await section.getByTestId("import-file").setInputFiles({
      name: "คำถาม.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`\uFEFF${bad.join("\r\n")}\r\n`),
    });
    await section.getByRole("button", { name: th.import.check }).click();
    const problems = section.getByTestId("import-problems");
    await expect(problems).toContainText(
      th.import.problem({ row: 3, column: "answer", code: "missing" }, "3"),
    );
    await expect(problems).toContainText(th.import.problems("1"));
    await expect(section.getByTestId("import-confirm")).toHaveCount(0);
    // The rows are shown with the Thai intact.
    await expect(section.getByTestId("import-rows")).toContainText("ส่งฟรีเมื่อซื้อครบ 500 บาทค่ะ");
    expect(await personaFaqs(owner.request)).toEqual(["ร้านเปิดกี่โมง"]);

    const good = ["คำถาม,คำตอบ", "ส่งฟรีไหม,ส่งฟรีเมื่อซื้อครบ 500 บาทค่ะ", "มีที่จอดรถไหม,มีค่ะ"];
    await section.getByTestId("import-file").setInputFiles({
      name: "คำถาม.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(good.join("\n")),
    });
    await section.getByRole("button", { name: th.import.check }).click();
    await expect(section.getByTestId("import-summary")).toHaveText(
      th.import.summary("2", "2", "0"),
    );
    await screenshot(page, "import-th");
    await section.getByTestId("import-confirm").click();
    await expect(section.getByTestId("import-done")).toHaveText(th.import.done("2", "0"));
    expect(await personaFaqs(owner.request)).toEqual(["ร้านเปิดกี่โมง", "ส่งฟรีไหม", "มีที่จอดรถไหม"]);
  });

  test("exports say which plan has them; Google Sheets says it is not set up; fits a phone", async () => {
    const page = await owner.newPage();
    for (const [locale, m] of [
      ["th", th],
      ["en", en],
    ] as const) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(locale === "th" ? "/th/app/data" : "/app/data");
      await waitForHydration(page);
      await expect(page.getByTestId("export-locked")).toContainText(
        m.export.locked(planNames[locale].business),
      );
      await expect(page.getByTestId("export-download")).toHaveCount(0);
      await expect(page.getByTestId("sheets-not-configured")).toHaveText(m.sheets.notConfigured);
      await expect(page.getByRole("heading", { level: 2, name: m.import.title })).toBeVisible();
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
      await screenshot(page, `trial-${locale}-390`);
    }
  });
});

// ---- a server of this file's own, whose owner is on the Business plan ----------------------

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const password = "a long and happy passphrase";

type OwnServer = { url: string; dataDir: string; child: ChildProcess };

async function startOwnServer(dataDir: string, port: number): Promise<OwnServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(repoRoot, "apps/web/build/app/main.js")], {
    cwd: repoRoot,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "error",
      AUTH_EMAIL_RATE_LIMIT: "1000",
    },
  });
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error("the server stopped while starting");
        return fetch(`${url}/api/ready`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
  return { url, dataDir, child };
}

async function stopOwnServer(server: OwnServer | undefined) {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function verificationLink(dataDir: string, email: string): Promise<string> {
  const mailDir = path.join(dataDir, "mail");
  let link = "";
  await expect
    .poll(async () => {
      for (const file of await readdir(mailDir).catch(() => [] as string[])) {
        const mail = parseEmail(await readFile(path.join(mailDir, file), "utf8"));
        if (mail.header("to")?.toLowerCase() === email) {
          link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? "";
        }
      }
      return link;
    })
    .not.toBe("");
  return link;
}

test.describe("exports on the Business plan", () => {
  test.describe.configure({ mode: "serial" });
  let server: OwnServer | undefined;
  let dataDir = "";
  let botId = "";
  let owner: BrowserContext;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), "jai-e2e-data-"));
    // E2E_PORT + 200…207 are the fakes' (server/test/*-credentials.ts): this server takes + 220.
    const port = Number(process.env.E2E_PORT ?? 4173) + 220;
    server = await startOwnServer(dataDir, port);
    owner = await browser.newContext({ baseURL: server.url });
    const headers = { Origin: server.url };
    const email = "exports-owner@example.com";
    const request = owner.request;
    expect(
      (
        await request.post("/api/auth/sign-up/email", {
          headers,
          data: { name: "Malee", email, password },
        })
      ).ok(),
    ).toBe(true);
    const link = new URL(await verificationLink(dataDir, email));
    await request.get(`${link.pathname}${link.search}`);
    expect(
      (await request.post("/api/auth/sign-in/email", { headers, data: { email, password } })).ok(),
    ).toBe(true);
    const created = await request.post("/api/console/personas", { headers, data: persona });
    const bot = await request.post("/api/console/bots", {
      headers,
      data: { personaId: (await created.json()).id, name: "ร้านส้มตำ" },
    });
    botId = (await bot.json()).id;

    // The Business plan, written while the server is down (its database is embedded).
    await stopOwnServer(server);
    const { createDatabase, sql } = await import("@jai/db");
    const database = await createDatabase({ dataDir });
    await database.db.execute(
      sql`insert into owner_plans (owner_id, plan_id)
        select id, 'business' from users where email = ${email}
        on conflict (owner_id) do update set plan_id = 'business'`,
    );
    await database.close();
    server = await startOwnServer(dataDir, port);
  });
  test.afterAll(async () => {
    await owner?.close();
    await stopOwnServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("a customer's Thai conversation, exported as CSV and XLSX from the Thai page", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const customer = await browser.newContext({ baseURL: server!.url, locale: "th-TH" });
    const chat = await customer.newPage();
    await chat.goto(`/bot/${botId}`);
    await waitForHydration(chat);
    const box = chat.getByPlaceholder(botChatMessages.th.placeholder("ร้านส้มตำ"));
    const replies = chat.locator('li[data-sender="bot"]');
    const before = await replies.count();
    await box.fill("ร้านเปิดกี่โมง");
    await box.press("Enter");
    await expect(replies).toHaveCount(before + 1);
    await expect(replies.last()).toHaveAttribute("data-status", "completed");
    await customer.close();

    const page = await owner.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/th/app/data");
    await waitForHydration(page);
    const section = page.getByTestId("data-export");
    await section.getByLabel(th.export.kind).selectOption("messages");
    await section.getByLabel(th.export.period).selectOption("today");
    await section.getByLabel(th.export.formats.csv).check();
    const [csvDownload] = await Promise.all([
      page.waitForEvent("download"),
      section.getByTestId("export-download").click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(
      /^jai-messages-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/,
    );
    const csv = await readFile((await csvDownload.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.toString("utf8");
    expect(text).toContain("รหัสข้อความ,รหัสบทสนทนา");
    expect(text).toContain("ร้านเปิดกี่โมง");
    expect(text).toContain("ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ");

    await section.getByLabel(th.export.formats.xlsx).check();
    const [xlsxDownload] = await Promise.all([
      page.waitForEvent("download"),
      section.getByTestId("export-download").click(),
    ]);
    expect(xlsxDownload.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await xlsxDownload.path())!)).buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("ข้อความ");
    expect(sheet.getRow(1).getCell(1).value).toBe("รหัสข้อความ");
    const texts = sheet.getColumn(9).values.slice(2);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toBe("ร้านเปิดกี่โมง");
    expect(texts[1]).toContain("ร้านเปิดทุกวัน 9 โมงเช้าถึง 5 โมงเย็นค่ะ");
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, "business-th-390");
  });
});
