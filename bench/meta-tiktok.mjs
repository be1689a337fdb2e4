// Messenger and TikTok against the real server and fakes of their APIs (apps/web/server/test/
// fake-meta.ts and fake-tiktok.ts, in this process): bench/line.mjs's twin, the same two
// measurements for each channel in turn, each on a server of its own:
//   1. Webhook acknowledgement: signed webhooks (one text event each, from ~200 distinct users)
//      sent open-loop at a fixed rate (each fired on schedule, whatever the earlier ones are
//      doing), the latency of each request to its 200, p50 / p99 / max and errors (any non-200).
//      Target p99 ≤ 50 ms. The same load then goes to a bare node:http server (its own process)
//      that reads the body, checks the same signature with timingSafeEqual (Meta's
//      `X-Hub-Signature-256`, the HMAC-SHA256 of the body; TikTok's `TikTok-Signature`, the
//      HMAC-SHA256 of "t.body", with the same timestamp tolerance) and answers 200 `{}`: the ratio
//      app p99 / bare p99 is what the app adds. The app's events are real: its background job
//      runs a turn for each and replies to the fake while the load runs; the script waits for
//      those replies to stop (2 s without a new one, at most 60 s) before going on, so the bare
//      server and measurement 2 run on a quiet server.
//   2. Event received → reply sent: N conversations at once (new users), each sending a text
//      (Thai and English questions in turn), waiting until the fake records a message to that
//      user, then sending the next. Time from just before the webhook POST to the fake's `at`.
//      Target p99 ≤ 2,000 ms.
// Instagram is not measured apart: its webhook, events job and sender are Messenger's (one
// module, modules/channels/meta, with the `object` of the body and the connection's channel
// choosing the account); `--channels=instagram` measures it anyway.
// The bot is an owner's, made through the API (sign up, verify, sign in, persona with a few
// FAQs, bot on the embedded "local" provider without word pacing), connected to each channel
// through the console with the fakes' credentials. Embedded PGlite unless BENCH_DATABASE_URL.
//
// Usage: npx tsx bench/meta-tiktok.mjs [--channels=messenger,tiktok] [--rate=200] [--duration=30]
//        [--users=200] [--conversations=20] [--turns-duration=20]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startFakeMeta } from "../apps/web/server/test/fake-meta.ts";
import { startFakeTiktok } from "../apps/web/server/test/fake-tiktok.ts";
import { createOwner } from "./lib/owner.mjs";
import { mark, parseArgs, printTable, writeResults } from "./lib/report.mjs";
import {
  copyBuild,
  registerCleanup,
  startServer,
  stopChild,
  unregisterCleanup,
} from "./lib/server.mjs";

const usage =
  "npx tsx bench/meta-tiktok.mjs [--channels=messenger,tiktok] [--rate=200] [--duration=30]\n" +
  "       [--users=200] [--conversations=20] [--turns-duration=20]\n" +
  "  Messenger and TikTok webhook acknowledgement (app against a bare node:http server) and\n" +
  "  event → reply time; --channels=instagram adds Instagram (Messenger's code path).";
const args = parseArgs(usage, [
  "channels",
  "rate",
  "duration",
  "users",
  "conversations",
  "turns-duration",
]);
const knownChannels = ["messenger", "instagram", "tiktok"];
const channels =
  typeof args.channels === "string"
    ? args.channels.split(",").filter(Boolean)
    : ["messenger", "tiktok"];
for (const channel of channels) {
  if (!knownChannels.includes(channel)) {
    console.error(`Unknown channel ${channel} (known: ${knownChannels.join(", ")})\n${usage}`);
    process.exit(2);
  }
}
const rate = Number(args.rate ?? 200);
const duration = Number(args.duration ?? 30) * 1000;
const users = Number(args.users ?? 200);
const conversations = Number(args.conversations ?? 20);
const turnsDuration = Number(args["turns-duration"] ?? 20) * 1000;
const ackTargetMs = 50;
const replyTargetMs = 2000;
/** A conversation gives up on a reply after this long (counted as failed). */
const replyTimeoutMs = 30_000;
/**
 * Meta and TikTok replies carry no reply token: a turn's answer is the first message the fake
 * records to that user after the POST. A conversation waits this long after it before its next
 * question, so the rest of a reply sent in several messages is not taken for the next answer.
 */
