import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** What a stored ciphertext starts with: the format and key version it was written with. */
const version = "v1";
const ivBytes = 12;
const tagBytes = 16;

export type SecretBox = {
  /** "v1.<iv>.<tag>.<data>" (base64url): a fresh random IV every time. */
  seal(plaintext: string): string;
  /** The plaintext; throws when the ciphertext was tampered with or sealed with another key. */
  open(ciphertext: string): string;
};

/**
 * Authenticated encryption for secrets the server must read back (owners' provider keys):
 * AES-256-GCM under a key derived from SECRET_KEY with HKDF and its own label, so it is never
 * the key that hashes client addresses or signs sessions. Changing SECRET_KEY makes stored
 * ciphertexts unreadable: the owner then pastes the key again (a turn fails with "auth").
 */
export function createSecretBox(secretKey: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", secretKey, "jai", "provider keys v1", 32));

  return {
    seal(plaintext) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [version, iv, tag, data].map(toText).join(".");
    },
    open(ciphertext) {
      const parts = ciphertext.split(".");
      if (parts.length !== 4 || parts[0] !== version) throw new Error("unknown ciphertext format");
      const [iv, tag, data] = parts.slice(1).map((part) => Buffer.from(part, "base64url"));
      if (iv?.length !== ivBytes || tag?.length !== tagBytes || !data) {
        throw new Error("malformed ciphertext");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: tagBytes });
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
    },
  };
}

function toText(part: string | Buffer): string {
  return typeof part === "string" ? part : part.toString("base64url");
}
