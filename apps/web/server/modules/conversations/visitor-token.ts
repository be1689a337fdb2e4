import { createHash, randomBytes } from "node:crypto";

/**
 * The chat page's visitors have no account: their browser keeps a random 256-bit token in an
 * HttpOnly cookie (set by the API), and the database keeps only a hash of it per bot.
 */
export const visitorCookieName = "jai_visitor";
/** Browsers cap cookie lifetimes at 400 days; a year is plenty for a chat history. */
export const visitorCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** A new token: 32 random bytes, base64url (43 characters). */
export function createVisitorToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The token if it has the shape we issue, else undefined (a forged or mangled cookie). */
export function readVisitorToken(value: string | undefined): string | undefined {
  return value !== undefined && tokenPattern.test(value) ? value : undefined;
}

/**
 * What the database stores for (bot, token). Salted with the bot id, so one browser has an
 * unrelated visitor row for each bot it talks to. A plain hash suffices: the token has 256 bits
 * of entropy, so it cannot be guessed from its hash.
 */
export function hashVisitorToken(botId: string, token: string): string {
  return createHash("sha256").update(`jai.visitor\u0000${botId}\u0000${token}`).digest("base64url");
}
