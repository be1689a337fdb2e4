import {
  headOfficeBranch,
  type InvoiceBuyer,
  type InvoiceLine,
  type InvoiceSeller,
  type PaymentMethodKind,
  vatPercent,
  withholdingPercent,
} from "@jai/contracts/billing";
import { wrapText } from "@jai/contracts/wrap-text";
import type { InvoiceRow } from "@jai/db";
import { bahttext } from "bahttext";
import {
  drawPdfText,
  fixPdfTextUnicode,
  measurePdfText,
  type PdfFont,
  registerPdfFonts,
} from "../../services/pdf/pdf-text";
import { loadCardFonts } from "../../services/persona-card/card-fonts";

export type InvoicePdfLocale = "th" | "en";

/** What a document shows besides its own row. */
export type InvoicePdfContext = {
  /** How it was paid (the payment that made it paid), when known. */
  paymentMethod?: PaymentMethodKind | null;
  /**
   * A credit note's original invoice: its number, date and total, and what earlier credit
   * notes already took off it (Revenue Code s.86/10: the original value, the right value and
   * the difference).
   */
  original?: {
    number: string;
    issuedAt: Date;
    totalSatang: number;
    creditedBeforeSatang: number;
  } | null;
};

// ---- formatting ------------------------------------------------------------------------------

/** Satang as baht with two decimals and thousands separators: 123456 → "1,234.56". */
export function formatBaht(satang: number): string {
  const negative = satang < 0;
  const absolute = Math.abs(Math.round(satang));
  const baht = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = String(absolute % 100).padStart(2, "0");
  return `${negative ? "-" : ""}${baht}.${fraction}`;
}

/** The amount in Thai words, as the Revenue Department's forms write it ("หนึ่งพันบาทถ้วน"). */
export function bahtWords(satang: number): string {
  const absolute = Math.abs(Math.round(satang));
  // A string, so no floating point reaches the satang.
  return bahttext(`${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`);
}

const dateFormats = {
  // th-TH's default calendar is the Buddhist one: "27 พฤศจิกายน 2569".
  th: new Intl.DateTimeFormat("th-TH", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Bangkok",
  }),
  en: new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Bangkok",
  }),
};

/** A document date in Bangkok: "27 พฤศจิกายน 2569" (Buddhist year) or "27 November 2026". */
export function formatDocumentDate(date: Date, locale: InvoicePdfLocale): string {
  return dateFormats[locale].format(date);
}

// ---- texts -----------------------------------------------------------------------------------

type Kind = "tax_invoice" | "receipt" | "credit_note";

const titles: Record<Kind, { th: string; en: string }> = {
  tax_invoice: { th: "ใบกำกับภาษี / ใบเสร็จรับเงิน", en: "Tax Invoice / Receipt" },
  receipt: { th: "ใบเสร็จรับเงิน", en: "Receipt" },
  credit_note: { th: "ใบลดหนี้", en: "Credit Note" },
};

