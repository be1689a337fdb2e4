// The LINE channel against the real server and a fake LINE API (apps/web/server/test/fake-line.ts,
// in this process), two measurements in one run:
//   1. Webhook acknowledgement: signed webhooks (one text event each, from ~200 distinct users)
//      sent open-loop at a fixed rate (each fired on schedule, whatever the earlier ones are
//      doing), the latency of each request to its 200, p50 / p99 / max and errors (any non-200).
//      Target p99 ≤ 50 ms. The same load then goes to a bare node:http server (its own process)
//      that reads the body, checks the same HMAC-SHA256 signature with timingSafeEqual and
//      answers 200 `{}`: the ratio app p99 / bare p99 is what the app adds. The app's events are
//      real: its background job runs a turn for each and replies to the fake while the load
//      runs (the realistic load); the script waits for those replies to stop (2 s without a new
//      one, at most 60 s) before going on, so the bare server and measurement 2 run on a quiet
//      server.
//   2. Event received → reply sent: N conversations at once (new users), each sending a text
//      (Thai and English questions in turn), waiting until the fake records the reply to that
//      event's reply token (or, after an expired token, a push to that user), then sending the
//      next. Time from just before the webhook POST to the fake's `at`. Target p99 ≤ 2,000 ms.
// The bot is an owner's, made through the API (sign up, verify, sign in, persona with a few
// FAQs, bot on the embedded "local" provider without word pacing), connected to LINE through the
// console with the fake's credentials. Embedded PGlite.
//
// Usage: npx tsx bench/line.mjs [--rate=200] [--duration=30] [--users=200] [--conversations=20]
//        [--turns-duration=20]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startFakeLine } from "../apps/web/server/test/fake-line.ts";
import { createOwner } from "./lib/owner.mjs";
import { mark, parseArgs, printTable, writeResults } from "./lib/report.mjs";
import { copyBuild, registerCleanup, startServer, stopChild } from "./lib/server.mjs";

const args = parseArgs(
  "npx tsx bench/line.mjs [--rate=200] [--duration=30] [--users=200] [--conversations=20] [--turns-duration=20]\n" +
    "  LINE webhook acknowledgement (app against a bare node:http server) and event → reply time.",
  ["rate", "duration", "users", "conversations", "turns-duration"],
);
const rate = Number(args.rate ?? 200);
const duration = Number(args.duration ?? 30) * 1000;
const users = Number(args.users ?? 200);
const conversations = Number(args.conversations ?? 20);
const turnsDuration = Number(args["turns-duration"] ?? 20) * 1000;
const ackTargetMs = 50;
const replyTargetMs = 2000;
/** A conversation gives up on a reply after this long (counted as failed). */
const replyTimeoutMs = 30_000;

const questions = [
  "ร้านเปิดกี่โมง",
  "How much is the Pro plan?",
  "มีทดลองใช้ฟรีไหม",
  "Is there a free trial?",
  "ส่งของกี่วันถึง",
  "How long does delivery take?",
  "บอทตอบภาษาไทยได้ไหม",
  "Can I talk to a person?",
];

