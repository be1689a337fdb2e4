// Lighthouse (mobile preset, simulated throttling) on the public pages served by the real built
// server. Lighthouse runs through `npx lighthouse@<version>` so its ~175 MB stay out of the app's
// dependencies. Usage: node bench/lighthouse.mjs [--pages=/,/pricing] [--runs=3]
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { mark, pagesFrom, parseArgs, printTable, resultsDir, writeResults } from "./lib/report.mjs";
import { registerCleanup, repoRoot, startBuiltServer, unregisterCleanup } from "./lib/server.mjs";

const lighthouseVersion = "12.8.2";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];
const categories = [
  { id: "performance", label: "perf", target: 0.95 },
  { id: "accessibility", label: "a11y", target: 1 },
  { id: "best-practices", label: "best-pr", target: 1 },
  { id: "seo", label: "seo", target: 1 },
];
const metricIds = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

const args = parseArgs(
  "node bench/lighthouse.mjs [--pages=/,/pricing,...] [--runs=N]\n" +
    "  Lighthouse mobile preset on each page of the real built server, sequentially.\n" +
    "  --runs=N  run each page N times and keep the run with the median performance score",
  ["pages", "runs"],
);
const pages = pagesFrom(args);
const runs = Math.max(1, Number(args.runs ?? 1));
const reportDir = path.join(resultsDir, "lighthouse");
mkdirSync(reportDir, { recursive: true });

const slug = (pagePath) => (pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "-"));
const score = (value) => (value === null || value === undefined ? "-" : Math.round(value * 100));

function runLighthouse(url, outputBase) {
  return new Promise((resolve) => {
    const child = spawn(
      "npx",
      [
        "--yes",
        `lighthouse@${lighthouseVersion}`,
        url,
        "--output=json",
        "--output=html",
        `--output-path=${outputBase}`,
        `--chrome-flags=${chromeFlags.join(" ")}`,
        `--only-categories=${categories.map((category) => category.id).join(",")}`,
        "--quiet",
      ],
      // Outside the repository so npx never looks at the workspace's own packages. In its own
      // process group, so npx, lighthouse and chromium are all stopped if this script stops.
      {
        cwd: os.tmpdir(),
        env: { ...process.env, CHROME_PATH: chromePath },
        stdio: "pipe",
        detached: true,
      },
    );
    // SIGINT, not SIGTERM: Lighthouse's chrome-launcher kills its Chromium (which runs in a
    // process group of its own) on SIGINT only.
    const kill = () => {
      try {
        process.kill(-child.pid, "SIGINT");
      } catch {}
    };
    registerCleanup(kill);
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => {
      unregisterCleanup(kill);
      resolve({ code, output });
    });
  });
}

