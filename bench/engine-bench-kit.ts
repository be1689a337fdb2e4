/**
 * Helpers shared by the engine benchmarks (engine-overhead.ts, retrieval.ts,
 * retrieval-quality.ts), in TypeScript because they import the engine's sources (run with
 * `npx tsx`). Same conventions as bench/lib/report.mjs: print aligned tables, mark targets
 * ok / MISS, save the figures to bench/results/<name>.json (gitignored).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The p-th percentile (0-100) of some values, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
export const mark = (ok: boolean) => (ok ? "ok" : "MISS");

/** Prints rows as an aligned table: first column left-aligned, the others right-aligned. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((label, column) =>
    Math.max(label.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

/** Writes bench/results/<name>.json with the machine the figures come from; returns its path. */
export function writeResults(name: string, data: unknown): string {
  const dir = path.join(repoRoot, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  const run = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg().map((value) => Number(value.toFixed(2))),
  };
  writeFileSync(file, `${JSON.stringify({ run, ...(data as object) }, null, 2)}\n`);
  return path.relative(repoRoot, file);
}