const texts = {
  th: {
    seller: "ผู้ขาย",
    buyer: "ผู้ซื้อ",
    taxId: "เลขประจำตัวผู้เสียภาษี",
    headOffice: "สำนักงานใหญ่",
    branch: (branch: string) => `สาขาที่ ${branch}`,
    number: "เลขที่",
    date: "วันที่",
    period: "รอบบริการ",
    noBuyer: "ลูกค้าทั่วไป (ไม่ได้ระบุข้อมูลผู้ซื้อสำหรับออกใบกำกับภาษี)",
    columns: { index: "ลำดับ", description: "รายการ", quantity: "จำนวน", amount: "จำนวนเงิน (บาท)" },
    pricesIncludeVat: "ราคารวมภาษีมูลค่าเพิ่มแล้ว",
    subtotal: "มูลค่าก่อนภาษีมูลค่าเพิ่ม",
    vat: `ภาษีมูลค่าเพิ่ม ${vatPercent}%`,
    total: "จำนวนเงินรวมทั้งสิ้น",
    creditTotal: "จำนวนเงินที่ลดหนี้รวมทั้งสิ้น",
    words: "ตัวอักษร",
    withholding: `ภาษีหัก ณ ที่จ่าย ${withholdingPercent}% (ของมูลค่าก่อนภาษีมูลค่าเพิ่ม)`,
    expected: "ยอดชำระหลังหักภาษี ณ ที่จ่าย",
    withholdingNote: "ผู้ซื้อหักภาษี ณ ที่จ่าย โปรดส่งหนังสือรับรองการหักภาษี ณ ที่จ่ายผ่านหน้าการเรียกเก็บเงินในคอนโซล",
    paid: (date: string, method: string | null) =>
      `ชำระเงินแล้วเมื่อ ${date}${method ? ` ${method}` : ""}`,
    methods: { card: "ด้วยบัตร", promptpay: "ด้วย PromptPay" } as Record<PaymentMethodKind, string>,
    original: (number: string, date: string) => `อ้างอิงใบกำกับภาษีเลขที่ ${number} ลงวันที่ ${date}`,
    reason: "เหตุที่ลดหนี้",
    reasons: { refund: "คืนเงินค่าบริการ", downgrade: "ดาวน์เกรดแพ็กเกจ" } as Record<string, string>,
    originalValue: "มูลค่าตามใบกำกับภาษีเดิม (รวมภาษีมูลค่าเพิ่ม)",
    correctValue: "มูลค่าที่ถูกต้อง (รวมภาษีมูลค่าเพิ่ม)",
    difference: "ผลต่าง",
    electronic: "เอกสารนี้จัดทำและส่งด้วยระบบอิเล็กทรอนิกส์",
    copyNote: null as string | null,
  },
  en: {
    seller: "Seller",
    buyer: "Buyer",
    taxId: "Tax ID",
    headOffice: "Head office",
    branch: (branch: string) => `Branch ${branch}`,
    number: "No.",
    date: "Date",
    period: "Service period",
    noBuyer: "Customer (no company details given for a tax invoice)",
    columns: { index: "#", description: "Description", quantity: "Qty", amount: "Amount (THB)" },
    pricesIncludeVat: "Prices include VAT",
    subtotal: "Amount before VAT",
    vat: `VAT ${vatPercent}%`,
    total: "Total",
    creditTotal: "Total credited",
    words: "In Thai words",
    withholding: `Withholding tax ${withholdingPercent}% (of the amount before VAT)`,
    expected: "Amount payable after withholding",
    withholdingNote:
      "The buyer withholds tax: please upload the withholding tax certificate on the console's billing page.",
    paid: (date: string, method: string | null) =>
      `Paid on ${date}${method ? ` by ${method}` : ""}`,
    methods: { card: "card", promptpay: "PromptPay" } as Record<PaymentMethodKind, string>,
    original: (number: string, date: string) => `Against tax invoice ${number} of ${date}`,
    reason: "Reason",
    reasons: { refund: "Refund of the service fee", downgrade: "Change to a lower plan" } as Record<
      string,
      string
    >,
    originalValue: "Original value (VAT included)",
    correctValue: "Correct value (VAT included)",
    difference: "Difference",
    electronic: "This document was issued and sent electronically.",
    copyNote: "Copy in English for convenience; the Thai document prevails." as string | null,
  },
};

// ---- layout ----------------------------------------------------------------------------------

const page = { width: 595.28, height: 841.89, margin: 48 };
const contentWidth = page.width - page.margin * 2;
const colors = { text: "#1f2933", muted: "#52606d", accent: "#4f46e5", rule: "#cbd2d9" };
const fonts = {
  title: { size: 18, weight: "bold" },
  subtitle: { size: 11, weight: "regular" },
  label: { size: 8.5, weight: "bold" },
  body: { size: 9.5, weight: "regular" },
  bodyBold: { size: 9.5, weight: "bold" },
  totalBold: { size: 11, weight: "bold" },
  small: { size: 7.5, weight: "regular" },
} satisfies Record<string, PdfFont>;
const lineHeight = (font: PdfFont) => Math.round(font.size * 1.55 * 10) / 10;

/** A period's last day (its end is the next period's first moment). */
const lastDayOf = (periodEnd: Date) => new Date(periodEnd.getTime() - 24 * 60 * 60 * 1000);

export function documentKindOf(invoice: InvoiceRow): Kind {
  if (invoice.series === "credit_note") return "credit_note";
  return invoice.documentKind === "tax_invoice" ? "tax_invoice" : "receipt";
}

/**
 * A billing document as an A4 PDF, with IBM Plex Sans Thai embedded and all text extractable:
 * a tax invoice / receipt (ใบกำกับภาษี / ใบเสร็จรับเงิน, Revenue Code s.86/4), a plain receipt
 * when the buyer gave no company details, or a credit note (ใบลดหนี้, s.86/10). Thai is the
 * documents' legal language; the English rendering says the Thai one prevails.
 */