const settleMs = 300;

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
/**
 * The conversations of measurement 2 leave out the request for a person: it hands the
 * conversation to the team, and the bot then stays silent there (no reply to time). The load of
 * measurement 1 keeps it, as line.mjs does: every user sends the same question each time (200
 * users, 8 questions), so an eighth of them are handed off at their first event, and those whose
 * question has no answer after three in a row; their later events are stored and end in silent
 * turns.
 */
const conversationQuestions = questions.filter(
  (question) => question !== "Can I talk to a person?",
);

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

const fakeMeta = await startFakeMeta();
const fakeTiktok = await startFakeTiktok();
const build = await copyBuild();

/**
 * A server of its own for each channel (a fresh data directory, so a fresh PGlite): a backlog
 * one channel's load leaves behind does not weigh on the next channel's figures.
 */
async function startChannelServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jai-bench-meta-tiktok-"));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  registerCleanup(removeDataDir);
  const server = await startServer({
    buildDir: build.dir,
    // BENCH_NODE_ARGS: e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
    nodeArgs: process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(" ") : [],
    env: {
      DATA_DIR: dataDir,
      LOCAL_PROVIDER_WORD_DELAY_MS: "0",
      META_GRAPH_API_BASE_URL: fakeMeta.url,
      TIKTOK_API_BASE_URL: fakeTiktok.url,
      // BENCH_DATABASE_URL: run on a real PostgreSQL (an empty database) instead of the embedded
      // one; the channels then share it, one after the other.
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
  });
  return {
    ...server,
    dataDir,
    async stop() {
      await server.stop();
      removeDataDir();
      unregisterCleanup(removeDataDir);
    },
  };
}

// Every request of the load goes through one keep-alive agent, without a socket limit (an
// open loop must not queue in the client).
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/**
 * What differs between the channels: connecting, a signed webhook with one text from a user,
 * the signature's header, and which of the fake's records are messages to whom.
 */
const adapters = {
  messenger: metaAdapter("messenger", "page"),
  instagram: metaAdapter("instagram", "instagram"),
  tiktok: {
    label: "TikTok",
    fake: fakeTiktok,
    async connect(server, owner) {
      const { connectionId } = await owner.console("PUT", `/bots/${owner.botId}/channels/tiktok`, {
        appId: fakeTiktok.appId,
        appSecret: fakeTiktok.appSecret,
        businessId: fakeTiktok.businessId,
        accessToken: fakeTiktok.accessToken,
      });
      return `${server.url}/api/webhooks/tiktok/${connectionId}`;
    },
    disconnect: (owner) => owner.console("DELETE", `/bots/${owner.botId}/channels/tiktok`),
    userId: (index) => `bench-tiktok-user-${index.toString().padStart(6, "0")}`,
    // TikTok's events carry the sender's name; there is no profile to fetch.
    addUser() {},
    signed(user, text) {
      const { body, signature } = fakeTiktok.webhookBody(fakeTiktok.message({ from: user, text }));
      return { body, headers: { "TikTok-Signature": signature } };
    },
    /** The user a record of the fake is a message to, or undefined (not a message). */
    messageTo: (sent) => sent.to,
    bare: { scheme: "tiktok", secret: fakeTiktok.appSecret },
  },
};

