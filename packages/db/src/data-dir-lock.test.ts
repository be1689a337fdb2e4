import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { acquireDataDirLock, type DataDirLock, lockFileName } from "./data-dir-lock.ts";

const packageDir = new URL("..", import.meta.url).pathname;
const childScript = join(packageDir, "test", "open-data-dir.ts");

/** Runs test/open-data-dir.ts in a real second process and waits for it to exit. */
function openInChildProcess(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", childScript, dataDir], {
      cwd: packageDir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** The pid of a process that has exited, as a crashed Jai would leave behind. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", () => resolve(child.pid!));
  });
}

describe("acquireDataDirLock", () => {
  let dataDir: string;
  let lock: DataDirLock | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "jai-lock-"));
  });
  afterEach(async () => {
    await lock?.release();
    lock = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  test("writes the owner into the lock file and removes it on release", async () => {
    lock = await acquireDataDirLock(dataDir);
    const owner = JSON.parse(await readFile(join(dataDir, lockFileName), "utf8"));
    expect(owner).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(Date.parse(owner.startedAt)).not.toBeNaN();

    await lock.release();
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);
  });

  test("creates a data directory that does not exist yet", async () => {
    const nested = join(dataDir, "a", "b");
    lock = await acquireDataDirLock(nested);
    expect(existsSync(join(nested, lockFileName))).toBe(true);
  });

  test("refuses a second lock in the same process", async () => {
    lock = await acquireDataDirLock(dataDir);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
      `Data directory ${dataDir} is already open in this process`,
    );
  });

  test("refuses another process with a clear message", { timeout: 30_000 }, async () => {
    lock = await acquireDataDirLock(dataDir);

    const { code, output } = await openInChildProcess(dataDir);

    expect(code).toBe(1);
    expect(output).toContain(
      `error: Data directory ${dataDir} is in use by another Jai process (pid ${process.pid}) since `,
    );
    expect(output).toContain("Stop it or set DATA_DIR to another directory.");
    // The refused process must leave the holder's lock alone.
    const owner = JSON.parse(await readFile(join(dataDir, lockFileName), "utf8"));
    expect(owner.pid).toBe(process.pid);
  });

  test("takes over a lock left by a process that died", async () => {
    const pid = await deadPid();
    await writeFile(
      join(dataDir, lockFileName),
      JSON.stringify({ pid, hostname: hostname(), startedAt: "2026-01-01T00:00:00.000Z" }),
    );

    lock = await acquireDataDirLock(dataDir);

    const owner = JSON.parse(await readFile(join(dataDir, lockFileName), "utf8"));
    expect(owner.pid).toBe(process.pid);
  });

  test("takes over a lock written before the last reboot", async () => {
    await writeFile(
      join(dataDir, lockFileName),
      JSON.stringify({ pid: process.ppid, hostname: hostname(), bootId: "an-earlier-boot" }),
    );
    // Only Linux tells us the boot id; elsewhere the live pid wins and the lock is refused.
    if (existsSync("/proc/sys/kernel/random/boot_id")) {
      lock = await acquireDataDirLock(dataDir);
    } else {
      await expect(acquireDataDirLock(dataDir)).rejects.toThrow("is in use");
    }
  });

  test("takes over a lock with our own pid that we do not hold (container restart)", async () => {
    await writeFile(
      join(dataDir, lockFileName),
      JSON.stringify({ pid: process.pid, hostname: hostname(), token: "an-earlier-run" }),
    );
    lock = await acquireDataDirLock(dataDir);
  });

  test("takes over an unreadable lock file once it is old enough not to be half-written", async () => {
    const path = join(dataDir, lockFileName);
    await writeFile(path, "{ not json");
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await utimes(path, aMinuteAgo, aMinuteAgo);

    lock = await acquireDataDirLock(dataDir);
  });

  test("waits for a young unreadable lock file to be completed", async () => {
    const path = join(dataDir, lockFileName);
    await writeFile(path, "");
    // What a process on the O_EXCL fallback does a moment after creating the file.
    setTimeout(() => {
      void writeFile(path, JSON.stringify({ pid: process.ppid, hostname: hostname() }));
    }, 200);

    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
      `is in use by another Jai process (pid ${process.ppid})`,
    );
  });

  test("refuses a lock held by a live process", async () => {
    await writeFile(
      join(dataDir, lockFileName),
      JSON.stringify({
        pid: process.ppid,
        hostname: hostname(),
        startedAt: "2026-01-01T00:00:00Z",
      }),
    );
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
      `Data directory ${dataDir} is in use by another Jai process (pid ${process.ppid}) since 2026-01-01T00:00:00Z. Stop it or set DATA_DIR to another directory.`,
    );
  });

  test("refuses a lock from another host, saying how to clear it", async () => {
    const path = join(dataDir, lockFileName);
    await writeFile(path, JSON.stringify({ pid: 1234, hostname: "elsewhere", startedAt: "x" }));
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
      `is in use by another Jai process (pid 1234 on host elsewhere) since x. Stop it or set DATA_DIR to another directory. If that process no longer runs, delete ${path}.`,
    );
  });

  test("release leaves a lock that is no longer ours alone", async () => {
    lock = await acquireDataDirLock(dataDir);
    const path = join(dataDir, lockFileName);
    const someoneElse = JSON.stringify({ pid: 1, hostname: "elsewhere", token: "theirs" });
    await writeFile(path, someoneElse);

    await lock.release();

    expect(await readFile(path, "utf8")).toBe(someoneElse);
  });

  test("only one of many concurrent takeovers of a stale lock wins", async () => {
    const pid = await deadPid();
    await writeFile(join(dataDir, lockFileName), JSON.stringify({ pid, hostname: hostname() }));
    // Two spellings of one directory, so that both calls race through the file-level takeover.
    const results = await Promise.allSettled([
      acquireDataDirLock(dataDir),
      acquireDataDirLock(`${dataDir}/.`),
    ]);
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    lock = (won[0] as PromiseFulfilledResult<DataDirLock>).value;
  });
});
