// Runs drizzle-kit with drizzle-orm resolvable from this package.
//
// npm may hoist drizzle-kit to the root node_modules while nesting drizzle-orm under
// packages/db/node_modules (it did on this machine). drizzle-kit then cannot find drizzle-orm
// ("Please install latest version of drizzle-orm"): its `require()` calls and its `import()` calls
// both resolve from the root. NODE_PATH fixes the former, a resolve hook the latter. When both
// are hoisted side by side, neither kicks in and this is plain `drizzle-kit`.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
// The bin is not in drizzle-kit's "exports": find it next to its main file.
const bin = join(dirname(require.resolve("drizzle-kit")), "bin.cjs");
const packageNodeModules = fileURLToPath(new URL("../node_modules", import.meta.url));
const hooks = new URL("./resolve-drizzle-orm-hooks.mjs", import.meta.url).href;

const nodePath = [packageNodeModules, process.env.NODE_PATH].filter(Boolean).join(":");
const result = spawnSync(
  process.execPath,
  [
    "--import",
    `data:text/javascript,import{register}from"node:module";register(${JSON.stringify(hooks)})`,
    bin,
    ...process.argv.slice(2),
  ],
  { stdio: "inherit", env: { ...process.env, NODE_PATH: nodePath } },
);
process.exit(result.status ?? 1);
