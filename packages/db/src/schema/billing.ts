import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { bytea } from "./bytea.ts";
import { contacts } from "./conversations.ts";
import { timestamps } from "./timestamps.ts";

// Billing (ADR 0018). Amounts are integers in satang everywhere (฿990 = 99_000). A workspace is
// its owner's id (owner_plans.owner_id); its subscription state lives on owner_plans.

export const paymentProviders = ["omise", "stripe"] as const;
export const paymentMethodKinds = ["card", "promptpay"] as const;

/**
 * The buyer's details for tax invoices: filled by the owner on the billing page. Without a
 * company name and a tax id, payments get a plain receipt.
 */
export const billingProfiles = pgTable("billing_profiles", {
  ownerId: text("owner_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  companyName: text("company_name"),
  address: text("address"),
  /** 13 digits (checksum-valid), or null. */
  taxId: text("tax_id"),
  /** "00000" is the head office; otherwise a 5-digit branch number. */
  branch: text("branch"),
  /** Where invoices and receipts are emailed; null: the owner's account email. */
  invoiceEmail: text("invoice_email"),
  /**
   * The buyer withholds 3% on service fees (a Thai company): invoices show the withholding and
   * the payment expected is the total less it; the certificate is uploaded per invoice.
   */
  withholdsTax: boolean("withholds_tax").notNull().default(false),
  /** The language documents are emailed in ("th" | "en"). */
  locale: text("locale").notNull().default("th"),
  ...timestamps,
});

/**
 * The next serial number of one series (tax invoices / receipts, credit notes) of one seller.
 * Taken with `UPDATE … RETURNING` in the same transaction that issues the document, so numbers
 * have no gaps: a rolled-back issue gives its number back.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    sellerTaxId: text("seller_tax_id").notNull(),
    series: text("series", { enum: ["invoice", "credit_note"] }).notNull(),
    nextNumber: integer("next_number").notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.sellerTaxId, table.series] })],
);

/**
 * A billing document. `status` open: a request for payment (a PromptPay renewal, no tax
 * number yet); paid: a numbered tax invoice / receipt (a number is given only when paid, in
 * the paying transaction); void: an open request withdrawn. Credit notes are documents of
 * series credit_note pointing at the invoice they reduce.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    series: text("series", { enum: ["invoice", "credit_note"] })
      .notNull()
      .default("invoice"),
    status: text("status", { enum: ["open", "paid", "void"] }).notNull(),
    /** e.g. "INV-2026-000042" / "CN-2026-000003"; null while open. Unique per seller. */
    number: text("number"),
    /** "tax_invoice" when the buyer gave company details, else "receipt"; set when numbered. */
    documentKind: text("document_kind", { enum: ["tax_invoice", "receipt"] }),
    /** What this document is for. */
    reason: text("reason", {
      enum: ["subscription", "upgrade", "renewal", "refund", "downgrade"],
    }).notNull(),
    planId: text("plan_id").notNull(),
    billingCycle: text("billing_cycle").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    /** InvoiceSeller / InvoiceBuyer (contracts/billing.ts) copied when numbered. */
    seller: jsonb("seller"),
    buyer: jsonb("buyer"),
    /** InvoiceLine[] (contracts/billing.ts). */
    lines: jsonb("lines").notNull(),
    subtotalSatang: bigint("subtotal_satang", { mode: "number" }).notNull(),
    vatSatang: bigint("vat_satang", { mode: "number" }).notNull(),
    totalSatang: bigint("total_satang", { mode: "number" }).notNull(),
    /** 3% of the subtotal when the buyer withholds tax; the payment expected is total − this. */
    withholdingSatang: bigint("withholding_satang", { mode: "number" }).notNull().default(0),
    /** For a credit note: the invoice it reduces. */
    creditForInvoiceId: uuid("credit_for_invoice_id"),
    dueAt: timestamp("due_at", { withTimezone: true }),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** PromptPay reminders sent for an open invoice (0, 1, 2). */
    remindersSent: integer("reminders_sent").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index("invoices_owner_id_created_at_idx").on(table.ownerId, table.createdAt),
    uniqueIndex("invoices_seller_number_idx")
      .on(sql`(${table.seller}->>'taxId')`, table.number)
      .where(sql`${table.number} is not null`),
    check(
      "invoices_amounts_check",
      sql`${table.subtotalSatang} + ${table.vatSatang} = ${table.totalSatang}`,
    ),
  ],
);

/** A charge at the payment provider, one per try (a dunning retry is a new row). */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    method: text("method", { enum: paymentMethodKinds }).notNull(),
    /** The provider's charge / payment intent id; null until the provider answered. */
    providerChargeId: text("provider_charge_id"),
    amountSatang: bigint("amount_satang", { mode: "number" }).notNull(),
    status: text("status", {
      enum: ["pending", "succeeded", "failed", "expired", "refunded"],
    }).notNull(),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    /** PromptPay: the QR to show (PromptPayQr in contracts/billing.ts). */
    promptPay: jsonb("prompt_pay"),
    /** Card: the 3-D Secure page the payer must visit, when the bank asks for it. */
    authorizeUri: text("authorize_uri"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("payments_provider_charge_idx")
      .on(table.provider, table.providerChargeId)
      .where(sql`${table.providerChargeId} is not null`),
    index("payments_invoice_id_idx").on(table.invoiceId),
  ],
);

/**
 * A payment provider's webhook event, stored as received (after its signature was checked)
 * and processed by the billing events job. (provider, event_id) is unique: a replay is a no-op.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
  },
  (table) => [
    uniqueIndex("payment_events_provider_event_idx").on(table.provider, table.eventId),
    index("payment_events_pending_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.processedAt} is null`),
  ],
);

/** A withholding tax certificate (หนังสือรับรองการหักภาษี ณ ที่จ่าย) uploaded for an invoice. */
export const withholdingCertificates = pgTable("withholding_certificates", {
  invoiceId: uuid("invoice_id")
    .primaryKey()
    .references(() => invoices.id, { onDelete: "cascade" }),
  ownerId: text("owner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  ...timestamps,
});

/**
 * Users per month: the distinct contacts who wrote to a workspace's bots in a calendar month
 * (Asia/Bangkok). A row is added, under the month's usage row lock, the first time a contact
 * writes in the month and only while the plan allows it.
 */
export const monthlyContacts = pgTable(
  "monthly_contacts",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The first day of the month in Asia/Bangkok. */
    month: date("month").notNull(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.month, table.contactId] })],
);

/**
 * A workspace's usage in one month: the counted contacts, the contacts refused over the
 * allowance, and when the 80% / 100% notices went out. Locked to admit a new contact.
 */
export const monthlyUsage = pgTable(
  "monthly_usage",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: date("month").notNull(),
    contacts: integer("contacts").notNull().default(0),
    refusedTurns: integer("refused_turns").notNull().default(0),
    notified80At: timestamp("notified_80_at", { withTimezone: true }),
    notified100At: timestamp("notified_100_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.month] })],
);

/** Billing emails already sent (trial reminders, dunning, PromptPay reminders): sent once. */
export const billingNotices = pgTable(
  "billing_notices",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** e.g. "trial-2d:2026-11-30", "trial-end:2026-11-30", "dunning-1:<invoiceId>". */
    key: text("key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.key] })],
);

export type BillingProfileRow = typeof billingProfiles.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
