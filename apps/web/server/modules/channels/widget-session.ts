import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { widgetLimits } from "@jai/contracts/channels";

/**
 * Widget sessions: a short-lived token the loader gets for one bot on one allowed site, and the
 * iframe then sends with every call (`Authorization: Bearer`). Signed with a key derived from
 * SECRET_KEY for this purpose only. A token names its bot, the site it was issued to and when it
 * expires; it grants nothing else (the contact is the iframe's own token).
 */
export function createWidgetSessions(secretKey: string, now: () => number = Date.now) {
  const key = Buffer.from(hkdfSync("sha256", secretKey, "", "jai.widget-session.v1", 32));
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

  return {
    /** A session for `botId` on `origin`, valid `widgetLimits.sessionTtlSeconds`. */
    issue(botId: string, origin: string): { token: string; expiresAt: number } {
      const expiresAt = Math.floor(now() / 1000) + widgetLimits.sessionTtlSeconds;
      const payload = Buffer.from(JSON.stringify([botId, origin, expiresAt])).toString("base64url");
      return { token: `${payload}.${sign(payload)}`, expiresAt };
    },
    /** The session's site, if the token is ours, for this bot and not expired; else null. */
    verify(token: string, botId: string): { origin: string } | null {
      const [payload, signature, extra] = token.split(".");
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const [tokenBot, origin, expiresAt] = JSON.parse(
          Buffer.from(payload, "base64url").toString("utf8"),
        ) as [unknown, unknown, unknown];
        if (tokenBot !== botId || typeof origin !== "string" || typeof expiresAt !== "number") {
          return null;
        }
        return expiresAt > now() / 1000 ? { origin } : null;
      } catch {
        return null;
      }
    },
  };
}

export type WidgetSessions = ReturnType<typeof createWidgetSessions>;

/**
 * Whether a site may use the bot's widget: an origin in the owner's list, or any site when the
 * list is empty (the console warns about that). No origin at all (not a browser) is never allowed.
 */
export function isAllowedOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  if (!origin || origin === "null") return false;
  if (allowed.length === 0) return /^https?:\/\//.test(origin);
  return allowed.includes(origin);
}
