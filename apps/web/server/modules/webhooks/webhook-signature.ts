import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Outgoing webhooks are signed like Stripe's: `X-Jai-Signature: t=<unix seconds>,v1=<hex>`,
 * where the hex is HMAC-SHA256 of `<t>.<raw body>` with the endpoint's secret. A receiver
 * recomputes it over the raw bytes it got, compares in constant time, and refuses timestamps
 * older than a few minutes (a replayed delivery).
 */
export const signatureHeader = "X-Jai-Signature";

/** A new endpoint secret: `whsec_` and 32 random bytes. */
export function createWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const digest = createHmac("sha256", secret).update(`${timestampSeconds}.${body}`).digest("hex");
  return `t=${timestampSeconds},v1=${digest}`;
}

/**
 * What a receiver does (exported for tests and for the documentation's example): true when the
 * header was made with `secret` over `body` within `toleranceSeconds` of `now`.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | null | undefined,
  { now = Date.now(), toleranceSeconds = 300 } = {},
): boolean {
  const parts = Object.fromEntries(
    (header ?? "").split(",").map((part) => {
      const [key = "", ...value] = part.trim().split("=");
      return [key, value.join("=")];
    }),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, timestamp).split("v1=")[1]!, "hex");
  const given = Buffer.from(parts.v1!, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
