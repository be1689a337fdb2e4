import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps.ts";

export const contactLanguages = ["en", "th"] as const;
export type ContactLanguage = (typeof contactLanguages)[number];

/** Messages sent through the public contact form, kept whether or not they look like spam. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    reason: text("reason").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    // text + CHECK rather than a Postgres enum: adding a language later is a one-line
    // constraint change instead of an ALTER TYPE that cannot run inside a transaction.
    language: text("language", { enum: contactLanguages }).notNull(),
    userAgent: text("user_agent"),
    // A salted hash, never the address itself: enough to spot floods, not to identify anyone.
    ipHash: text("ip_hash"),
    isSpam: boolean("is_spam").notNull().default(false),
    ...timestamps,
  },
  (table) => [check("contact_messages_language_check", sql`${table.language} in ('en', 'th')`)],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;
