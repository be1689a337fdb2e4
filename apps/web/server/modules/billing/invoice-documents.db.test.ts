import {
  type InvoiceSeller,
  planPriceSatang,
  splitVat,
  vatPercent,
  withholdingSatang,
} from "@jai/contracts/billing";
import { billingCycles, paidPlanIds } from "@jai/contracts/plans";
import {
  billingProfiles,
  emailOutbox,
  eq,
  type InvoiceRow,
  invoiceCounters,
  invoices,
  payments,
  users,
} from "@jai/db";
import { createTestDatabase, type TestDatabase } from "@jai/db/test-database";
import { bahttext } from "bahttext";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../http/errors";
import { createMailTransport } from "../../services/mail/create-mail-transport";
import { createOutboxWorker } from "../../services/mail/outbox-worker";
import { createMemoryLogger } from "../../test/memory-logger";
import { startSmtpSink } from "../../test/smtp-sink";
import {
  buyerFromProfile,
  createCreditNote,
  createInvoiceAttachmentResolver,
  listInvoices,
  numberInvoice,
  renderInvoiceDocument,
  sellerFromEnv,
} from "./invoice-documents";
import { bahtWords, renderInvoicePdf } from "./invoice-pdf";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const seller: InvoiceSeller = sellerFromEnv({
  BILLING_SELLER_NAME_TH: "บริษัท ใจ แพลตฟอร์ม จำกัด",
  BILLING_SELLER_NAME_EN: "Jai Platform Co., Ltd.",
  BILLING_SELLER_ADDRESS_TH: "999/9 ถนนพระรามที่ 4 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330",
  BILLING_SELLER_ADDRESS_EN: "999/9 Rama IV Road, Pathum Wan, Bangkok 10330",
  BILLING_SELLER_TAX_ID: "0105566000010",
  BILLING_SELLER_BRANCH: "00000",
});
const buyerTaxId = "0105558123451";
/** 27 November 2026, 10:00 in Bangkok. */
const now = new Date("2026-11-27T03:00:00Z");

async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

/** Baht words as bahttext writes them from a number of baht (the reference). */
const referenceWords = (satang: number) => bahttext(satang / 100);

