import { splitVat, withholdingCertificateLimits, withholdingSatang } from "@jai/contracts/billing";
import { invoices, withholdingCertificates, workspaceMembers } from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { numberInvoice, sellerFromEnv } from "../modules/billing/invoice-documents";
import {
  type ConsoleTestApp,
  createConsoleTestApp,
  type OwnerClient,
  signInOwner,
} from "../test/console-test-app";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 90_000 });

const seller = sellerFromEnv({
  BILLING_SELLER_NAME_TH: "บริษัท ใจ แพลตฟอร์ม จำกัด",
  BILLING_SELLER_NAME_EN: "Jai Platform Co., Ltd.",
  BILLING_SELLER_ADDRESS_TH: "999/9 ถนนพระรามที่ 4 กรุงเทพมหานคร 10330",
  BILLING_SELLER_ADDRESS_EN: "999/9 Rama IV Road, Bangkok 10330",
  BILLING_SELLER_TAX_ID: "0105566000010",
  BILLING_SELLER_BRANCH: "00000",
});

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);
const pdfBytes = new TextEncoder().encode("%PDF-1.7\n%certificate\n");

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(document, { mergePages: true })).text;
}

describe("the console's invoices API", () => {
  let testDatabase: TestDatabase;
  let testApp: ConsoleTestApp;
  let a: OwnerClient;
  let b: OwnerClient;
  let agentOfA: OwnerClient;
  let paidId = "";
  let openId = "";

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    testApp = createConsoleTestApp(testDatabase);
    a = await signInOwner(testApp, testDatabase, "a@example.com");
    b = await signInOwner(testApp, testDatabase, "b@example.com");
    agentOfA = await signInOwner(testApp, testDatabase, "agent@example.com");
    await testDatabase.db
      .insert(workspaceMembers)
      .values({ workspaceId: a.ownerId, userId: agentOfA.ownerId, role: "agent" });
    await agentOfA.request("POST", "/api/console/workspace/switch", { workspaceId: a.ownerId });
    const split = splitVat(99_000);
    const values = {
      ownerId: a.ownerId,
      status: "open" as const,
      reason: "subscription" as const,
      planId: "starter",
      billingCycle: "monthly",
      periodStart: new Date("2026-11-27T03:00:00Z"),
      periodEnd: new Date("2026-12-27T03:00:00Z"),
      lines: [
        {
          description: { th: "แพ็กเกจ Starter รายเดือน", en: "Starter plan, monthly" },
          quantity: 1,
          amountSatang: 99_000,
        },
      ],
      ...split,
      withholdingSatang: withholdingSatang(split.subtotalSatang),
    };
    const [paid, open] = await testDatabase.db
      .insert(invoices)
      .values([values, values])
      .returning();
    paidId = paid!.id;
    openId = open!.id;
    await testDatabase.db.transaction((tx) =>
      numberInvoice(tx, { invoiceId: paidId, now: new Date("2026-11-27T03:00:00Z"), seller }),
    );
  });
  afterAll(() => testDatabase.cleanup());

  const base = "/api/console/billing/invoices";

  it("lists the workspace's invoices, with the PDF's address once numbered", async () => {
    const listed = await a.request("GET", base);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    const rows = listed.body as { id: string; number: string | null; pdfUrl: string | null }[];
    expect(rows.map((row) => row.id).sort()).toEqual([paidId, openId].sort());
    const paid = rows.find((row) => row.id === paidId)!;
    expect(paid).toMatchObject({
      number: "INV-000001",
      documentKind: "receipt",
      totalSatang: 99_000,
      withholdingSatang: 2_776,
      expectedSatang: 96_224,
      hasWithholdingCertificate: false,
      pdfUrl: `${base}/${paidId}/pdf?lang=th`,
    });
    expect(rows.find((row) => row.id === openId)!.pdfUrl).toBeNull();
    expect((await b.request("GET", base)).body).toEqual([]);
  });

  it("downloads the PDF in Thai (by default) and in English", async () => {
    const thai = await a.fetch("GET", `${base}/${paidId}/pdf`);
    expect(thai.status).toBe(200);
    expect(thai.headers.get("content-type")).toBe("application/pdf");
    expect(thai.headers.get("content-disposition")).toContain('filename="INV-000001.pdf"');
    const thaiText = await pdfText(await thai.arrayBuffer());
    expect(thaiText).toContain("เลขที่ INV-000001");
    expect(thaiText).toContain("วันที่ 27 พฤศจิกายน 2569");
    expect(thaiText).toContain("ยอดชำระหลังหักภาษี ณ ที่จ่าย 962.24");

    const english = await a.fetch("GET", `${base}/${paidId}/pdf?lang=en`);
    expect(english.headers.get("content-disposition")).toContain('filename="INV-000001-en.pdf"');
    const englishText = await pdfText(await english.arrayBuffer());
    expect(englishText).toContain("Date 27 November 2026");
    expect(englishText).toContain("In Thai words: (เก้าร้อยเก้าสิบบาทถ้วน)");

    // An open invoice has no document yet.
    expect((await a.fetch("GET", `${base}/${openId}/pdf`)).status).toBe(404);
    expect((await a.fetch("GET", `${base}/not-a-uuid/pdf`)).status).toBe(404);
  });

  it("stores the withholding certificate by what its bytes are, then serves and removes it", async () => {
    const put = await a.fetch("PUT", `${base}/${paidId}/withholding-certificate`, {
      // Says PDF, is a PNG: stored as what it is.
      headers: {
        "Content-Type": "application/pdf",
        "X-File-Name": encodeURIComponent("หนังสือรับรอง 50 ทวิ.png"),
      },
      body: png,
    });
    expect(put.status).toBe(201);
    expect(await put.json()).toMatchObject({
      invoiceId: paidId,
      fileName: "หนังสือรับรอง 50 ทวิ.png",
      contentType: "image/png",
      size: png.byteLength,
    });
    const listed = await a.request("GET", base);
    expect(
      (listed.body as { id: string; hasWithholdingCertificate: boolean }[]).find(
        (row) => row.id === paidId,
      )!.hasWithholdingCertificate,
    ).toBe(true);

    // Replaced by a PDF.
    const replaced = await a.fetch("PUT", `${base}/${paidId}/withholding-certificate`, {
      headers: { "Content-Type": "application/octet-stream" },
      body: pdfBytes,
    });
    expect(replaced.status).toBe(201);
    const got = await a.fetch("GET", `${base}/${paidId}/withholding-certificate`);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("content-disposition")).toContain(
      'filename="withholding-certificate.pdf"',
    );
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(pdfBytes);

    expect((await a.fetch("DELETE", `${base}/${paidId}/withholding-certificate`)).status).toBe(204);
    expect((await a.fetch("GET", `${base}/${paidId}/withholding-certificate`)).status).toBe(404);
  });

  it("refuses a certificate over 5 MB (413) or of another type (415), saying so", async () => {
    const tooLarge = new Uint8Array(withholdingCertificateLimits.maxBytes + 1);
    tooLarge.set(pdfBytes);
    const large = await a.fetch("PUT", `${base}/${paidId}/withholding-certificate`, {
      headers: { "Content-Type": "application/pdf", "Accept-Language": "th" },
      body: tooLarge,
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({
      error: {
        code: "PAYLOAD_TOO_LARGE",
        message: "หนังสือรับรองมีขนาดเกิน 5 MB กรุณาอัปโหลดไฟล์ PDF, PNG หรือ JPEG ที่เล็กกว่านี้",
        fields: { file: "tooLarge" },
      },
    });
    const html = await a.fetch("PUT", `${base}/${paidId}/withholding-certificate`, {
      headers: { "Content-Type": "application/pdf", "Accept-Language": "en" },
      body: "<html><script>alert(1)</script></html>",
    });
    expect(html.status).toBe(415);
    expect(await html.json()).toEqual({
      error: {
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "The certificate must be a PDF, PNG or JPEG file.",
        fields: { file: "unsupportedType" },
      },
    });
    expect(await testDatabase.db.select().from(withholdingCertificates)).toEqual([]);
  });

  it("another owner gets 404 for every invoice route; an agent of the workspace 403", async () => {
    await a.fetch("PUT", `${base}/${paidId}/withholding-certificate`, { body: pdfBytes });
    for (const [method, path] of [
      ["GET", `${base}/${paidId}/pdf`],
      ["GET", `${base}/${paidId}/pdf?lang=en`],
      ["GET", `${base}/${paidId}/withholding-certificate`],
      ["PUT", `${base}/${paidId}/withholding-certificate`],
      ["DELETE", `${base}/${paidId}/withholding-certificate`],
    ] as const) {
      const response = await b.fetch(method, path, method === "PUT" ? { body: png } : {});
      expect(response.status, `${method} ${path}`).toBe(404);
      const agent = await agentOfA.fetch(method, path, method === "PUT" ? { body: png } : {});
      expect(agent.status, `agent: ${method} ${path}`).toBe(403);
    }
    expect((await agentOfA.request("GET", base)).status).toBe(403);
    // A's certificate is untouched.
    const [stored] = await testDatabase.db.select().from(withholdingCertificates);
    expect(stored!.contentType).toBe("application/pdf");
  });
});
