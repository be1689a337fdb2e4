// Chat turns per second through each live-stream channel, in one run on one server so the
// figures compare (this machine is shared: read the ratios, not the absolute numbers):
//   - page:   POST /api/bots/{id}/chat, a browser with its cookie (the hosted page);
//   - api:    POST /api/v1/bots/{id}/chat with an API key;
//   - widget: POST /api/widget/{id}/chat with a widget session and contact token (when the
//             server has the widget API).
// All on one owner's bot (the Demo Bot's persona and knowledge, re-created through the console
// as a person would), plus the Demo Bot's page as the reference of earlier notes. SSE, embedded
// provider with no pacing and rate limits raised, so the server's own work per turn is measured.
// N conversations at once (50 by default), each sending its next message when the reply ends.
//
// Usage: npx tsx bench/chat-channels.mjs [--concurrency=50] [--duration=8] [--warmup=2]
//        [--surfaces=demo,page,api,widget]
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createOwner } from "./lib/owner.mjs";
import { parseArgs, printTable, writeResults } from "./lib/report.mjs";
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

const args = parseArgs(
  "node bench/chat-channels.mjs [--concurrency=50] [--duration=8] [--warmup=2] [--surfaces=demo,page,api,widget]\n" +
    "  Chat turns per second through the hosted page, the public API and the widget, one run.",
  ["concurrency", "duration", "warmup", "surfaces"],
);
const concurrency = Number(args.concurrency ?? 50);
const duration = Number(args.duration ?? 8) * 1000;
const warmup = Number(args.warmup ?? 2) * 1000;
const surfaces = String(args.surfaces ?? "demo,page,api,widget").split(",");

const dataDir = mkdtempSync(path.join(os.tmpdir(), "jai-bench-channels-"));
registerCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
const build = await copyBuild();
const server = await startServer({
  buildDir: build.dir,
  env: {
    DATA_DIR: dataDir,
    LOCAL_PROVIDER_WORD_DELAY_MS: "0",
    CHAT_RATE_LIMIT: "1000000",
    CHAT_CLIENT_RATE_LIMIT: "1000000",
    CHAT_BOT_RATE_LIMIT: "1000000",
    PUBLIC_API_RATE_LIMIT: "1000000",
  },
});

const rows = [];
try {
  const { createDemoBot } = await import("./lib/demo-bot.ts");
  const demo = createDemoBot();
  const owner = await createOwner({ url: server.url, dataDir }, demo);
  const widget = surfaces.includes("widget") ? await widgetAccess(owner) : undefined;
  console.log(
    `Chat turns (SSE, embedded provider) at ${concurrency} conversations, ${duration / 1000} s per surface ` +
      `after ${warmup / 1000} s warm-up; embedded PGlite; build: ${build.source}; load average ` +
      `${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")} on ${os.cpus().length} CPUs\n`,
  );
  const senders = {
    demo: () => pageSender("demo"),
    page: () => pageSender(owner.botId),
    api: () => apiSender(owner),
    widget: () => (widget ? widgetSender(owner.botId, widget) : undefined),
  };
  for (const surface of surfaces) {
    const makeSender = senders[surface]?.();
    if (!makeSender) {
      console.log(`(${surface}: not available on this server, skipped)`);
      continue;
    }
    await runLevel(makeSender, warmup);
    const level = await runLevel(makeSender, duration);
    rows.push({
      surface,
      turns: level.turns.length,
      perSecond: (level.turns.length / (level.elapsedMs / 1000)).toFixed(1),
      endP50: percentile(level.turns, 50).toFixed(1),
      endP99: percentile(level.turns, 99).toFixed(1),
      failed: level.failures,
    });
  }
} finally {
  await server.stop();
  await build.remove();
}

