import { z } from "./zod";

/**
 * The one rule for text we store: valid Unicode without control characters. PostgreSQL refuses
 * NUL in `text` columns (a 500 where a 422 belongs), other C0 controls make no sense in anything a
 * person types, and a lone surrogate is not a character at all (it cannot be encoded as UTF-8).
 * Tab, line feed and carriage return are text.
 *
 * Two ways to apply it, chosen per kind of field:
 * - `safeText()` refuses (issue `invalidText`): structured, short fields where a control character
 *   can only be a mistake or an attack (names, emails, titles, keys, ids, search terms).
 * - `cleanText()` strips: prose a person pastes from elsewhere (a PDF's form feeds, a terminal's
 *   escapes), where refusing the whole text for an invisible character helps nobody, and the
 *   persona, whose schema also reads rows stored before this rule.
 *
 * Every `z.string()` in this package goes through one of them, but passwords (only ever hashed,
 * never stored) and the persona's avatar (its own, stricter rule: `isPersonaAvatar`).
 */

/** C0 controls but tab, LF and CR; lone surrogates (a high one not followed by a low one, etc.). */
const unsafePattern =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unsafePatternGlobal = new RegExp(unsafePattern.source, "g");

/** The issue message of a refused text, for each side to word in its reader's language. */
export const invalidTextIssue = "invalidText";

export function isSafeText(value: string): boolean {
  return !unsafePattern.test(value);
}

/** `value` without C0 controls (but tab, LF, CR) and with each lone surrogate as U+FFFD. */
export function stripUnsafeText(value: string): string {
  if (isSafeText(value)) return value;
  return value.replace(unsafePatternGlobal, (match) =>
    match.charCodeAt(0) >= 0xd800 ? "\uFFFD" : "",
  );
}

/** A string that refuses control characters and lone surrogates (see above). */
export function safeText(params?: Parameters<typeof z.string>[0], message = invalidTextIssue) {
  return z.string(params).refine(isSafeText, { error: message, abort: true });
}

/** A string whose control characters and lone surrogates are removed (see above). */
export function cleanText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(stripUnsafeText);
}
