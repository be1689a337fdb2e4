import { brand, type ContactMessage, type ContactReason } from "@jai/contracts";
import { escapeBlock, escapeLine } from "../mail/escape-plain-text";

/** How the team sees each reason: short in the subject, spelled out in the body. */
const reasonLabels: Record<ContactReason, { short: string; long: string }> = {
  sales: { short: "Sales", long: "Sales and pricing" },
  support: { short: "Support", long: "Customer support" },
  technical: { short: "Technical", long: "Technical question" },
  partnership: { short: "Partnership", long: "Partnership" },
  media: { short: "Media", long: "Media and press" },
  other: { short: "Other", long: "Something else" },
};

const languageNames = { en: "English", th: "Thai" } as const;

export type ContactEmail = { subject: string; text: string; replyTo: string };

/** `[Jai contact] Sales: <subject>`, with anything that could break a header removed. */
export function buildContactSubject(message: Pick<ContactMessage, "reason" | "subject">): string {
  return `[${brand.name} contact] ${reasonLabels[message.reason].short}: ${escapeLine(message.subject)}`;
}

/**
 * The email the team receives for one contact message: plain text, every field listed, the
 * visitor's text escaped (see escape-plain-text.ts). The visitor is only the Reply-To.
 */
export function buildContactEmail(
  message: ContactMessage,
  meta: { id: string; receivedAt: Date },
): ContactEmail {
  const optional = (value: string) => escapeLine(value) || "-";
  const fields: Array<[string, string]> = [
    ["Name", escapeLine(message.name)],
    ["Email", message.email],
    ["Company", optional(message.company)],
    ["Phone", optional(message.phone)],
    ["Reason", reasonLabels[message.reason].long],
    ["Language", `${languageNames[message.language]} (${message.language})`],
    ["Subject", escapeLine(message.subject)],
    ["Received", meta.receivedAt.toISOString()],
    ["Reference", meta.id],
  ];
  const width = Math.max(...fields.map(([label]) => label.length)) + 2;
  const text = [
    `New message from the ${brand.name} contact form.`,
    "",
    ...fields.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    "",
    "Message:",
    "",
    escapeBlock(message.message),
    "",
    `Reply to this email to answer the visitor (${message.email}).`,
    "",
  ].join("\n");
  return { subject: buildContactSubject(message), text, replyTo: message.email };
}
