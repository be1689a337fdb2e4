import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeLlmServer, startFakeLlmServer } from "../testing/fake-llm-server";
import { collectStream, sampleRequest, tinyPng } from "../testing/provider-test-kit";
import { createAnthropicProvider } from "./anthropic-provider";

let server: FakeLlmServer;
beforeEach(async () => {
  server = await startFakeLlmServer("anthropic");
});
afterEach(async () => {
  await server.close();
});

const provider = () =>
  createAnthropicProvider({ baseURL: server.baseURL, apiKey: "ant-test", model: "claude-test" });

describe("anthropic provider (messages API)", () => {
  it("streams text_delta events and reports usage from message_start and message_delta", async () => {
    server.setReplies([
      { type: "stream", chunks: ["Pro ", "costs ", "2,490 THB."], usage: { input: 31, output: 7 } },
    ]);
    const result = await collectStream(provider());
    expect(result.error).toBeUndefined();
    expect(result.text).toBe("Pro costs 2,490 THB.");
    expect(result.usage).toEqual({ inputTokens: 31, outputTokens: 7 });
  });

  it("posts to /messages with the key, the system prompt apart and the image as a base64 block", async () => {
    await collectStream(
      provider(),
      sampleRequest({ image: { bytes: tinyPng, mediaType: "image/png" } }),
    );
    const [request] = server.requests;
    expect(request?.url).toBe("/v1/messages");
    expect(request?.headers["x-api-key"]).toBe("ant-test");
    const body = request?.body as {
      system: unknown;
      messages: { role: string; content: unknown[] }[];
      stream: boolean;
    };
    expect(body.stream).toBe(true);
    expect(JSON.stringify(body.system)).toContain("You are a helpful assistant.");
    expect(body.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(body.messages.at(-1)?.content).toEqual([
      {
        type: "image",
        source: {
          type: "base64",
          media_type: "image/png",
          data: Buffer.from(tinyPng).toString("base64"),
        },
      },
      { type: "text", text: "How much is the Pro plan?" },
    ]);
  });

  it("reports 429 (with Retry-After), 529 overloaded and 400 as typed errors", async () => {
    server.setReplies([{ type: "error", status: 429, headers: { "retry-after": "2" } }]);
    expect((await collectStream(provider())).error).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 2000,
    });
    server.setReplies([{ type: "error", status: 529 }]);
    expect((await collectStream(provider())).error).toMatchObject({ kind: "server", status: 529 });
    server.setReplies([{ type: "error", status: 400 }]);
    expect((await collectStream(provider())).error).toMatchObject({ kind: "client", status: 400 });
  });

  it("refuses to run without a key, before any request", async () => {
    const { error } = await collectStream(createAnthropicProvider({ baseURL: server.baseURL }));
    expect(error).toMatchObject({ kind: "config" });
    expect(server.requests).toHaveLength(0);
  });

  it("closes the connection when the signal aborts mid-stream", async () => {
    server.setReplies([{ type: "stream", chunks: ["one ", "two ", "three"], delayMs: 200 }]);
    const controller = new AbortController();
    let abortedAt = 0;
    try {
      for await (const chunk of provider().stream(sampleRequest(), controller.signal)) {
        if (chunk.type === "text" && !abortedAt) {
          abortedAt = performance.now();
          controller.abort();
        }
      }
    } catch {
      // Aborting may surface as an error or as the end of the stream.
    }
    const closed = await server.waitForClose(1);
    expect(closed.closedEarly).toBe(true);
    expect(closed.closedAt! - abortedAt).toBeLessThan(1000);
  });
});
