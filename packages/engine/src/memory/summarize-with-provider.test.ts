import { describe, expect, it } from "vitest";
import { createLocalProvider } from "../providers/local-provider";
import { type ChatProvider, ProviderError, type ProviderRequest } from "../providers/provider";
import { summarizeMemory } from "./summarize-with-provider";

const transcript = [
  { role: "user" as const, content: "ผมชื่อสมชายครับ ไม่ใส่น้ำตาลนะครับ" },
  { role: "assistant" as const, content: "รับทราบครับ" },
];

function fakeProvider(
  answer: (request: ProviderRequest, signal: AbortSignal) => AsyncIterable<string>,
): ChatProvider & { requests: ProviderRequest[] } {
  const requests: ProviderRequest[] = [];
  return {
    kind: "openai",
    model: "fake",
    key: "fake",
    canSeeImages: false,
    requests,
    async *stream(request, signal) {
      requests.push(request);
      for await (const text of answer(request, signal)) yield { type: "text", text };
    },
  };
}

describe("summarizeMemory", () => {
  it("asks the model with the memory prompt and keeps its lines", async () => {
    const provider = fakeProvider(async function* () {
      yield "- Name: สมชาย\n";
      yield "- Preferences: ไม่ใส่น้ำตาล";
    });
    const summary = await summarizeMemory({ provider, transcript, previous: "- Name: Old" });
    expect(summary).toEqual({ memory: "- Name: สมชาย\n- Preferences: ไม่ใส่น้ำตาล", by: "model" });
    const request = provider.requests[0]!;
    expect(request.system).toContain("You keep a short memory about one customer");
    expect(request.messages[0]!.content).toContain('"previousMemory":"- Name: Old"');
  });

  it("keeps the previous memory when the model answers NONE", async () => {
    const provider = fakeProvider(async function* () {
      yield "NONE";
    });
    expect(await summarizeMemory({ provider, transcript, previous: "- Name: Old" })).toEqual({
      memory: "- Name: Old",
      by: "model",
    });
  });

  it("falls back to the rules when the model fails, answers nothing or takes too long", async () => {
    const failing = fakeProvider(async function* () {
      yield* [];
      throw new ProviderError("auth", "bad key");
    });
    const empty = fakeProvider(async function* () {
      yield "   ";
    });
    const slow = fakeProvider(async function* (_request, signal) {
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
      yield "- Name: Too late";
    });
    const expected = "- Name: สมชาย\n- Language: Thai\n- Preferences: ไม่ใส่น้ำตาล";
    expect(await summarizeMemory({ provider: failing, transcript, previous: null })).toEqual({
      memory: expected,
      by: "rules",
      error: { kind: "auth", message: "bad key" },
    });
    expect(await summarizeMemory({ provider: empty, transcript, previous: null })).toMatchObject({
      memory: expected,
      by: "rules",
      error: { kind: "invalid_response" },
    });
    expect(
      await summarizeMemory({ provider: slow, transcript, previous: null, timeoutMs: 20 }),
    ).toMatchObject({ memory: expected, by: "rules", error: { kind: "timeout" } });
  });

  it("uses the rules for the local provider, and calls no model without a customer message", async () => {
    expect(
      await summarizeMemory({ provider: createLocalProvider({}), transcript, previous: null }),
    ).toEqual({ memory: "- Name: สมชาย\n- Language: Thai\n- Preferences: ไม่ใส่น้ำตาล", by: "rules" });
    const provider = fakeProvider(async function* () {
      yield "- Name: Invented";
    });
    const summary = await summarizeMemory({
      provider,
      transcript: [{ role: "assistant", content: "Hello!" }],
      previous: "- Name: Kept",
    });
    expect(summary).toEqual({ memory: "- Name: Kept", by: "rules" });
    expect(provider.requests).toHaveLength(0);
  });
});
