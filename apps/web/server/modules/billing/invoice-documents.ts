import { brand } from "@jai/contracts";
import {
  headOfficeBranch,
  type InvoiceBuyer,
  type InvoiceDto,
  type InvoiceLine,
  type InvoiceSeller,
  isThaiTaxId,
  type PaymentMethodKind,
  type PromptPayQr,
  splitVat,
  withholdingCertificateLimits,
} from "@jai/contracts/billing";
import {
  type BillingCycle,
  billingCycles,
  type PaidPlanId,
  paidPlanIds,
} from "@jai/contracts/plans";
import {
  and,
  billingProfiles,
  type Db,
  desc,
  emailOutbox,
  eq,
  type InvoiceRow,
  inArray,
  invoiceCounters,
  invoices,
  payments,
  sql,
  users,
  withholdingCertificates,
} from "@jai/db";
import type { Env } from "../../env";
import { AppError } from "../../http/errors";
import { escapeLine } from "../../services/mail/escape-plain-text";
import {
  bahtWords,
  documentKindOf,
  formatBaht,
  formatDocumentDate,
  type InvoicePdfContext,
  type InvoicePdfLocale,
  renderInvoicePdf,
} from "./invoice-pdf";

// Thai tax invoices / receipts and credit notes (Revenue Code s.86/4, s.86/10): numbered in the
// transaction that records the payment (or the refund), from a counter per seller and series,
// so numbers have no gaps; emailed with the PDF attached; withholding tax certificates.

/** The seller as configured (BILLING_SELLER_*): Thai name and address, English ones too. */
export function sellerFromEnv(
  env: Pick<
    Env,
    | "BILLING_SELLER_NAME_TH"
    | "BILLING_SELLER_NAME_EN"
    | "BILLING_SELLER_ADDRESS_TH"
    | "BILLING_SELLER_ADDRESS_EN"
    | "BILLING_SELLER_TAX_ID"
    | "BILLING_SELLER_BRANCH"
  >,
): InvoiceSeller {
  return {
    name: env.BILLING_SELLER_NAME_TH,
    address: env.BILLING_SELLER_ADDRESS_TH,
    nameEn: env.BILLING_SELLER_NAME_EN,
    addressEn: env.BILLING_SELLER_ADDRESS_EN,
    taxId: env.BILLING_SELLER_TAX_ID,
    branch: env.BILLING_SELLER_BRANCH,
  };
}

type Series = "invoice" | "credit_note";
const numberPrefix: Record<Series, string> = { invoice: "INV", credit_note: "CN" };

/** "INV-000001", "CN-000042". */
export function formatDocumentNumber(series: Series, serial: number): string {
  return `${numberPrefix[series]}-${String(serial).padStart(6, "0")}`;
}

/**
 * The next serial of (seller, series). The counter row is locked by the update until the
 * transaction ends, so concurrent payments take numbers one after the other, and a rolled-back
 * transaction gives its number back: no gap, no duplicate.
 */
async function takeSerial(tx: Db, sellerTaxId: string, series: Series): Promise<number> {
  await tx.insert(invoiceCounters).values({ sellerTaxId, series }).onConflictDoNothing();
  const [counter] = await tx
    .update(invoiceCounters)
    .set({ nextNumber: sql`${invoiceCounters.nextNumber} + 1` })
    .where(and(eq(invoiceCounters.sellerTaxId, sellerTaxId), eq(invoiceCounters.series, series)))
    .returning({ next: invoiceCounters.nextNumber });
  return counter!.next - 1;
}

/** The buyer for a tax invoice, when the owner's billing details are complete and valid. */
export function buyerFromProfile(
  profile: {
    companyName: string | null;
    address: string | null;
    taxId: string | null;
    branch: string | null;
  } | null,
): InvoiceBuyer | null {
  if (!profile) return null;
  const name = profile.companyName?.trim() ?? "";
  const address = profile.address?.trim() ?? "";
  const taxId = profile.taxId?.trim() ?? "";
  const branch = profile.branch?.trim() || headOfficeBranch;
  if (!name || !address || !isThaiTaxId(taxId) || !/^\d{5}$/.test(branch)) return null;
  return { name, address, taxId, branch };
}

