// Starts the production build for browser tests on a fresh, throw-away data directory, and with
// E2E_DATABASE=postgres on a fresh, throw-away database on TEST_DATABASE_URL's server (dropped
// when the server stops) instead of the embedded one.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "jai-e2e-"));
const port = process.env.PORT ?? "4173";
const postgres = process.env.E2E_DATABASE === "postgres" ? await createDatabase() : undefined;
// Tests read what the server wrote there (the contact emails, as .eml files without SMTP):
// apps/web/e2e/support.ts finds the directory through this file.
const pointerFile = path.join(os.tmpdir(), `jai-e2e-server-${port}.json`);
writeFileSync(pointerFile, JSON.stringify({ dataDir, pid: process.pid }));
const server = spawn(
  process.execPath,
  ["--enable-source-maps", path.join(root, "apps/web/build/app/main.js")],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: port,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: postgres?.url ?? "",
      SMTP_URL: "",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // Every browser test comes from 127.0.0.1: the production limit (5 per 10 minutes) would
      // refuse all but the first few contact form tests.
      CONTACT_RATE_LIMIT: process.env.CONTACT_RATE_LIMIT ?? "1000",
      // Likewise sign-ups: the account, console, builder and marketplace tests make more than the
      // production limit (10 account emails per client per 15 minutes) between them.
      AUTH_EMAIL_RATE_LIMIT: process.env.AUTH_EMAIL_RATE_LIMIT ?? "1000",
      // The marketplace test signs these up to approve listings (apps/web/e2e/marketplace.spec.ts).
      ADMIN_EMAILS:
        process.env.ADMIN_EMAILS ??
        "marketplace-admin-en@example.com,marketplace-admin-th@example.com",
    },
  },
);
const stop = (signal) => server.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
server.on("exit", async (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(pointerFile, { force: true });
  await postgres
    ?.drop()
    .catch((error) => console.error(`e2e: ${postgres.name} not dropped`, error));
  process.exit(code ?? 0);
});

/** A new, empty database on TEST_DATABASE_URL's server (the server migrates it at boot). */
async function createDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.error("E2E_DATABASE=postgres needs TEST_DATABASE_URL (a PostgreSQL server for tests).");
    process.exit(1);
  }
  const name = `jai_e2e_${process.pid}_${randomBytes(3).toString("hex")}`;
  const maintenance = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl, application_name: "jai-e2e" });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await maintenance(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    // WITH (FORCE): the server's pool may still hold sessions when it is killed.
    drop: () => maintenance(`drop database if exists "${name}" with (force)`),
  };
}
