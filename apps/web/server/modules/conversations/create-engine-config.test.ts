import { chatMessageLimits } from "@jai/contracts/chat";
import { chatLimits } from "@jai/engine";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../env";
import { createEngineConfig, listSecrets } from "./create-engine-config";

describe("createEngineConfig", () => {
  it("passes keys, base URLs and timeouts from the environment to the engine", () => {
    const env = parseEnv({
      OPENAI_API_KEY: "sk-openai-key",
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1/",
      GOOGLE_API_KEY: "google-key",
      LLM_FIRST_TOKEN_TIMEOUT_MS: "5000",
      LLM_TOTAL_TIMEOUT_MS: "30000",
      LLM_MAX_RETRIES: "1",
      LLM_MAX_CONCURRENT_CALLS: "8",
      LLM_MAX_QUEUED_CALLS: "4",
      LOCAL_PROVIDER_WORD_DELAY_MS: "0",
    });
    expect(createEngineConfig(env)).toEqual({
      providers: {
        openai: { apiKey: "sk-openai-key", baseURL: "http://127.0.0.1:11434/v1" },
        anthropic: {},
        google: { apiKey: "google-key" },
      },
      local: { wordDelayMs: 0 },
      resilience: { firstTokenTimeoutMs: 5000, totalTimeoutMs: 30000, maxRetries: 1 },
      bulkhead: { maxConcurrent: 8, maxQueued: 4 },
    });
    expect(listSecrets(env)).toEqual(["sk-openai-key", undefined, "google-key"]);
  });

  it("has defaults that need no key, and refuses bad values", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      LLM_FIRST_TOKEN_TIMEOUT_MS: 20_000,
      LLM_TOTAL_TIMEOUT_MS: 90_000,
      LLM_MAX_RETRIES: 2,
      LLM_MAX_CONCURRENT_CALLS: 32,
      LLM_MAX_QUEUED_CALLS: 64,
      LOCAL_PROVIDER_WORD_DELAY_MS: 20,
      CHAT_RATE_LIMIT: 20,
      CHAT_CLIENT_RATE_LIMIT: 120,
      CHAT_BOT_RATE_LIMIT: 600,
    });
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(() => parseEnv({ OPENAI_BASE_URL: "ftp://models.example" })).toThrow(/OPENAI_BASE_URL/);
    expect(() => parseEnv({ CHAT_RATE_LIMIT: "0" })).toThrow(/CHAT_RATE_LIMIT/);
  });

  it("keeps the page's limits equal to the server's", () => {
    expect(chatMessageLimits.messageMaxChars).toBe(chatLimits.messageMaxChars);
    expect(chatMessageLimits.imageMaxBytes).toBe(chatLimits.imageMaxBytes);
  });
});
