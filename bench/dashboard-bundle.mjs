// The analytics dashboard's JavaScript budget: what /app/analytics downloads on top of the
// console, read from the production build's manifest (no server, no browser).
// Usage: node bench/dashboard-bundle.mjs [--route=en.console.analytics] [--budget=120]
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { kib, mark, parseArgs, printTable, writeResults } from "./lib/report.mjs";
import { repoRoot } from "./lib/server.mjs";

const args = parseArgs(
  "node bench/dashboard-bundle.mjs [--route=en.console.analytics] [--budget=120]\n" +
    "  gzip -9 size of a console route's own JS (its chunks the console does not load already)\n" +
    "  against the console's (entry, root and the console layout), from apps/web/build/client.",
  ["route", "budget", "build"],
);
const routeId = typeof args.route === "string" ? args.route : "en.console.analytics";
const budgetKib = Number(args.budget ?? 120);
const clientDir = path.resolve(
  repoRoot,
  typeof args.build === "string" ? args.build : "apps/web/build/client",
);

/**
 * React Router's browser manifest (build/client/assets/manifest-<hash>.js): the entry and, for
 * every route, its module and the chunks it imports (the whole static closure). Vite's own
 * .vite/manifest.json is removed after the build unless `build.manifest` is set, so this is the
 * file a browser actually reads.
 */
function readRouterManifest() {
  const assets = path.join(clientDir, "assets");
  let names;
  try {
    names = readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  } catch {
    console.error(
      `No build at ${path.relative(repoRoot, clientDir)}: run \`npm run build\` first.`,
    );
    process.exit(1);
  }
  if (names.length !== 1) {
    console.error(`Expected one manifest-*.js in ${assets}, found ${names.length}.`);
    process.exit(1);
  }
  const text = readFileSync(path.join(assets, names[0]), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return JSON.parse(json);
}

const manifest = readRouterManifest();
const route = manifest.routes[routeId];
if (!route) {
  console.error(
    `No route ${routeId} in the manifest (routes: ${Object.keys(manifest.routes).length}).`,
  );
  process.exit(1);
}
/** A route's files: its module and what it imports, and those of its parents up to the root. */
function filesOf(id) {
  const files = [];
  for (let current = manifest.routes[id]; current; current = manifest.routes[current.parentId]) {
    files.push(current.module, ...(current.imports ?? []));
  }
  return files;
}
const consoleFiles = new Set([
  manifest.entry.module,
  ...(manifest.entry.imports ?? []),
  ...filesOf(route.parentId),
]);
const routeFiles = [...new Set([route.module, ...(route.imports ?? [])])].filter(
  (file) => !consoleFiles.has(file),
);

const sizeOf = (file) => {
  const body = readFileSync(path.join(clientDir, file.replace(/^\//, "")));
  return { file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
};
const consoleSizes = [...consoleFiles].map(sizeOf);
const routeSizes = routeFiles.map(sizeOf).sort((a, b) => b.gzip - a.gzip);
const total = (sizes, key) => sizes.reduce((sum, size) => sum + size[key], 0);
const routeGzip = total(routeSizes, "gzip");
const isWithin = routeGzip <= budgetKib * 1024;

console.log(`Route ${routeId}: its own JS on top of the console (gzip -9, KiB)\n`);
printTable(
  [
    { key: "file", label: "file", align: "left" },
    { key: "raw", label: "raw KiB" },
    { key: "gzip", label: "gzip KiB" },
  ],
  routeSizes.map((size) => ({ file: size.file, raw: kib(size.raw), gzip: kib(size.gzip) })),
);
console.log("");
printTable(
  [
    { key: "what", label: "", align: "left" },
    { key: "files", label: "files" },
    { key: "raw", label: "raw KiB" },
    { key: "gzip", label: "gzip KiB" },
    { key: "target", label: "target" },
    { key: "mark", label: "" },
  ],
  [
    {
      what: "console (entry, root, layout)",
      files: consoleSizes.length,
      raw: kib(total(consoleSizes, "raw")),
      gzip: kib(total(consoleSizes, "gzip")),
    },
    {
      what: `${routeId} on top`,
      files: routeSizes.length,
      raw: kib(total(routeSizes, "raw")),
      gzip: kib(routeGzip),
      target: `≤ ${budgetKib}`,
      mark: mark(isWithin),
    },
  ],
);
const saved = writeResults("dashboard-bundle", {
  route: routeId,
  budgetKib,
  console: {
    files: consoleSizes,
    gzip: total(consoleSizes, "gzip"),
    raw: total(consoleSizes, "raw"),
  },
  dashboard: { files: routeSizes, gzip: routeGzip, raw: total(routeSizes, "raw") },
  withinBudget: isWithin,
});
console.log(`\nResults: ${saved}`);
