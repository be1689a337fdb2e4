// Contact submissions per second that the real server stores (validation, rate limit, one
// transaction writing the message and its outbox email), against a bare node:http server that
// reads and JSON-parses the same body and answers the same JSON, in the same run.
//
// The rate limit stays on at its production setting (5 per client per 10 minutes): the server
// trusts one proxy hop (TRUST_PROXY_HOPS=1) and every request carries its own X-Forwarded-For, so
// each request is a distinct client and goes through the limiter instead of around it. The outbox
// worker runs as in production (no SMTP: it writes .eml files) and competes for the database.
// Afterwards the server is stopped and its database opened to check that every 2xx was stored.
//
// Usage: node bench/contact.mjs [--connections=20] [--duration=10] [--warmup=2] [--rounds=2]
//        [--database-url=postgres://…]   (PostgreSQL: the limiter counts in the database too)
import { fork } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { summarizeRuns } from "./lib/load.mjs";
import { mark, parseArgs, printTable, writeResults } from "./lib/report.mjs";
import {
  copyBuild,
  registerCleanup,
  startServer,
  stopChild,
  unregisterCleanup,
} from "./lib/server.mjs";

const self = fileURLToPath(import.meta.url);
const role = process.env.BENCH_CONTACT_ROLE;

const body = JSON.stringify({
  name: "Somchai Jaidee",
  email: "somchai@example.co.th",
  company: "Jaidee Co., Ltd.",
  phone: "+66 81 234 5678",
  reason: "sales",
  subject: "Pro plan for our three shops",
  message:
    "สวัสดีครับ เราสนใจแพ็กเกจ Pro สำหรับร้านสามสาขา\nWe would like a demo next week, and to know how the LINE channel works with our FAQ.",
  honeypot: "",
  language: "th",
});
const successMessage = "ขอบคุณ! เราได้รับข้อความของคุณแล้ว และจะตอบกลับภายใน 1 วันทำการ";

if (role === "bare") runBareServer();
else if (role === "load") runLoadGenerator();
else await main();

// --- child: the baseline -----------------------------------------------------------------

/** Reads the body (same 32 KB cap), parses it, answers the server's success JSON. */
function runBareServer() {
  const answer = Buffer.from(JSON.stringify({ message: successMessage }));
  const server = createServer((request, response) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size <= 32 * 1024) chunks.push(chunk);
    });
    request.on("end", () => {
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (size > 32 * 1024 || typeof parsed !== "object") throw new Error("bad body");
        response.writeHead(200, {
          "Content-Type": "application/json",
          "Content-Length": answer.length,
        });
        response.end(answer);
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
  process.on("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
  process.on("disconnect", () => process.exit(0));
}

// --- child: autocannon -------------------------------------------------------------------

/** autocannon in its own process; every request gets its own client address. */
function runLoadGenerator() {
  process.on("message", async ({ url, connections, duration, firstClient }) => {
    try {
      const { default: autocannon } = await import("autocannon");
      let client = firstClient;
      const nextAddress = () => {
        const n = client++;
        return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      };
      const result = await autocannon({
        url,
        connections,
        duration,
        requests: [
          {
            method: "POST",
            path: "/api/contact",
            headers: { "content-type": "application/json", "accept-language": "th" },
            body,
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, "x-forwarded-for": nextAddress() },
            }),
          },
        ],
      });
      process.send({
        result: {
          requestsPerSecond: result["2xx"] / result.duration,
          ok: result["2xx"],
          non2xx: result.non2xx,
          statusCodes: result.statusCodeStats,
          errors: result.errors,
          timeouts: result.timeouts,
          latencyP50: result.latency.p50,
          latencyP99: result.latency.p99,
          duration: result.duration,
          clientsUsed: client - firstClient,
          // Sent but not answered when the run ended: the server may still have stored them.
          unanswered: Math.max(0, result.requests.sent - result["2xx"] - result.non2xx),
        },
      });
    } catch (error) {
      process.send({ error: error.message });
    }
  });
  process.on("disconnect", () => process.exit(0));
}

// --- parent --------------------------------------------------------------------------------

