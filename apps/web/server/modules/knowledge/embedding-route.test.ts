import { ProviderError } from "@jai/engine";
import { describe, expect, it } from "vitest";
import { createEmbeddingBackoff } from "./embedding-backoff";
import { resolveEmbeddingRoute } from "./embedding-route";
import type { EmbeddingsConfig } from "./embeddings-config";

const ollama = { baseUrl: "http://127.0.0.1:11434", model: "bge-m3" };

describe("resolveEmbeddingRoute", () => {
  const config: EmbeddingsConfig = {
    providers: { openai: { apiKey: "server-openai" }, google: {} },
  };

  it("uses the bot's provider with the owner's key, else the server's", () => {
    const owner = resolveEmbeddingRoute(config, "openai", "owner-key");
    const server = resolveEmbeddingRoute(config, "openai", undefined);
    expect(owner?.model).toBe("openai:text-embedding-3-small");
    expect(server?.model).toBe(owner?.model);
    // One model, two credentials: each rests on its own after a failure.
    expect(owner?.backoffKey).not.toBe(server?.backoffKey);
    expect(owner?.backoffKey).not.toContain("owner-key");
  });

  it("has none for a provider without embeddings or a key, unless the server runs Ollama", () => {
    expect(resolveEmbeddingRoute(config, "anthropic", undefined)).toBeUndefined();
    expect(resolveEmbeddingRoute(config, "local", undefined)).toBeUndefined();
    expect(resolveEmbeddingRoute(config, "google", undefined)).toBeUndefined();
    expect(resolveEmbeddingRoute(config, "google", "owner-key")?.model).toBe(
      "google:gemini-embedding-001",
    );
    const withOllama = { ...config, ollama };
    expect(resolveEmbeddingRoute(withOllama, "anthropic", undefined)?.model).toBe("ollama:bge-m3");
    expect(resolveEmbeddingRoute(withOllama, "google", undefined)?.model).toBe("ollama:bge-m3");
    expect(resolveEmbeddingRoute(withOllama, "openai", undefined)?.model).toBe(
      "openai:text-embedding-3-small",
    );
  });

  it("needs no key for an OpenAI-compatible server at another address", () => {
    const local: EmbeddingsConfig = {
      providers: { openai: { baseUrl: "http://localhost:11434/v1" } },
    };
    expect(resolveEmbeddingRoute(local, "openai", undefined)?.embedder.key).toBe(
      "openai:text-embedding-3-small@http://localhost:11434/v1",
    );
  });
});

describe("embedding back-off", () => {
  it("rests a refused key for long, a down server briefly, a 429 as long as it asks", () => {
    let now = 0;
    const backoff = createEmbeddingBackoff({ now: () => now });
    expect(backoff.fail("a", new ProviderError("auth", "no"))).toEqual({
      waitMs: 15 * 60_000,
      isFirst: true,
    });
    expect(backoff.fail("a", new ProviderError("auth", "no")).waitMs).toBe(30 * 60_000);
    expect(backoff.fail("b", new ProviderError("network", "down")).waitMs).toBe(30_000);
    expect(
      backoff.fail("c", new ProviderError("rate_limited", "slow", { retryAfterMs: 7_000 })).waitMs,
    ).toBe(7_000);
    now = 10_000;
    expect(backoff.remainingMs("c")).toBe(0);
    expect(backoff.remainingMs("b")).toBe(20_000);
    backoff.succeed("a");
    expect(backoff.remainingMs("a")).toBe(0);
    expect(backoff.fail("a", new ProviderError("quota", "used up")).isFirst).toBe(true);
  });

  it("caps the wait", () => {
    const backoff = createEmbeddingBackoff({ now: () => 0 });
    let wait = 0;
    for (let i = 0; i < 20; i++) wait = backoff.fail("a", new ProviderError("server", "x")).waitMs;
    expect(wait).toBe(30 * 60_000);
  });
});
