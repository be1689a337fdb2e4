/**
 * What the engine adds to a chat turn: time to the first streamed token and to the end of the
 * turn, with providers that answer at once, at 1, 10 and 50 concurrent conversations (p50 /
 * p99). Target at 50 concurrent, for the engine itself (the instant provider): p50 ≤ 10 ms,
 * p99 ≤ 50 ms.
 *
 *   npx tsx bench/engine-overhead.ts [--turns=2000] [--duration=10]
 *
 * A turn is the full `streamReply` path the server takes: validate the message, retrieve from
 * the Demo Bot's index (48 passages and FAQs), build the prompt with 10 messages of history,
 * run the provider under the resilience layer (timers, breaker), stream, build the result.
 * Providers:
 *   - instant: an in-process provider that yields three tokens at once: the engine alone (the
 *              target applies to it);
 *   - local:   the embedded provider (composes its answer from retrieval, streams ~30 words);
 *   - openai:  the real OpenAI-compatible provider (ai SDK streamText, fetch, SSE parsing) against
 *              the fake server answering at once from a child process: the engine plus the SDK
 *              and HTTP (on a 2-core machine the server still competes for the CPU).
 * Two loads, all turns on one event loop as in the server:
 *   - conversations: each conversation sends a message, reads the reply, "thinks" 0.5-1.5 s,
 *     sends the next (`--duration` seconds per row): latency as visitors would see it;
 *   - back to back: each conversation sends its next message as soon as the reply ends
 *     (`--turns` per row): saturation, where a turn also waits for the other 49; its p50 is
 *     about concurrency / throughput.
 * Prints figures, asserts nothing.
 */

import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildPersonaIndex,
  type ChatProvider,
  createDemoBot,
  createEngine,
  type TurnInput,
} from "../packages/engine/src/index.ts";
import { mark, ms, percentile, printTable, writeResults } from "./engine-bench-kit.ts";

const instant: ChatProvider = {
  kind: "instant",
  model: "instant",
  key: "instant",
  canSeeImages: true,
  async *stream() {
    yield { type: "text", text: "Pro costs " };
    yield { type: "text", text: "2,490 THB " };
    yield { type: "text", text: "per month." };
    yield { type: "usage", usage: { inputTokens: 500, outputTokens: 12 } };
  },
};

// The fake model server runs in a child process: its work is not ours to measure.
const here = path.dirname(fileURLToPath(import.meta.url));
const child = spawn(
  process.execPath,
  ["--import", "tsx", path.join(here, "engine-fake-llm-server.ts")],
  {
    stdio: ["pipe", "pipe", "inherit"],
  },
);
const [firstOutput] = (await once(child.stdout, "data")) as [Buffer];
const baseURL = firstOutput.toString().trim().split("\n")[0]!;
const engine = createEngine({
  factories: { instant: () => instant },
  providers: { openai: { baseURL, apiKey: "sk-bench" } },
});
const demo = createDemoBot("Jai");
const index = buildPersonaIndex(demo.persona, { knowledge: demo.knowledge });
const history = Array.from({ length: 10 }, (_, i) => ({
  role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
  content: i % 2 === 0 ? "มีแพ็กเกจอะไรบ้างคะ" : "Starter, Pro, Business and Enterprise.",
}));
const questions = [
  "แพ็กเกจ Pro ราคาเท่าไหร่คะ",
  "How long is the free trial?",
  "เชื่อมกับไลน์ได้ไหม",
  "Can a human agent take over from the bot?",
];

type Sample = { firstTokenMs: number; totalMs: number };

const numberArgument = (name: string, fallback: number) => {
  const argument = process.argv.find((value) => value.startsWith(`--${name}=`));
  return argument ? Number(argument.split("=")[1]) : fallback;
};
const totalTurns = numberArgument("turns", 2000);
const durationMs = numberArgument("duration", 10) * 1000;
const concurrencies = [1, 10, 50];

