// Invoice PDF render time: a Thai tax invoice / receipt (buyer, withholding, paid by card) made
// with `renderInvoicePdf` (what `GET /api/console/billing/invoices/:id/pdf` and the invoice
// email run), 200 times in Thai and 200 times in English after a warm-up, one after the other:
// p50, p95 and the slowest, the first (cold) render, and the file's size. Target: p95 ≤ 300 ms.
// The PDF's text is extracted once per language to check the render is the real document.
//
// Usage: node --import tsx bench/invoices.mjs [--renders=200] [--warmup=10]
import "./lib/resolve-drizzle.ts";
import { extractText, getDocumentProxy } from "unpdf";
import { parseArgs, printTable, writeResults } from "./lib/report.mjs";

const args = parseArgs(
  "node --import tsx bench/invoices.mjs [--renders=200] [--warmup=10]\n" +
    "  Invoice PDF render time (p50 / p95), Thai and English.",
  ["renders", "warmup"],
);
const renders = Number(args.renders ?? 200);
const warmup = Number(args.warmup ?? 10);

const { renderInvoicePdf } = await import("../apps/web/server/modules/billing/invoice-pdf.ts");
const { splitVat, withholdingSatang } = await import("../packages/contracts/src/billing.ts");

const total = 2_490_00;
const split = splitVat(total);
const at = new Date("2026-11-27T03:00:00Z");
const invoice = {
  id: "00000000-0000-4000-8000-000000000001",
  ownerId: "bench-owner",
  series: "invoice",
  status: "paid",
  number: "INV-000042",
  documentKind: "tax_invoice",
  reason: "upgrade",
  planId: "pro",
  billingCycle: "monthly",
  periodStart: at,
  periodEnd: new Date("2026-12-27T03:00:00Z"),
  seller: {
    name: "บริษัท ใจ แพลตฟอร์ม จำกัด",
    nameEn: "Jai Platform Co., Ltd.",
    address: "999/9 ถนนพระรามที่ 4 แขวงปทุมวัน เขตปทุมวัน กรุงเทพมหานคร 10330",
    addressEn: "999/9 Rama IV Road, Pathum Wan, Bangkok 10330",
    taxId: "0105566000010",
    branch: "00000",
  },
  buyer: {
    name: "บริษัท น้ำใจ การค้า จำกัด",
    address: "88 ถนนสุขุมวิท แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพมหานคร 10110",
    taxId: "0105558123451",
    branch: "00001",
  },
  lines: [
    {
      description: {
        th: "แพ็กเกจ Pro รายเดือน (27 พ.ย. 2569 – 26 ธ.ค. 2569)",
        en: "Pro plan, monthly",
      },
      quantity: 1,
      amountSatang: 2_490_00 + 59_00,
    },
    {
      description: {
        th: "เครดิตส่วนที่ยังไม่ได้ใช้ของแพ็กเกจ Starter",
        en: "Unused part of the Starter plan",
      },
      quantity: 1,
      amountSatang: -59_00,
    },
  ],
  ...split,
  withholdingSatang: withholdingSatang(split.subtotalSatang),
  creditForInvoiceId: null,
  dueAt: null,
  issuedAt: at,
  paidAt: at,
  remindersSent: 0,
  createdAt: at,
  updatedAt: at,
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const results = {};
const rows = [];
for (const locale of ["th", "en"]) {
  let started = performance.now();
  const first = await renderInvoicePdf(invoice, locale, { paymentMethod: "card" });
  const coldMs = performance.now() - started;
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(first)), {
    mergePages: true,
  });
  if (!text.includes("INV-000042") || !text.includes("สองพันสี่ร้อยเก้าสิบบาทถ้วน")) {
    throw new Error(`the ${locale} PDF does not read as the invoice:\n${text}`);
  }
  for (let i = 0; i < warmup; i++)
    await renderInvoicePdf(invoice, locale, { paymentMethod: "card" });
  const times = [];
  for (let i = 0; i < renders; i++) {
    started = performance.now();
    await renderInvoicePdf(invoice, locale, { paymentMethod: "card" });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  results[locale] = {
    renders,
    coldMs,
    p50Ms: percentile(times, 50),
    p95Ms: p95,
    maxMs: times.at(-1),
    bytes: first.byteLength,
    target: "p95 <= 300 ms",
    met: p95 <= 300,
  };
  rows.push({
    locale,
    renders,
    cold: coldMs.toFixed(0),
    p50: percentile(times, 50).toFixed(1),
    p95: `${p95.toFixed(1)}${p95 <= 300 ? "" : " MISS"}`,
    max: times.at(-1).toFixed(1),
    kb: (first.byteLength / 1024).toFixed(1),
  });
}
printTable(
  [
    { key: "locale", label: "invoice PDF", align: "left" },
    { key: "renders", label: "renders" },
    { key: "cold", label: "first ms" },
    { key: "p50", label: "p50 ms" },
    { key: "p95", label: "p95 ms (≤ 300)" },
    { key: "max", label: "max ms" },
    { key: "kb", label: "KB" },
  ],
  rows,
);
console.log(`\nResults: ${writeResults("invoices", results)}`);