async function lockInvoice(tx: Db, invoiceId: string): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  if (!row) throw new AppError("NOT_FOUND", { message: "invoice not found" });
  return row;
}

/**
 * Numbers a paid invoice, in the transaction that records its payment: a tax invoice /
 * receipt (ใบกำกับภาษี / ใบเสร็จรับเงิน) when the owner's billing details name a company with
 * a valid tax id, else a plain receipt (ใบเสร็จรับเงิน); seller and buyer are copied onto it,
 * status paid, issued and paid `now`, and its email (PDF attached) is queued. Idempotent: an
 * invoice that has a number already is returned unchanged (a replayed webhook).
 * Wake the outbox after the transaction commits (`services.onEmailQueued`).
 */
export async function numberInvoice(
  tx: Db,
  { invoiceId, now, seller }: { invoiceId: string; now: Date; seller: InvoiceSeller },
): Promise<InvoiceRow> {
  const row = await lockInvoice(tx, invoiceId);
  if (row.number) return row;
  if (row.series !== "invoice") {
    throw new AppError("CONFLICT", { message: "credit notes are numbered when created" });
  }
  const [profile] = await tx
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.ownerId, row.ownerId));
  const buyer = buyerFromProfile(profile ?? null);
  const serial = await takeSerial(tx, seller.taxId, "invoice");
  const [numbered] = await tx
    .update(invoices)
    .set({
      number: formatDocumentNumber("invoice", serial),
      documentKind: buyer ? "tax_invoice" : "receipt",
      seller,
      buyer,
      status: "paid",
      issuedAt: now,
      paidAt: now,
      updatedAt: now,
    })
    .where(eq(invoices.id, invoiceId))
    .returning();
  await queueDocumentEmail(tx, numbered!);
  return numbered!;
}

const creditReasons = {
  refund: { th: "คืนเงินค่าบริการ", en: "refund" },
  downgrade: { th: "ดาวน์เกรดแพ็กเกจ", en: "change to a lower plan" },
};

/**
 * A credit note (ใบลดหนี้) reducing a paid invoice by `amountSatang` (VAT included): numbered
 * in its own series (CN-…), the VAT split with `splitVat`, its line naming the original
 * number, the original's buyer; emailed like invoices. At most what is left of the invoice's
 * total after earlier credit notes (else 422 VALIDATION_FAILED, fields.amountSatang).
 */
