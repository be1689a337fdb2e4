import type { ErrorCode } from "@jai/contracts";

/**
 * What the contact route's action answers a plain form post (JavaScript off): the page shows it
 * in a banner, and on failure puts every value back and marks the fields at fault.
 */
export type ContactFormResult =
  | { ok: true; message: string }
  | {
      ok: false;
      error: { code: ErrorCode; message: string };
      /** Field → issue kind (see classifyContactError). */
      fields: Record<string, string>;
      /** What the visitor typed, to refill the form. */
      values: Record<string, string>;
    };