export async function renderInvoicePdf(
  invoice: InvoiceRow,
  locale: InvoicePdfLocale,
  context: InvoicePdfContext = {},
): Promise<Uint8Array> {
  const fontSet = await loadCardFonts();
  const t = texts[locale];
  const other: InvoicePdfLocale = locale === "th" ? "en" : "th";
  const kind = documentKindOf(invoice);
  const seller = invoice.seller as InvoiceSeller | null;
  const buyer = invoice.buyer as InvoiceBuyer | null;
  const lines = invoice.lines as InvoiceLine[];
  const number = invoice.number ?? "";
  const issuedAt = invoice.issuedAt ?? invoice.createdAt;

  // Loaded with the first document, not with the server.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: "A4",
    // No Helvetica loaded (its metrics parsed) for nothing: every text sets its font.
    font: "",
    info: {
      Title: `${titles[kind][locale]} ${number}`.trim(),
      Author: seller ? (locale === "th" ? seller.name : seller.nameEn) : undefined,
    },
    lang: locale === "th" ? "th-TH" : "en-GB",
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const registered = registerPdfFonts(doc, fontSet);
  doc.addPage({ size: "A4", margin: 0 });

  let y = page.margin;
  const ensure = (height: number) => {
    if (y + height <= page.height - page.margin) return;
    doc.addPage({ size: "A4", margin: 0 });
    y = page.margin;
  };
  const text = (
    value: string,
    x: number,
    font: PdfFont,
    color = colors.text,
    align: "left" | "right" | "center" = "left",
  ) => drawPdfText(doc, value, x, y, font, color, align);
  /** Wrapped text in a column; returns its height. */
  const wrapped = (value: string, x: number, width: number, font: PdfFont, top = y) => {
    const rows = wrapText(value, (part) => measurePdfText(doc, part, font), { maxWidth: width });
    rows.forEach((row, index) => {
      drawPdfText(doc, row, x, top + index * lineHeight(font), font, colors.text);
    });
    return rows.length * lineHeight(font);
  };
  const rule = (color = colors.rule, width = 0.75) => {
    doc
      .moveTo(page.margin, y)
      .lineTo(page.width - page.margin, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  };

  // Title: the document's language first, the other under it.
  text(titles[kind][locale], page.margin, fonts.title, colors.accent);
  y += lineHeight(fonts.title);
  text(titles[kind][other], page.margin, fonts.subtitle, colors.muted);
  // Number and date on the right, level with the title.
  const right = page.width - page.margin;
  const metaTop = page.margin + 2;
  drawPdfText(doc, `${t.number} ${number}`, right, metaTop, fonts.bodyBold, colors.text, "right");
  drawPdfText(
    doc,
    `${t.date} ${formatDocumentDate(issuedAt, locale)}`,
    right,
    metaTop + lineHeight(fonts.body),
    fonts.body,
    colors.text,
    "right",
  );
  y += lineHeight(fonts.subtitle) + 10;
  rule(colors.accent, 1.2);
  y += 10;

  // Seller and buyer side by side.
  const columnWidth = (contentWidth - 24) / 2;
  const buyerX = page.margin + columnWidth + 24;
  const partyTop = y;
  const partyHeight = (x: number, label: string, party: InvoiceSeller | InvoiceBuyer | null) => {
    let top = partyTop;
    drawPdfText(doc, label, x, top, fonts.label, colors.muted);
    top += lineHeight(fonts.label);
    if (!party) {
      top += wrapped(t.noBuyer, x, columnWidth, fonts.body, top);
      return top - partyTop;
    }
    const isSeller = "nameEn" in party;
    const name = isSeller && locale === "en" ? (party as InvoiceSeller).nameEn : party.name;
    const address =
      isSeller && locale === "en" ? (party as InvoiceSeller).addressEn : party.address;
    top += wrapped(name, x, columnWidth, fonts.bodyBold, top);
    top += wrapped(address, x, columnWidth, fonts.body, top);
    drawPdfText(doc, `${t.taxId} ${party.taxId}`, x, top, fonts.body, colors.text);
    top += lineHeight(fonts.body);
    const branch = party.branch === headOfficeBranch ? t.headOffice : t.branch(party.branch);
    drawPdfText(doc, branch, x, top, fonts.body, colors.text);
    top += lineHeight(fonts.body);
    return top - partyTop;
  };
  const sellerHeight = partyHeight(page.margin, t.seller, seller);
  const buyerHeight = partyHeight(buyerX, t.buyer, buyer);
  y = partyTop + Math.max(sellerHeight, buyerHeight) + 8;

  if (kind === "credit_note" && context.original) {
    text(
      t.original(context.original.number, formatDocumentDate(context.original.issuedAt, locale)),
      page.margin,
      fonts.bodyBold,
    );
    y += lineHeight(fonts.bodyBold);
    const reason = t.reasons[invoice.reason] ?? invoice.reason;
    text(`${t.reason}: ${reason}`, page.margin, fonts.body);
    y += lineHeight(fonts.body);
  } else if (kind !== "credit_note") {
    text(
      `${t.period} ${formatDocumentDate(invoice.periodStart, locale)} – ${formatDocumentDate(lastDayOf(invoice.periodEnd), locale)}`,
      page.margin,
      fonts.body,
      colors.muted,
    );
    y += lineHeight(fonts.body);
  }
  y += 8;

  // Lines.
  const columns = {
    index: page.margin + 4,
    description: page.margin + 40,
    quantity: page.margin + contentWidth - 110,
    amount: right - 4,
  };
  const descriptionWidth = columns.quantity - 40 - columns.description;
  doc.rect(page.margin, y - 3, contentWidth, lineHeight(fonts.label) + 6).fill("#eef2ff");
  text(t.columns.index, columns.index, fonts.label, colors.muted);
  text(t.columns.description, columns.description, fonts.label, colors.muted);
  text(t.columns.quantity, columns.quantity, fonts.label, colors.muted, "right");
  text(t.columns.amount, columns.amount, fonts.label, colors.muted, "right");
  y += lineHeight(fonts.label) + 8;
  lines.forEach((line, index) => {
    const rows = wrapText(
      line.description[locale],
      (part) => measurePdfText(doc, part, fonts.body),
      { maxWidth: descriptionWidth },
    );
    ensure(rows.length * lineHeight(fonts.body) + 6);
    text(String(index + 1), columns.index, fonts.body);
    const height = wrapped(
      line.description[locale],
      columns.description,
      descriptionWidth,
      fonts.body,
    );
    text(String(line.quantity), columns.quantity, fonts.body, colors.text, "right");
    text(formatBaht(line.amountSatang), columns.amount, fonts.body, colors.text, "right");
    y += height;
    y += 6;
  });
  rule();
  y += 6;
  text(t.pricesIncludeVat, page.margin, fonts.small, colors.muted);
  y += lineHeight(fonts.small) + 4;

  // Totals, right-aligned in two columns.
  const labelRight = right - 110;
  const amountRow = (label: string, satang: number, font: PdfFont = fonts.body) => {
    ensure(lineHeight(font));
    drawPdfText(doc, label, labelRight, y, font, colors.text, "right");
    drawPdfText(doc, formatBaht(satang), right - 4, y, font, colors.text, "right");
    y += lineHeight(font) + 2;
  };
  if (kind === "credit_note" && context.original) {
    const originalTotal = context.original.totalSatang - context.original.creditedBeforeSatang;
    amountRow(t.originalValue, originalTotal);
    amountRow(t.correctValue, originalTotal - invoice.totalSatang);
    amountRow(t.difference, invoice.totalSatang);
    y += 4;
  }
  amountRow(t.subtotal, invoice.subtotalSatang);
  amountRow(t.vat, invoice.vatSatang);
  amountRow(kind === "credit_note" ? t.creditTotal : t.total, invoice.totalSatang, fonts.totalBold);
  // The total in Thai words, on both languages' documents.
  ensure(lineHeight(fonts.body) * 2);
  text(
    `${t.words}: (${bahtWords(invoice.totalSatang)})`,
    right - 4,
    fonts.body,
    colors.text,
    "right",
  );
  y += lineHeight(fonts.body) + 6;

  if (kind !== "credit_note" && invoice.withholdingSatang > 0) {
    amountRow(t.withholding, -invoice.withholdingSatang);
    amountRow(t.expected, invoice.totalSatang - invoice.withholdingSatang, fonts.bodyBold);
    ensure(lineHeight(fonts.small) * 2);
    y += wrapped(t.withholdingNote, page.margin, contentWidth, fonts.small);
    y += 4;
  }

  if (kind !== "credit_note" && invoice.paidAt) {
    y += 6;
    ensure(lineHeight(fonts.bodyBold));
    const method = context.paymentMethod ? t.methods[context.paymentMethod] : null;
    text(
      t.paid(formatDocumentDate(invoice.paidAt, locale), method),
      page.margin,
      fonts.bodyBold,
      colors.accent,
    );
    y += lineHeight(fonts.bodyBold);
  }

  y += 14;
  ensure(lineHeight(fonts.small) * 3);
  rule();
  y += 6;
  text(t.electronic, page.margin, fonts.small, colors.muted);
  y += lineHeight(fonts.small);
  if (t.copyNote) text(t.copyNote, page.margin, fonts.small, colors.muted);

  fixPdfTextUnicode(doc, registered);
  doc.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}
