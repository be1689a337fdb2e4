import { afterEach, describe, expect, it } from "vitest";
import {
  type FakeDialect,
  type FakeLlmServer,
  startFakeLlmServer,
} from "../testing/fake-llm-server";
import { checkProviderKey, providerKeyCheckTimeoutMs } from "./check-provider-key";

let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const dialects: FakeDialect[] = ["openai", "anthropic", "google"];

describe("checkProviderKey", () => {
  it.each(dialects)(
    "%s: accepts a key the provider accepts, with one GET of its models",
    async (dialect) => {
      server = await startFakeLlmServer(dialect);
      server.setValidKeys(["right-key-0123"]);
      const result = await checkProviderKey(dialect, {
        baseURL: server.baseURL,
        apiKey: "right-key-0123",
      });
      expect(result).toEqual({ ok: true });
      expect(server.requests).toHaveLength(1);
      const [request] = server.requests;
      expect(request).toMatchObject({ method: "GET" });
      expect(request!.url).toMatch(/^\/v1(beta)?\/models$/);
      // The key travels in a header, never in the URL.
      expect(request!.url).not.toContain("right-key");
    },
  );

  it.each(dialects)(
    "%s: a wrong key is `auth`, and the message does not contain it",
    async (dialect) => {
      server = await startFakeLlmServer(dialect);
      server.setValidKeys(["right-key-0123"]);
      const result = await checkProviderKey(dialect, {
        baseURL: server.baseURL,
        apiKey: "wrong-key-4567",
      });
      expect(result).toMatchObject({ ok: false, kind: "auth" });
      expect(JSON.stringify(result)).not.toContain("wrong-key-4567");
    },
  );

  it.each(dialects)("%s: a used-up quota, a rate limit and a 5xx, as told", async (dialect) => {
    server = await startFakeLlmServer(dialect, [{ type: "error", status: 429, isQuota: true }]);
    const settings = { baseURL: server.baseURL, apiKey: "k-0123" };
    expect(await checkProviderKey(dialect, settings)).toMatchObject({ ok: false, kind: "quota" });
    server.setReplies([{ type: "error", status: 429 }]);
    expect(await checkProviderKey(dialect, settings)).toMatchObject({
      ok: false,
      kind: "rate_limited",
    });
    server.setReplies([{ type: "error", status: 503 }]);
    expect(await checkProviderKey(dialect, settings)).toMatchObject({ ok: false, kind: "server" });
  });

  it("needs a key where the provider does, without calling it", async () => {
    server = await startFakeLlmServer("anthropic");
    expect(await checkProviderKey("anthropic", { baseURL: server.baseURL })).toMatchObject({
      ok: false,
      kind: "config",
    });
    expect(await checkProviderKey("google", {})).toMatchObject({ ok: false, kind: "config" });
    expect(await checkProviderKey("openai", {})).toMatchObject({ ok: false, kind: "config" });
    expect(await checkProviderKey("mistral", { apiKey: "k" })).toMatchObject({
      ok: false,
      kind: "config",
    });
    expect(server.requests).toHaveLength(0);
    // The built-in provider has nothing to check.
    expect(await checkProviderKey("local", {})).toEqual({ ok: true });
  });

  it("lets an OpenAI-compatible server other than OpenAI go without a key", async () => {
    server = await startFakeLlmServer("openai");
    expect(await checkProviderKey("openai", { baseURL: server.baseURL })).toEqual({ ok: true });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("says a provider nobody listens at could not be reached", async () => {
    server = await startFakeLlmServer("openai");
    const baseURL = server.baseURL;
    await server.close();
    server = undefined;
    expect(await checkProviderKey("openai", { baseURL, apiKey: "k" })).toMatchObject({
      ok: false,
      kind: "network",
    });
  });

  it("gives up on a provider that never answers (10 s unless told)", async () => {
    server = await startFakeLlmServer("google", [{ type: "silent" }]);
    const result = await checkProviderKey(
      "google",
      { baseURL: server.baseURL, apiKey: "k" },
      undefined,
      { timeoutMs: 100 },
    );
    expect(result).toMatchObject({ ok: false, kind: "timeout" });
    expect(providerKeyCheckTimeoutMs).toBe(10_000);
  });

  it("stops when the caller aborts", async () => {
    server = await startFakeLlmServer("openai", [{ type: "silent" }]);
    const controller = new AbortController();
    const pending = checkProviderKey(
      "openai",
      { baseURL: server.baseURL, apiKey: "k" },
      controller.signal,
    );
    setTimeout(() => controller.abort(new Error("owner left")), 50);
    await expect(pending).rejects.toThrow("owner left");
  });
});
