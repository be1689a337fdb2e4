import { randomUUID } from "node:crypto";
import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTransport, type SendMailOptions } from "nodemailer";
import type { Mailbox } from "./parse-mailbox";

/** One email as the outbox hands it over. */
export type OutgoingEmail = {
  /** The outbox row: also the Message-ID, so a resent copy is recognised as the same email. */
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  /** When it was queued: the Date header and the .eml file name. */
  createdAt: Date;
  /** Files attached (made from the database when the email is sent, e.g. an invoice's PDF). */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type MailTransport = {
  readonly kind: "smtp" | "file";
  /** Sends (or writes) one email; failures are thrown as MailSendError. */
  send(email: OutgoingEmail): Promise<{ location: string }>;
  close(): void;
};

/** A failed send, with a message safe to store and log (credentials removed). */
export class MailSendError extends Error {
  override name = "MailSendError";
  constructor(
    message: string,
    /** The server refused this message or recipient for good: retrying cannot help. */
    readonly isPermanent: boolean,
  ) {
    super(message);
  }
}

export type MailTransportOptions = {
  /** smtp:// or smtps:// URL; without it emails are written as .eml files to `mailDir`. */
  smtpUrl?: string;
  mailDir: string;
  from: Mailbox;
  /** Longest a single send may take, connection included. */
  sendTimeoutMs?: number;
};

/**
 * SMTP when SMTP_URL is set, else a folder of .eml files (`<mailDir>/<iso-time>-<id>.eml`, RFC
 * 5322 messages any mail client opens), so the embedded default loses nothing and a person can
 * read every email. Both build the message the same way: one recipient in the envelope, the
 * visitor only in Reply-To, plain text, no file or URL access.
 */
export function createMailTransport({
  smtpUrl,
  mailDir,
  from,
  sendTimeoutMs = 60_000,
}: MailTransportOptions): MailTransport {
  const secrets = smtpUrl ? credentialsOf(smtpUrl) : [];
  const toMessage = (email: OutgoingEmail): SendMailOptions => ({
    from,
    to: email.to,
    ...(email.replyTo ? { replyTo: { name: "", address: email.replyTo } } : {}),
    subject: email.subject,
    text: email.text,
    date: email.createdAt,
    ...(email.attachments?.length
      ? {
          attachments: email.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content),
          })),
        }
      : {}),
    messageId: `<${email.id}@${from.address.split("@")[1]}>`,
    // Exactly these addresses in the SMTP conversation, whatever the headers say.
    envelope: { from: from.address, to: [email.to] },
    disableFileAccess: true,
    disableUrlAccess: true,
    signal: AbortSignal.timeout(sendTimeoutMs),
  });

  if (smtpUrl) {
    const transporter = createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      dnsTimeout: 10_000,
    });
    const { host, port } = new URL(smtpUrl);
    return {
      kind: "smtp",
      async send(email) {
        try {
          await transporter.sendMail(toMessage(email));
        } catch (error) {
          throw toMailSendError(error, secrets);
        }
        return { location: `smtp://${host}${port ? `:${port}` : ""}` };
      },
      close: () => transporter.close(),
    };
  }

  const transporter = createTransport({ streamTransport: true, buffer: true });
  let isMailDirReady = false;
  return {
    kind: "file",
    async send(email) {
      try {
        const info = await transporter.sendMail(toMessage(email));
        if (!isMailDirReady) {
          await mkdir(mailDir, { recursive: true });
          isMailDirReady = true;
        }
        const file = path.join(mailDir, emlFileName(email));
        await writeAtomically(file, info.message as Buffer);
        return { location: file };
      } catch (error) {
        // Created again on the next attempt, should someone have removed it.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") isMailDirReady = false;
        throw toMailSendError(error, secrets);
      }
    },
    close: () => transporter.close(),
  };
}

/** `2026-11-21T10-12-33.123Z-<id>.eml`: sorts by time, no characters file systems dislike. */
export function emlFileName(email: Pick<OutgoingEmail, "id" | "createdAt">): string {
  return `${email.createdAt.toISOString().replaceAll(":", "-")}-${email.id}.eml`;
}

/** Written under a temporary name and renamed: a reader never sees half an email. */
async function writeAtomically(file: string, content: Buffer): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, content, { mode: 0o640 });
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

function credentialsOf(smtpUrl: string): string[] {
  const url = new URL(smtpUrl);
  return [url.password, decodeURIComponent(url.password)].filter((value) => value.length >= 3);
}

/**
 * Keeps what helps an operator (the SMTP reply and code) and removes what must not be stored:
 * the password (nodemailer does not put it in messages, but a server reply might echo it) and
 * any credentials in URLs.
 */
export function toMailSendError(error: unknown, secrets: readonly string[] = []): MailSendError {
  const details = error as {
    message?: unknown;
    code?: unknown;
    responseCode?: unknown;
    permanent?: unknown;
  };
  let message = typeof details.message === "string" ? details.message : String(error);
  if (typeof details.code === "string" && !message.includes(details.code)) {
    message = `${details.code}: ${message}`;
  }
  for (const secret of secrets) message = message.replaceAll(secret, "[redacted]");
  message = message
    .replace(/(\/\/)[^/@\s]+@/g, "$1[redacted]@")
    .replace(/[\r\n]+/g, " ")
    .slice(0, 500);
  // A recipient or message refused with a 5xx reply is final; a refused login or a network
  // problem can be fixed by whoever runs the server, so those keep being retried.
  const isPermanent =
    details.permanent === true && (details.code === "EENVELOPE" || details.code === "EMESSAGE");
  return new MailSendError(message, isPermanent);
}
