import { afterEach, describe, expect, it } from "vitest";
import { createOpenAIProvider } from "../providers/openai-provider";
import { type ChatProvider, type ProviderChunk, ProviderError } from "../providers/provider";
import { type FakeLlmServer, type FakeReply, startFakeLlmServer } from "../testing/fake-llm-server";
import { sampleRequest } from "../testing/provider-test-kit";
import { CircuitBreaker } from "./circuit-breaker";
import {
  type ResilienceOptions,
  type StreamOutcome,
  streamWithResilience,
} from "./stream-with-resilience";

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function openaiAgainst(replies: FakeReply[]) {
  server = await startFakeLlmServer("openai", replies);
  return createOpenAIProvider({ baseURL: server.baseURL, apiKey: "sk-test", model: "gpt-test" });
}

/** An in-process provider whose each call runs the next script. */
function scripted(...scripts: ((signal: AbortSignal) => AsyncGenerator<ProviderChunk>)[]) {
  let calls = 0;
  const provider: ChatProvider & { calls: () => number } = {
    kind: "scripted",
    model: "script",
    key: "scripted",
    canSeeImages: false,
    calls: () => calls,
    stream(_request, signal) {
      const script = scripts[Math.min(calls, scripts.length - 1)]!;
      calls++;
      return script(signal);
    },
  };
  return provider;
}

async function* answer(...pieces: string[]): AsyncGenerator<ProviderChunk> {
  for (const text of pieces) yield { type: "text", text };
}

async function run(
  provider: ChatProvider,
  options: ResilienceOptions = {},
  extra: { signal?: AbortSignal; breaker?: CircuitBreaker; onToken?: (text: string) => void } = {},
): Promise<{ tokens: string[]; outcome: StreamOutcome }> {
  const stream = streamWithResilience(provider, sampleRequest(), {
    breaker: extra.breaker ?? new CircuitBreaker(),
    options: { retryBaseDelayMs: 10, ...options },
    signal: extra.signal,
  });
  const tokens: string[] = [];
  let step = await stream.next();
  while (!step.done) {
    tokens.push(step.value);
    extra.onToken?.(step.value);
    step = await stream.next();
  }
  return { tokens, outcome: step.value };
}

