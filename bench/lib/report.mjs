// Printing and saving benchmark figures.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { repoRoot } from "./server.mjs";

export const resultsDir = path.join(repoRoot, "bench/results");

/** The pages every page benchmark looks at. */
export const benchPages = ["/", "/pricing", "/th", "/th/pricing", "/contact"];

/**
 * Prints rows as an aligned text table. Columns: [{ key, label, align: "left" | "right" }].
 * Numbers are right-aligned by default.
 */
export function printTable(columns, rows) {
  const cells = rows.map((row) => columns.map((column) => String(row[column.key] ?? "")));
  const widths = columns.map((column, index) =>
    Math.max(column.label.length, ...cells.map((line) => line[index].length)),
  );
  const pad = (text, index) => {
    const align = columns[index].align ?? (index === 0 ? "left" : "right");
    return align === "left" ? text.padEnd(widths[index]) : text.padStart(widths[index]);
  };
  const line = (values) => values.map(pad).join("  ").trimEnd();
  console.log(line(columns.map((column) => column.label)));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of cells) console.log(line(row));
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)}`;

/** The commit and machine the figures come from. */
export function describeRun() {
  let commit = "unknown";
  let dirty = false;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot })
      .toString()
      .trim();
    dirty =
      execFileSync("git", ["status", "--porcelain"], { cwd: repoRoot }).toString().trim() !== "";
  } catch {}
  return {
    date: new Date().toISOString(),
    commit,
    dirty,
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg().map((value) => Number(value.toFixed(2))),
  };
}

/** Writes bench/results/<name>.json (latest) and returns its path. */
export function writeResults(name, data) {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ run: describeRun(), ...data }, null, 2)}\n`);
  return path.relative(repoRoot, file);
}

/** Parses `--name=value` arguments among `known` names; prints `usage` and exits on --help. */
export function parseArgs(usage, known, argv = process.argv.slice(2)) {
  const args = {};
  for (const argument of argv) {
    if (argument === "--help" || argument === "-h") {
      console.log(usage);
      process.exit(0);
    }
    const match = /^--([^=]+)(?:=(.*))?$/.exec(argument);
    if (!match || !known.includes(match[1])) {
      console.error(`Unknown argument ${argument}\n${usage}`);
      process.exit(2);
    }
    args[match[1]] = match[2] ?? true;
  }
  return args;
}

/** `--pages=/,/pricing` or the default pages. */
export function pagesFrom(args) {
  return typeof args.pages === "string" ? args.pages.split(",").filter(Boolean) : [...benchPages];
}

export const mark = (ok) => (ok ? "ok" : "MISS");