function metaAdapter(channel, object) {
  return {
    label: channel === "messenger" ? "Messenger" : "Instagram",
    fake: fakeMeta,
    async connect(server, owner) {
      const result = await owner.console("PUT", `/bots/${owner.botId}/channels/${channel}`, {
        pageId: fakeMeta.pageId,
        pageAccessToken: fakeMeta.pageAccessToken,
        appSecret: fakeMeta.appSecret,
        ...(channel === "instagram" ? { instagramAccountId: fakeMeta.instagramAccountId } : {}),
      });
      return `${server.url}/api/webhooks/meta/${result.channel.connectionId}`;
    },
    disconnect: (owner) => owner.console("DELETE", `/bots/${owner.botId}/channels/${channel}`),
    // Page-scoped ids are digits.
    userId: (index) =>
      String((channel === "messenger" ? 7_100_000_000_000_000 : 7_200_000_000_000_000) + index),
    /** The fake answers a profile only for a person it knows (else Meta's code 100). */
    addUser(user, index) {
      fakeMeta.setProfile(
        user,
        channel === "messenger"
          ? { first_name: "Bench", last_name: `User ${index}` }
          : { name: `Bench User ${index}`, username: `bench.user.${index}` },
      );
    },
    signed(user, text) {
      const entryId = object === "page" ? fakeMeta.pageId : fakeMeta.instagramAccountId;
      const { body, signature } = fakeMeta.webhookBody(object, [
        {
          id: entryId,
          time: Date.now(),
          messaging: [fakeMeta.message({ from: user, text, platform: channel })],
        },
      ]);
      return { body, headers: { "X-Hub-Signature-256": signature } };
    },
    // The fake keeps typing indicators apart (`senderActions`): every record is a message.
    messageTo: (sent) => sent.recipientId,
    bare: { scheme: "meta", secret: fakeMeta.appSecret },
  };
}

// Conversations waiting for their answer, by user (the fakes are shared by the channels of a run,
// user ids differ between channels).
const waiting = new Map();
for (const fake of new Set(channels.map((channel) => adapters[channel].fake))) {
  fake.onSent((sent) => {
    for (const channel of channels) {
      if (adapters[channel].fake !== fake) continue;
      const to = adapters[channel].messageTo(sent);
      if (to !== undefined) waiting.get(to)?.(sent);
    }
  });
}

const ackRows = [];
const replyRows = [];
const drains = {};
const replyTimes = {};
console.log(
  `${channels.map((channel) => adapters[channel].label).join(", ")} webhooks at ${rate}/s for ` +
    `${duration / 1000} s from ${users} users (open loop), then ${conversations} conversations ` +
    `for ${turnsDuration / 1000} s, each channel in turn on a server of its own; ` +
    `${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}, local provider ` +
    `without pacing; build: ${build.source}; load average ` +
    `${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(" ")} on ${os.cpus().length} CPUs`,
);
try {
  for (const channel of channels) await measureChannel(channel);
} finally {
  agent.destroy();
  await build.remove();
  await fakeMeta.close();
  await fakeTiktok.close();
}

console.log(
  "\nWebhook acknowledgement (ms, from the request's start to the end of its answer; answered/s:\n" +
    "requests over the time from the first request to the last answer; sent late max: how late\n" +
    "the open loop fired its worst request, the client's own lag)",
);
printTable(
  [
    { key: "channel", label: "channel" },
    { key: "what", label: "server", align: "left" },
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
    { key: "channel", label: "channel" },
    { key: "what", label: "measure", align: "left" },
    { key: "count", label: "turns" },
    { key: "p50", label: "p50" },
    { key: "p99", label: "p99" },
    { key: "max", label: "max" },
    { key: "failed", label: "failed" },
    { key: "target", label: "target" },
    { key: "status", label: "" },
  ],
  replyRows,
);
console.log(
  `\nSaved ${writeResults("meta-tiktok", {
    channels,
    database: process.env.BENCH_DATABASE_URL ? "postgresql" : "pglite",
    rate,
    durationMs: duration,
    users,
    conversations,
    turnsDurationMs: turnsDuration,
    ack: ackRows,
    drains,
    replies: replyRows,
    replyTimesMs: replyTimes,
  })}`,
);

