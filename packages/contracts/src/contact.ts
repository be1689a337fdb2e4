import { cleanText, safeText } from "./text";
import { z } from "./zod";

/**
 * The contact message: one schema for the contact form (client-side validation) and for the
 * `POST /api/contact` handler. Each check's message is an issue kind, not a sentence, so each side
 * words it in the visitor's language (see `classifyContactError`).
 */

export const ContactReasons = [
  "sales",
  "support",
  "technical",
  "partnership",
  "media",
  "other",
] as const;
export type ContactReason = (typeof ContactReasons)[number];

export const contactLanguages = ["en", "th"] as const;
export type ContactLanguage = (typeof contactLanguages)[number];

/** Maximum lengths in characters, after trimming. The form uses them as `maxLength`. */
export const contactLimits = {
  name: 100,
  email: 254,
  company: 120,
  phone: 30,
  subject: 200,
  message: 5000,
} as const;

/**
 * The form's honeypot input is named like a field bots love to fill; the JSON body carries its
 * value as `honeypot`.
 */
export const contactHoneypotFieldName = "website";

export type ContactIssueKind = "missing" | "invalidEmail" | "invalidPhone" | "tooLong" | "invalid";

/**
 * One address and nothing else: a dot-atom local part (no quotes, no spaces, no comments), one @,
 * and a domain of at least two labels ending in an alphabetic or punycode TLD. Display-name forms
 * ("Name <a@b.co>"), lists (commas, semicolons) and header-injection attempts cannot match.
 */
const localAtom = "[A-Za-z0-9_%+'-]+";
const domainLabel = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const topLevelDomain = "(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})";
export const contactEmailPattern = new RegExp(
  `^(?=[^@]{1,64}@)${localAtom}(?:\\.${localAtom})*@(?:${domainLabel}\\.)+${topLevelDomain}$`,
);

/** Digits, spaces and + - ( ) only. */
const phonePattern = /^[0-9 +\-()]*$/;
const lineBreak = /[\r\n]/;

const issue = (kind: ContactIssueKind) => ({ error: kind });

/** Short fields refuse control characters ("invalid"); see ./text.ts. */
function requiredText(max: number) {
  return safeText(issue("missing"), "invalid")
    .trim()
    .min(1, issue("missing"))
    .max(max, issue("tooLong"));
}

function optionalText(max: number) {
  return safeText(issue("invalid"), "invalid").trim().max(max, issue("tooLong"));
}

/** The message is prose a visitor may paste: control characters are removed (see ./text.ts). */
function requiredProse(max: number) {
  return cleanText(issue("missing")).trim().min(1, issue("missing")).max(max, issue("tooLong"));
}

export const ContactMessageSchema = z.object({
  name: requiredText(contactLimits.name),
  email: safeText(issue("missing"), "invalidEmail")
    .refine((value) => !lineBreak.test(value), issue("invalidEmail"))
    .trim()
    .min(1, issue("missing"))
    .max(contactLimits.email, issue("tooLong"))
    .regex(contactEmailPattern, issue("invalidEmail")),
  company: optionalText(contactLimits.company).default(""),
  phone: optionalText(contactLimits.phone)
    .regex(phonePattern, issue("invalidPhone"))
    .refine((value) => value === "" || /[0-9]/.test(value), issue("invalidPhone"))
    .default(""),
  reason: z.enum(ContactReasons, {
    error: (problem) =>
      problem.input === undefined || problem.input === "" ? "missing" : "invalid",
  }),
  subject: requiredText(contactLimits.subject),
  message: requiredProse(contactLimits.message),
  /** Hidden from people; whatever a bot typed into it. The server decides what that means. */
  honeypot: cleanText(issue("invalid")).optional(),
  language: z.enum(contactLanguages, issue("invalid")).default("en"),
});

/** A validated message (trimmed; empty optional fields are ""). */
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
/** What a client sends before validation. */
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;
export type ContactField = keyof ContactMessageInput;

const issueKinds: readonly ContactIssueKind[] = [
  "missing",
  "invalidEmail",
  "invalidPhone",
  "tooLong",
  "invalid",
];

/** Which problem to report first when several fields fail (the seed checks "missing" first). */
const priority: Record<ContactIssueKind, number> = {
  missing: 0,
  invalidEmail: 1,
  invalidPhone: 2,
  tooLong: 3,
  invalid: 4,
};

export type ContactErrorSummary = {
  /** The problem the toast is about. */
  kind: ContactIssueKind;
  /** Each failing field with its most important problem. */
  fields: Partial<Record<ContactField, ContactIssueKind>>;
};

function toKind(message: string): ContactIssueKind {
  return (issueKinds as readonly string[]).includes(message)
    ? (message as ContactIssueKind)
    : "invalid";
}

/** Sorts a failed `ContactMessageSchema` parse into what to tell the visitor. */
export function classifyContactError(error: z.ZodError): ContactErrorSummary {
  const fields: Partial<Record<ContactField, ContactIssueKind>> = {};
  let kind: ContactIssueKind = "invalid";
  let seen = false;
  for (const problem of error.issues) {
    const issueKind = toKind(problem.message);
    const field = problem.path[0];
    if (typeof field === "string" && field in ContactMessageSchema.shape) {
      const key = field as ContactField;
      const current = fields[key];
      if (current === undefined || priority[issueKind] < priority[current]) fields[key] = issueKind;
    }
    if (!seen || priority[issueKind] < priority[kind]) kind = issueKind;
    seen = true;
  }
  return { kind, fields };
}
