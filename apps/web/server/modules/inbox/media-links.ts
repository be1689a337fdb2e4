import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Public links to a teammate's image for platforms that fetch it themselves (LINE needs an
 * HTTPS address it can GET without our cookies): the attachment id signed with a key derived
 * from the server's secret, so a link cannot be guessed or turned into another attachment's.
 */
export function mediaSignature(mediaKey: string, attachmentId: string): string {
  return createHmac("sha256", mediaKey).update(`media:${attachmentId}`).digest("base64url");
}

export function signedMediaUrl(publicUrl: string, mediaKey: string, attachmentId: string): string {
  const base = publicUrl.replace(/\/$/, "");
  return `${base}/api/media/${attachmentId}/${mediaSignature(mediaKey, attachmentId)}`;
}

export function isValidMediaSignature(
  mediaKey: string,
  attachmentId: string,
  signature: string,
): boolean {
  const expected = Buffer.from(mediaSignature(mediaKey, attachmentId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
