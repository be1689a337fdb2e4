import { afterEach, describe, expect, it } from "vitest";
import { apologyMessages } from "./apology-messages";
import { createEngine } from "./create-engine";
import { createDemoBot } from "./demo-bot-knowledge";
import type { Engine, TurnInput, TurnResult } from "./engine-types";
import { EngineError } from "./limits/engine-error";
import { buildPersonaIndex } from "./retrieval/build-persona-index";
import { type FakeLlmServer, type FakeReply, startFakeLlmServer } from "./testing/fake-llm-server";
import { tinyPng } from "./testing/provider-test-kit";

const demo = createDemoBot("Jai");
const demoIndex = buildPersonaIndex(demo.persona, { knowledge: demo.knowledge });
const png = `data:image/png;base64,${Buffer.from(tinyPng).toString("base64")}`;

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function openaiEngine(replies: FakeReply[], config: Parameters<typeof createEngine>[0] = {}) {
  server = await startFakeLlmServer("openai", replies);
  return createEngine({
    providers: { openai: { baseURL: server.baseURL, apiKey: "sk-server" } },
    resilience: { retryBaseDelayMs: 5 },
    ...config,
  });
}

function turn(message: string, overrides: Partial<TurnInput> = {}): TurnInput {
  return {
    bot: demo.bot,
    persona: demo.persona,
    history: [],
    message,
    index: demoIndex,
    seed: 1,
    ...overrides,
  };
}

async function collect(engine: Engine, input: TurnInput) {
  const tokens: string[] = [];
  let result: TurnResult | undefined;
  for await (const event of engine.streamReply(input)) {
    if (event.type === "token") tokens.push(event.text);
    else result = event.result;
  }
  return { tokens, result: result! };
}

describe("createEngine with the local provider (the default)", () => {
  it("answers the Demo Bot's Thai and English questions from its knowledge", async () => {
    const engine = createEngine();
    const thai = await collect(engine, turn("แพ็กเกจ Pro ราคาเท่าไหร่คะ"));
    expect(thai.result).toMatchObject({
      status: "completed",
      provider: "local",
      language: "th",
      attempts: 1,
    });
    expect(thai.result.reply).toMatch(/Pro.*2,490 บาท/);
    expect(thai.tokens.join("")).toBe(thai.result.reply);
    expect(thai.result.sources.length).toBeGreaterThan(0);
    expect(thai.result.latency.firstTokenMs).toBeLessThanOrEqual(thai.result.latency.totalMs);

    const english = await collect(engine, turn("How long is the free trial?"));
    expect(english.result.reply).toContain("7 days");
    expect(english.result.language).toBe("en");
  });

  it("greets on the first turn only", async () => {
    const engine = createEngine();
    const first = await collect(engine, turn("How long is the free trial?"));
    expect(first.result.reply.startsWith("Hi there!")).toBe(true);
    const later = await collect(
      engine,
      turn("How long is the free trial?", {
        history: [
          { role: "user", content: "hello" },
          { role: "assistant", content: "Hi there! How can I help you today?" },
        ],
      }),
    );
    expect(later.result.reply.startsWith("Hi there!")).toBe(false);
  });

  it("builds the index from the persona when none is given (the live preview)", async () => {
    const engine = createEngine();
    const { result } = await collect(engine, {
      bot: { name: "Draft" },
      persona: { knowledgeBase: "We open every day from 9:00 to 18:00.", language: "english" },
      history: [{ role: "user", content: "hi" }],
      message: "When do you open?",
    });
    expect(result.reply).toContain("9:00 to 18:00");
  });

  it("says it cannot read an attached image", async () => {
    const { result } = await collect(createEngine(), turn("", { image: png }));
    expect(result.reply).toContain("I received your image, but I can't read images yet.");
  });

  it("refuses an invalid message before yielding anything", async () => {
    const engine = createEngine();
    await expect(collect(engine, turn("x".repeat(4001)))).rejects.toMatchObject({
      code: "MESSAGE_TOO_LONG",
    });
    await expect(
      collect(engine, turn("hi", { image: "data:image/svg+xml;base64,PHN2Zz4=" })),
    ).rejects.toBeInstanceOf(EngineError);
    await expect(
      collect(engine, turn("hi", { persona: { language: "klingon" } as never })),
    ).rejects.toMatchObject({
      code: "PERSONA_INVALID",
    });
  });
});