const persona = {
  name: "Mali",
  role: "Shop assistant",
  language: "auto",
  welcomeMessage: "Hello! Ask me about the shop.",
  faqs: [
    { question: "What are your opening hours?", answer: "We are open 9:00 to 18:00, every day." },
    { question: "ร้านเปิดกี่โมง", answer: "ร้านเปิด 9:00 ถึง 18:00 ทุกวันค่ะ" },
    { question: "How much is the Pro plan?", answer: "The Pro plan is 990 baht a month." },
    { question: "มีทดลองใช้ฟรีไหม", answer: "มีค่ะ ทดลองใช้ฟรี 14 วัน" },
    { question: "How long does delivery take?", answer: "Two to three working days." },
  ],
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), "jai-bench-line-"));
registerCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
const fake = await startFakeLine();
const build = await copyBuild();
const server = await startServer({
  buildDir: build.dir,
  // BENCH_NODE_ARGS: e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  nodeArgs: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(" ") : [],
  env: {
    DATA_DIR: dataDir,
    LOCAL_PROVIDER_WORD_DELAY_MS: "0",
    LINE_API_BASE_URL: fake.url,
    LINE_DATA_API_BASE_URL: fake.url,
    // BENCH_DATABASE_URL: run on a real PostgreSQL (a fresh database) instead of the embedded one.
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
});
// Every request of the load goes through one keep-alive agent, without a socket limit (an
// open loop must not queue in the client).
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
// Conversations waiting for their answer, by reply token (and `push:<userId>` for a push).
const waiting = new Map();
fake.onSent((sent) => {
  waiting.get(sent.via === "reply" ? sent.replyToken : `push:${sent.to}`)?.(sent);
});

const ackRows = [];
const replyRows = [];
let bare;
let drain;
let replies;
try {
  const owner = await createOwner({ url: server.url, dataDir }, { persona });
  const line = await owner.console("PUT", `/bots/${owner.botId}/channels/line`, {
    channelId: fake.channelId,
    channelSecret: fake.channelSecret,
    accessToken: fake.accessToken,
  });
  const webhookUrl = `${server.url}/api/webhooks/line/${line.connectionId}`;
  for (let index = 0; index <= users + conversations; index++) {
    fake.setProfile(userId(index), { displayName: `Bench user ${index}`, language: "th" });
  }
  // One turn first (its own user): the connection is loaded and the turn path warmed.
  const warm = await measureReplies(webhookUrl, 1, 0, users + conversations);
  if (warm.times.length !== 1) throw new Error("the warm-up turn got no reply");
  const sentBefore = fake.sent.length;

  console.log(
    `LINE webhooks at ${rate}/s for ${duration / 1000} s from ${users} users (open loop), then ` +
      `${conversations} conversations for ${turnsDuration / 1000} s; ` +
      `${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}, local ` +
      `provider without pacing; build: ${build.source}; load average ` +
      `${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")} on ${os.cpus().length} CPUs\n`,
  );
  const app = await openLoop(webhookUrl);
  drain = await waitForDrain(sentBefore, app.sent);
  console.log(
    `app: ${app.sent} webhooks sent; ${drain.replies} answers reached the fake (${drain.viaReply} ` +
      `by reply token, ${drain.viaPush} by push), the last ${(drain.lastAfterMs / 1000).toFixed(1)} s ` +
      `after the load ended${drain.capped ? " (still growing at the 60 s cap)" : ""}`,
  );

  bare = await startBare(fake.channelSecret);
  const baseline = await openLoop(`${bare.url}/webhook`);
  ackRows.push(ackRow("app", app), ackRow("bare node:http", baseline));
  ackRows[0].ratio = (app.p99 / baseline.p99).toFixed(1);
  ackRows[1].ratio = "1.0";

  replies = await measureReplies(webhookUrl, conversations, turnsDuration, users);
  replyRows.push({
    what: "event → reply sent",
    count: replies.times.length,
    p50: percentile(replies.times, 50).toFixed(0),
    p99: percentile(replies.times, 99).toFixed(0),
    max: percentile(replies.times, 100).toFixed(0),
    pushed: replies.pushed,
    failed: replies.failed,
    target: `p99 ≤ ${replyTargetMs}`,
    status: mark(percentile(replies.times, 99) <= replyTargetMs),
  });
} finally {
  agent.destroy();
  if (bare) await bare.stop();
  await server.stop();
  await build.remove();
  await fake.close();
}

console.log(
  "\nWebhook acknowledgement (ms, from the request's start to the end of its answer; answered/s:\n" +
    "requests over the time from the first request to the last answer; sent late max: how late\n" +
    "the open loop fired its worst request, the client's own lag)",
);
printTable(
  [
    { key: "what", label: "server" },
    { key: "sent", label: "requests" },
    { key: "perSecond", label: "answered/s" },
    { key: "schedulerLagMaxMs", label: "sent late max" },
    { key: "p50", label: "p50" },
    { key: "p99", label: "p99" },
    { key: "max", label: "max" },
    { key: "errors", label: "errors" },
    { key: "ratio", label: "p99 vs bare" },
    { key: "target", label: "target" },
    { key: "status", label: "" },
  ],
  ackRows,
);
console.log("\nEvent received → reply sent (ms, webhook POST to the fake's record of the reply)");
printTable(
  [
    { key: "what", label: "measure" },
    { key: "count", label: "turns" },
    { key: "p50", label: "p50" },
    { key: "p99", label: "p99" },
    { key: "max", label: "max" },
    { key: "pushed", label: "pushed" },
    { key: "failed", label: "failed" },
    { key: "target", label: "target" },
    { key: "status", label: "" },
  ],
  replyRows,
);
console.log(
  `\nSaved ${writeResults("line", {
    rate,
    durationMs: duration,
    users,
    conversations,
    turnsDurationMs: turnsDuration,
    ack: ackRows,
    drain,
    replies: replyRows,
    replyTimesMs: replies?.times,
  })}`,
);

/** A LINE user id (U + 32 hex digits) for user number `index`. */
function userId(index) {
  return `U${index.toString(16).padStart(32, "0")}`;
}

/**
 * Sends `rate` signed webhooks a second for `duration` to `url`, each fired at its scheduled
 * time whatever the others are doing; returns the latencies of the 200s (the percentiles leave
 * the errors out: they are counted, by kind), and how late the scheduler fired (its own lag,
 * not the server's).
 */
async function openLoop(url) {
  const target = new URL(url);
  const total = Math.round((rate * duration) / 1000);
  const latencies = [];
  const errors = [];
  const pending = new Set();
  let maxLagMs = 0;
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    maxLagMs = Math.max(maxLagMs, performance.now() - due);
    const event = fake.event({
      type: "text",
      userId: userId(index % users),
      text: questions[index % questions.length],
    });
    const { body, signature } = fake.webhookBody([event]);
    const begin = performance.now();
    const request = post(target, body, signature).then(
      ({ status, ms }) => {
        if (status === 200) latencies.push(ms);
        else errors.push({ kind: `HTTP ${status}`, ms });
      },
      (error) =>
        errors.push({
          kind: `${error.message}${error.reusedSocket ? " (on a reused keep-alive socket)" : ""}`,
          ms: performance.now() - begin,
        }),
    );
    pending.add(request);
    request.finally(() => pending.delete(request));
  }
  await Promise.all(pending);
  const elapsedMs = performance.now() - started;
  // By kind: how many, and the shortest and longest wait before each kind of failure.
  const errorKinds = {};
  for (const { kind, ms } of errors) {
    errorKinds[kind] ??= { count: 0, minMs: ms, maxMs: ms };
    const seen = errorKinds[kind];
    seen.count++;
    seen.minMs = Math.min(seen.minMs, Math.round(ms));
    seen.maxMs = Math.max(seen.maxMs, Math.round(ms));
  }
  for (const [kind, seen] of Object.entries(errorKinds)) {
    console.error(
      `${url}: ${seen.count} × ${kind}, after ${(seen.minMs / 1000).toFixed(1)} to ` +
        `${(seen.maxMs / 1000).toFixed(1)} s`,
    );
  }
  return {
    sent: total,
    latencies,
    errors: errors.length,
    errorKinds,
    elapsedMs,
    maxLagMs,
    p99: percentile(latencies, 99),
  };
}