/** Both measurements for one channel, on a server of its own. */
async function measureChannel(channel) {
  const adapter = adapters[channel];
  const server = await startChannelServer();
  let bare;
  try {
    const owner = await createOwner({ url: server.url, dataDir: server.dataDir }, { persona });
    const webhookUrl = await adapter.connect(server, owner);
    for (let index = 0; index <= users + conversations; index++) {
      adapter.addUser(adapter.userId(index), index);
    }
    // One turn first (its own user): the connection is loaded and the turn path warmed.
    const warm = await measureReplies(adapter, webhookUrl, 1, 0, users + conversations);
    if (warm.times.length !== 1) throw new Error(`${adapter.label}: the warm-up turn got no reply`);
    const sentBefore = adapter.fake.sent.length;

    console.log(`\n${adapter.label}: load`);
    const app = await openLoop(adapter, webhookUrl);
    const drain = await waitForDrain(adapter, sentBefore, app.sent);
    drains[channel] = drain;
    console.log(
      `${adapter.label}: ${app.sent} webhooks sent; ${drain.replies} messages reached the fake ` +
        `(to ${drain.usersAnswered} of the ${users} users), the last ` +
        `${(drain.lastAfterMs / 1000).toFixed(1)} s after the load ended` +
        `${drain.capped ? " (still growing at the 60 s cap)" : ""}`,
    );

    bare = await startBare(adapter.bare);
    const baseline = await openLoop(adapter, `${bare.url}/webhook`);
    await bare.stop();
    const appRow = ackRow(adapter.label, "app", app);
    const bareRow = ackRow(adapter.label, "bare node:http", baseline);
    appRow.ratio = (app.p99 / baseline.p99).toFixed(1);
    bareRow.ratio = "1.0";
    ackRows.push(appRow, bareRow);

    console.log(`${adapter.label}: conversations`);
    const replies = await measureReplies(adapter, webhookUrl, conversations, turnsDuration, users);
    replyTimes[channel] = replies.times;
    replyRows.push({
      channel: adapter.label,
      what: "event → reply sent",
      count: replies.times.length,
      p50: percentile(replies.times, 50).toFixed(0),
      p99: percentile(replies.times, 99).toFixed(0),
      max: percentile(replies.times, 100).toFixed(0),
      failed: replies.failed,
      target: `p99 ≤ ${replyTargetMs}`,
      status: mark(percentile(replies.times, 99) <= replyTargetMs),
    });
    // On a shared PostgreSQL, the next channel's server would otherwise answer what is left.
    await adapter.disconnect(owner);
  } finally {
    if (bare) await bare.stop();
    await server.stop();
  }
}

/**
 * Sends `rate` signed webhooks a second for `duration` to `url`, each fired at its scheduled
 * time whatever the others are doing; returns the latencies of the 200s (the percentiles leave
 * the errors out: they are counted, by kind), and how late the scheduler fired (its own lag,
 * not the server's).
 */