describe("createEngine with a curated answer", () => {
  const curated = {
    id: "3f0c1c9e-0000-4000-8000-000000000001",
    question: "Do you deliver to Chiang Mai?",
    answer: "Yes: Chiang Mai in 2 days, free over 500 THB.",
  };

  it("the local provider gives it as the answer, its only source", async () => {
    const { result } = await collect(
      createEngine(),
      turn("Can you ship to Chiang Mai?", { curated, history: [{ role: "user", content: "hi" }] }),
    );
    expect(result.reply).toContain(curated.answer);
    expect(result.sources).toEqual([
      {
        id: `curated:${curated.id}`,
        kind: "curated",
        source: curated.question,
        score: 1,
        coverage: 1,
      },
    ]);
  });

  it("a model gets it above the knowledge as the answer to give, in the reply language", async () => {
    const engine = await openaiEngine([{ type: "stream", chunks: ["ส่งได้ค่ะ 2 วัน"] }]);
    const { result } = await collect(
      engine,
      turn("ส่งเชียงใหม่ได้ไหม", { curated, bot: { ...demo.bot, provider: "openai" } }),
    );
    const system = (server!.requests[0]!.body as { messages: { content: string }[] }).messages[0]!
      .content;
    const at = system.indexOf("# The owner's answer to this question");
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(system.indexOf("# Knowledge"));
    expect(system).toContain("Say it in Thai");
    expect(system).toContain(JSON.stringify(curated.answer));
    expect(result.sources.map((source) => source.kind)).toEqual(["curated"]);
  });
});

describe("createEngine with a network provider", () => {
  it("sends the persona, history and retrieved knowledge, and streams the answer with usage", async () => {
    const engine = await openaiEngine([
      { type: "stream", chunks: ["Pro ", "is 2,490 THB."], usage: { input: 300, output: 6 } },
    ]);
    const { tokens, result } = await collect(
      engine,
      turn("What does the Pro plan cost per month?", {
        bot: { ...demo.bot, provider: "openai", model: "gpt-test" },
        history: [
          { role: "user", content: "hello" },
          { role: "assistant", content: "Hi! How can I help?" },
        ],
      }),
    );
    expect(tokens).toEqual(["Pro ", "is 2,490 THB."]);
    expect(result).toMatchObject({
      status: "completed",
      reply: "Pro is 2,490 THB.",
      provider: "openai",
      model: "gpt-test",
      usage: { inputTokens: 300, outputTokens: 6 },
    });
    const body = server!.requests[0]!.body as {
      model: string;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe("gpt-test");
    const system = body.messages[0]!.content;
    expect(system).toContain('You are "Jai Assistant"');
    expect(system).toContain("2,490 THB per month");
    expect(body.messages.slice(1).map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
    ]);
    expect(result.sources.some((source) => source.id === "demo-plan-pro-en#0")).toBe(true);
  });

  it("sends an image to a vision model, and only a note to a model without vision", async () => {
    const engine = await openaiEngine([{ type: "stream", chunks: ["A cat."] }]);
    await collect(
      engine,
      turn("What is this?", { bot: { ...demo.bot, provider: "openai" }, image: png }),
    );
    const vision = server!.requests[0]!.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(vision.messages.at(-1))).toContain("image_url");

    await collect(
      engine,
      turn("What is this?", {
        bot: { ...demo.bot, provider: "openai" },
        image: png,
        providerSettings: { canSeeImages: false },
      }),
    );
    const blind = server!.requests[1]!.body as { messages: { content: unknown }[] };
    expect(blind.messages.at(-1)?.content).toBe("[image attached]\nWhat is this?");
  });

  it("uses an owner's own key for their bot", async () => {
    const engine = await openaiEngine([{ type: "stream", chunks: ["ok"] }]);
    await collect(
      engine,
      turn("hi", {
        bot: { ...demo.bot, provider: "openai" },
        providerSettings: { apiKey: "sk-owner" },
      }),
    );
    expect(server!.requests[0]!.headers.authorization).toBe("Bearer sk-owner");
  });

  it("ends a failed turn with the apology in the reply language", async () => {
    const engine = await openaiEngine([{ type: "error", status: 500 }]);
    const { tokens, result } = await collect(
      engine,
      turn("แพ็กเกจ Pro ราคาเท่าไหร่", { bot: { ...demo.bot, provider: "openai" } }),
    );
    expect(tokens).toEqual([]);
    expect(result).toMatchObject({
      status: "failed",
      reply: apologyMessages.th,
      text: "",
      attempts: 3,
      error: { kind: "server", status: 500 },
    });
    expect(apologyMessages.en).toBe(
      "Sorry, I'm having trouble responding right now. Please try again later.",
    );
    const health = engine.providerHealth();
    expect(Object.values(health)).toEqual(["closed"]);
    // Named by the endpoint and a hash of the credential, never the key itself.
    expect(Object.keys(health)[0]).toMatch(new RegExp(`^openai:${server!.baseURL}#[0-9a-f]{16}$`));
    expect(JSON.stringify(health)).not.toContain("sk-server");
  });

  it("fails (with the apology) for a provider nobody registered", async () => {
    const { result } = await collect(
      createEngine(),
      turn("hi", { bot: { ...demo.bot, provider: "mystery" } }),
    );
    expect(result).toMatchObject({
      status: "failed",
      reply: apologyMessages.en,
      error: { kind: "config" },
    });
  });

  it("cancels when the client disconnects and keeps the partial reply", async () => {
    const engine = await openaiEngine([
      { type: "stream", chunks: ["Part ", "one, ", "part two"], delayMs: 200 },
    ]);
    const controller = new AbortController();
    const tokens: string[] = [];
    let result: TurnResult | undefined;
    let abortedAt = 0;
    for await (const event of engine.streamReply(
      turn("Tell me everything", {
        bot: { ...demo.bot, provider: "openai" },
        signal: controller.signal,
      }),
    )) {
      if (event.type === "token") {
        tokens.push(event.text);
        abortedAt = performance.now();
        controller.abort();
      } else {
        result = event.result;
      }
    }
    expect(result).toMatchObject({ status: "cancelled", reply: "Part ", text: "Part " });
    const closed = await server!.waitForClose(1);
    expect(closed.closedEarly).toBe(true);
    expect(closed.closedAt! - abortedAt).toBeLessThan(1000);
  });

  it("stops the provider call when the caller stops iterating", async () => {
    const engine = await openaiEngine([
      { type: "stream", chunks: ["a ", "b ", "c"], delayMs: 200 },
    ]);
    for await (const event of engine.streamReply(
      turn("go", { bot: { ...demo.bot, provider: "openai" } }),
    )) {
      if (event.type === "token") break;
    }
    const closed = await server!.waitForClose(1);
    expect(closed.closedEarly).toBe(true);
  });
});