/** One webhook POST over the keep-alive agent: its status and time to the end of the answer. */
function post(target, body, signature) {
  return new Promise((resolve, reject) => {
    const begin = performance.now();
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          "x-line-signature": signature,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode, ms: performance.now() - begin }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", (error) => {
      error.reusedSocket = request.reusedSocket;
      reject(error);
    });
    request.end(body);
  });
}

function ackRow(what, run) {
  return {
    what,
    sent: run.sent,
    perSecond: (run.sent / (run.elapsedMs / 1000)).toFixed(0),
    p50: percentile(run.latencies, 50).toFixed(1),
    p99: run.p99.toFixed(1),
    max: percentile(run.latencies, 100).toFixed(1),
    errors: run.errors,
    errorKinds: run.errorKinds,
    target: what === "app" ? `p99 ≤ ${ackTargetMs}` : "",
    status: what === "app" ? mark(run.p99 <= ackTargetMs) : "",
    schedulerLagMaxMs: Number(run.maxLagMs.toFixed(1)),
  };
}

/** Waits until the fake has had no new answer for 2 s (at most 60 s); what arrived meanwhile. */
async function waitForDrain(sentBefore, webhooks) {
  const loadEnded = Date.now();
  const capAt = loadEnded + 60_000;
  let count = fake.sent.length;
  let stillSince = Date.now();
  while (Date.now() - stillSince < 2000 && Date.now() < capAt) {
    await sleep(100);
    if (fake.sent.length !== count) {
      count = fake.sent.length;
      stillSince = Date.now();
    }
  }
  const answers = fake.sent.slice(sentBefore);
  const last = answers.at(-1)?.at ?? loadEnded;
  return {
    webhooks,
    replies: answers.length,
    viaReply: answers.filter((sent) => sent.via === "reply").length,
    viaPush: answers.filter((sent) => sent.via === "push").length,
    lastAfterMs: Math.max(0, last - loadEnded),
    capped: Date.now() >= capAt,
  };
}

