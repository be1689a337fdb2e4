import { createECDH, randomUUID } from "node:crypto";
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../../logger";

/**
 * The server's VAPID identity (RFC 8292): browsers subscribe with the public key, and every
 * push carries a JWT signed with the private key, which never leaves the server (not in a
 * response, a log line or a URL). `subject` is a contact for push services (mailto: or https:).
 */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export const vapidFileName = "vapid.json";

/** A fresh P-256 key pair, base64url (65-byte uncompressed public point, 32-byte private). */
export function generateVapidKeys(subject: string): VapidKeys {
  const curve = createECDH("prime256v1");
  curve.generateKeys();
  const privateKey = curve.getPrivateKey();
  // A private key with leading zero bytes comes back shorter: VAPID wants exactly 32 bytes.
  const padded = Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]);
  return {
    publicKey: curve.getPublicKey().toString("base64url"),
    privateKey: padded.toString("base64url"),
    subject,
  };
}

/** Whether the two keys are a P-256 pair (a mistyped environment variable fails at boot). */
export function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const privateBytes = Buffer.from(privateKey, "base64url");
    const publicBytes = Buffer.from(publicKey, "base64url");
    if (privateBytes.length !== 32 || publicBytes.length !== 65 || publicBytes[0] !== 4) {
      return false;
    }
    const curve = createECDH("prime256v1");
    curve.setPrivateKey(privateBytes);
    return curve.getPublicKey().equals(publicBytes);
  } catch {
    return false;
  }
}

export type LoadVapidKeysOptions = {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when set (both or neither). */
  configured?: { publicKey?: string; privateKey?: string };
  /** VAPID_SUBJECT, else a mailto: of the contact address or the https public URL. */
  subject: string;
  /** DATA_DIR; "memory" keeps generated keys for the process only. */
  dataDir: string;
  /** Several instances share the database: each needs the same keys. */
  isShared: boolean;
  logger: Logger;
};

/**
 * The VAPID keys: from the environment, or generated on first boot and kept in
 * `$DATA_DIR/vapid.json` (mode 0600), so browsers' subscriptions keep working across restarts
 * (a subscription is bound to the public key it was made with). Instances that share a
 * database must be given the same keys (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY).
 */
export async function loadVapidKeys({
  configured,
  subject,
  dataDir,
  isShared,
  logger,
}: LoadVapidKeysOptions): Promise<VapidKeys> {
  if (configured?.publicKey || configured?.privateKey) {
    const { publicKey = "", privateKey = "" } = configured;
    if (!isVapidPair(publicKey, privateKey)) {
      throw new Error(
        "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together and be one P-256 key pair (base64url), e.g. from `npx web-push generate-vapid-keys`.",
      );
    }
    return { publicKey, privateKey, subject };
  }
  if (dataDir === "memory") {
    logger.warn(
      "VAPID keys are not set and DATA_DIR is memory: browser notifications stop working when the process ends",
    );
    return generateVapidKeys(subject);
  }
  if (isShared) {
    logger.warn(
      "VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not set: using the keys in the data directory. Instances that share DATABASE_URL must all set the same keys, or browser notifications fail on some of them.",
    );
  }
  const file = path.join(path.resolve(dataDir), vapidFileName);
  const existing = await readKeysFile(file);
  if (existing) return { ...existing, subject };
  await mkdir(path.dirname(file), { recursive: true });
  const fresh = generateVapidKeys(subject);
  const content = `${JSON.stringify({ publicKey: fresh.publicKey, privateKey: fresh.privateKey })}\n`;
  if (await createExclusively(file, content)) logger.info("generated VAPID keys", { file });
  // Ours, or the ones a process starting at the same moment wrote first.
  const created = await readKeysFile(file);
  if (!created) throw new Error(`Could not create the VAPID keys file ${file}.`);
  return { ...created, subject };
}

async function readKeysFile(
  file: string,
): Promise<{ publicKey: string; privateKey: string } | undefined> {
  let content: string;
  try {
    content = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let parsed: { publicKey?: unknown; privateKey?: unknown };
  try {
    parsed = JSON.parse(content) as typeof parsed;
  } catch {
    parsed = {};
  }
  const { publicKey, privateKey } = parsed;
  if (
    typeof publicKey !== "string" ||
    typeof privateKey !== "string" ||
    !isVapidPair(publicKey, privateKey)
  ) {
    throw new Error(
      `${file} does not hold a VAPID key pair. Delete it to generate new keys (browsers then subscribe again), or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`,
    );
  }
  if (process.platform !== "win32" && ((await stat(file)).mode & 0o077) !== 0) {
    await chmod(file, 0o600);
  }
  return { publicKey, privateKey };
}

/** Writes `content` to `file` unless it exists; a reader never sees half a file. */
async function createExclusively(file: string, content: string): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, content, { flag: "wx", mode: 0o600 });
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
  try {
    await writeFile(file, content, { flag: "wx", mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * The VAPID subject when VAPID_SUBJECT is unset: the public URL when it is https on a real host
 * (Apple refuses localhost), else a mailto: of the contact address.
 */
export function defaultVapidSubject(publicUrl: string, contactEmail: string): string {
  const url = new URL(publicUrl);
  return url.protocol === "https:" && url.hostname !== "localhost"
    ? url.origin
    : `mailto:${contactEmail}`;
}