const reference = rows.find((row) => row.surface === "page") ?? rows[0];
for (const row of rows) {
  row.ratio = reference ? (Number(row.perSecond) / Number(reference.perSecond)).toFixed(2) : "";
}
printTable(
  [
    { key: "surface", label: "surface" },
    { key: "turns", label: "turns" },
    { key: "perSecond", label: "turns/s" },
    { key: "ratio", label: "vs page" },
    { key: "endP50", label: "turn p50 ms" },
    { key: "endP99", label: "p99" },
    { key: "failed", label: "failed" },
  ],
  rows,
);
console.log(
  `\nSaved ${writeResults("chat-channels", { concurrency, durationMs: duration, rows })}`,
);

/** `concurrency` conversations, each with its own sender state, back to back for `ms`. */
async function runLevel(makeSender, ms) {
  const turns = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, index) => {
      const send = makeSender();
      for (let turn = index; performance.now() < deadline; turn++) {
        const begin = performance.now();
        try {
          await send(questions[turn % questions.length]);
          turns.push(performance.now() - begin);
        } catch (error) {
          failures++;
          if (failures <= 3) console.error(`turn failed: ${error.message}`);
        }
      }
    }),
  );
  return { turns, failures, elapsedMs: performance.now() - started };
}

/** The hosted page: a cookie per conversation. */
function pageSender(botId) {
  return () => {
    const state = { cookie: "", conversationId: null };
    return async (message) => {
      const response = await fetch(`${server.url}/api/bots/${botId}/chat`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "text/event-stream",
          ...(state.cookie ? { Cookie: state.cookie } : {}),
        },
        body: JSON.stringify({ message, conversationId: state.conversationId, language: "en" }),
      });
      const cookie = /jai_visitor=[^;]+/.exec(response.headers.get("set-cookie") ?? "");
      if (cookie) state.cookie = cookie[0];
      state.conversationId = await readTurn(response);
    };
  };
}

/** The public API: one key, a contact per conversation. */
function apiSender(owner) {
  let next = 0;
  return () => {
    const state = { contact: `bench-${next++}`, conversationId: null };
    return async (message) => {
      const response = await fetch(`${server.url}/api/v1/bots/${owner.botId}/chat`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "text/event-stream",
          Authorization: `Bearer ${owner.apiKey}`,
        },
        body: JSON.stringify({
          message,
          conversationId: state.conversationId ?? undefined,
          contact: { id: state.contact },
        }),
      });
      state.conversationId = await readTurn(response);
    };
  };
}

/** The widget, when the server has it: a session for an allowed origin, a contact token each. */
async function widgetAccess(owner) {
  try {
    await owner.console("PUT", `/bots/${owner.botId}/channels/widget`, {
      enabled: true,
      settings: { allowedOrigins: ["https://shop.example"] },
    });
    const response = await fetch(`${server.url}/api/widget/${owner.botId}/session`, {
      method: "POST",
      headers: { Origin: "https://shop.example", "Content-Type": "application/json" },
      body: "{}",
    });
    if (!response.ok) return undefined;
    const body = await response.json();
    return { session: body.session ?? body.token };
  } catch (error) {
    console.error(`widget not available: ${error.message}`);
    return undefined;
  }
}

function widgetSender(botId, widget) {
  return () => {
    const state = { contact: "", conversationId: null };
    return async (message) => {
      const response = await fetch(`${server.url}/api/widget/${botId}/chat`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "text/event-stream",
          Origin: server.url,
          Authorization: `Bearer ${widget.session}`,
          ...(state.contact ? { "X-Jai-Contact": state.contact } : {}),
        },
        body: JSON.stringify({ message, conversationId: state.conversationId, language: "en" }),
      });
      const issued = response.headers.get("x-jai-contact");
      if (issued) state.contact = issued;
      state.conversationId = await readTurn(response);
    };
  };
}

/** Reads an SSE turn to its end; returns its conversation id. */
async function readTurn(response) {
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const text = await response.text();
  if (!text.includes("event: done")) throw new Error("the turn did not end with done");
  const start = /event: start\ndata: (.*)\n/.exec(text);
  return start ? JSON.parse(start[1]).conversationId : null;
}

function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
