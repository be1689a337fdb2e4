import type { Env } from "../../env";

/**
 * Where knowledge embeddings come from (hybrid retrieval, docs/decisions/0011): the bot
 * providers that offer them, with the server's own keys and base URLs (the same settings their
 * chat uses), and optionally a local Ollama for every other bot.
 */
export type EmbeddingsConfig = {
  providers: {
    openai?: { apiKey?: string; baseUrl?: string };
    google?: { apiKey?: string; baseUrl?: string };
  };
  /** EMBEDDINGS_OLLAMA_URL and EMBEDDINGS_OLLAMA_MODEL. */
  ollama?: { baseUrl: string; model: string };
};

type EmbeddingsEnv = Pick<
  Env,
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "GOOGLE_API_KEY"
  | "GOOGLE_BASE_URL"
  | "EMBEDDINGS_OLLAMA_URL"
  | "EMBEDDINGS_OLLAMA_MODEL"
>;

export function createEmbeddingsConfig(env: EmbeddingsEnv): EmbeddingsConfig {
  return {
    providers: {
      openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL },
      google: { apiKey: env.GOOGLE_API_KEY, baseUrl: env.GOOGLE_BASE_URL },
    },
    ...(env.EMBEDDINGS_OLLAMA_URL && env.EMBEDDINGS_OLLAMA_MODEL
      ? { ollama: { baseUrl: env.EMBEDDINGS_OLLAMA_URL, model: env.EMBEDDINGS_OLLAMA_MODEL } }
      : {}),
  };
}
