import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeLlmServer, startFakeLlmServer } from "../testing/fake-llm-server";
import { collectStream, sampleRequest, tinyPng } from "../testing/provider-test-kit";
import { createOpenAIProvider } from "./openai-provider";
import { ProviderError } from "./provider";

let server: FakeLlmServer;
beforeEach(async () => {
  server = await startFakeLlmServer("openai");
});
afterEach(async () => {
  await server.close();
});

const provider = () =>
  createOpenAIProvider({ baseURL: server.baseURL, apiKey: "sk-test", model: "gpt-test" });

describe("openai provider (chat completions, OpenAI-compatible)", () => {
  it("streams the deltas and the final usage chunk", async () => {
    server.setReplies([
      {
        type: "stream",
        chunks: ["สวัสดี", "ค่ะ ", "Pro costs 2,490 THB."],
        usage: { input: 42, output: 9 },
      },
    ]);
    const result = await collectStream(provider());
    expect(result.error).toBeUndefined();
    expect(result.pieces).toEqual(["สวัสดี", "ค่ะ ", "Pro costs 2,490 THB."]);
    expect(result.usage).toEqual({ inputTokens: 42, outputTokens: 9 });
  });

  it("calls /chat/completions with the key, the system prompt, the history and streaming usage", async () => {
    await collectStream(provider());
    const [request] = server.requests;
    expect(request?.url).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe("Bearer sk-test");
    expect(request?.body).toMatchObject({
      model: "gpt-test",
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: "system", content: "You are a helpful assistant." },
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello! How can I help?" },
        { role: "user", content: "How much is the Pro plan?" },
      ],
    });
  });

  it("sends an attached image as an image_url part", async () => {
    await collectStream(
      provider(),
      sampleRequest({ image: { bytes: tinyPng, mediaType: "image/png" } }),
    );
    const body = server.requests[0]?.body as { messages: { content: unknown }[] };
    expect(body.messages.at(-1)?.content).toEqual([
      {
        type: "image_url",
        image_url: { url: `data:image/png;base64,${Buffer.from(tinyPng).toString("base64")}` },
      },
      { type: "text", text: "How much is the Pro plan?" },
    ]);
  });

  it("reports 429 with its Retry-After, 5xx, auth and other 4xx as typed errors", async () => {
    const cases = [
      { status: 429, headers: { "retry-after": "3" }, kind: "rate_limited", retryAfterMs: 3000 },
      { status: 503, headers: {}, kind: "server", retryAfterMs: undefined },
      { status: 401, headers: {}, kind: "auth", retryAfterMs: undefined },
      { status: 400, headers: {}, kind: "client", retryAfterMs: undefined },
    ] as const;
    for (const { status, headers, kind, retryAfterMs } of cases) {
      server.setReplies([{ type: "error", status, headers }]);
      const { error } = await collectStream(provider());
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ kind, status, retryAfterMs });
    }
  });

  it("reports a server that is not there as a network error", async () => {
    const gone = createOpenAIProvider({ baseURL: "http://127.0.0.1:9/v1", apiKey: "sk-test" });
    const { error } = await collectStream(gone);
    expect(error).toMatchObject({ kind: "network" });
  });

  it("needs a key for OpenAI itself but not for a local server", async () => {
    const { error } = await collectStream(createOpenAIProvider({}));
    expect(error).toMatchObject({ kind: "config" });
    const ollama = createOpenAIProvider({ baseURL: server.baseURL, model: "llama3.2" });
    expect((await collectStream(ollama)).text).toBe("OK");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("closes the connection when the signal aborts mid-stream", async () => {
    server.setReplies([
      { type: "stream", chunks: ["one ", "two ", "three ", "four"], delayMs: 200 },
    ]);
    const controller = new AbortController();
    const pieces: string[] = [];
    let abortedAt = 0;
    const stream = provider().stream(sampleRequest(), controller.signal);
    try {
      for await (const chunk of stream) {
        if (chunk.type === "text") pieces.push(chunk.text);
        if (pieces.length === 1 && !abortedAt) {
          abortedAt = performance.now();
          controller.abort();
        }
      }
    } catch {
      // Aborting may surface as an error or as the end of the stream.
    }
    const closed = await server.waitForClose(1);
    expect(pieces).toEqual(["one "]);
    expect(closed.closedEarly).toBe(true);
    expect(closed.closedAt! - abortedAt).toBeLessThan(1000);
  });
});
