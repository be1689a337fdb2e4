import { randomBytes } from "node:crypto";

const base62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * `length` random base62 characters from the system's CSPRNG, without modulo bias (bytes of
 * 248 and above are dropped: 248 = 4 × 62). 12 characters carry about 71 bits.
 */
export function randomBase62(length: number): string {
  let result = "";
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && result.length < length) result += base62[byte % 62];
    }
  }
  return result;
}
