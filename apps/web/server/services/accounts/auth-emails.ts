import { brand } from "@jai/contracts";
import type { Locale } from "@jai/contracts/locale";
import { accountMessages } from "~/features/accounts/messages";
import { escapeLine } from "../mail/escape-plain-text";

export const authEmailKinds = [
  "verifyEmail",
  "changeEmailConfirm",
  "changeEmailVerify",
  "resetPassword",
  "existingAccount",
] as const;
export type AuthEmailKind = (typeof authEmailKinds)[number];

export type AuthEmailInput = {
  kind: AuthEmailKind;
  locale: Locale;
  /** The owner's name as they typed it (cleaned of line breaks and control characters here). */
  name: string;
  /** An absolute link on PUBLIC_URL. */
  link: string;
  /** How long the link works, for the text. */
  hours: number;
};

/** An account email in the owner's language: plain text, the same structure for every kind. */
export function buildAuthEmail({ kind, locale, name, link, hours }: AuthEmailInput): {
  subject: string;
  text: string;
} {
  const messages = accountMessages[locale].emails;
  const template = messages[kind];
  const cleanName = escapeLine(name).slice(0, 100) || (locale === "th" ? "" : "there");
  const body = template.body({ brand: brand.name, name: cleanName, link, hours });
  return {
    subject: escapeLine(template.subject(brand.name)),
    text: `${body}\n\n${messages.ignore}\n\n${messages.signature(brand.name)}\n`,
  };
}
