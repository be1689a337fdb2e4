// Starts the real production server (apps/web/build/app/main.js) for a benchmark.
//
// Other people rebuild apps/web/build while benchmarks run (a react-router build wipes the
// folder), so the build is first copied to .tmp/bench-build-<pid>-<n>/ in the repository: main.js
// resolves ../server/index.js, ../client/ and ./migrations relative to itself and third-party
// packages from node_modules, which a copy next to the repository's node_modules still finds.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cp, mkdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const sourceBuildDir = path.join(repoRoot, "apps/web/build");

// Files whose presence means both halves of `npm run build` finished (the server bundle is built
// last and copies the migrations last).
const clientMarkers = ["client/index.html", "server/index.js"];
const buildMarkers = [...clientMarkers, "app/main.js", "app/migrations"];
// After this long without a complete build, a react-router build alone (client + server, as some
// tools run it) is used and the server bundle is built into the copy.
const fallbackAfterMs = 20_000;

const cleanups = new Set();
let exitHooksInstalled = false;

/** Runs every registered cleanup synchronously (process exit, signals). */
function runCleanupsSync() {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {}
  }
  cleanups.clear();
}

/** Runs `cleanup` synchronously if the process exits or is interrupted before it is removed. */
export function registerCleanup(cleanup) {
  installExitHooks();
  cleanups.add(cleanup);
}

export function unregisterCleanup(cleanup) {
  cleanups.delete(cleanup);
}

function installExitHooks() {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on("exit", runCleanupsSync);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      runCleanupsSync();
      process.exit(130);
    });
  }
}

/** Identity of the given build files: changes whenever the folder is rebuilt; undefined if any
 * is missing. */
function buildStamp(dir, markers) {
  try {
    return markers
      .map((marker) => {
        const stat = statSync(path.join(dir, marker));
        return `${stat.ino}:${stat.mtimeMs}`;
      })
      .join("|");
  } catch {
    return undefined;
  }
}

/** The stamp of `markers` if they exist and hold still for `settleMs` (not being written). */
async function stableStamp(markers, settleMs) {
  const before = buildStamp(sourceBuildDir, markers);
  if (!before) return undefined;
  await sleep(settleMs);
  return buildStamp(sourceBuildDir, markers) === before ? before : undefined;
}

function runNode(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`node ${args.join(" ")} exited ${code}`)),
    );
  });
}

/** Copies `entries` of apps/web/build to `target`; false if the build changed meanwhile. */
async function copyEntries(entries, markers, stamp, target) {
  try {
    for (const entry of entries) {
      await cp(path.join(sourceBuildDir, entry), path.join(target, entry), { recursive: true });
    }
  } catch {
    return false; // the folder was wiped mid-copy
  }
  return buildStamp(sourceBuildDir, markers) === stamp && buildStamp(target, markers) !== undefined;
}

/**
 * Waits for a build in apps/web/build, copies it to .tmp/bench-build-<pid>-<n>/ and checks nobody
 * rebuilt it during the copy. Prefers a complete `npm run build`; after 20 s without one, takes a
 * react-router build alone and builds the server bundle (build/app) into the copy. The copy is
 * removed at exit. Returns { dir, source, remove() }. With BENCH_BUILD_DIR set, uses that copy as is.
 */
export async function copyBuild({ timeoutMs = 10 * 60_000 } = {}) {
  installExitHooks();
  // bench/run-all.mjs copies once and hands the copy to every script.
  if (process.env.BENCH_BUILD_DIR) {
    return {
      dir: path.resolve(process.env.BENCH_BUILD_DIR),
      source: process.env.BENCH_BUILD_SOURCE ?? "BENCH_BUILD_DIR",
      async remove() {},
    };
  }
  const started = Date.now();
  let announced = false;
  for (let attempt = 1; ; attempt++) {
    const complete = await stableStamp(buildMarkers, 1500);
    const partial =
      !complete && Date.now() - started > fallbackAfterMs
        ? await stableStamp(clientMarkers, 3000)
        : undefined;
    if (complete || partial) {
      const target = path.join(repoRoot, ".tmp", `bench-build-${process.pid}-${attempt}`);
      const removeSync = () => rmSync(target, { recursive: true, force: true });
      cleanups.add(removeSync);
      await mkdir(target, { recursive: true });
      const copied = complete
        ? await copyEntries(["client", "server", "app"], buildMarkers, complete, target)
        : await copyEntries(["client", "server"], clientMarkers, partial, target);
      if (copied && partial) {
        console.error(
          "apps/web/build has no server bundle (build/app): building it into the copy...",
        );
        await runNode([
          path.join(repoRoot, "bench/lib/build-server-bundle.mjs"),
          path.join(target, "app"),
        ]);
        await cp(
          path.join(repoRoot, "packages/db/migrations"),
          path.join(target, "app/migrations"),
          {
            recursive: true,
          },
        );
      }
      if (copied) {
        return {
          dir: target,
          source: complete ? "npm run build" : "react-router build + server bundle built by bench",
          async remove() {
            cleanups.delete(removeSync);
            await rm(target, { recursive: true, force: true });
          },
        };
      }
      cleanups.delete(removeSync);
      removeSync();
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `No complete build in ${path.relative(repoRoot, sourceBuildDir)} (need ${buildMarkers.join(", ")}). Run \`npm run build\` first.`,
      );
    }
    if (!announced) {
      console.error("Waiting for a finished build in apps/web/build (run `npm run build`)...");
      announced = true;
    }
    await sleep(1000);
  }
}

/** A TCP port that was free a moment ago. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when `url` answers 200, rejects after timeoutMs or when `isDead()` says so. */
export async function waitForOk(url, { timeoutMs = 90_000, isDead = () => false } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isDead()) throw new Error("the server exited before it was ready");
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Sends SIGTERM, then SIGKILL after graceMs; resolves once the child exited. */
export async function stopChild(child, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `node <buildDir>/app/main.js` on a free port with a fresh data directory and waits for
 * GET /api/ready = 200. Returns { url, port, pid, child, stop() }.
 */
export async function startServer({ buildDir, env = {}, nodeArgs = [] } = {}) {
  installExitHooks();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jai-bench-data-"));
  const child = spawn(process.execPath, [...nodeArgs, path.join(buildDir, "app/main.js")], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  // Keep the server's output for the error message; forward it once it is up (warnings matter).
  let output = "";
  let ready = false;
  const collect = (stream) => (chunk) => {
    if (ready) stream.write(`[server] ${chunk}`);
    else output += chunk;
  };
  child.stdout.on("data", collect(process.stdout));
  child.stderr.on("data", collect(process.stderr));

  const killSync = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.add(killSync);
  const stop = async () => {
    cleanups.delete(killSync);
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForOk(`${url}/api/ready`, {
      isDead: () => child.exitCode !== null || child.signalCode !== null,
    });
  } catch (error) {
    await stop();
    throw new Error(`The server did not start: ${error.message}\n${output}`);
  }
  ready = true;
  return { url, port, pid: child.pid, child, stop };
}

/** copyBuild + startServer; stop() also removes the copy. */
export async function startBuiltServer(options = {}) {
  const build = await copyBuild();
  try {
    const server = await startServer({ ...options, buildDir: build.dir });
    return {
      ...server,
      buildDir: build.dir,
      buildSource: build.source,
      async stop() {
        await server.stop();
        await build.remove();
      },
    };
  } catch (error) {
    await build.remove();
    throw error;
  }
}
