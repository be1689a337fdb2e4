import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSecretKey, secretKeyFileName } from "./load-secret-key";
import { createMemoryLogger } from "./test/memory-logger";

describe("loadSecretKey", () => {
  let dataDir: string;
  const { logger, lines } = createMemoryLogger();

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "jai-secret-"));
    lines.length = 0;
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const load = (options: { configured?: string; isShared?: boolean; dir?: string } = {}) =>
    loadSecretKey({
      configured: options.configured,
      dataDir: options.dir ?? dataDir,
      isShared: options.isShared ?? false,
      logger,
    });

  it("uses SECRET_KEY when set and writes nothing", async () => {
    expect(await load({ configured: "c".repeat(40) })).toBe("c".repeat(40));
    await expect(stat(path.join(dataDir, secretKeyFileName))).rejects.toThrow(/ENOENT/);
  });

  it("generates a key once, private to its owner, and keeps it across restarts", async () => {
    const nested = path.join(dataDir, "not-yet-created");
    const first = await load({ dir: nested });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(nested, secretKeyFileName);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await load({ dir: nested })).toBe(first);
    expect((await readFile(file, "utf8")).trim()).toBe(first);
  });

  it("agrees on one key when two processes start at once", async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => load()));
    expect(new Set(keys).size).toBe(1);
  });

  it("tightens a key file readable by others", async () => {
    const file = path.join(dataDir, secretKeyFileName);
    await writeFile(file, `${"k".repeat(43)}\n`, { mode: 0o644 });
    expect(await load()).toBe("k".repeat(43));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("refuses a damaged key file", async () => {
    await writeFile(path.join(dataDir, secretKeyFileName), "short\n");
    await expect(load()).rejects.toThrow(/shorter than 32 characters/);
  });

  it("warns that instances sharing a database need SECRET_KEY", async () => {
    await load({ isShared: true });
    expect(lines.some((line) => line.level === "warn" && line.message.includes("SECRET_KEY"))).toBe(
      true,
    );
  });

  it("keeps a generated key in memory only with DATA_DIR=memory", async () => {
    const key = await load({ dir: "memory" });
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(await load({ dir: "memory" })).not.toBe(key);
  });
});
