// Full chat turns through HTTP against the real server: POST /api/bots/demo/chat, streamed as
// Server-Sent Events, with the embedded (local) provider, so what is measured is our own work
// per turn: validation, rate limits, storing the user's message and the reply (one transaction,
// then one update), loading history, retrieval over the Demo Bot's knowledge and streaming.
//
// N conversations run at once (1, 10, 50 by default), each sending its next message as soon as
// the previous reply is done, for a fixed time. Each conversation is a visitor (its own cookie)
// continuing its own conversation, asking a rotating mix of English and Thai questions. Printed
// per concurrency: turns per second, time to the first token and to the end of the turn (p50,
// p99). The provider's pacing (LOCAL_PROVIDER_WORD_DELAY_MS) is off and the chat rate limits are
// raised so neither hides the server's own cost.
//
// Usage: node bench/chat-api.mjs [--concurrency=1,10,50] [--duration=8] [--warmup=2]
//        [--database-url=postgres://…]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { mark, parseArgs, printTable, writeResults } from "./lib/report.mjs";
import { copyBuild, registerCleanup, startServer } from "./lib/server.mjs";

const questions = [
  "How much is the Pro plan?",
  "แพ็กเกจราคาเท่าไหร่",
  "Is there a free trial?",
  "มีทดลองใช้ฟรีไหม",
  "Which channels can I connect?",
  "เชื่อมต่อช่องทางไหนได้บ้าง",
  "Can a person take over the conversation?",
  "บอทตอบภาษาไทยได้ไหม",
  "Do the prices include AI costs?",
  "What is the weather on Mars?",
];

// Targets for our own overhead per turn (the provider answers at once).
const targets = {
  1: { p50: 50, p99: 150 },
  10: { p50: 150, p99: 500 },
  50: { p50: 750, p99: 2000 },
};

const args = parseArgs(
  "node bench/chat-api.mjs [--concurrency=1,10,50] [--duration=8] [--warmup=2] [--database-url=postgres://…]\n" +
    "  Full chat turns (SSE) through HTTP with the embedded provider: turns/s, first token and end, p50/p99.",
  ["concurrency", "duration", "warmup", "database-url"],
);
const levels = String(args.concurrency ?? "1,10,50")
  .split(",")
  .map(Number)
  .filter((value) => value > 0);
const duration = Number(args.duration ?? 8) * 1000;
const warmup = Number(args.warmup ?? 2) * 1000;
const databaseUrl = typeof args["database-url"] === "string" ? args["database-url"] : "";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "jai-bench-chat-"));
registerCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
const build = await copyBuild();
const server = await startServer({
  buildDir: build.dir,
  env: {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOCAL_PROVIDER_WORD_DELAY_MS: "0",
    CHAT_RATE_LIMIT: "1000000",
    CHAT_CLIENT_RATE_LIMIT: "1000000",
    CHAT_BOT_RATE_LIMIT: "1000000",
  },
});

console.log(
  `Chat turns (SSE, embedded provider, Demo Bot) on ${databaseUrl ? "PostgreSQL" : "embedded PGlite"}; ` +
    `${duration / 1000} s per level after a ${warmup / 1000} s warm-up; build: ${build.source}; ` +
    `load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")} on ${os.cpus().length} CPUs\n`,
);

const rows = [];
const results = [];
try {
  for (const concurrency of levels) {
    await runLevel(concurrency, warmup);
    const level = await runLevel(concurrency, duration);
    const target = targets[concurrency];
    const row = {
      concurrency,
      turns: level.turns.length,
      perSecond: (level.turns.length / (level.elapsedMs / 1000)).toFixed(1),
      firstP50: percentile(
        level.turns.map((turn) => turn.firstTokenMs),
        50,
      ).toFixed(1),
      firstP99: percentile(
        level.turns.map((turn) => turn.firstTokenMs),
        99,
      ).toFixed(1),
      endP50: percentile(
        level.turns.map((turn) => turn.totalMs),
        50,
      ).toFixed(1),
      endP99: percentile(
        level.turns.map((turn) => turn.totalMs),
        99,
      ).toFixed(1),
      failed: level.failures,
      target: target ? `≤ ${target.p50} / ${target.p99}` : "",
      status: "",
    };
    row.status = target
      ? mark(
          Number(row.endP50) <= target.p50 && Number(row.endP99) <= target.p99 && !level.failures,
        )
      : "";
    rows.push(row);
    results.push({ ...row, level });
  }
} finally {
  await server.stop();
  await build.remove();
}

printTable(
  [
    { key: "concurrency", label: "conversations" },
    { key: "turns", label: "turns" },
    { key: "perSecond", label: "turns/s" },
    { key: "firstP50", label: "1st token p50 ms" },
    { key: "firstP99", label: "p99" },
    { key: "endP50", label: "turn p50 ms" },
    { key: "endP99", label: "p99" },
    { key: "failed", label: "failed" },
    { key: "target", label: "target p50 / p99" },
    { key: "status", label: "" },
  ],
  rows,
);
const file = writeResults("chat-api", {
  database: databaseUrl ? "postgres" : "pglite",
  durationMs: duration,
  results: results.map(({ level, ...row }) => ({ ...row, elapsedMs: level.elapsedMs })),
});
console.log(`\nSaved ${file}`);

/** `concurrency` conversations sending turns back to back for `ms`. */
async function runLevel(concurrency, ms) {
  const turns = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, index) => {
      const visitor = { cookie: "", conversationId: null };
      for (let turn = index; performance.now() < deadline; turn++) {
        try {
          turns.push(await sendTurn(visitor, questions[turn % questions.length]));
        } catch (error) {
          failures++;
          if (failures <= 3) console.error(`turn failed: ${error.message}`);
        }
      }
    }),
  );
  return { turns, failures, elapsedMs: performance.now() - started };
}

/** One turn over SSE; times the first token and the final `done` event. */
async function sendTurn(visitor, message) {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/bots/demo/chat`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "text/event-stream",
      ...(visitor.cookie ? { Cookie: visitor.cookie } : {}),
    },
    body: JSON.stringify({ message, conversationId: visitor.conversationId, language: "en" }),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const cookie = /jai_visitor=[^;]+/.exec(response.headers.get("set-cookie") ?? "");
  if (cookie) visitor.cookie = cookie[0];
  const decoder = new TextDecoder();
  let buffer = "";
  let firstTokenMs;
  let ended;
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    if (firstTokenMs === undefined && buffer.includes("event: token")) {
      firstTokenMs = performance.now() - started;
    }
    if (buffer.includes("event: done") || buffer.includes("event: error")) ended = buffer;
  }
  if (!ended?.includes("event: done")) throw new Error("the turn did not end with done");
  const start = /event: start\ndata: (.*)\n/.exec(buffer);
  if (start) visitor.conversationId = JSON.parse(start[1]).conversationId;
  const totalMs = performance.now() - started;
  return { firstTokenMs: firstTokenMs ?? totalMs, totalMs };
}

function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
