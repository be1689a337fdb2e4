import { randomUUID } from "node:crypto";
import { type ContactLanguage, ContactMessageSchema, classifyContactError } from "@jai/contracts";
import { contactMessages, type Db, emailOutbox, isDatabaseUnavailableError } from "@jai/db";
import { AppError } from "../../http/errors";
import { describeError, type Logger } from "../../logger";
import { escapeLine } from "../mail/escape-plain-text";
import { buildContactEmail } from "./build-contact-email";

export type ContactSubmission = {
  /** The untrusted body: JSON from the API or fields of the page's form. */
  input: unknown;
  /** The client's address (see http/client-ip.ts); only its keyed hash is stored. */
  ip: string | undefined;
  userAgent: string | undefined;
};

export type SubmittedContactMessage = { id: string; isSpam: boolean; language: ContactLanguage };

export type SubmitContactMessageDeps = {
  db: Db;
  /** The one address contact emails go to (CONTACT_TO). */
  contactTo: string;
  hashIp: (ip: string | undefined) => string | null;
  logger: Logger;
  /** Called after an email was queued (and committed): wakes the outbox worker. */
  onEmailQueued?: () => void;
};

// Retries of one contact email: with 10 s doubling to at most an hour, about 3.5 hours of an
// SMTP outage before it is marked failed (the message itself is kept whatever happens).
const contactEmailMaxAttempts = 12;
const userAgentMaxLength = 512;

/**
 * Validates a contact message with the schema the form uses, stores it, and queues the email to
 * the team atomically: either both exist or neither does. A filled honeypot is
 * stored flagged as spam and queues nothing; the caller answers it like any success.
 *
 * Throws AppError: VALIDATION_FAILED (with the problem of each field), SERVICE_UNAVAILABLE when
 * the database cannot be reached (nothing was stored).
 */
export async function submitContactMessage(
  { db, contactTo, hashIp, logger, onEmailQueued }: SubmitContactMessageDeps,
  { input, ip, userAgent }: ContactSubmission,
): Promise<SubmittedContactMessage> {
  const parsed = ContactMessageSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", { fields: classifyContactError(parsed.error).fields });
  }
  const message = parsed.data;
  const isSpam = (message.honeypot ?? "").trim() !== "";
  const id = randomUUID();
  const receivedAt = new Date();

  try {
    const insertMessage = db.insert(contactMessages).values({
      id,
      name: message.name,
      email: message.email,
      company: message.company || null,
      phone: message.phone || null,
      reason: message.reason,
      subject: message.subject,
      message: message.message,
      language: message.language,
      userAgent: userAgent ? escapeLine(userAgent).slice(0, userAgentMaxLength) || null : null,
      ipHash: hashIp(ip),
      isSpam,
      createdAt: receivedAt,
      updatedAt: receivedAt,
    });
    if (isSpam) {
      await insertMessage;
    } else {
      // Message and email in one statement (a data-modifying WITH): one transaction and one
      // round trip, so both rows exist or neither does.
      const email = buildContactEmail(message, { id, receivedAt });
      const storedMessage = db
        .$with("stored_message")
        .as(insertMessage.returning({ id: contactMessages.id }));
      await db.with(storedMessage).insert(emailOutbox).values({
        kind: "contact",
        toAddress: contactTo,
        replyTo: email.replyTo,
        subject: email.subject,
        textBody: email.text,
        maxAttempts: contactEmailMaxAttempts,
        contactMessageId: id,
      });
    }
  } catch (error) {
    if (isDatabaseUnavailableError(error)) {
      logger.warn("contact message not stored: database unavailable", describeError(error));
      throw new AppError("SERVICE_UNAVAILABLE", { message: "database unavailable", cause: error });
    }
    throw error;
  }

  logger.info("contact message stored", { id, isSpam, language: message.language });
  if (!isSpam) onEmailQueued?.();
  return { id, isSpam, language: message.language };
}
