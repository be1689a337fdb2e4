import { afterEach, describe, expect, it } from "vitest";
import { createEngine } from "../create-engine";
import { createDemoBot } from "../demo-bot-knowledge";
import type { TurnResult } from "../engine-types";
import { type FakeDialect, type FakeLlmServer, startFakeLlmServer } from "./fake-llm-server";

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function post(path: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(`${server!.baseURL.replace(/\/v1(beta)?$/, "")}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("the fake LLM server refuses what the real APIs refuse", () => {
  it.each<[FakeDialect, string, number, Record<string, string>, unknown]>([
    ["openai", "/v1/completions", 404, {}, { model: "m", messages: [{}], stream: true }],
    ["openai", "/v1/chat/completions", 400, {}, { messages: [{}], stream: true }],
    ["openai", "/v1/chat/completions", 400, {}, { model: "m", messages: [], stream: true }],
    [
      "anthropic",
      "/v1/messages",
      400,
      { "x-api-key": "k" },
      { model: "m", max_tokens: 10, messages: [{}], stream: true },
    ],
    [
      "anthropic",
      "/v1/messages",
      401,
      { "anthropic-version": "2023-06-01" },
      { model: "m", max_tokens: 10, messages: [{}], stream: true },
    ],
    [
      "anthropic",
      "/v1/messages",
      400,
      { "x-api-key": "k", "anthropic-version": "2023-06-01" },
      { model: "m", messages: [{}], stream: true },
    ],
    ["google", "/v1beta/models/g:streamGenerateContent?alt=sse", 403, {}, { contents: [{}] }],
    [
      "google",
      "/v1beta/models/g:generateContent",
      404,
      { "x-goog-api-key": "k" },
      { contents: [{}] },
    ],
  ])("%s %s → %s", async (dialect, path, status, headers, body) => {
    server = await startFakeLlmServer(dialect);
    expect((await post(path, headers, body)).status).toBe(status);
    expect(server.requests).toHaveLength(1);
  });

  it("refuses a key it was not given, as each API does", async () => {
    server = await startFakeLlmServer("openai");
    server.setValidKeys(["sk-right"]);
    const body = { model: "m", messages: [{}], stream: true };
    expect(
      (await post("/v1/chat/completions", { authorization: "Bearer sk-wrong" }, body)).status,
    ).toBe(401);
    expect(
      (
        await post(
          "/v1/chat/completions",
          { authorization: "Bearer sk-right" },
          { ...body, stream: false },
        )
      ).status,
    ).toBe(400);
    const models = await fetch(`${server.baseURL}/models`, {
      headers: { authorization: "Bearer sk-right" },
    });
    expect(models.status).toBe(200);
    expect(await models.json()).toMatchObject({ object: "list", data: [{ object: "model" }] });
  });

  it("answers a well-formed call", async () => {
    server = await startFakeLlmServer("anthropic", [{ type: "stream", chunks: ["Hi"] }]);
    const response = await fetch(`${server.baseURL}/messages`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": "k",
        "anthropic-version": "2023-06-01",
      },
      body: JSON.stringify({ model: "m", max_tokens: 10, messages: [{}], stream: true }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("text_delta");
  });
});

describe("a stream that fails in the middle", () => {
  const demo = createDemoBot("Jai");

  it.each<FakeDialect>(["openai", "anthropic", "google"])(
    "%s: the words that came are kept, the turn fails with the apology and is not retried",
    async (dialect) => {
      server = await startFakeLlmServer(dialect, [
        { type: "stream", chunks: ["One ", "two ", "three"], failAfter: 2 },
      ]);
      const engine = createEngine({
        providers: { [dialect]: { baseURL: server.baseURL, apiKey: "k", model: "m" } },
        resilience: { retryBaseDelayMs: 1 },
      });
      let result: TurnResult | undefined;
      const tokens: string[] = [];
      for await (const event of engine.streamReply({
        bot: { ...demo.bot, provider: dialect },
        persona: demo.persona,
        history: [],
        message: "Count to three",
        seed: 1,
      })) {
        if (event.type === "token") tokens.push(event.text);
        else result = event.result;
      }
      expect(tokens.join("")).toBe("One two ");
      expect(result).toMatchObject({ status: "failed", text: "One two ", attempts: 1 });
      expect(server.requests).toHaveLength(1);
    },
  );
});