async function main() {
  const args = parseArgs(
    "node bench/contact.mjs [--connections=20] [--duration=10] [--warmup=2] [--rounds=2] [--database-url=postgres://…]\n" +
      "  Stored contact submissions per second (rate limit on) vs a bare node:http JSON server.",
    ["connections", "duration", "warmup", "rounds", "database-url"],
  );
  const options = {
    connections: Number(args.connections ?? 20),
    duration: Number(args.duration ?? 10),
    warmup: Number(args.warmup ?? 2),
  };
  const rounds = Number(args.rounds ?? 2);
  const databaseUrl = typeof args["database-url"] === "string" ? args["database-url"] : "";

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jai-bench-contact-"));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  registerCleanup(removeDataDir);
  const build = await copyBuild();
  const real = await startServer({
    buildDir: build.dir,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: "",
      TRUST_PROXY_HOPS: "1",
      CONTACT_RATE_LIMIT: "5",
    },
  });
  // On PostgreSQL the database may hold earlier runs: count what this run adds.
  const before = databaseUrl
    ? await countStored(dataDir, databaseUrl)
    : { messages: 0, queued: 0, sent: 0, emlFiles: 0 };
  const bare = await forkChild("bare");
  const { port: barePort } = await bare.message;
  const load = await forkChild("load");
  const runLoad = (runOptions) =>
    new Promise((resolve, reject) => {
      load.child.once("message", (message) =>
        message.error ? reject(new Error(message.error)) : resolve(message.result),
      );
      load.child.send(runOptions);
    });

  console.log(
    `Contact submissions: ${options.connections} connections, ${options.duration} s per run after a ${options.warmup} s warm-up, ` +
      `${rounds} round(s) of real then bare; ${databaseUrl ? "PostgreSQL" : "embedded PGlite"}, rate limit 5 per client per 10 min, ` +
      `one client address per request; load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")} on ${os.cpus().length} CPUs\n`,
  );

  // The limiter is really on: one client gets 5 answers, then 429.
  const limiterCheck = [];
  const checkClient = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  for (let attempt = 0; attempt < 6; attempt++) {
    const response = await fetch(`${real.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": checkClient },
      body,
    });
    await response.arrayBuffer();
    limiterCheck.push(response.status);
  }
  const isLimiterOn =
    limiterCheck.slice(0, 5).every((status) => status === 200) && limiterCheck[5] === 429;
  console.log(
    `Rate limit check (one client, 6 posts): ${limiterCheck.join(" ")} ${mark(isLimiterOn)}\n`,
  );

  let storedExpected = limiterCheck.filter((status) => status === 200).length;
  let inFlightAtEnd = 0;
  let nextClient = 1;
  const runs = [];
  let stored;
  try {
    for (const [name, url] of [
      ["real", real.url],
      ["bare", `http://127.0.0.1:${barePort}`],
    ]) {
      if (options.warmup > 0) {
        const warm = await runLoad({
          url,
          connections: options.connections,
          duration: options.warmup,
          firstClient: nextClient,
        });
        nextClient += warm.clientsUsed;
        if (name === "real") {
          storedExpected += warm.ok;
          inFlightAtEnd += warm.unanswered;
        }
      }
    }
    for (let round = 1; round <= rounds; round++) {
      for (const [name, url] of [
        ["real", real.url],
        ["bare", `http://127.0.0.1:${barePort}`],
      ]) {
        const result = await runLoad({ url, ...options, firstClient: nextClient });
        nextClient += result.clientsUsed;
        if (name === "real") {
          storedExpected += result.ok;
          inFlightAtEnd += result.unanswered;
        }
        runs.push({ server: name, round, ...result });
        console.log(
          `${name} #${round}: ${round0(result.requestsPerSecond)} stored/s, p50 ${ms(result.latencyP50)}, p99 ${ms(result.latencyP99)}` +
            (result.non2xx || result.errors || result.timeouts
              ? ` (non-2xx ${result.non2xx} ${JSON.stringify(result.statusCodes)}, errors ${result.errors}, timeouts ${result.timeouts})`
              : ""),
        );
      }
    }
  } finally {
    await stopChild(load.child, 2000);
    await stopChild(bare.child, 2000);
    // SIGTERM: in-flight requests finish, the outbox worker stops, the database closes.
    await real.stop();
    await build.remove();
    const after = await countStored(dataDir, databaseUrl);
    stored = Object.fromEntries(
      Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0)]),
    );
    unregisterCleanup(removeDataDir);
    removeDataDir();
  }

  const realSummary = summarizeRuns(runs, "real");
  const bareSummary = summarizeRuns(runs, "bare");
  const ratio = realSummary.requestsPerSecond / bareSummary.requestsPerSecond;

  console.log("\nSummary (means over rounds)\n");
  printTable(
    [
      { key: "server", label: "server" },
      { key: "rps", label: "submissions/s" },
      { key: "p50", label: "p50" },
      { key: "p99", label: "p99" },
    ],
    [
      {
        server: "real (stored)",
        rps: round0(realSummary.requestsPerSecond),
        p50: ms(realSummary.latencyP50),
        p99: ms(realSummary.latencyP99),
      },
      {
        server: "bare node:http",
        rps: round0(bareSummary.requestsPerSecond),
        p50: ms(bareSummary.latencyP50),
        p99: ms(bareSummary.latencyP99),
      },
    ],
  );
  console.log(`\nreal / bare: ${ratio.toFixed(3)}`);
  // Every success answered was stored; requests cut off when a run ended may be stored too.
  const isComplete =
    stored.messages >= storedExpected && stored.messages <= storedExpected + inFlightAtEnd;
  console.log(
    `Stored: ${stored.messages.toLocaleString("en-US")} messages for ${storedExpected.toLocaleString("en-US")} successful answers ` +
      `(+ up to ${inFlightAtEnd} requests in flight when a run stopped) ${mark(isComplete)}; ` +
      `${stored.queued.toLocaleString("en-US")} emails queued, ${stored.sent.toLocaleString("en-US")} sent` +
      (stored.emlFiles === undefined
        ? ""
        : ` (${stored.emlFiles.toLocaleString("en-US")} .eml files)`) +
      " by the time the server stopped",
  );

  const file = writeResults("contact", {
    options,
    rounds,
    database: databaseUrl ? "postgres" : "pglite",
    rateLimit: { points: 5, windowSeconds: 600, limiterCheck, isLimiterOn },
    real: realSummary,
    bare: bareSummary,
    ratio,
    stored: { ...stored, expected: storedExpected, inFlightAtEnd, isComplete },
    runs,
  });
  console.log(`\nSaved ${file}`);
}