export async function createCreditNote(
  tx: Db,
  {
    invoiceId,
    amountSatang,
    reason,
    now,
    seller,
  }: {
    invoiceId: string;
    amountSatang: number;
    reason: "refund" | "downgrade";
    now: Date;
    seller: InvoiceSeller;
  },
): Promise<InvoiceRow> {
  const original = await lockInvoice(tx, invoiceId);
  if (original.series !== "invoice" || original.status !== "paid" || !original.number) {
    throw new AppError("VALIDATION_FAILED", {
      message: "only a paid, numbered invoice can be credited",
      fields: { invoiceId: "notPaid" },
    });
  }
  if (!Number.isSafeInteger(amountSatang) || amountSatang <= 0) {
    throw new AppError("VALIDATION_FAILED", { fields: { amountSatang: "invalid" } });
  }
  const [credited] = await tx
    .select({ total: sql<string>`coalesce(sum(${invoices.totalSatang}), 0)` })
    .from(invoices)
    .where(and(eq(invoices.creditForInvoiceId, invoiceId), eq(invoices.series, "credit_note")));
  const left = original.totalSatang - Number(credited?.total ?? 0);
  if (amountSatang > left) {
    throw new AppError("VALIDATION_FAILED", {
      message: `at most ${left} satang are left to credit on ${original.number}`,
      fields: { amountSatang: "overInvoice", left: String(left) },
    });
  }
  const split = splitVat(amountSatang);
  const serial = await takeSerial(tx, seller.taxId, "credit_note");
  const texts = creditReasons[reason];
  const lines: InvoiceLine[] = [
    {
      description: {
        th: `ลดหนี้ตามใบกำกับภาษีเลขที่ ${original.number} (${texts.th})`,
        en: `Credit against invoice ${original.number} (${texts.en})`,
      },
      quantity: 1,
      amountSatang,
    },
  ];
  const [note] = await tx
    .insert(invoices)
    .values({
      ownerId: original.ownerId,
      series: "credit_note",
      status: "paid",
      number: formatDocumentNumber("credit_note", serial),
      documentKind: original.documentKind,
      reason,
      planId: original.planId,
      billingCycle: original.billingCycle,
      periodStart: original.periodStart,
      periodEnd: original.periodEnd,
      seller,
      buyer: original.buyer,
      lines,
      ...split,
      withholdingSatang: 0,
      creditForInvoiceId: original.id,
      issuedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await queueDocumentEmail(tx, note!);
  return note!;
}

// ---- documents as PDF and email --------------------------------------------------------------

/** What the PDF of a document shows besides its row: the payment method, a credit's original. */
export async function loadInvoicePdfContext(
  db: Db,
  invoice: InvoiceRow,
): Promise<InvoicePdfContext> {
  const [payment] = await db
    .select({ method: payments.method })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, "succeeded")))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  let original: InvoicePdfContext["original"] = null;
  if (invoice.series === "credit_note" && invoice.creditForInvoiceId) {
    const [source] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.id, invoice.creditForInvoiceId));
    if (source?.number) {
      const notes = await db
        .select({ number: invoices.number, total: invoices.totalSatang })
        .from(invoices)
        .where(and(eq(invoices.creditForInvoiceId, source.id), eq(invoices.series, "credit_note")));
      const before = notes.filter((note) => isBefore(note.number ?? "", invoice.number ?? ""));
      original = {
        number: source.number,
        issuedAt: source.issuedAt ?? source.createdAt,
        totalSatang: source.totalSatang,
        creditedBeforeSatang: before.reduce((sum, note) => sum + note.total, 0),
      };
    }
  }
  return { paymentMethod: (payment?.method as PaymentMethodKind | undefined) ?? null, original };
}

/** Serial order of two numbers of one series ("CN-000009" < "CN-000010" < "CN-1000000"). */
const isBefore = (a: string, b: string) => a.length < b.length || (a.length === b.length && a < b);

/** A numbered document's PDF and its file name ("INV-000001.pdf"). */
export async function renderInvoiceDocument(
  db: Db,
  invoice: InvoiceRow,
  locale: InvoicePdfLocale,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const context = await loadInvoicePdfContext(db, invoice);
  const bytes = await renderInvoicePdf(invoice, locale, context);
  const suffix = locale === "en" ? "-en" : "";
  return { fileName: `${invoice.number ?? invoice.id}${suffix}.pdf`, bytes };
}

/** The outbox's name for billing documents' emails. */
export const invoiceEmailKind = "invoice";

/** What `email_outbox.attachment` holds for a billing document's PDF. */
export type InvoiceAttachmentRef = { kind: "invoice"; invoiceId: string; locale: InvoicePdfLocale };