async function openLoop(adapter, url) {
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
    const { body, headers } = adapter.signed(
      adapter.userId(index % users),
      questions[index % questions.length],
    );
    const begin = performance.now();
    const request = post(target, body, headers).then(
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
function post(target, body, headers) {
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
          ...headers,
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

function ackRow(channel, what, run) {
  const isApp = what === "app";
  return {
    channel,
    what,
    sent: run.sent,
    perSecond: (run.sent / (run.elapsedMs / 1000)).toFixed(0),
    p50: percentile(run.latencies, 50).toFixed(1),
    p99: run.p99.toFixed(1),
    max: percentile(run.latencies, 100).toFixed(1),
    errors: run.errors,
    errorKinds: run.errorKinds,
    target: isApp ? `p99 ≤ ${ackTargetMs}` : "",
    status: isApp ? mark(run.p99 <= ackTargetMs) : "",
    schedulerLagMaxMs: Number(run.maxLagMs.toFixed(1)),
  };
}

/**
 * Waits until the fake has recorded no new message for 2 s (at most 60 s); how many messages
 * arrived meanwhile.
 */
async function waitForDrain(adapter, sentBefore, webhooks) {
  const { fake } = adapter;
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
  const messages = fake.sent.slice(sentBefore).filter((sent) => adapter.messageTo(sent));
  const last = messages.at(-1)?.at ?? loadEnded;
  return {
    webhooks,
    replies: messages.length,
    // Users the load came from who got at least one message.
    usersAnswered: new Set(messages.map((sent) => adapter.messageTo(sent))).size,
    lastAfterMs: Math.max(0, last - loadEnded),
    capped: Date.now() >= capAt,
  };
}

/**
 * `count` conversations at once, users `firstUser`…, each sending its next question once the
 * answer to the last one reached the fake (and `settleMs` passed), until `ms` have passed. The
 * time of each turn runs from just before the webhook POST to the fake's `at` for the first
 * message to that user after it.
 */
async function measureReplies(adapter, url, count, ms, firstUser) {
  const target = new URL(url);
  const times = [];
  let failed = 0;
  const deadline = performance.now() + ms;
  await Promise.all(
    Array.from({ length: count }, async (_, conversation) => {
      const user = adapter.userId(firstUser + conversation);
      // At least one turn each (the warm-up asks for one with ms = 0).
      for (let turn = conversation; turn === conversation || performance.now() < deadline; turn++) {
        const { body, headers } = adapter.signed(
          user,
          conversationQuestions[turn % conversationQuestions.length],
        );
        let timer;
        const answered = new Promise((resolve, reject) => {
          waiting.set(user, resolve);
          timer = setTimeout(() => reject(new Error("no reply in time")), replyTimeoutMs);
        });
        const begin = Date.now();
        try {
          const { status } = await post(target, body, headers);
          if (status !== 200) throw new Error(`webhook answered ${status}`);
          const sent = await answered;
          times.push(sent.at - begin);
        } catch (error) {
          failed++;
          if (failed <= 3) console.error(`${adapter.label} turn failed: ${error.message}`);
        } finally {
          clearTimeout(timer);
          waiting.delete(user);
        }
        await sleep(settleMs);
      }
    }),
  );
  return { times, failed };
}

/**
 * The baseline: a bare node:http server in its own process (as the app is) that reads the body,
 * checks the channel's signature with timingSafeEqual and answers 200 `{}`, or 401.
 */
async function startBare({ scheme, secret }) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", `(${bareMain})()`], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, BARE_SCHEME: scheme, BARE_SECRET: secret },
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
  const secret = process.env.BARE_SECRET;
  const hex = /^[0-9a-f]{64}$/;
  const checks = {
    // X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>.
    meta(request, body) {
      const given = String(request.headers["x-hub-signature-256"] ?? "");
      if (!given.startsWith("sha256=") || !hex.test(given.slice(7))) return false;
      const expected = createHmac("sha256", secret).update(body).digest();
      return timingSafeEqual(Buffer.from(given.slice(7), "hex"), expected);
    },
    // TikTok-Signature: t=<unix seconds>,s=<hex HMAC-SHA256(app secret, "<t>.<raw body>")>, the
    // timestamp within the app's tolerance (300 s back, 2 s ahead).
    tiktok(request, body) {
      const fields = new Map(
        String(request.headers["tiktok-signature"] ?? "")
          .split(",")
          .map((part) => [
            part.slice(0, part.indexOf("=")).trim(),
            part.slice(part.indexOf("=") + 1).trim(),
          ]),
      );
      const t = fields.get("t") ?? "";
      const s = fields.get("s") ?? "";
      if (!/^\d{1,12}$/.test(t) || !hex.test(s)) return false;
      const age = Date.now() / 1000 - Number(t);
      if (age > 300 || age < -2) return false;
      const expected = createHmac("sha256", secret).update(`${t}.`).update(body).digest();
      return timingSafeEqual(Buffer.from(s, "hex"), expected);
    },
  };
  const check = checks[process.env.BARE_SCHEME];
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const ok = check(request, Buffer.concat(chunks));
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
