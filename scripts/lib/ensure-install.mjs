// Installs dependencies when they are missing or older than the lockfile. Node built-ins only:
// this runs before anything is installed.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

const [major, minor] = process.versions.node.split(".").map(Number);
export function checkNodeVersion() {
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Jai needs Node.js 20.19 or newer (this is ${process.versions.node}).`);
    process.exit(1);
  }
}

export function ensureInstall(root) {
  checkNodeVersion();
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lockfile = path.join(root, "package-lock.json");
  const manifests = [
    "package.json",
    "apps/web/package.json",
    "packages/contracts/package.json",
    "packages/db/package.json",
    "packages/engine/package.json",
  ];
  const installedAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const newest = Math.max(
    ...[lockfile, ...manifests.map((file) => path.join(root, file))]
      .filter((file) => existsSync(file))
      .map((file) => statSync(file).mtimeMs),
  );
  if (installedAt >= newest) return;
  console.log("Installing dependencies (npm install)...");
  // `npm ci` refuses lockfiles made on this registry (no other platforms' optional binaries).
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("npm install failed.");
    process.exit(result.status ?? 1);
  }
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
