import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../providers/provider";
import {
  type FakeEmbeddingApi,
  type FakeEmbeddingServer,
  startFakeEmbeddingServer,
} from "../testing/fake-embedding-server";
import { createEmbedder, embeddingSupport } from "./create-embedder";
import { embeddingBatchSize } from "./embedder";
import { rankByVector } from "./rank-by-vector";

let server: FakeEmbeddingServer;
beforeEach(async () => {
  server = await startFakeEmbeddingServer({ apiKey: "good-key" });
});
afterEach(async () => {
  await server.close();
});

const embedder = (api: FakeEmbeddingApi, settings: { apiKey?: string; timeoutMs?: number } = {}) =>
  createEmbedder(api, {
    baseUrl: server.baseUrls[api],
    apiKey: "apiKey" in settings ? settings.apiKey : "good-key",
    timeoutMs: settings.timeoutMs,
  });

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const length = (vector: Float32Array) => Math.hypot(...vector);

describe("embedding clients against the documented APIs", () => {
  it("OpenAI: POST /embeddings with the bearer key, { model, input: [...] }, vectors in order", async () => {
    const vectors = await embedder("openai").embed(["ร้านเปิดกี่โมง", "delivery fee"]);
    const [request] = server.requests;
    expect(request?.url).toBe("/v1/embeddings");
    expect(request?.headers.authorization).toBe("Bearer good-key");
    expect(request?.body).toEqual({
      model: "text-embedding-3-small",
      input: ["ร้านเปิดกี่โมง", "delivery fee"],
      encoding_format: "float",
    });
    expect(vectors).toHaveLength(2);
    expect(Array.from(vectors[1]!)).toEqual(Array.from(server.vectorOf("delivery fee")));
  });

  it("Gemini: batchEmbedContents with x-goog-api-key (no key in the URL), task types, normalised", async () => {
    const client = createEmbedder("google", {
      baseUrl: server.baseUrls.google,
      apiKey: "good-key",
    });
    const [passage] = await client.embed(["ส่งฟรีเมื่อซื้อครบ 500 บาท"]);
    await client.embed(["shipping price?"], undefined, { purpose: "query" });
    const [first, second] = server.requests;
    expect(first?.url).toBe("/v1beta/models/gemini-embedding-001:batchEmbedContents");
    expect(first?.headers["x-goog-api-key"]).toBe("good-key");
    expect(first?.body).toEqual({
      requests: [
        {
          model: "models/gemini-embedding-001",
          content: { parts: [{ text: "ส่งฟรีเมื่อซื้อครบ 500 บาท" }] },
          taskType: "RETRIEVAL_DOCUMENT",
          outputDimensionality: 768,
        },
      ],
    });
    expect(second?.body).toMatchObject({ requests: [{ taskType: "RETRIEVAL_QUERY" }] });
    // The fake scales Gemini's shortened vectors, as the real API leaves them unnormalised.
    expect(passage).toHaveLength(768);
    expect(length(passage!)).toBeCloseTo(1, 5);
  });

  it("Ollama: POST /api/embed { model, input }, no key needed", async () => {
    const vectors = await createEmbedder("ollama", { baseUrl: server.baseUrls.ollama }).embed([
      "hello",
    ]);
    expect(server.requests[0]?.url).toBe("/api/embed");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.body).toEqual({
      model: "nomic-embed-text",
      input: ["hello"],
      truncate: true,
    });
    expect(length(vectors[0]!)).toBeCloseTo(1, 5);
  });

  it("sends batches of at most 96 texts, one after another, and keeps the order", async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `passage number ${i}`);
    const vectors = await embedder("openai").embed(texts);
    expect(server.requests.map((request) => request.texts.length)).toEqual([
      embeddingBatchSize,
      embeddingBatchSize,
      200 - 2 * embeddingBatchSize,
    ]);
    expect(Array.from(vectors[150]!)).toEqual(Array.from(server.vectorOf("passage number 150")));
  });

  it("embeds nothing for no texts", async () => {
    expect(await embedder("openai").embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it.each<FakeEmbeddingApi>(["openai", "google"])(
    "%s: a wrong key is an auth failure (the API's own error body)",
    async (api) => {
      const error = await failure(embedder(api, { apiKey: "wrong-key" }).embed(["x"]));
      expect(error.kind).toBe("auth");
      expect(error.status).toBe(api === "openai" ? 401 : 400);
      expect(error.message).toMatch(api === "openai" ? /Incorrect API key/ : /API key not valid/);
      expect(error.isRetryable).toBe(false);
    },
  );

  it("Ollama behind a proxy that wants a bearer key: a wrong one is an auth failure", async () => {
    await server.close();
    server = await startFakeEmbeddingServer({ ollamaApiKey: "proxy-key" });
    const error = await failure(
      createEmbedder("ollama", { baseUrl: server.baseUrls.ollama, apiKey: "nope" }).embed(["x"]),
    );
    expect(error).toMatchObject({ kind: "auth", status: 401 });
  });

  it("no key for OpenAI itself or for Gemini is a config failure, without a request", async () => {
    expect((await failure(createEmbedder("openai").embed(["x"]))).kind).toBe("config");
    expect((await failure(createEmbedder("google").embed(["x"]))).kind).toBe("config");
  });

  it.each<FakeEmbeddingApi>(["openai", "google", "ollama"])(
    "%s: 429 is rate_limited with Retry-After; 500 is server",
    async (api) => {
      server.setReplies([
        { type: "error", status: 429, headers: { "retry-after": "7" } },
        { type: "error", status: 500 },
      ]);
      const limited = await failure(embedder(api).embed(["x"]));
      expect(limited).toMatchObject({ kind: "rate_limited", status: 429, retryAfterMs: 7_000 });
      expect(limited.isRetryable).toBe(true);
      const broken = await failure(embedder(api).embed(["x"]));
      expect(broken).toMatchObject({ kind: "server", status: 500 });
    },
  );

  it("a 429 that says the quota is used up is quota, not worth a retry", async () => {
    server.setReplies([{ type: "error", status: 429, isQuota: true }]);
    expect((await failure(embedder("openai").embed(["x"]))).kind).toBe("quota");
    expect((await failure(embedder("google").embed(["x"]))).kind).toBe("quota");
  });

  it("a server that does not answer in time is a timeout", async () => {
    server.setReplies([{ type: "hang" }]);
    const startedAt = performance.now();
    const error = await failure(embedder("openai", { timeoutMs: 200 }).embed(["x"]));
    expect(error.kind).toBe("timeout");
    expect(performance.now() - startedAt).toBeLessThan(2_000);
  });

  it("the caller's abort rejects with its reason, not as a provider failure", async () => {
    server.setReplies([{ type: "hang" }]);
    const controller = new AbortController();
    const pending = embedder("google").embed(["x"], controller.signal);
    setTimeout(() => controller.abort(new Error("visitor left")), 50);
    await expect(pending).rejects.toThrow("visitor left");
  });

  it("a server that is not there is a network failure", async () => {
    const baseUrl = server.baseUrls.ollama;
    await server.close();
    const error = await failure(createEmbedder("ollama", { baseUrl }).embed(["x"]));
    expect(error.kind).toBe("network");
    server = await startFakeEmbeddingServer();
  });

  it.each<FakeEmbeddingApi>(["openai", "google", "ollama"])(
    "%s: an answer with a vector missing is invalid_response",
    async (api) => {
      server.setReplies([{ type: "malformed" }]);
      expect((await failure(embedder(api).embed(["x", "y"]))).kind).toBe("invalid_response");
    },
  );

  it("a path the API does not have is a client failure (not retried)", async () => {
    const error = await failure(
      createEmbedder("openai", { baseUrl: `${server.baseUrls.ollama}/nowhere` }).embed(["x"]),
    );
    expect(error).toMatchObject({ kind: "client", status: 404 });
  });

  it("keys identify endpoint and model, never the secret", () => {
    const client = embedder("openai");
    expect(client.key).toBe(`openai:text-embedding-3-small@${server.baseUrls.openai}`);
    expect(client.key).not.toContain("good-key");
    expect(client.model).toBe("text-embedding-3-small");
  });
});

describe("embeddingSupport", () => {
  it("names the bot providers that offer embeddings", () => {
    expect(embeddingSupport("openai")).toBe("openai");
    expect(embeddingSupport("google")).toBe("google");
    expect(embeddingSupport("anthropic")).toBeUndefined();
    expect(embeddingSupport("local")).toBeUndefined();
  });
});

describe("the fake's vectors carry meaning", () => {
  it("ranks an English passage first for a Thai question about the same thing", async () => {
    const client = embedder("openai");
    const passages = [
      { id: "hours", text: "We open at 9 am and close at 6 pm every day." },
      { id: "delivery", text: "Delivery is free for orders over 500 baht." },
      { id: "refund", text: "A refund takes up to 14 days after we receive the item." },
    ];
    const vectors = await client.embed(passages.map((passage) => passage.text));
    const [question] = await client.embed(["ค่าส่งเท่าไหร่"], undefined, { purpose: "query" });
    const ranking = rankByVector(
      question!,
      passages.map((passage, i) => ({ id: passage.id, vector: vectors[i]! })),
    );
    expect(ranking[0]).toBe("delivery");
  });
});