describe("streamWithResilience: retries", () => {
  it("retries a 429 after the Retry-After it was given, then completes", async () => {
    const provider = await openaiAgainst([
      { type: "error", status: 429, headers: { "retry-after": "1" } },
      { type: "stream", chunks: ["Hello"] },
    ]);
    const { outcome } = await run(provider);
    expect(outcome).toMatchObject({ status: "completed", text: "Hello", attempts: 2 });
    const [first, second] = server!.requests;
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it("retries 500 twice, then completes", async () => {
    const provider = await openaiAgainst([
      { type: "error", status: 500 },
      { type: "error", status: 502 },
      { type: "stream", chunks: ["Third ", "time"] },
    ]);
    const { tokens, outcome } = await run(provider);
    expect(tokens).toEqual(["Third ", "time"]);
    expect(outcome).toMatchObject({ status: "completed", attempts: 3 });
    expect(server!.requests).toHaveLength(3);
  });

  it("fails after three failures (two retries at most)", async () => {
    const provider = await openaiAgainst([{ type: "error", status: 503 }]);
    const { outcome } = await run(provider);
    expect(outcome).toMatchObject({
      status: "failed",
      attempts: 3,
      error: { kind: "server", status: 503 },
    });
    expect(server!.requests).toHaveLength(3);
  });

  it("does not retry other 4xx", async () => {
    const provider = await openaiAgainst([
      { type: "error", status: 400 },
      { type: "stream", chunks: ["never"] },
    ]);
    const { outcome } = await run(provider);
    expect(outcome).toMatchObject({
      status: "failed",
      attempts: 1,
      error: { kind: "client", status: 400 },
    });
    expect(server!.requests).toHaveLength(1);
  });

  it("does not retry when asked to wait longer than the cap", async () => {
    const provider = await openaiAgainst([
      { type: "error", status: 429, headers: { "retry-after": "120" } },
      { type: "stream", chunks: ["never"] },
    ]);
    const { outcome } = await run(provider, { maxRetryDelayMs: 5000 });
    expect(outcome).toMatchObject({
      status: "failed",
      attempts: 1,
      error: { kind: "rate_limited" },
    });
  });

  it("does not retry once text has streamed", async () => {
    const provider = scripted(async function* () {
      yield { type: "text", text: "Half an ans" };
      throw new ProviderError("server", "connection reset by upstream", { status: 502 });
    });
    const { outcome } = await run(provider);
    expect(outcome).toMatchObject({ status: "failed", text: "Half an ans", attempts: 1 });
    expect(provider.calls()).toBe(1);
  });

  it("counts an empty reply as a failure", async () => {
    const { outcome } = await run(scripted(() => answer("  ")));
    expect(outcome).toMatchObject({ status: "failed", error: { kind: "invalid_response" } });
  });
});

describe("streamWithResilience: circuit breaker", () => {
  it("opens after N failures, fails fast, and half-opens after the cool-down", async () => {
    let time = 0;
    const breaker = new CircuitBreaker({
      failureThreshold: 3,
      coolDownMs: 30_000,
      now: () => time,
    });
    const failing = scripted(async function* () {
      yield* [];
      throw new ProviderError("server", "down", { status: 500 });
    });
    // One turn: three attempts, three failures: the circuit opens.
    expect((await run(failing, {}, { breaker })).outcome).toMatchObject({
      status: "failed",
      attempts: 3,
    });
    expect(breaker.state).toBe("open");
    // The next turn fails at once, without calling the provider.
    const healthy = scripted(() => answer("back"));
    expect((await run(healthy, {}, { breaker })).outcome).toMatchObject({
      status: "failed",
      attempts: 0,
      error: { kind: "circuit_open" },
    });
    expect(healthy.calls()).toBe(0);
    // After the cool-down one trial goes through; its success closes the circuit.
    time += 30_000;
    expect(breaker.state).toBe("half-open");
    expect((await run(healthy, {}, { breaker })).outcome).toMatchObject({
      status: "completed",
      text: "back",
    });
    expect(breaker.state).toBe("closed");
  });
});

describe("streamWithResilience: cancellation and timeouts", () => {
  it("cancels mid-stream, keeps the partial text and closes the provider's connection within a second", async () => {
    const provider = await openaiAgainst([
      { type: "stream", chunks: ["Hel", "lo ", "there ", "friend"], delayMs: 150 },
    ]);
    const controller = new AbortController();
    let abortedAt = 0;
    const { tokens, outcome } = await run(
      provider,
      {},
      {
        signal: controller.signal,
        onToken: () => {
          if (!abortedAt) {
            abortedAt = performance.now();
            controller.abort();
          }
        },
      },
    );
    expect(tokens).toEqual(["Hel"]);
    expect(outcome).toMatchObject({ status: "cancelled", text: "Hel", attempts: 1 });
    const closed = await server!.waitForClose(1);
    expect(closed.closedEarly).toBe(true);
    expect(closed.closedAt! - abortedAt).toBeLessThan(1000);
  });

  it("stops waiting for a provider that ignores its signal", async () => {
    const stubborn = scripted(async function* () {
      yield { type: "text", text: "Wait" };
      await new Promise((resolve) => setTimeout(resolve, 5000));
      yield { type: "text", text: "…too late" };
    });
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 100);
    const { outcome } = await run(stubborn, {}, { signal: controller.signal });
    expect(outcome).toMatchObject({ status: "cancelled", text: "Wait" });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("fails with a timeout when the first token does not come in time, and hangs up", async () => {
    const provider = await openaiAgainst([
      { type: "silent" },
      { type: "stream", chunks: ["never"] },
    ]);
    const started = performance.now();
    const { outcome } = await run(provider, { firstTokenTimeoutMs: 300 });
    const elapsed = performance.now() - started;
    expect(outcome).toMatchObject({ status: "failed", attempts: 1, error: { kind: "timeout" } });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);
    expect((await server!.waitForClose(1)).closedEarly).toBe(true);
  });

  it("fails with a timeout when the whole reply takes too long, keeping what came", async () => {
    const provider = await openaiAgainst([
      { type: "stream", chunks: ["slow ", "and ", "slower"], delayMs: 400 },
    ]);
    const { outcome } = await run(provider, { totalTimeoutMs: 600 });
    expect(outcome.status).toBe("failed");
    expect(outcome.error?.kind).toBe("timeout");
    expect(outcome.text.startsWith("slow ")).toBe(true);
    expect(outcome.firstTokenMs).toBeGreaterThan(0);
  });

  it("aborts the provider and frees its breaker permit when the caller stops iterating", async () => {
    let time = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 1, coolDownMs: 10, now: () => time });
    breaker.acquire()!.failed();
    time += 10;
    let providerSignal: AbortSignal | undefined;
    const provider = scripted(async function* (signal) {
      providerSignal = signal;
      yield { type: "text", text: "one" };
      yield { type: "text", text: "two" };
    });
    const stream = streamWithResilience(provider, sampleRequest(), { breaker });
    expect((await stream.next()).value).toBe("one");
    await stream.return(undefined as never);
    expect(providerSignal?.aborted).toBe(true);
    // The half-open trial was released, not left in flight: another call may try.
    expect(breaker.acquire()).toBeDefined();
  });
});
