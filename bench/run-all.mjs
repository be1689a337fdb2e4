// Runs every benchmark one after the other on one copy of the build, then recaps the targets.
// Usage: node bench/run-all.mjs [--only=page-weight,lighthouse,static-throughput]
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { mark, parseArgs, printTable, resultsDir } from "./lib/report.mjs";
import { copyBuild, registerCleanup, repoRoot, unregisterCleanup } from "./lib/server.mjs";

const scripts = ["page-weight", "lighthouse", "static-throughput"];
const args = parseArgs(
  "node bench/run-all.mjs [--only=page-weight,lighthouse,static-throughput]\n" +
    "  Runs the benchmarks sequentially on one copy of apps/web/build, then recaps the targets.",
  ["only"],
);
const selected = typeof args.only === "string" ? args.only.split(",") : scripts;
for (const name of selected) {
  if (!scripts.includes(name)) {
    console.error(`Unknown benchmark ${name} (known: ${scripts.join(", ")})`);
    process.exit(2);
  }
}

function runScript(name, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "bench", `${name}.mjs`)], {
      cwd: repoRoot,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    const kill = () => child.kill("SIGTERM");
    registerCleanup(kill);
    child.on("exit", (code, signal) => {
      unregisterCleanup(kill);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const readResults = (name) => {
  try {
    return JSON.parse(readFileSync(path.join(resultsDir, `${name}.json`), "utf8"));
  } catch {
    return undefined;
  }
};

const build = await copyBuild();
console.log(
  `Benchmarking a copy of apps/web/build (${build.source}) in ${path.relative(repoRoot, build.dir)}`,
);
const exitCodes = {};
const started = Date.now();
try {
  for (const name of selected) {
    console.log(`\n=== ${name} ===\n`);
    exitCodes[name] = await runScript(name, {
      BENCH_BUILD_DIR: build.dir,
      BENCH_BUILD_SOURCE: build.source,
    });
  }
} finally {
  await build.remove();
}

// Recap of every target, from the results the scripts just wrote.
const rows = [];
if (exitCodes["page-weight"] === 0) {
  const home = readResults("page-weight")?.pages?.find((page) => page.page === "/");
  if (home?.targets) {
    rows.push(
      {
        benchmark: "page-weight",
        what: "/ JS gzip",
        value: `${(home.js.gzip / 1024).toFixed(1)} KiB`,
        target: "<= 150 KiB",
        status: mark(home.targets.jsOk),
      },
      {
        benchmark: "page-weight",
        what: "/ CSS gzip",
        value: `${(home.css.gzip / 1024).toFixed(1)} KiB`,
        target: "<= 25 KiB",
        status: mark(home.targets.cssOk),
      },
    );
  }
}
if (exitCodes.lighthouse === 0) {
  const targets = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
  for (const page of readResults("lighthouse")?.pages ?? []) {
    if (page.error) {
      rows.push({ benchmark: "lighthouse", what: page.page, value: page.error, status: "MISS" });
      continue;
    }
    const scores = Object.entries(targets).map(([id]) => Math.round((page.scores[id] ?? 0) * 100));
    rows.push({
      benchmark: "lighthouse",
      what: `${page.page} perf/a11y/bp/seo`,
      value: scores.join(" / "),
      target: ">= 95 / 100 / 100 / 100",
      status: mark(Object.values(targets).every((target, index) => scores[index] >= target)),
    });
  }
}
if (exitCodes["static-throughput"] === 0) {
  const results = readResults("static-throughput");
  for (const page of results?.pages ?? []) {
    rows.push({
      benchmark: "static-throughput",
      what: `${page.page} real/bare req/s`,
      value: page.ratio.toFixed(2),
      target: `>= ${results.target}`,
      status: mark(page.ratio >= results.target),
    });
  }
}
console.log(`\n=== recap (${((Date.now() - started) / 60_000).toFixed(1)} min) ===\n`);
printTable(
  [
    { key: "benchmark", label: "benchmark" },
    { key: "what", label: "measure", align: "left" },
    { key: "value", label: "value", align: "left" },
    { key: "target", label: "target", align: "left" },
    { key: "status", label: "status", align: "left" },
  ],
  rows,
);
const failed = Object.entries(exitCodes).filter(([, code]) => code !== 0);
for (const [name, code] of failed) console.log(`\n${name} did not finish (exit ${code})`);
// Missed targets are figures, not failures; a benchmark that crashed is.
process.exit(failed.length > 0 ? 1 : 0);
