import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createDatabase } from "./create-database.ts";
import { lockFileName } from "./data-dir-lock.ts";
import type { Database } from "./database.ts";
import { migrate } from "./migrate.ts";
import { contactMessages } from "./schema/contact-messages.ts";

// PGlite on a real directory: creating one runs initdb (seconds), hence the long timeouts. These
// are PGlite-only, so they are not *.db.test.ts files (those also run on PostgreSQL).
const packageDir = new URL("..", import.meta.url).pathname;
const childScript = join(packageDir, "test", "open-data-dir.ts");

describe("createDatabase with a data directory", () => {
  let dataDir: string;
  const opened: Database[] = [];
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "jai-pglite-"));
  });
  afterEach(async () => {
    child?.kill("SIGKILL");
    child = undefined;
    await Promise.all(opened.splice(0).map((database) => database.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  async function open(): Promise<Database> {
    const database = await createDatabase({ dataDir });
    opened.push(database);
    return database;
  }

  test("keeps data across close and reopen", { timeout: 60_000 }, async () => {
    const first = await open();
    expect(first.kind).toBe("pglite");
    await migrate(first);
    await first.db.insert(contactMessages).values({
      name: "Somchai",
      email: "somchai@example.com",
      reason: "sales",
      subject: "Persisted",
      message: "Still there after a restart?",
      language: "th",
    });
    expect(existsSync(join(dataDir, "pglite"))).toBe(true);
    expect(existsSync(join(dataDir, lockFileName))).toBe(true);

    await first.close();
    expect(existsSync(join(dataDir, lockFileName))).toBe(false);

    const second = await open();
    await migrate(second);
    const rows = await second.db.select().from(contactMessages);
    expect(rows.map((row) => row.subject)).toEqual(["Persisted"]);
  });

  test("refuses a directory another process has open, and takes it over once that process is killed", {
    timeout: 90_000,
  }, async () => {
    const holder = spawn(process.execPath, ["--import", "tsx", childScript, dataDir, "--hold"], {
      cwd: packageDir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = holder;
    let output = "";
    holder.stderr!.on("data", (chunk) => {
      output += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.on("data", (chunk) => {
        output += chunk;
        if (output.includes("ready")) resolve();
        if (output.includes("error:")) reject(new Error(output));
      });
      holder.on("exit", () => reject(new Error(`child exited early: ${output}`)));
    });

    await expect(createDatabase({ dataDir })).rejects.toThrow(
      `Data directory ${dataDir} is in use by another Jai process (pid ${holder.pid})`,
    );

    // A crash, not a shutdown: the lock file stays behind with a dead pid.
    const exited = new Promise((resolve) => holder.once("exit", resolve));
    holder.kill("SIGKILL");
    await exited;
    expect(existsSync(join(dataDir, lockFileName))).toBe(true);

    const database = await open();
    await migrate(database);
    const rows = await database.db.select().from(contactMessages);
    expect(rows.map((row) => row.subject)).toEqual(["From the child process"]);
  });
});
