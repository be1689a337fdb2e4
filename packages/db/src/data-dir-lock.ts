import { randomUUID } from "node:crypto";
import { readFileSync, unlinkSync } from "node:fs";
import { link, mkdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** The lock file's name inside the data directory. */
export const lockFileName = "jai.lock";

export interface DataDirLock {
  /** Absolute path of the lock file. */
  readonly path: string;
  /** Deletes the lock file if it is still ours. Idempotent. */
  release(): Promise<void>;
}

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
  /** Changes on every boot; a lock written before a reboot is stale whatever its pid. */
  bootId?: string;
  /** Tells our lock from a later one written by a process that got the same pid. */
  token: string;
}

// Tokens of the locks this process holds: opening the same directory twice in one process would
// corrupt it just as surely as two processes would.
const heldTokens = new Set<string>();

const maxAttempts = 100;
// How long an unreadable lock file is given to be completed before it counts as damaged.
const unreadableGraceMs = 2_000;
// Only held for the few milliseconds between re-reading a stale lock and deleting it; one older
// than this was left by a process that died in that window.
const takeoverTimeoutMs = 10_000;

/**
 * Takes the exclusive lock on a data directory (creating the directory if needed), or throws
 * with a message that says who holds it.
 *
 * PGlite has no inter-process locking: two processes on one directory both write and silently
 * lose data. The lock is a file created atomically (hard-link of a fully written temp file, which
 * fails if the name exists, like O_EXCL but never leaving a half-written lock) holding the owner's
 * pid, host, start time and boot id. A lock whose process is gone from this host is stale and
 * taken over; a lock from another host cannot be checked and is never taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const directory = resolve(dataDir);
  const path = join(directory, lockFileName);
  await mkdir(directory, { recursive: true });

  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    bootId: await readBootId(),
    token: randomUUID(),
  };
  const content = `${JSON.stringify(owner, null, 2)}\n`;

  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (await createExclusively(path, content)) {
      return holdLock(path, owner.token);
    }
    const current = await readLock(path);
    if (current === undefined) continue; // released between our two calls: try again
    if (current.owner === undefined && current.ageMs < unreadableGraceMs) {
      await sleep(50); // possibly still being written (O_EXCL fallback): look again
      continue;
    }
    if (current.owner !== undefined && heldTokens.has(current.owner.token)) {
      throw new Error(
        `Data directory ${dataDir} is already open in this process. Close the other database first.`,
      );
    }
    if (!isStale(current.owner)) {
      throw new Error(describeHolder(dataDir, path, current.owner));
    }
    await removeStaleLock(path, current.raw);
  }
  throw new Error(`Could not take the lock on data directory ${dataDir} (${path}).`);
}

function holdLock(path: string, token: string): DataDirLock {
  heldTokens.add(token);
  // A crash (uncaught exception, process.exit) still runs "exit" listeners: remove the lock then
  // too, so that a restart elsewhere (e.g. a container with a new hostname) is not refused.
  const removeOnExit = () => {
    try {
      if (parseOwner(readFileSync(path, "utf8"))?.token === token) unlinkSync(path);
    } catch {
      // Nothing to do while exiting; the next start sees a dead pid and takes the lock over.
    }
  };
  process.once("exit", removeOnExit);

  let released = false;
  return {
    path,
    async release() {
      if (released) return;
      released = true;
      process.off("exit", removeOnExit);
      heldTokens.delete(token);
      const current = await readLock(path);
      if (current?.owner?.token === token) await unlink(path).catch(ignoreMissing);
    },
  };
}

/**
 * Creates `path` with `content` unless it exists. Hard-linking a fully written temp file means
 * the lock never exists half-written; on file systems without hard links (some network and
 * container mounts) it falls back to O_EXCL, and readers give a young unreadable lock time to
 * be completed (see acquireDataDirLock).
 */
async function createExclusively(path: string, content: string): Promise<boolean> {
  const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, content, { flag: "wx" });
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if (!isErrnoException(error)) throw error;
    if (error.code === "EEXIST") return false;
    if (error.code !== "EPERM" && error.code !== "ENOTSUP" && error.code !== "ENOSYS") throw error;
  } finally {
    await unlink(temporary).catch(ignoreMissing);
  }
  try {
    await writeFile(path, content, { flag: "wx" });
    return true;
  } catch (error) {
    if (isErrnoException(error) && error.code === "EEXIST") return false;
    throw error;
  }
}

