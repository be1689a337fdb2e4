import { safeText } from "./text";
import { z } from "./zod";

/**
 * Owner accounts: the schemas the account pages validate with in the browser and the auth
 * hooks (apps/web/server/auth) enforce on the server. Each check's message is an issue kind, not
 * a sentence: each side words it in the reader's language.
 */

export const accountLimits = {
  nameMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
} as const;

export const accountLocales = ["en", "th"] as const;
export type AccountLocale = (typeof accountLocales)[number];

export type AccountIssueKind =
  | "missing"
  | "invalidEmail"
  | "tooLong"
  | "passwordTooShort"
  | "passwordTooLong"
  | "passwordMismatch"
  | "invalidCode"
  /** A control character or a broken character (see ./text.ts). */
  | "invalidText";

export const AccountEmailSchema = safeText()
  .trim()
  .min(1, "missing")
  .max(accountLimits.emailMax, "tooLong")
  .pipe(z.email("invalidEmail"))
  .transform((email) => email.toLowerCase());

/**
 * A new password: 8 to 128 characters, anything allowed (spaces and Thai included). Passwords
 * are only ever hashed, never stored as text, so the text rule (./text.ts) does not apply.
 */
export const NewPasswordSchema = z
  .string()
  .min(1, "missing")
  .min(accountLimits.passwordMin, "passwordTooShort")
  .max(accountLimits.passwordMax, "passwordTooLong");

/** A password being checked: only its presence and the hashing limit matter. */
export const CurrentPasswordSchema = z
  .string()
  .min(1, "missing")
  .max(accountLimits.passwordMax, "passwordTooLong");

export const AccountNameSchema = safeText()
  .trim()
  .min(1, "missing")
  .max(accountLimits.nameMax, "tooLong");

export const SignUpSchema = z.object({
  name: AccountNameSchema,
  email: AccountEmailSchema,
  password: NewPasswordSchema,
  locale: z.enum(accountLocales),
});
export type SignUpInput = z.input<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: AccountEmailSchema,
  password: CurrentPasswordSchema,
});

/** A code from an authenticator app: six digits (spaces people type are removed). */
export const TotpCodeSchema = safeText()
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "invalidCode"));

/** A backup code as shown once ("abcde-12345"); the dash and spaces may be left out. */
export const BackupCodeSchema = safeText()
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, "invalidCode"))
  .transform((code) => (code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`));

/** The first problem of each field, by kind (`{ email: "invalidEmail" }`). */
export function listAccountIssues(error: z.ZodError): Record<string, AccountIssueKind> {
  const fields: Record<string, AccountIssueKind> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (fields[field]) continue;
    const kind = issue.message as AccountIssueKind;
    fields[field] = knownKinds.has(kind) ? kind : "missing";
  }
  return fields;
}

const knownKinds = new Set<string>([
  "missing",
  "invalidEmail",
  "tooLong",
  "passwordTooShort",
  "passwordTooLong",
  "passwordMismatch",
  "invalidCode",
  "invalidText",
]);

/**
 * A rough strength estimate for the sign-up hints: 0 (too short) to 4. It only nudges people;
 * the rule the server enforces is the length (NIST SP 800-63B: length, no composition rules).
 */
export function estimatePasswordStrength(password: string): 0 | 1 | 2 | 3 | 4 {
  if (password.length < accountLimits.passwordMin) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) =>
    pattern.test(password),
  ).length;
  const distinct = new Set(password).size;
  let score = 1;
  if (password.length >= 12) score++;
  if (password.length >= 16) score++;
  if (classes >= 3) score++;
  if (distinct < 5) score = 1;
  return Math.min(4, score) as 1 | 2 | 3 | 4;
}

/** What the link of an account email did (the /verify-email route's loader). */
export type VerifyEmailOutcome =
  | { kind: "verified" }
  /** The current address approved a change: a link is on its way to the new one. */
  | { kind: "changeConfirmed" }
  /** The new address confirmed: the account's email is now `email`. */
  | { kind: "changed"; email: string }
  | { kind: "invalid" };
