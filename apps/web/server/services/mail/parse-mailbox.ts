import { contactEmailPattern } from "@jai/contracts";

/** One address with an optional display name, as nodemailer takes it. */
export type Mailbox = { name: string; address: string };

// `Name <address>` (the name optionally quoted) or a bare address; nothing else.
const mailboxPattern = /^(?:"?([^"<>\p{Cc}]*?)"?\s*<([^<>\s]+)>|([^<>\s"]+))$/u;

/**
 * Parses exactly one mailbox ("Jai <no-reply@jai.chat>" or "no-reply@jai.chat"). Returns
 * undefined for lists, groups, control characters or an address that is not a single plain one
 * (the same strict pattern the contact form applies to visitors).
 */
export function parseMailbox(value: string): Mailbox | undefined {
  const match = mailboxPattern.exec(value.trim());
  if (!match) return undefined;
  const address = match[2] ?? match[3] ?? "";
  if (!contactEmailPattern.test(address)) return undefined;
  return { name: (match[1] ?? "").trim(), address };
}
