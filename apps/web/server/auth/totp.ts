import { createHmac } from "node:crypto";

/** RFC 6238 defaults, the ones every authenticator app uses: 30-second steps, 6 digits, SHA-1. */
export const totpPeriodSeconds = 30;
export const totpDigits = 6;

/** RFC 4226 HOTP: HMAC-SHA-1 of the 8-byte big-endian counter, dynamically truncated. */
export function generateHotp(key: Uint8Array, counter: number, digits = totpDigits): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary =
    ((digest[offset]! & 0x7f) << 24) |
    (digest[offset + 1]! << 16) |
    (digest[offset + 2]! << 8) |
    digest[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step a moment falls in. */
export function totpStep(at: Date | number = Date.now(), period = totpPeriodSeconds): number {
  const milliseconds = typeof at === "number" ? at : at.getTime();
  return Math.floor(milliseconds / 1000 / period);
}

/** RFC 6238 TOTP at a moment (now by default). */
export function generateTotp(
  key: Uint8Array,
  { at = Date.now(), period = totpPeriodSeconds, digits = totpDigits } = {},
): string {
  return generateHotp(key, totpStep(at, period), digits);
}

/**
 * The step whose code `code` is, among the current one and `window` steps either side (what
 * better-auth accepts), or undefined. Every candidate is compared, in constant time per code.
 */
export function findTotpStep(
  key: Uint8Array,
  code: string,
  { at = Date.now(), window = 1, period = totpPeriodSeconds, digits = totpDigits } = {},
): number | undefined {
  const current = totpStep(at, period);
  let found: number | undefined;
  for (let offset = -window; offset <= window; offset++) {
    const expected = generateHotp(key, current + offset, digits);
    let difference = code.length ^ expected.length;
    for (let index = 0; index < expected.length; index++) {
      difference |= code.charCodeAt(index) ^ expected.charCodeAt(index);
    }
    if (difference === 0 && found === undefined) found = current + offset;
  }
  return found;
}

const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (the `secret` of an otpauth:// URI); spaces, dashes and padding ignored. */
export function decodeBase32(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = base32Alphabet.indexOf(char);
    if (value === -1) throw new Error("not a base32 string");
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/** The key in an `otpauth://totp/...?secret=<base32>` URI. */
export function keyFromOtpauthUri(uri: string): Uint8Array {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error("the URI has no secret");
  return decodeBase32(secret);
}