function forkChild(childRole) {
  const child = fork(self, [], {
    stdio: "inherit",
    env: { ...process.env, BENCH_CONTACT_ROLE: childRole },
  });
  const kill = () => child.kill("SIGTERM");
  registerCleanup(kill);
  child.once("exit", () => unregisterCleanup(kill));
  const message = new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`${childRole} process exited ${code}`)));
  });
  return { child, message };
}

/** Rows in the stopped server's database (and .eml files in its data directory). */
async function countStored(dataDir, databaseUrl) {
  const queries = {
    messages: "select count(*)::int as n from contact_messages",
    queued: "select count(*)::int as n from email_outbox",
    sent: "select count(*)::int as n from email_outbox where status = 'sent'",
  };
  const counts = {};
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const [key, text] of Object.entries(queries))
        counts[key] = (await client.query(text)).rows[0].n;
    } finally {
      await client.end();
    }
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite(path.join(dataDir, "pglite"));
    try {
      for (const [key, text] of Object.entries(queries))
        counts[key] = (await db.query(text)).rows[0].n;
    } finally {
      await db.close();
    }
  }
  let emlFiles;
  try {
    emlFiles = readdirSync(path.join(dataDir, "mail")).filter((name) =>
      name.endsWith(".eml"),
    ).length;
  } catch {
    emlFiles = 0;
  }
  return { ...counts, emlFiles };
}

function ms(value) {
  return value === undefined ? "-" : `${value.toFixed(value < 10 ? 1 : 0)} ms`;
}

function round0(value) {
  return Math.round(value).toLocaleString("en-US");
}