/** Keeps a line readable: data: URLs lose their payload, long lines their tail. */
function shorten(text) {
  const short = text.replace(/data:([^;,'"\s)]+)(;base64)?,[^'"\s)]*/g, "data:$1$2,…");
  return short.length > 240 ? `${short.slice(0, 239)}…` : short;
}

/** ["a", "a", "b"] → ["a (×2)", "b"] */
function countRepeats(lines) {
  const counts = new Map();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  return [...counts].map(([line, count]) => (count > 1 ? `${line} (×${count})` : line));
}

/** One line per failing element / resource / issue of an audit's details. */
function describeItems(details) {
  if (!details || !Array.isArray(details.items)) return [];
  // "list" details (e.g. largest-contentful-paint-element) nest tables.
  if (details.type === "list") return details.items.flatMap(describeItems);
  return details.items
    .map((item) => {
      const node = item.node ? (item.node.selector ?? item.node.snippet) : undefined;
      const url = item.url ?? item.source?.url;
      const subUrls = (item.subItems?.items ?? []).map((sub) => sub.url ?? sub.source?.url);
      return [
        item.issueType,
        node,
        item.node?.nodeLabel && node ? `"${item.node.nodeLabel.slice(0, 60)}"` : undefined,
        item.description,
        url,
        ...subUrls,
      ]
        .filter(Boolean)
        .join(" ");
    })
    .filter(Boolean);
}

/** The audits that cost a category points: weighted ones below 1, and for performance also the
 * insights / diagnostics Lighthouse flags (score < 0.9), which are what moves the metrics. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  const failing = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.group === "hidden") continue;
    const mode = audit.scoreDisplayMode;
    const weighted = ref.weight > 0;
    const fails =
      mode === "error" ||
      (weighted && audit.score !== null && audit.score < 1) ||
      (!weighted &&
        categoryId === "performance" &&
        ["binary", "numeric", "metricSavings"].includes(mode) &&
        audit.score !== null &&
        audit.score < 0.9);
    if (!fails) continue;
    failing.push({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue,
      error: audit.errorMessage,
      // Where it fails, so it can be fixed without opening the HTML report.
      where: countRepeats(describeItems(audit.details).map(shorten)).slice(0, 5),
    });
  }
  // Weighted (point-costing) audits first, worst first.
  return failing.sort((a, b) => b.weight - a.weight || (a.score ?? 0) - (b.score ?? 0));
}

function summarize(pagePath, lhr, reportBase) {
  const scores = Object.fromEntries(
    categories.map((category) => [category.id, lhr.categories[category.id]?.score ?? null]),
  );
  const metrics = Object.fromEntries(
    metricIds.map((id) => [
      id,
      { value: lhr.audits[id]?.numericValue, display: lhr.audits[id]?.displayValue },
    ]),
  );
  const failing = Object.fromEntries(
    categories
      .filter((category) => (lhr.categories[category.id]?.score ?? 0) < 1)
      .map((category) => [category.id, failingAudits(lhr, category.id)]),
  );
  return {
    page: pagePath,
    scores,
    metrics,
    failing,
    runWarnings: lhr.runWarnings ?? [],
    runtimeError: lhr.runtimeError,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    report: path.relative(repoRoot, `${reportBase}.report.html`),
  };
}

const server = await startBuiltServer();
console.log(
  `Lighthouse ${lighthouseVersion}, mobile preset, against ${server.url} (${runs} run(s) per page)\n`,
);
const results = [];
try {
  for (const pagePath of pages) {
    const attempts = [];
    for (let run = 1; run <= runs; run++) {
      const base = path.join(reportDir, runs > 1 ? `${slug(pagePath)}-${run}` : slug(pagePath));
      const started = Date.now();
      const { code, output } = await runLighthouse(`${server.url}${pagePath}`, base);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (code !== 0) {
        console.log(
          `${pagePath} run ${run}: lighthouse exited ${code} (${seconds} s)\n${output.trim()}`,
        );
        attempts.push({
          page: pagePath,
          error: `lighthouse exited ${code}`,
          output: output.trim(),
        });
        continue;
      }
      const lhr = JSON.parse(readFileSync(`${base}.report.json`, "utf8"));
      const summary = summarize(pagePath, lhr, base);
      attempts.push(summary);
      console.log(
        `${pagePath} run ${run}: ${categories.map((category) => `${category.label} ${score(summary.scores[category.id])}`).join(", ")} (${seconds} s)`,
      );
    }
    // With several runs, keep the run with the median performance score (as Lighthouse advises).
    const ok = attempts.filter((attempt) => !attempt.error);
    ok.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    const chosen = ok.length > 0 ? ok[Math.floor((ok.length - 1) / 2)] : attempts[0];
    results.push({ ...chosen, performanceRuns: ok.map((attempt) => attempt.scores.performance) });
  }
} finally {
  await server.stop();
}

console.log(
  "\nScores (targets: perf >= 95, a11y / best-practices / seo = 100; ! and MISS mark a miss;\n" +
    "CPU idx = Lighthouse's benchmarkIndex of this machine during the run, lower = busier)\n",
);
printTable(
  [
    { key: "page", label: "page" },
    ...categories.map((category) => ({ key: category.id, label: category.label })),
    { key: "fcp", label: "FCP" },
    { key: "lcp", label: "LCP" },
    { key: "tbt", label: "TBT" },
    { key: "cls", label: "CLS" },
    { key: "si", label: "SI" },
    { key: "benchmarkIndex", label: "CPU idx" },
    { key: "status", label: "status", align: "left" },
  ],
  results.map((result) => {
    if (result.error) return { page: result.page, status: result.error };
    const misses = categories.filter(
      (category) => (result.scores[category.id] ?? 0) < category.target,
    );
    return {
      page: result.page,
      ...Object.fromEntries(
        categories.map((category) => {
          const value = result.scores[category.id];
          const text = String(score(value));
          return [category.id, (value ?? 0) < category.target ? `${text}!` : text];
        }),
      ),
      fcp: result.metrics["first-contentful-paint"].display,
      lcp: result.metrics["largest-contentful-paint"].display,
      tbt: result.metrics["total-blocking-time"].display,
      cls: result.metrics["cumulative-layout-shift"].display,
      si: result.metrics["speed-index"].display,
      benchmarkIndex: result.benchmarkIndex === undefined ? "-" : Math.round(result.benchmarkIndex),
      status:
        misses.length === 0
          ? mark(true)
          : `${mark(false)} ${misses.map((c) => c.label).join(", ")}`,
    };
  }),
);
if (runs > 1) {
  console.log("\nperformance over runs (median run shown above):");
  for (const result of results) {
    console.log(`  ${result.page}: ${result.performanceRuns.map(score).join(", ")}`);
  }
}

console.log(
  "\nFailing audits, per category below 100 (weight > 0 costs points; w=0: perf insight / diagnostic)",
);
for (const result of results) {
  if (result.error) continue;
  const entries = Object.entries(result.failing);
  if (entries.length === 0) continue;
  console.log(`\n${result.page}`);
  for (const [categoryId, audits] of entries) {
    console.log(`  ${categoryId} (${score(result.scores[categoryId])}):`);
    if (audits.length === 0) console.log("    (no single failing audit: metric scores)");
    for (const audit of audits) {
      const value = audit.displayValue ? ` [${audit.displayValue}]` : "";
      const error = audit.error ? ` ERROR: ${audit.error}` : "";
      console.log(
        `    - ${audit.id} (score ${score(audit.score)}, w=${audit.weight}): ${audit.title}${value}${error}`,
      );
      for (const where of audit.where) console.log(`        at ${where}`);
    }
  }
  for (const warning of result.runWarnings) console.log(`  run warning: ${warning}`);
}

const file = writeResults("lighthouse", {
  lighthouse: lighthouseVersion,
  formFactor: "mobile",
  chromeFlags,
  runs,
  pages: results,
});
console.log(`\nSaved ${file}; HTML reports in ${path.relative(repoRoot, reportDir)}/`);
