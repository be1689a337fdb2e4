import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../../env";
import { createEmbeddingsConfig } from "./embeddings-config";

describe("createEmbeddingsConfig", () => {
  it("takes the chat providers' keys and base URLs, and Ollama when both variables are set", () => {
    const config = createEmbeddingsConfig(
      parseEnv({
        OPENAI_API_KEY: "sk-server",
        GOOGLE_BASE_URL: "http://127.0.0.1:9/v1beta/",
        EMBEDDINGS_OLLAMA_URL: "http://127.0.0.1:11434/",
        EMBEDDINGS_OLLAMA_MODEL: "bge-m3",
      }),
    );
    expect(config).toEqual({
      providers: {
        openai: { apiKey: "sk-server", baseUrl: undefined },
        google: { apiKey: undefined, baseUrl: "http://127.0.0.1:9/v1beta" },
      },
      ollama: { baseUrl: "http://127.0.0.1:11434", model: "bge-m3" },
    });
    expect(createEmbeddingsConfig(parseEnv({})).ollama).toBeUndefined();
  });

  it("refuses an Ollama URL without a model (and the reverse) at boot", () => {
    expect(() => parseEnv({ EMBEDDINGS_OLLAMA_URL: "http://127.0.0.1:11434" })).toThrowError(
      /EMBEDDINGS_OLLAMA_MODEL: set EMBEDDINGS_OLLAMA_URL and EMBEDDINGS_OLLAMA_MODEL together/,
    );
    expect(() => parseEnv({ EMBEDDINGS_OLLAMA_MODEL: "bge-m3" })).toThrowError(EnvError);
  });
});
