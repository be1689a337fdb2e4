import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { contactMessages } from "./contact-messages.ts";
import { timestamps } from "./timestamps.ts";

export const emailOutboxStatuses = ["queued", "sending", "sent", "failed"] as const;
export type EmailOutboxStatus = (typeof emailOutboxStatuses)[number];

/**
 * Emails waiting to be sent. Requests only insert rows here (in the same transaction as the
 * record they belong to), so a slow or broken SMTP server never fails a request; workers on any
 * instance claim due rows with `FOR UPDATE SKIP LOCKED` and retry with backoff.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // What produced the email ('contact', …): lets workers and dashboards tell streams apart.
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    status: text("status", { enum: emailOutboxStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // A claim is a lease: a worker that dies mid-send loses the row once this passes.
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * A file attached when the email is sent, made then from the database (never stored twice):
     * { kind: "invoice", invoiceId, locale } is the billing document's PDF.
     */
    attachment: jsonb("attachment"),
    // Deleting a contact message (spam clean-up) must not be blocked by its email history.
    contactMessageId: uuid("contact_message_id").references(() => contactMessages.id, {
      onDelete: "set null",
    }),
    ...timestamps,
  },
  (table) => [
    // The claim query: `where status = 'queued' and next_attempt_at <= now()`.
    index("email_outbox_status_next_attempt_at_idx").on(table.status, table.nextAttemptAt),
    index("email_outbox_contact_message_id_idx").on(table.contactMessageId),
    check(
      "email_outbox_status_check",
      sql`${table.status} in ('queued', 'sending', 'sent', 'failed')`,
    ),
  ],
);

export type EmailOutboxMessage = typeof emailOutbox.$inferSelect;
export type NewEmailOutboxMessage = typeof emailOutbox.$inferInsert;
