import { createHash, randomBytes } from "node:crypto";

/**
 * An invitation link's secret: 32 random bytes (base64url), emailed once. Only its SHA-256 is
 * stored, so a copy of the database cannot be turned into working links.
 */
export function createInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Tokens we made look like this; anything else is refused before a lookup. */
export function isInvitationTokenShape(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** "malee@example.com" → "ma•••@example.com": enough to recognise one's own address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}•••${email.slice(at)}`;
}