const emailTexts = {
  th: {
    titles: {
      tax_invoice: "ใบกำกับภาษี / ใบเสร็จรับเงิน",
      receipt: "ใบเสร็จรับเงิน",
      credit_note: "ใบลดหนี้",
    },
    subject: (title: string, number: string) => `${title} เลขที่ ${number} จาก ${brand.name}`,
    body: (input: EmailInput) =>
      [
        "สวัสดีค่ะ",
        "",
        `${input.title} เลขที่ ${input.number} ลงวันที่ ${input.date} แนบมากับอีเมลนี้เป็นไฟล์ PDF`,
        "",
        `${input.credit ? "จำนวนเงินที่ลดหนี้" : "จำนวนเงินรวมทั้งสิ้น"}: ${input.total} บาท (${input.words})`,
        `มูลค่าก่อนภาษีมูลค่าเพิ่ม: ${input.subtotal} บาท`,
        `ภาษีมูลค่าเพิ่ม 7%: ${input.vat} บาท`,
        ...(input.withholding
          ? [
              `ภาษีหัก ณ ที่จ่าย 3%: ${input.withholding} บาท`,
              "โปรดส่งหนังสือรับรองการหักภาษี ณ ที่จ่ายได้ที่หน้าการเรียกเก็บเงินในคอนโซล",
            ]
          : []),
        "",
        "ดาวน์โหลดเอกสารนี้ได้ทุกเมื่อที่หน้าการเรียกเก็บเงินในคอนโซล",
        "",
        `ขอบคุณที่ใช้ ${brand.name}`,
      ].join("\n"),
  },
  en: {
    titles: {
      tax_invoice: "Tax invoice / receipt",
      receipt: "Receipt",
      credit_note: "Credit note",
    },
    subject: (title: string, number: string) => `${title} ${number} from ${brand.name}`,
    body: (input: EmailInput) =>
      [
        "Hello,",
        "",
        `${input.title} ${input.number} of ${input.date} is attached to this email as a PDF, with a copy in English.`,
        "",
        `${input.credit ? "Total credited" : "Total"}: THB ${input.total} (${input.words})`,
        `Amount before VAT: THB ${input.subtotal}`,
        `VAT 7%: THB ${input.vat}`,
        ...(input.withholding
          ? [
              `Withholding tax 3%: THB ${input.withholding}`,
              "Please upload the withholding tax certificate on the console's billing page.",
            ]
          : []),
        "",
        "You can download it any time from the billing page of the console.",
        "",
        `Thank you for using ${brand.name}`,
      ].join("\n"),
  },
};

type EmailInput = {
  title: string;
  number: string;
  date: string;
  total: string;
  words: string;
  subtotal: string;
  vat: string;
  withholding: string | null;
  credit: boolean;
};

/**
 * Queues a numbered document's email in the caller's transaction: to the billing details'
 * invoice email or the owner's address, in the billing details' language (else the owner's),
 * with the PDF attached when sent (made then, by the outbox's `resolveAttachment`). In English,
 * the Thai original is attached too (the English one is a convenience copy).
 */
async function queueDocumentEmail(tx: Db, invoice: InvoiceRow): Promise<void> {
  const [recipient] = await tx
    .select({
      email: users.email,
      userLocale: users.locale,
      invoiceEmail: billingProfiles.invoiceEmail,
      profileLocale: billingProfiles.locale,
    })
    .from(users)
    .leftJoin(billingProfiles, eq(billingProfiles.ownerId, users.id))
    .where(eq(users.id, invoice.ownerId));
  if (!recipient) return;
  const locale: InvoicePdfLocale =
    (recipient.profileLocale ?? recipient.userLocale) === "en" ? "en" : "th";
  const to = (recipient.invoiceEmail?.trim() || recipient.email).toLowerCase();
  const texts = emailTexts[locale];
  const title = texts.titles[documentKindOf(invoice)];
  const number = invoice.number ?? "";
  const input: EmailInput = {
    title,
    number,
    date: formatDocumentDate(invoice.issuedAt ?? invoice.createdAt, locale),
    total: formatBaht(invoice.totalSatang),
    words: bahtWords(invoice.totalSatang),
    subtotal: formatBaht(invoice.subtotalSatang),
    vat: formatBaht(invoice.vatSatang),
    withholding:
      invoice.series === "invoice" && invoice.withholdingSatang > 0
        ? formatBaht(invoice.withholdingSatang)
        : null,
    credit: invoice.series === "credit_note",
  };
  const attachment: InvoiceAttachmentRef = { kind: "invoice", invoiceId: invoice.id, locale };
  await tx.insert(emailOutbox).values({
    kind: invoiceEmailKind,
    toAddress: to,
    subject: escapeLine(texts.subject(title, number)),
    textBody: `${texts.body(input)}\n`,
    attachment,
    // A tax document stays useful for days: retry longer than a sign-in link.
    maxAttempts: 12,
  });
}

export type MailAttachmentFile = { filename: string; contentType: string; content: Uint8Array };

/**
 * The outbox worker's `resolveAttachment` for billing documents: the PDF of
 * `{ kind: "invoice", invoiceId, locale }` made from the database when the email is sent (an
 * English email carries the Thai original too). Null when it is not ours or the invoice is gone.
 */
