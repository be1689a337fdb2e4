import { createHmac, timingSafeEqual } from "node:crypto";
import { parseBrowserChat } from "../web/index";

/**
 * The website widget: an iframe of ours on the owner's site, speaking the hosted page's chat
 * format (`parseBrowserChat` with channel "widget"). Sites with signed-in customers may name them
 * with `Jai.identify({ id, name, email, signature })`, where the site's server computes
 * `signature = hex(HMAC-SHA256(identity secret, id))`: a visitor cannot claim another's id
 * without the secret, which never reaches a browser.
 */

/** Longest identity id accepted (the external id becomes `user:<id>`). */
export const identityIdMaxChars = 200;

export type WidgetIdentity = { id: string; name?: string; email?: string; signature: string };

/** The signature a site computes for a customer id. */
export function signIdentity(secret: string, id: string): string {
  return createHmac("sha256", secret).update(id, "utf8").digest("hex");
}

/** Whether `identity` was signed with `secret` (constant time). */
export function verifyIdentity(secret: string, identity: WidgetIdentity): boolean {
  if (!identity.id || identity.id.length > identityIdMaxChars) return false;
  if (!/^[0-9a-f]{64}$/i.test(identity.signature)) return false;
  const expected = Buffer.from(signIdentity(secret, identity.id), "hex");
  const given = Buffer.from(identity.signature.toLowerCase(), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The contact's external id for a verified identity. */
export function identityExternalId(id: string): string {
  return `user:${id}`;
}

export const widgetChannel = {
  channel: "widget",
  parse: (body: unknown, sender: { externalId: string }) => [
    parseBrowserChat(body, "widget", sender),
  ],
} as const;
