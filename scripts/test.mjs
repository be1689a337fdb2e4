// `npm test` (and `npm run check`): install what is missing, then lint + format check, typecheck,
// unit + integration tests (Vitest; database tests also on PostgreSQL when TEST_DATABASE_URL is
// set), a production build, and browser tests (Playwright on Debian's chromium).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureInstall, run } from "./lib/ensure-install.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
ensureInstall(root);

const reports = path.join(root, ".tmp", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const isCi = process.env.CI === "true" || process.env.CI === "1";

const steps = [
  { name: "lint + format", command: "npx", args: ["biome", "ci", "."] },
  { name: "typecheck", command: "npm", args: ["run", "typecheck", "--silent"] },
  {
    name: "unit + integration",
    command: "npx",
    args: [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${path.join(reports, "vitest.json")}`,
    ],
  },
  { name: "build", command: "npm", args: ["run", "build", "--silent"] },
  {
    name: "browser",
    command: "npx",
    args: ["playwright", "test", "--config", "apps/web/playwright.config.ts"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "playwright.json") },
    skip: () => {
      if (existsSync(chromiumPath) && hasThaiFonts()) return false;
      if (installBrowser()) return false;
      const message = `Browser tests need Chromium at ${chromiumPath} and Thai fonts. Run: sudo apt-get install chromium fonts-thai-tlwg`;
      if (isCi || process.env.JAI_SKIP_BROWSER !== "1") {
        console.error(`${message}\nSet JAI_SKIP_BROWSER=1 to skip them outside CI.`);
        process.exit(1);
      }
      console.warn(`${message} Skipped (JAI_SKIP_BROWSER=1).`);
      return true;
    },
  },
];

/** Debian's Thai fonts: without them Thai pages render as boxes and their tests cannot pass. */
function hasThaiFonts() {
  return existsSync("/usr/share/fonts/truetype/tlwg") || process.env.CHROMIUM_PATH !== undefined;
}

/**
 * Installs Debian's chromium and fonts-thai-tlwg where the test command may (running as root,
 * apt-get present), saying so; returns whether the browser is there afterwards. Elsewhere it
 * does nothing (the message names the one command to run).
 */
function installBrowser() {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!isRoot || !hasApt || process.env.CHROMIUM_PATH) return false;
  console.log(
    "\n▶ installing Debian's chromium and fonts-thai-tlwg for the browser tests (apt-get)",
  );
  const install = () =>
    spawnSync(
      "apt-get",
      ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-thai-tlwg"],
      { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } },
    ).status === 0;
  // The package lists of a fresh machine are often empty: update only when the install fails.
  if (!install()) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    install();
  }
  return existsSync(chromiumPath) && hasThaiFonts();
}

const only = process.argv.slice(2);
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name.split(" ")[0])) continue;
  if (step.skip?.()) continue;
  console.log(`\n▶ ${step.name}`);
  const status = run(step.command, step.args, { cwd: root, env: { ...process.env, ...step.env } });
  if (status !== 0) {
    console.error(`\n✖ ${step.name} failed`);
    printSummary();
    process.exit(status);
  }
}
printSummary();

/**
 * One closing line CI can read: "N passed, N failed". A browser test that passed only on its retry
 * (CI retries once) counts as failed and is named, so a flake is seen rather than hidden in the
 * passed count (playwright.config.ts fails the run on it too: failOnFlakyTests).
 */
function printSummary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let flaky = [];
  const vitest = readJson(path.join(reports, "vitest.json"));
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += vitest.numFailedTests ?? 0;
    skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  }
  const playwright = readJson(path.join(reports, "playwright.json"));
  if (playwright?.stats) {
    flaky = flakyTests(playwright);
    passed += playwright.stats.expected ?? 0;
    failed += (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
    skipped += playwright.stats.skipped ?? 0;
  }
  if (flaky.length > 0) {
    console.log(`\nflaky (failed, then passed on retry; counted as failed):`);
    for (const name of flaky) console.log(`  ${name}`);
  }
  if (vitest || playwright)
    console.log(
      `\ntests: ${passed} passed, ${failed} failed${flaky.length > 0 ? ` (${flaky.length} flaky)` : ""}, ${skipped} skipped`,
    );
}

/** "file › describe › title [project]" of every test Playwright's JSON report marks flaky. */
function flakyTests(report) {
  const names = [];
  const visit = (suite, titles) => {
    const path = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "flaky")
          names.push(`${[spec.file, ...path, spec.title].join(" › ")} [${test.projectName}]`);
    for (const child of suite.suites ?? []) visit(child, path);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return names;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}
