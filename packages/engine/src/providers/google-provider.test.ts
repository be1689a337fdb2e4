import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeLlmServer, startFakeLlmServer } from "../testing/fake-llm-server";
import { collectStream, sampleRequest, tinyPng } from "../testing/provider-test-kit";
import { createGoogleProvider } from "./google-provider";

let server: FakeLlmServer;
beforeEach(async () => {
  server = await startFakeLlmServer("google");
});
afterEach(async () => {
  await server.close();
});

const provider = () =>
  createGoogleProvider({ baseURL: server.baseURL, apiKey: "g-test", model: "gemini-test" });

describe("google provider (streamGenerateContent?alt=sse)", () => {
  it("streams candidate parts and reports usageMetadata", async () => {
    server.setReplies([
      {
        type: "stream",
        chunks: ["แพ็กเกจ Pro ", "ราคา 2,490 บาท"],
        usage: { input: 25, output: 6 },
      },
    ]);
    const result = await collectStream(provider());
    expect(result.error).toBeUndefined();
    expect(result.text).toBe("แพ็กเกจ Pro ราคา 2,490 บาท");
    expect(result.usage).toEqual({ inputTokens: 25, outputTokens: 6 });
  });

  it("calls the model's streaming endpoint with the key, system instruction and inline image", async () => {
    await collectStream(
      provider(),
      sampleRequest({ image: { bytes: tinyPng, mediaType: "image/png" } }),
    );
    const [request] = server.requests;
    expect(request?.url).toBe("/v1beta/models/gemini-test:streamGenerateContent?alt=sse");
    expect(request?.headers["x-goog-api-key"]).toBe("g-test");
    const body = request?.body as {
      systemInstruction: { parts: { text: string }[] };
      contents: { role: string; parts: unknown[] }[];
    };
    expect(body.systemInstruction.parts[0]?.text).toBe("You are a helpful assistant.");
    expect(body.contents.map((content) => content.role)).toEqual(["user", "model", "user"]);
    expect(body.contents.at(-1)?.parts).toEqual([
      { inlineData: { mimeType: "image/png", data: Buffer.from(tinyPng).toString("base64") } },
      { text: "How much is the Pro plan?" },
    ]);
  });

  it("reports 429 (with Retry-After), 500 and 403 as typed errors", async () => {
    server.setReplies([{ type: "error", status: 429, headers: { "retry-after": "1" } }]);
    expect((await collectStream(provider())).error).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 1000,
    });
    server.setReplies([{ type: "error", status: 500 }]);
    expect((await collectStream(provider())).error).toMatchObject({ kind: "server", status: 500 });
    server.setReplies([{ type: "error", status: 403 }]);
    expect((await collectStream(provider())).error).toMatchObject({ kind: "auth", status: 403 });
  });

  it("reports a wrong key (Gemini's 400 API_KEY_INVALID) as auth, not a bad request", async () => {
    server.setValidKeys(["another-key"]);
    expect((await collectStream(provider())).error).toMatchObject({ kind: "auth", status: 400 });
  });

  it("refuses to run without a key, before any request", async () => {
    const { error } = await collectStream(createGoogleProvider({ baseURL: server.baseURL }));
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
