// Throughput of a prerendered page served by the real built server, against a bare node:http
// server answering the same bytes, status and content type. Each server and the load generator
// (autocannon) run in their own process; runs alternate real, bare, real, bare… so both see the
// same machine noise, and the figure that matters is the ratio real / bare (target >= 0.7).
// Usage: node bench/static-throughput.mjs [--pages=/pricing,/] [--connections=50] [--duration=10]
//        [--warmup=2] [--rounds=2] [--load=child|inline]
import { fork } from "node:child_process";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runAutocannon, summarizeRuns } from "./lib/load.mjs";
import { mark, parseArgs, printTable, writeResults } from "./lib/report.mjs";
import { startBuiltServer, stopChild } from "./lib/server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = parseArgs(
  "node bench/static-throughput.mjs [--pages=/pricing,/] [--connections=50] [--duration=10]\n" +
    "                                 [--warmup=2] [--rounds=2] [--load=child|inline]\n" +
    "  req/s and latency of a prerendered page, real server vs a bare node:http server.",
  ["pages", "connections", "duration", "warmup", "rounds", "load"],
);
const pages = typeof args.pages === "string" ? args.pages.split(",") : ["/pricing", "/"];
const options = {
  connections: Number(args.connections ?? 50),
  duration: Number(args.duration ?? 10),
  warmup: Number(args.warmup ?? 2),
};
const rounds = Number(args.rounds ?? 2);
const loadMode = args.load === "inline" ? "inline" : "child";
const target = 0.7;

/** The page exactly as a client without Accept-Encoding receives it. */
function fetchRaw(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: {} }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          contentType: response.headers["content-type"],
          contentEncoding: response.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function startBareServer(page) {
  const child = fork(path.join(here, "lib/bare-server.mjs"), { stdio: "inherit" });
  const ready = new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`bare server exited ${code}`)));
  });
  child.send({
    status: page.status,
    contentType: page.contentType,
    body: page.body.toString("base64"),
  });
  const { port } = await ready;
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child, 2000) };
}

/** autocannon in a child process (default) or in this one (--load=inline). */
function createLoadGenerator() {
  if (loadMode === "inline") return { run: runAutocannon, stop: async () => {} };
  const child = fork(path.join(here, "lib/autocannon-worker.mjs"), { stdio: "inherit" });
  return {
    run: (runOptions) =>
      new Promise((resolve, reject) => {
        child.once("message", (message) =>
          message.error ? reject(new Error(message.error)) : resolve(message.result),
        );
        child.send(runOptions);
      }),
    stop: () => stopChild(child, 2000),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => (value === undefined ? "-" : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
const round0 = (value) => Math.round(value).toLocaleString("en-US");

const real = await startBuiltServer();
const load = createLoadGenerator();
console.log(
  `Static throughput: ${options.connections} connections, ${options.duration} s per run after a ${options.warmup} s warm-up, ` +
    `${rounds} round(s) of real then bare, autocannon ${loadMode === "child" ? "in a child process" : "in this process"}; ` +
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")} on ${os.cpus().length} CPUs\n`,
);
const results = [];
try {
  for (const pagePath of pages) {
    const page = await fetchRaw(`${real.url}${pagePath}`);
    if (page.contentEncoding)
      throw new Error(`${pagePath} came back encoded (${page.contentEncoding})`);
    const bare = await startBareServer(page);
    const runs = [];
    try {
      for (let round = 1; round <= rounds; round++) {
        for (const [name, server] of [
          ["real", real],
          ["bare", bare],
        ]) {
          const result = await load.run({ url: `${server.url}${pagePath}`, ...options });
          runs.push({ server: name, round, ...result });
          console.log(
            `${pagePath} ${name} #${round}: ${round0(result.requestsPerSecond)} req/s, p50 ${ms(result.latencyP50)}, p99 ${ms(result.latencyP99)}` +
              (result.non2xx || result.errors || result.timeouts
                ? ` (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`
                : ""),
          );
        }
      }
    } finally {
      await bare.stop();
    }
    const realSummary = summarizeRuns(runs, "real");
    const bareSummary = summarizeRuns(runs, "bare");
    const pairRatios = [];
    for (let round = 1; round <= rounds; round++) {
      const [r, b] = ["real", "bare"].map(
        (name) => runs.find((run) => run.server === name && run.round === round).requestsPerSecond,
      );
      pairRatios.push(r / b);
    }
    results.push({
      page: pagePath,
      bytes: page.body.length,
      status: page.status,
      contentType: page.contentType,
      real: realSummary,
      bare: bareSummary,
      ratio: realSummary.requestsPerSecond / bareSummary.requestsPerSecond,
      medianPairRatio: median(pairRatios),
      pairRatios,
      runs,
    });
  }
} finally {
  await load.stop();
  await real.stop();
}

console.log("\nPer run\n");
printTable(
  [
    { key: "page", label: "page" },
    { key: "server", label: "server", align: "left" },
    { key: "round", label: "round" },
    { key: "rps", label: "req/s" },
    { key: "p50", label: "p50" },
    { key: "p99", label: "p99" },
    { key: "bad", label: "non-2xx/err" },
  ],
  results.flatMap((result) =>
    result.runs.map((run) => ({
      page: result.page,
      server: run.server,
      round: run.round,
      rps: round0(run.requestsPerSecond),
      p50: ms(run.latencyP50),
      p99: ms(run.latencyP99),
      bad: `${run.non2xx}/${run.errors + run.timeouts}`,
    })),
  ),
);
console.log(`\nSummary (means over rounds; target real/bare >= ${target})\n`);
printTable(
  [
    { key: "page", label: "page" },
    { key: "bytes", label: "bytes" },
    { key: "realRps", label: "real req/s" },
    { key: "realP50", label: "real p50" },
    { key: "realP99", label: "real p99" },
    { key: "bareRps", label: "bare req/s" },
    { key: "bareP50", label: "bare p50" },
    { key: "bareP99", label: "bare p99" },
    { key: "ratio", label: "real/bare" },
    { key: "pairs", label: "real/bare per round" },
    { key: "status", label: "status", align: "left" },
  ],
  results.map((result) => ({
    page: result.page,
    bytes: result.bytes,
    realRps: round0(result.real.requestsPerSecond),
    realP50: ms(result.real.latencyP50),
    realP99: ms(result.real.latencyP99),
    bareRps: round0(result.bare.requestsPerSecond),
    bareP50: ms(result.bare.latencyP50),
    bareP99: ms(result.bare.latencyP99),
    ratio: result.ratio.toFixed(2),
    pairs: result.pairRatios.map((ratio) => ratio.toFixed(2)).join(" "),
    status: mark(result.ratio >= target),
  })),
);

const noisy = results.filter(
  (result) => Math.max(...result.pairRatios) - Math.min(...result.pairRatios) > 0.2,
);
if (noisy.length > 0) {
  console.log(
    `\nThe per-round ratios of ${noisy.map((result) => result.page).join(", ")} differ by more than 0.2: ` +
      `the machine was busy. Rerun with --rounds=${Math.max(4, rounds * 2)} for a steadier ratio.`,
  );
}

const file = writeResults("static-throughput", {
  options,
  rounds,
  loadMode,
  target,
  pages: results,
});
console.log(`\nSaved ${file}`);