/**
 * `count` conversations at once, users `firstUser`…, each sending its next question once the
 * answer to the last one reached the fake, until `ms` have passed. The time of each turn runs
 * from just before the webhook POST to the fake's `at` for the reply to that event's token (or
 * a push to that user, when the token was too old: counted in `pushed`).
 */
async function measureReplies(url, count, ms, firstUser) {
  const target = new URL(url);
  const times = [];
  let pushed = 0;
  let failed = 0;
  const deadline = performance.now() + ms;
  await Promise.all(
    Array.from({ length: count }, async (_, conversation) => {
      const user = userId(firstUser + conversation);
      // At least one turn each (the warm-up asks for one with ms = 0).
      for (let turn = conversation; turn === conversation || performance.now() < deadline; turn++) {
        const event = fake.event({
          type: "text",
          userId: user,
          text: questions[turn % questions.length],
        });
        const { body, signature } = fake.webhookBody([event]);
        let timer;
        const answered = new Promise((resolve, reject) => {
          waiting.set(event.replyToken, resolve);
          waiting.set(`push:${user}`, resolve);
          timer = setTimeout(() => reject(new Error("no reply in time")), replyTimeoutMs);
        });
        const begin = Date.now();
        try {
          const { status } = await post(target, body, signature);
          if (status !== 200) throw new Error(`webhook answered ${status}`);
          const sent = await answered;
          times.push(sent.at - begin);
          if (sent.via === "push") pushed++;
        } catch (error) {
          failed++;
          if (failed <= 3) console.error(`turn failed: ${error.message}`);
        } finally {
          clearTimeout(timer);
          waiting.delete(event.replyToken);
          waiting.delete(`push:${user}`);
        }
      }
    }),
  );
  return { times, pushed, failed };
}

/**
 * The baseline: a bare node:http server in its own process (as the app is) that reads the body,
 * checks LINE's signature (HMAC-SHA256 of the raw body, base64) with timingSafeEqual and answers
 * 200 `{}`, or 401.
 */
async function startBare(channelSecret) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", `(${bareMain})()`], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, BARE_CHANNEL_SECRET: channelSecret },
  });
  const stopSync = () => child.kill("SIGTERM");
  registerCleanup(stopSync);
  const port = await new Promise((resolve, reject) => {
    child.once("message", (message) => resolve(message.port));
    child.once("exit", (code) => reject(new Error(`the bare server exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
    },
  };
}

/** The bare server's whole program, run by `node -e` (so self-contained). */
async function bareMain() {
  const { createHmac, timingSafeEqual } = await import("node:crypto");
  const { createServer } = await import("node:http");
  const secret = process.env.BARE_CHANNEL_SECRET;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const expected = createHmac("sha256", secret).update(Buffer.concat(chunks)).digest();
      const given = Buffer.from(String(request.headers["x-line-signature"] ?? ""), "base64");
      const ok = given.length === expected.length && timingSafeEqual(given, expected);
      response.writeHead(ok ? 200 : 401, { "Content-Type": "application/json" });
      response.end("{}");
    });
  });
  // The same keep-alive settings as the real server.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }));
  process.on("SIGTERM", () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
  process.on("disconnect", () => process.exit(0));
}

function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
}