describe("createEngine keeps owners apart on one provider", () => {
  const openaiBot = { ...demo.bot, provider: "openai" };
  const asOwner = (apiKey: string) => turn("hi", { bot: openaiBot, providerSettings: { apiKey } });

  it("fails a key whose quota is used up at once, and the other keys' turns go on", async () => {
    const engine = await openaiEngine([{ type: "stream", chunks: ["Hello", " there"] }], {
      breaker: { failureThreshold: 2, coolDownMs: 60_000 },
    });
    server!.setRepliesForKey("sk-exhausted", [{ type: "error", status: 429, isQuota: true }]);
    for (let round = 0; round < 5; round++) {
      const exhausted = await collect(engine, asOwner("sk-exhausted"));
      expect(exhausted.result).toMatchObject({
        status: "failed",
        attempts: 1,
        error: { kind: "quota", status: 429 },
      });
      const other = await collect(engine, asOwner("sk-healthy"));
      expect(other.result).toMatchObject({ status: "completed", reply: "Hello there" });
    }
    // No retries for a quota: one call per turn of the exhausted key.
    const exhaustedCalls = server!.requests.filter(
      (request) => request.headers.authorization === "Bearer sk-exhausted",
    );
    expect(exhaustedCalls).toHaveLength(5);
  });

  it("opens only the breaker of the key the provider rate-limits", async () => {
    const engine = await openaiEngine([{ type: "stream", chunks: ["fine"] }], {
      breaker: { failureThreshold: 2, coolDownMs: 60_000 },
      resilience: { retryBaseDelayMs: 1, maxRetries: 0 },
    });
    server!.setRepliesForKey("sk-limited", [{ type: "error", status: 429 }]);
    for (let round = 0; round < 3; round++) await collect(engine, asOwner("sk-limited"));
    const limited = await collect(engine, asOwner("sk-limited"));
    expect(limited.result.error?.kind).toBe("circuit_open");
    for (let round = 0; round < 10; round++) {
      const other = await collect(engine, asOwner(`sk-other-${round % 2}`));
      expect(other.result.status).toBe("completed");
    }
    expect(Object.values(engine.providerHealth()).sort()).toEqual(["closed", "closed", "open"]);
  });

  it("bounds the calls in flight to a hanging provider and refuses the rest at once", async () => {
    const engine = await openaiEngine([{ type: "silent" }], {
      bulkhead: { maxConcurrent: 3, maxQueued: 2, maxWaitMs: 60_000 },
      resilience: { firstTokenTimeoutMs: 60_000, maxRetries: 0 },
    });
    const controller = new AbortController();
    const turns = Array.from({ length: 8 }, (_, n) =>
      collect(engine, { ...asOwner(`sk-${n}`), signal: controller.signal }),
    );
    // Five turns wait (three on the provider, two for a slot); three are refused at once.
    const refused = await Promise.race([
      Promise.all(turns.slice(5)),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("not refused")), 5_000)),
    ]);
    for (const { result } of refused) {
      expect(result).toMatchObject({ status: "failed", error: { kind: "overloaded" } });
    }
    await waitFor(() => server!.requests.length === 3);
    controller.abort();
    const waited = await Promise.all(turns.slice(0, 5));
    expect(waited.map(({ result }) => result.status)).toEqual(Array(5).fill("cancelled"));
    expect(server!.requests).toHaveLength(3);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