describe("invoice documents", () => {
  let testDatabase: TestDatabase;
  let ownerId: string;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    ownerId = await addOwner("owner");
  });
  afterEach(() => testDatabase.cleanup());

  async function addOwner(id: string, locale: "en" | "th" = "th"): Promise<string> {
    await testDatabase.db
      .insert(users)
      .values({ id, name: id, email: `${id}@example.com`, locale });
    return id;
  }

  async function setProfile(values: Partial<typeof billingProfiles.$inferInsert>, owner = ownerId) {
    await testDatabase.db
      .insert(billingProfiles)
      .values({ ownerId: owner, ...values })
      .onConflictDoUpdate({ target: billingProfiles.ownerId, set: values });
  }

  /** An open invoice for one catalogue price, as the subscription code makes it. */
  async function openInvoice(
    options: {
      owner?: string;
      planId?: (typeof paidPlanIds)[number];
      cycle?: (typeof billingCycles)[number];
      withholds?: boolean;
    } = {},
  ): Promise<InvoiceRow> {
    const planId = options.planId ?? "pro";
    const cycle = options.cycle ?? "monthly";
    const total = planPriceSatang(planId, cycle);
    const split = splitVat(total);
    const [row] = await testDatabase.db
      .insert(invoices)
      .values({
        ownerId: options.owner ?? ownerId,
        status: "open",
        reason: "subscription",
        planId,
        billingCycle: cycle,
        periodStart: now,
        periodEnd: new Date("2026-12-27T03:00:00Z"),
        lines: [
          {
            description: { th: `แพ็กเกจ ${planId} (${cycle})`, en: `${planId} plan (${cycle})` },
            quantity: 1,
            amountSatang: total,
          },
        ],
        ...split,
        withholdingSatang: options.withholds ? withholdingSatang(split.subtotalSatang) : 0,
      })
      .returning();
    return row!;
  }

  const number = (invoiceId: string) =>
    testDatabase.db.transaction((tx) => numberInvoice(tx, { invoiceId, now, seller }));

  it("numbers stay gap-free and unique under 50 concurrent payments, some rolled back", async () => {
    const open = await Promise.all(Array.from({ length: 50 }, () => openInvoice()));
    const rolledBack = new Set(open.filter((_, index) => index % 7 === 3).map((row) => row.id));
    const results = await Promise.allSettled(
      open.map((row) =>
        testDatabase.db.transaction(async (tx) => {
          const numbered = await numberInvoice(tx, { invoiceId: row.id, now, seller });
          // Something after the numbering fails: the payment is not recorded, nor the number.
          if (rolledBack.has(row.id)) throw new Error("the rest of the payment failed");
          return numbered;
        }),
      ),
    );
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(rolledBack.size);
    const rows = await testDatabase.db.select().from(invoices);
    const numbers = rows
      .map((row) => row.number)
      .filter((value): value is string => value !== null)
      .sort();
    const paid = 50 - rolledBack.size;
    expect(numbers).toEqual(
      Array.from({ length: paid }, (_, index) => `INV-${String(index + 1).padStart(6, "0")}`),
    );
    for (const row of rows) {
      expect(row.status).toBe(rolledBack.has(row.id) ? "open" : "paid");
    }
    // One email per numbered invoice; none for the rolled-back ones.
    expect(await testDatabase.db.select().from(emailOutbox)).toHaveLength(paid);
    // Paid later, the rolled-back ones continue the series.
    for (const id of rolledBack) await number(id);
    const all = (await testDatabase.db.select().from(invoices)).map((row) => row.number).sort();
    expect(all).toEqual(
      Array.from({ length: 50 }, (_, index) => `INV-${String(index + 1).padStart(6, "0")}`),
    );
    const [counter] = await testDatabase.db.select().from(invoiceCounters);
    expect(counter).toMatchObject({ sellerTaxId: seller.taxId, series: "invoice", nextNumber: 51 });
  });

  it("numbering is idempotent: a replayed payment returns the same document", async () => {
    const open = await openInvoice();
    const first = await number(open.id);
    const again = await number(open.id);
    expect(again).toEqual(first);
    expect(first.number).toBe("INV-000001");
    expect(await testDatabase.db.select().from(emailOutbox)).toHaveLength(1);
  });

  it("a tax invoice with the buyer's company when the billing details are complete, else a receipt", async () => {
    const receipt = await number((await openInvoice()).id);
    expect(receipt).toMatchObject({ documentKind: "receipt", buyer: null, status: "paid" });
    expect(receipt.seller).toEqual(seller);
    expect(receipt.issuedAt).toEqual(now);
    expect(receipt.paidAt).toEqual(now);

    // A tax id with a wrong check digit is not a buyer.
    await setProfile({
      companyName: "บริษัท น้ำใจ จำกัด",
      address: "1 ถนนสุขุมวิท",
      taxId: "0105558123452",
      branch: "00000",
    });
    expect((await number((await openInvoice()).id)).documentKind).toBe("receipt");
    await setProfile({ taxId: buyerTaxId, address: null });
    expect((await number((await openInvoice()).id)).documentKind).toBe("receipt");

    await setProfile({ address: "1 ถนนสุขุมวิท คลองเตย กรุงเทพมหานคร 10110", branch: "00002" });
    const taxInvoice = await number((await openInvoice()).id);
    expect(taxInvoice.documentKind).toBe("tax_invoice");
    expect(taxInvoice.buyer).toEqual({
      name: "บริษัท น้ำใจ จำกัด",
      address: "1 ถนนสุขุมวิท คลองเตย กรุงเทพมหานคร 10110",
      taxId: buyerTaxId,
      branch: "00002",
    });
    expect(taxInvoice.number).toBe("INV-000004");
    expect(
      buyerFromProfile({ companyName: "A", address: "B", taxId: buyerTaxId, branch: "12" }),
    ).toBe(null);
  });

  it("queues the document's email to the invoice address in the profile's language, PDF to attach", async () => {
    await setProfile({ invoiceEmail: "Accounts@Example.com", locale: "en" });
    const numbered = await number((await openInvoice({ withholds: true })).id);
    const [email] = await testDatabase.db.select().from(emailOutbox);
    expect(email).toMatchObject({
      kind: "invoice",
      toAddress: "accounts@example.com",
      subject: "Receipt INV-000001 from Jai",
      attachment: { kind: "invoice", invoiceId: numbered.id, locale: "en" },
    });
    expect(email!.textBody).toContain("Total: THB 2,490.00 (สองพันสี่ร้อยเก้าสิบบาทถ้วน)");
    expect(email!.textBody).toContain(`Withholding tax 3%: THB 69.81`);

    // Without billing details: the owner's address, in the owner's language.
    const other = await addOwner("other-owner", "th");
    await number((await openInvoice({ owner: other })).id);
    const [second] = await testDatabase.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "other-owner@example.com"));
    expect(second!.subject).toBe("ใบเสร็จรับเงิน เลขที่ INV-000002 จาก Jai");
    expect(second!.textBody).toContain("จำนวนเงินรวมทั้งสิ้น: 2,490.00 บาท (สองพันสี่ร้อยเก้าสิบบาทถ้วน)");
  });

  it("the tax invoice's PDF text extracts exactly, in Thai and in English", async () => {
    await setProfile({
      companyName: "บริษัท น้ำใจ จำกัด",
      address: "1 ถนนสุขุมวิท คลองเตย กรุงเทพมหานคร 10110",
      taxId: buyerTaxId,
      branch: "00001",
      withholdsTax: true,
    });
    const open = await openInvoice({ withholds: true });
    const numbered = await number(open.id);
    await testDatabase.db.insert(payments).values({
      ownerId,
      invoiceId: open.id,
      provider: "omise",
      method: "promptpay",
      amountSatang: 249_000,
      status: "succeeded",
    });
    const thai = await pdfText(
      (await renderInvoiceDocument(testDatabase.db, numbered, "th")).bytes,
    );
    const thaiLines = thai.split("\n");
    for (const line of [
      "ใบกำกับภาษี / ใบเสร็จรับเงิน",
      "Tax Invoice / Receipt",
      "เลขที่ INV-000001",
      "วันที่ 27 พฤศจิกายน 2569",
      "บริษัท ใจ แพลตฟอร์ม จำกัด",
      "เลขประจำตัวผู้เสียภาษี 0105566000010",
      "สำนักงานใหญ่",
      "บริษัท น้ำใจ จำกัด",
      "1 ถนนสุขุมวิท คลองเตย กรุงเทพมหานคร 10110",
      `เลขประจำตัวผู้เสียภาษี ${buyerTaxId}`,
      "สาขาที่ 00001",
      "รอบบริการ 27 พฤศจิกายน 2569 – 26 ธันวาคม 2569",
      "มูลค่าก่อนภาษีมูลค่าเพิ่ม 2,327.10",
      "ภาษีมูลค่าเพิ่ม 7% 162.90",
      "จำนวนเงินรวมทั้งสิ้น 2,490.00",
      "ตัวอักษร: (สองพันสี่ร้อยเก้าสิบบาทถ้วน)",
      "ภาษีหัก ณ ที่จ่าย 3% (ของมูลค่าก่อนภาษีมูลค่าเพิ่ม) -69.81",
      "ยอดชำระหลังหักภาษี ณ ที่จ่าย 2,420.19",
      "ชำระเงินแล้วเมื่อ 27 พฤศจิกายน 2569 ด้วย PromptPay",
    ]) {
      expect(thaiLines, line).toContain(line);
    }
    expect(thai).toContain("1 แพ็กเกจ pro (monthly) 1 2,490.00");
    expect(thai).not.toContain("the Thai document prevails");

    const english = await pdfText(
      (await renderInvoiceDocument(testDatabase.db, numbered, "en")).bytes,
    );
    const englishLines = english.split("\n");
    for (const line of [
      "Tax Invoice / Receipt",
      "ใบกำกับภาษี / ใบเสร็จรับเงิน",
      "No. INV-000001",
      "Date 27 November 2026",
      "Jai Platform Co., Ltd.",
      "999/9 Rama IV Road, Pathum Wan, Bangkok 10330",
      "Tax ID 0105566000010",
      "Head office",
      `Tax ID ${buyerTaxId}`,
      "Branch 00001",
      "Amount before VAT 2,327.10",
      "VAT 7% 162.90",
      "Total 2,490.00",
      "In Thai words: (สองพันสี่ร้อยเก้าสิบบาทถ้วน)",
      "Withholding tax 3% (of the amount before VAT) -69.81",
      "Amount payable after withholding 2,420.19",
      "Paid on 27 November 2026 by PromptPay",
      "Copy in English for convenience; the Thai document prevails.",
    ]) {
      expect(englishLines, line).toContain(line);
    }
  });

  it("a plain receipt says so and names no buyer's tax id", async () => {
    const numbered = await number((await openInvoice()).id);
    const text = await pdfText(await renderInvoicePdf(numbered, "th"));
    expect(text.split("\n")[0]).toBe("ใบเสร็จรับเงิน");
    expect(text).not.toContain("ใบกำกับภาษี /");
    expect(text.match(/เลขประจำตัวผู้เสียภาษี/g)).toHaveLength(1);
    expect(text).toContain("ลูกค้าทั่วไป");
  });

  it("VAT to the satang and the words of the total on every catalogue price and cycle", async () => {
    for (const planId of paidPlanIds) {
      for (const cycle of billingCycles) {
        const total = planPriceSatang(planId, cycle);
        const { subtotalSatang, vatSatang, totalSatang } = splitVat(total);
        expect(subtotalSatang + vatSatang).toBe(totalSatang);
        expect(totalSatang).toBe(total);
        expect(Number.isInteger(subtotalSatang) && Number.isInteger(vatSatang)).toBe(true);
        expect(
          Math.abs(vatSatang - Math.round((subtotalSatang * vatPercent) / 100)),
        ).toBeLessThanOrEqual(1);
        expect(bahtWords(total)).toBe(referenceWords(total));
        const numbered = await number((await openInvoice({ planId, cycle })).id);
        const text = await pdfText(await renderInvoicePdf(numbered, "th"));
        const baht = (satang: number) =>
          (satang / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
        const lines = text.split("\n");
        expect(lines, `${planId} ${cycle}`).toContain(`มูลค่าก่อนภาษีมูลค่าเพิ่ม ${baht(subtotalSatang)}`);
        expect(lines, `${planId} ${cycle}`).toContain(`ภาษีมูลค่าเพิ่ม 7% ${baht(vatSatang)}`);
        expect(lines, `${planId} ${cycle}`).toContain(`จำนวนเงินรวมทั้งสิ้น ${baht(totalSatang)}`);
        expect(lines, `${planId} ${cycle}`).toContain(`ตัวอักษร: (${referenceWords(total)})`);
      }
    }
    // Satang in words, and an amount with satang split to the satang.
    expect(bahtWords(105_930)).toBe("หนึ่งพันห้าสิบเก้าบาทสามสิบสตางค์");
    expect(splitVat(100)).toEqual({ subtotalSatang: 93, vatSatang: 7, totalSatang: 100 });
  });

  it("credit notes: their own series, VAT split, the original named, capped at what is left", async () => {
    await setProfile({
      companyName: "บริษัท น้ำใจ จำกัด",
      address: "1 ถนนสุขุมวิท",
      taxId: buyerTaxId,
      branch: "00000",
    });
    const paid = await number((await openInvoice()).id);
    const credit = (amountSatang: number, reason: "refund" | "downgrade" = "refund") =>
      testDatabase.db.transaction((tx) =>
        createCreditNote(tx, { invoiceId: paid.id, amountSatang, reason, now, seller }),
      );
    const first = await credit(100_000, "downgrade");
    expect(first).toMatchObject({
      series: "credit_note",
      number: "CN-000001",
      creditForInvoiceId: paid.id,
      documentKind: "tax_invoice",
      reason: "downgrade",
      ...splitVat(100_000),
    });
    expect(first.lines).toEqual([
      {
        description: {
          th: "ลดหนี้ตามใบกำกับภาษีเลขที่ INV-000001 (ดาวน์เกรดแพ็กเกจ)",
          en: "Credit against invoice INV-000001 (change to a lower plan)",
        },
        quantity: 1,
        amountSatang: 100_000,
      },
    ]);
    // More than the 1,490.00 left: refused, and no number is used up.
    const refused = await credit(149_001).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { amountSatang: "overInvoice" },
    });
    const second = await credit(149_000);
    expect(second.number).toBe("CN-000002");
    await expect(credit(1)).rejects.toMatchObject({ code: "VALIDATION_FAILED" });

    // An open invoice cannot be credited.
    const open = await openInvoice();
    await expect(
      testDatabase.db.transaction((tx) =>
        createCreditNote(tx, {
          invoiceId: open.id,
          amountSatang: 100,
          reason: "refund",
          now,
          seller,
        }),
      ),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });

    const text = await pdfText((await renderInvoiceDocument(testDatabase.db, second, "th")).bytes);
    const lines = text.split("\n");
    for (const line of [
      "ใบลดหนี้",
      "Credit Note",
      "เลขที่ CN-000002",
      "อ้างอิงใบกำกับภาษีเลขที่ INV-000001 ลงวันที่ 27 พฤศจิกายน 2569",
      "เหตุที่ลดหนี้: คืนเงินค่าบริการ",
      "มูลค่าตามใบกำกับภาษีเดิม (รวมภาษีมูลค่าเพิ่ม) 1,490.00",
      "มูลค่าที่ถูกต้อง (รวมภาษีมูลค่าเพิ่ม) 0.00",
      "ผลต่าง 1,490.00",
      "ภาษีมูลค่าเพิ่ม 7% 97.48",
      "จำนวนเงินที่ลดหนี้รวมทั้งสิ้น 1,490.00",
      "ตัวอักษร: (หนึ่งพันสี่ร้อยเก้าสิบบาทถ้วน)",
    ]) {
      expect(lines, line).toContain(line);
    }
    // Emails: the invoice and both credit notes.
    const emails = await testDatabase.db.select().from(emailOutbox);
    expect(emails.map((email) => email.subject).sort()).toEqual([
      "ใบกำกับภาษี / ใบเสร็จรับเงิน เลขที่ INV-000001 จาก Jai",
      "ใบลดหนี้ เลขที่ CN-000001 จาก Jai",
      "ใบลดหนี้ เลขที่ CN-000002 จาก Jai",
    ]);

    const listed = await listInvoices(testDatabase.db, ownerId);
    expect(listed.map((row) => row.number)).toEqual(
      expect.arrayContaining(["INV-000001", "CN-000001", "CN-000002", null]),
    );
    const listedPaid = listed.find((row) => row.id === paid.id)!;
    expect(listedPaid).toMatchObject({
      status: "paid",
      documentKind: "tax_invoice",
      expectedSatang: 249_000,
      pdfUrl: `/api/console/billing/invoices/${paid.id}/pdf?lang=th`,
    });
    expect(listed.find((row) => row.id === open.id)!.pdfUrl).toBeNull();
  });

  it("emails the document with its PDF through a real SMTP server", async () => {
    const sink = await startSmtpSink();
    const log = createMemoryLogger();
    const worker = createOutboxWorker({
      db: testDatabase.db,
      transport: createMailTransport({
        smtpUrl: sink.url,
        mailDir: "/nonexistent",
        from: { name: "Jai", address: "billing@jai.example" },
      }),
      logger: log.logger,
      resolveAttachment: createInvoiceAttachmentResolver(testDatabase.db),
    });
    try {
      await setProfile({ locale: "th" });
      const numbered = await number((await openInvoice({ planId: "starter" })).id);
      expect(await worker.runOnce()).toBe(1);
      const [received] = await sink.waitFor(1);
      expect(received!.rcptTo).toEqual(["owner@example.com"]);
      expect(received!.header("subject")).toBe("ใบเสร็จรับเงิน เลขที่ INV-000001 จาก Jai");
      const files = mimeParts(received!.raw);
      const pdf = files.find((part) => part.contentType.startsWith("application/pdf"))!;
      expect(pdf.fileName).toBe("INV-000001.pdf");
      const text = await pdfText(pdf.bytes);
      expect(text).toContain("เลขที่ INV-000001");
      expect(text).toContain("จำนวนเงินรวมทั้งสิ้น 990.00");
      const body = files.find((part) => part.contentType.startsWith("text/plain"))!;
      expect(Buffer.from(body.bytes).toString("utf8")).toContain("เก้าร้อยเก้าสิบบาทถ้วน");
      const [row] = await testDatabase.db.select().from(emailOutbox);
      expect(row!.status).toBe("sent");
      expect(numbered.number).toBe("INV-000001");
    } finally {
      await worker.stop();
      await sink.close();
    }
  });
});

/** The parts of a multipart message (enough of MIME for nodemailer's output). */
function mimeParts(
  raw: string,
): { contentType: string; fileName: string | null; bytes: Uint8Array }[] {
  const message = raw.replace(/\r\n/g, "\n");
  const boundary = /boundary="?([^";\n]+)"?/.exec(message)?.[1];
  if (!boundary) return [];
  return message
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const split = part.indexOf("\n\n");
      const head = part.slice(0, split).replace(/\n[ \t]+/g, " ");
      const body = part.slice(split + 2);
      const contentType = /content-type:\s*([^\n]+)/i.exec(head)?.[1]?.trim() ?? "";
      const fileName = /filename="?([^";\n]+)"?/i.exec(head)?.[1] ?? null;
      const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
      const bytes =
        encoding === "base64"
          ? new Uint8Array(Buffer.from(body.replace(/\s+/g, ""), "base64"))
          : encoding === "quoted-printable"
            ? new Uint8Array(
                Buffer.from(
                  body
                    .replace(/=\n/g, "")
                    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                      String.fromCharCode(Number.parseInt(hex, 16)),
                    ),
                  "latin1",
                ),
              )
            : new Uint8Array(Buffer.from(body, "utf8"));
      return { contentType, fileName, bytes };
    });
}