async function readLock(
  path: string,
): Promise<{ raw: string; owner: LockOwner | undefined; ageMs: number } | undefined> {
  try {
    const [raw, stats] = await Promise.all([readFile(path, "utf8"), stat(path)]);
    return { raw, owner: parseOwner(raw), ageMs: Date.now() - stats.mtimeMs };
  } catch (error) {
    if (isErrnoException(error) && error.code === "ENOENT") return undefined;
    throw error;
  }
}

function isStale(owner: LockOwner | undefined): boolean {
  // Unreadable and not being written (see the grace period): damaged, e.g. by a crash of the
  // machine mid-write; no live process can claim it.
  if (owner === undefined) return true;
  if (owner.hostname !== hostname()) return false;
  // Our own pid but not one of our locks (those were ruled out before): written by an earlier
  // run that had the same pid, as happens to pid 1 in a restarted container.
  if (owner.pid === process.pid) return true;
  if (owner.bootId !== undefined && bootId !== undefined && owner.bootId !== bootId) return true;
  return !isProcessAlive(owner.pid);
}

/**
 * Deletes a stale lock, unless it changed since we read it. Deleting is guarded by a second,
 * short-lived lock: without it two processes could both judge the same lock stale, one delete it
 * and create its own, and the other then delete that fresh lock.
 */
async function removeStaleLock(path: string, staleContent: string): Promise<void> {
  const guard = `${path}.takeover`;
  if (!(await createExclusively(guard, `${process.pid}\n`))) {
    const age = await stat(guard).then(
      (stats) => Date.now() - stats.mtimeMs,
      () => 0,
    );
    if (age > takeoverTimeoutMs) await unlink(guard).catch(ignoreMissing);
    else await sleep(20);
    return;
  }
  try {
    const current = await readLock(path);
    if (current?.raw === staleContent) await unlink(path).catch(ignoreMissing);
  } finally {
    await unlink(guard).catch(ignoreMissing);
  }
}

function describeHolder(dataDir: string, path: string, owner: LockOwner | undefined): string {
  const who =
    owner === undefined
      ? "another Jai process"
      : owner.hostname === hostname()
        ? `another Jai process (pid ${owner.pid})`
        : `another Jai process (pid ${owner.pid} on host ${owner.hostname})`;
  const since = owner === undefined ? "" : ` since ${owner.startedAt}`;
  const remote =
    owner !== undefined && owner.hostname !== hostname()
      ? ` If that process no longer runs, delete ${path}.`
      : "";
  return `Data directory ${dataDir} is in use by ${who}${since}. Stop it or set DATA_DIR to another directory.${remote}`;
}

function parseOwner(raw: string): LockOwner | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return undefined;
    const owner = value as Partial<LockOwner>;
    if (typeof owner.pid !== "number" || typeof owner.hostname !== "string") return undefined;
    return {
      pid: owner.pid,
      hostname: owner.hostname,
      startedAt: typeof owner.startedAt === "string" ? owner.startedAt : "an unknown time",
      bootId: typeof owner.bootId === "string" ? owner.bootId : undefined,
      token: typeof owner.token === "string" ? owner.token : "",
    };
  } catch {
    return undefined;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: existence check only
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return isErrnoException(error) && error.code === "EPERM";
  }
}

let bootId: string | undefined;
let bootIdRead = false;

/** Linux only; elsewhere staleness rests on the pid alone. */
async function readBootId(): Promise<string | undefined> {
  if (!bootIdRead) {
    bootIdRead = true;
    bootId = await readFile("/proc/sys/kernel/random/boot_id", "utf8").then(
      (text) => text.trim() || undefined,
      () => undefined,
    );
  }
  return bootId;
}

function ignoreMissing(error: unknown): void {
  if (isErrnoException(error) && error.code === "ENOENT") return;
  throw error;
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && "code" in error;
}
