// Starts the production build for browser tests on a fresh, throw-away data directory.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "jai-e2e-"));
const port = process.env.PORT ?? "4173";
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
      DATABASE_URL: "",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
  },
);
const stop = (signal) => server.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