export function createInvoiceAttachmentResolver(db: Db) {
  return async (reference: unknown): Promise<MailAttachmentFile[] | null> => {
    const ref = reference as Partial<InvoiceAttachmentRef> | null;
    if (ref?.kind !== "invoice" || typeof ref.invoiceId !== "string") return null;
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, ref.invoiceId));
    if (!invoice?.number) return null;
    const locales: InvoicePdfLocale[] = ref.locale === "en" ? ["th", "en"] : ["th"];
    const files = [];
    for (const locale of locales) {
      const { fileName, bytes } = await renderInvoiceDocument(db, invoice, locale);
      files.push({ filename: fileName, contentType: "application/pdf", content: bytes });
    }
    return files;
  };
}

// ---- the console's list ----------------------------------------------------------------------

const asPlanId = (value: string): PaidPlanId =>
  (paidPlanIds as readonly string[]).includes(value) ? (value as PaidPlanId) : "starter";
const asCycle = (value: string): BillingCycle =>
  (billingCycles as readonly string[]).includes(value) ? (value as BillingCycle) : "monthly";

/** The console's view of a document. */
export function toInvoiceDto(
  row: InvoiceRow,
  extras: {
    hasWithholdingCertificate: boolean;
    promptPay?: PromptPayQr | null;
    /** The language of `pdfUrl` (th by default: the legal document). */
    locale?: InvoicePdfLocale;
  },
): InvoiceDto {
  const withholding = row.series === "invoice" ? row.withholdingSatang : 0;
  return {
    id: row.id,
    series: row.series,
    status: row.status,
    number: row.number,
    documentKind: row.documentKind,
    reason: row.reason,
    planId: asPlanId(row.planId),
    billingCycle: asCycle(row.billingCycle),
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    lines: row.lines as InvoiceLine[],
    subtotalSatang: row.subtotalSatang,
    vatSatang: row.vatSatang,
    totalSatang: row.totalSatang,
    withholdingSatang: withholding,
    expectedSatang: row.totalSatang - withholding,
    dueAt: row.dueAt?.toISOString() ?? null,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    creditForInvoiceId: row.creditForInvoiceId,
    hasWithholdingCertificate: extras.hasWithholdingCertificate,
    promptPay: row.status === "open" ? (extras.promptPay ?? null) : null,
    pdfUrl: row.number
      ? `/api/console/billing/invoices/${row.id}/pdf?lang=${extras.locale ?? "th"}`
      : null,
  };
}

/**
 * A workspace's documents, newest first: invoices (open, paid, void) and credit notes, each
 * with whether a withholding certificate was uploaded and, while open, the PromptPay QR of its
 * latest pending payment.
 */
export async function listInvoices(db: Db, ownerId: string): Promise<InvoiceDto[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.ownerId, ownerId))
    .orderBy(desc(invoices.createdAt), desc(invoices.number));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const certificates = await db
    .select({ invoiceId: withholdingCertificates.invoiceId })
    .from(withholdingCertificates)
    .where(
      and(
        eq(withholdingCertificates.ownerId, ownerId),
        inArray(withholdingCertificates.invoiceId, ids),
      ),
    );
  const withCertificate = new Set(certificates.map((row) => row.invoiceId));
  const openIds = rows.filter((row) => row.status === "open").map((row) => row.id);
  const qrs = new Map<string, PromptPayQr>();
  if (openIds.length > 0) {
    const pending = await db
      .select({ invoiceId: payments.invoiceId, promptPay: payments.promptPay })
      .from(payments)
      .where(
        and(
          inArray(payments.invoiceId, openIds),
          eq(payments.method, "promptpay"),
          eq(payments.status, "pending"),
        ),
      )
      .orderBy(desc(payments.createdAt));
    for (const payment of pending) {
      if (payment.promptPay && !qrs.has(payment.invoiceId)) {
        qrs.set(payment.invoiceId, payment.promptPay as PromptPayQr);
      }
    }
  }
  return rows.map((row) =>
    toInvoiceDto(row, {
      hasWithholdingCertificate: withCertificate.has(row.id),
      promptPay: qrs.get(row.id) ?? null,
    }),
  );
}