async function oneTurn(provider: string, n: number): Promise<Sample> {
  const input: TurnInput = {
    bot: { ...demo.bot, provider },
    persona: demo.persona,
    history,
    message: questions[n % questions.length]!,
    index,
    seed: n,
  };
  const started = performance.now();
  let firstToken = Number.NaN;
  for await (const event of engine.streamReply(input)) {
    if (event.type === "token" && Number.isNaN(firstToken))
      firstToken = performance.now() - started;
    if (event.type === "done" && event.result.status !== "completed") {
      throw new Error(`Turn ${event.result.status}: ${event.result.error?.message}`);
    }
  }
  return { firstTokenMs: firstToken, totalMs: performance.now() - started };
}

/** `concurrency` conversations; `thinkMs` draws the pause after each reply (0: back to back). */
async function measure(
  provider: string,
  concurrency: number,
  until: { turns?: number; ms?: number },
  thinkMs: () => number,
): Promise<{ samples: Sample[]; seconds: number }> {
  const samples: Sample[] = [];
  const started = performance.now();
  let next = 0;
  const isOver = () =>
    until.turns !== undefined ? next >= until.turns : performance.now() - started >= until.ms!;
  const conversation = async (offset: number) => {
    // Back to back, all start in this tick: a timer would let the first one, whose turns never
    // leave the microtask queue with the instant provider, run every turn alone.
    if (offset > 0) await new Promise((resolve) => setTimeout(resolve, offset));
    while (!isOver()) {
      samples.push(await oneTurn(provider, next++));
      const pause = thinkMs();
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  };
  // Conversations with think time start spread over a second, as visitors arrive.
  const spread = thinkMs() > 0 ? 1000 / concurrency : 0;
  await Promise.all(Array.from({ length: concurrency }, (_, i) => conversation(i * spread)));
  return { samples, seconds: (performance.now() - started) / 1000 };
}

const results: Record<string, unknown>[] = [];
const loads = [
  { name: "conversations", until: { ms: durationMs }, think: () => 500 + Math.random() * 1000 },
  { name: "back to back", until: { turns: totalTurns }, think: () => 0 },
];
console.log(
  `Engine overhead (Node ${process.version}): conversations for ${durationMs / 1000} s per row, back to back ${totalTurns} turns per row\n`,
);
for (const provider of ["instant", "local", "openai"]) {
  await measure(provider, 10, { turns: 300 }, () => 0); // warm-up: JIT, SDK, connections
}
for (const load of loads) {
  console.log(`${load.name}:`);
  const rows: string[][] = [];
  for (const provider of ["instant", "local", "openai"]) {
    for (const concurrency of concurrencies) {
      const until =
        load.until.turns !== undefined && provider === "openai"
          ? { turns: Math.min(load.until.turns, 1000) }
          : load.until;
      const { samples, seconds } = await measure(provider, concurrency, until, load.think);
      const first = samples.map((sample) => sample.firstTokenMs);
      const total = samples.map((sample) => sample.totalMs);
      const figures = {
        load: load.name,
        provider,
        concurrency,
        turns: samples.length,
        turnsPerSecond: Math.round(samples.length / seconds),
        firstToken: { p50: percentile(first, 50), p99: percentile(first, 99) },
        total: { p50: percentile(total, 50), p99: percentile(total, 99) },
      };
      results.push(figures);
      const target =
        provider === "instant" && concurrency === 50
          ? `${mark(figures.total.p50 <= 10)} / ${mark(figures.total.p99 <= 50)}`
          : "";
      rows.push([
        provider,
        String(concurrency),
        String(figures.turns),
        String(figures.turnsPerSecond),
        ms(figures.firstToken.p50),
        ms(figures.firstToken.p99),
        ms(figures.total.p50),
        ms(figures.total.p99),
        target,
      ]);
    }
  }
  printTable(
    [
      "provider",
      "concurrent",
      "turns",
      "turns/s",
      "first p50",
      "first p99",
      "turn p50",
      "turn p99",
      "p50≤10 / p99≤50",
    ],
    rows,
  );
  console.log("");
}
child.stdin.end();
child.kill("SIGTERM");
console.log(
  "Times in ms from calling streamReply to the first token event (first) and to the done event (turn).",
);
console.log(
  "instant and local are all engine; openai adds the ai SDK and HTTP to a fake server in another process.",
);
console.log(`\nSaved ${writeResults("engine-overhead", { results })}`);
