// `npm start`: install what is missing, build, then serve (the server migrates the database and
// seeds the demo bot at boot). Signals are forwarded so SIGTERM shuts the server down gracefully.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureInstall, run } from "./lib/ensure-install.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
ensureInstall(root);

if (process.env.JAI_SKIP_BUILD !== "1") {
  console.log("Building...");
  const status = run("npm", ["run", "build", "--silent"], { cwd: root });
  if (status !== 0) process.exit(status);
}

const nodeArgs = ["--enable-source-maps"];
if (existsSync(path.join(root, ".env"))) nodeArgs.push(`--env-file=${path.join(root, ".env")}`);
const server = spawn(
  process.execPath,
  [...nodeArgs, path.join(root, "apps/web/build/app/main.js")],
  {
    cwd: root,
    stdio: "inherit",
  },
);
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
