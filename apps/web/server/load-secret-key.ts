import { randomBytes, randomUUID } from "node:crypto";
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "./logger";

export const secretKeyFileName = "secret-key";
const minimumLength = 32;

export type LoadSecretKeyOptions = {
  /** SECRET_KEY, when set. */
  configured: string | undefined;
  /** DATA_DIR; "memory" keeps a generated key in memory only. */
  dataDir: string;
  /** Several instances share the database (DATABASE_URL): each needs the same key. */
  isShared: boolean;
  logger: Logger;
};

/**
 * The instance secret: SECRET_KEY, or else a random key generated on first boot and kept in
 * `$DATA_DIR/secret-key` (mode 0600) so hashes stay comparable across restarts. Instances that
 * share a database must all be given the same SECRET_KEY; a per-directory key would make each
 * hash differently.
 */
export async function loadSecretKey({
  configured,
  dataDir,
  isShared,
  logger,
}: LoadSecretKeyOptions): Promise<string> {
  if (configured) return configured;
  if (dataDir === "memory") {
    logger.warn(
      "SECRET_KEY is not set and DATA_DIR is memory: using a key that ends with the process",
    );
    return generateKey();
  }
  if (isShared) {
    logger.warn(
      "SECRET_KEY is not set: using the key in the data directory. Instances that share DATABASE_URL must all set the same SECRET_KEY.",
    );
  }
  const file = path.join(path.resolve(dataDir), secretKeyFileName);
  const existing = await readKeyFile(file);
  if (existing !== undefined) return existing;

  await mkdir(path.dirname(file), { recursive: true });
  if (await createExclusively(file, `${generateKey()}\n`)) {
    logger.info("generated a secret key", { file });
  }
  // Ours, or the one a process starting at the same moment wrote first.
  const created = await readKeyFile(file);
  if (created === undefined) throw new Error(`Could not create the secret key file ${file}.`);
  return created;
}

function generateKey(): string {
  return randomBytes(32).toString("base64url");
}

async function readKeyFile(file: string): Promise<string | undefined> {
  let content: string;
  try {
    content = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = content.trim();
  if (key.length < minimumLength) {
    throw new Error(
      `The secret key in ${file} is shorter than ${minimumLength} characters. Set SECRET_KEY, or delete the file to generate a new key (stored IP hashes will no longer match).`,
    );
  }
  // Keep it private even if someone copied it around with a loose umask.
  if (process.platform !== "win32" && ((await stat(file)).mode & 0o077) !== 0) {
    await chmod(file, 0o600);
  }
  return key;
}

/**
 * Writes `content` to `file` unless it exists: a fully written temp file is hard-linked into
 * place, so a reader never sees half a key.
 */
async function createExclusively(file: string, content: string): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, content, { flag: "wx", mode: 0o600 });
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // File systems without hard links (some network and container mounts): O_EXCL instead.
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