/** One of the workspace's documents; another workspace's answers 404 like a missing one. */
export async function getOwnedInvoice(
  db: Db,
  ownerId: string,
  invoiceId: string,
): Promise<InvoiceRow> {
  if (!isUuid(invoiceId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.ownerId, ownerId)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

// ---- withholding tax certificates ------------------------------------------------------------

export type WithholdingContentType = (typeof withholdingCertificateLimits.contentTypes)[number];

/** The file's type from its first bytes (%PDF, PNG's signature, JPEG's SOI), never its label. */
export function sniffCertificateType(bytes: Uint8Array): WithholdingContentType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  return null;
}

const extensions: Record<WithholdingContentType, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
};

/** A file name safe to store and to send back in Content-Disposition. */
function cleanFileName(fileName: string | null | undefined, type: WithholdingContentType): string {
  const base = (fileName ?? "")
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069"]/gu, "")
    .trim()
    .slice(0, 200);
  return base || `withholding-certificate.${extensions[type]}`;
}

export type WithholdingCertificateInfo = {
  invoiceId: string;
  fileName: string;
  contentType: WithholdingContentType;
  size: number;
  uploadedAt: string;
};

/**
 * Stores (or replaces) the withholding tax certificate (หนังสือรับรองการหักภาษี ณ ที่จ่าย) of
 * one of the workspace's invoices: PDF, PNG or JPEG by its bytes (`contentType`, what the
 * client said, is not trusted: 415 when the bytes are none of these), at most 5 MB (413).
 */
export async function putWithholdingCertificate(
  db: Db,
  {
    ownerId,
    invoiceId,
    contentType: _declared,
    bytes,
    fileName,
  }: {
    ownerId: string;
    invoiceId: string;
    contentType: string | null;
    bytes: Uint8Array;
    fileName?: string | null;
  },
): Promise<WithholdingCertificateInfo> {
  const invoice = await getOwnedInvoice(db, ownerId, invoiceId);
  if (invoice.series !== "invoice") {
    throw new AppError("VALIDATION_FAILED", { fields: { invoiceId: "creditNote" } });
  }
  if (bytes.byteLength > withholdingCertificateLimits.maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", {
      message: "the certificate is larger than 5 MB",
      fields: { file: "tooLarge" },
    });
  }
  if (bytes.byteLength === 0) {
    throw new AppError("VALIDATION_FAILED", { fields: { file: "required" } });
  }
  const type = sniffCertificateType(bytes);
  if (!type) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", {
      message: "the certificate must be a PDF, PNG or JPEG file",
      fields: { file: "unsupportedType" },
    });
  }
  const name = cleanFileName(fileName, type);
  const now = new Date();
  await db
    .insert(withholdingCertificates)
    .values({ invoiceId, ownerId, fileName: name, contentType: type, bytes, updatedAt: now })
    .onConflictDoUpdate({
      target: withholdingCertificates.invoiceId,
      set: { fileName: name, contentType: type, bytes, updatedAt: now },
    });
  return {
    invoiceId,
    fileName: name,
    contentType: type,
    size: bytes.byteLength,
    uploadedAt: now.toISOString(),
  };
}

/** The certificate of one of the workspace's invoices (404 without one). */
export async function getWithholdingCertificate(
  db: Db,
  { ownerId, invoiceId }: { ownerId: string; invoiceId: string },
): Promise<{ fileName: string; contentType: string; bytes: Uint8Array }> {
  await getOwnedInvoice(db, ownerId, invoiceId);
  const [row] = await db
    .select({
      fileName: withholdingCertificates.fileName,
      contentType: withholdingCertificates.contentType,
      bytes: withholdingCertificates.bytes,
    })
    .from(withholdingCertificates)
    .where(
      and(
        eq(withholdingCertificates.invoiceId, invoiceId),
        eq(withholdingCertificates.ownerId, ownerId),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** Removes the certificate of one of the workspace's invoices (idempotent). */
export async function deleteWithholdingCertificate(
  db: Db,
  { ownerId, invoiceId }: { ownerId: string; invoiceId: string },
): Promise<void> {
  await getOwnedInvoice(db, ownerId, invoiceId);
  await db
    .delete(withholdingCertificates)
    .where(
      and(
        eq(withholdingCertificates.invoiceId, invoiceId),
        eq(withholdingCertificates.ownerId, ownerId),
      ),
    );
}
