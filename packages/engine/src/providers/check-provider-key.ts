import { anthropicDefaults } from "./anthropic-provider";
import { googleDefaults } from "./google-provider";
import { openaiDefaults } from "./openai-provider";
import type { ProviderErrorKind, ProviderSettings } from "./provider";
import { providerErrorMessage } from "./provider-error-message";
import { httpErrorKind } from "./stream-language-model";

export type ProviderKeyCheck =
  | { ok: true }
  | { ok: false; kind: ProviderErrorKind; message: string };

/** How long a key check waits for the provider's answer. */
export const providerKeyCheckTimeoutMs = 10_000;

/**
 * Whether a provider accepts a key, before an owner saves it: one free call that needs the key
 * and uses no tokens nor any model, the list of models (`GET {baseURL}/models`: OpenAI and every
 * OpenAI-compatible server, Anthropic with its version header, Gemini with `x-goog-api-key` so
 * the key stays out of the URL). Same base URLs, headers and "key required" rules as the
 * providers. `auth`: the key was refused; `quota`: its quota or credit is used up; `config`: no
 * key where one is needed, or an unknown provider; `network`, `timeout`, `server`,
 * `rate_limited`: the provider could not answer now. The local provider needs no check.
 *
 * A used-up quota shows here only where the provider refuses even the list (most refuse only
 * generation): the first failing turn reports it otherwise. Messages never contain the key.
 * An abort of `signal` rejects with its reason.
 */
export async function checkProviderKey(
  kind: string,
  settings: ProviderSettings,
  signal?: AbortSignal,
  options: { timeoutMs?: number } = {},
): Promise<ProviderKeyCheck> {
  const timeoutMs = options.timeoutMs ?? providerKeyCheckTimeoutMs;
  if (kind === "local") return { ok: true };
  const request = keyCheckRequest(kind, settings);
  if ("error" in request) return { ok: false, kind: "config", message: request.error };
  signal?.throwIfAborted();
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const where = `${request.label} (${new URL(request.url).origin})`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, { headers: request.headers, signal: combined });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) {
      const message = `${where} did not answer within ${timeoutMs / 1000} s`;
      return { ok: false, kind: "timeout", message };
    }
    return {
      ok: false,
      kind: "network",
      message: `${where} could not be reached: ${describe(error)}`,
    };
  }
  if (response.ok) return { ok: true };
  return {
    ok: false,
    kind: httpErrorKind(response.status, text),
    message: `${where} answered HTTP ${response.status}: ${errorMessageOf(text, settings.apiKey)}`,
  };
}

type KeyCheckRequest =
  | { url: string; headers: Record<string, string>; label: string }
  | { error: string };

function keyCheckRequest(kind: string, settings: ProviderSettings): KeyCheckRequest {
  const key = settings.apiKey ?? "";
  const extra = settings.headers ?? {};
  const models = (baseURL: string) => `${baseURL.replace(/\/+$/, "")}/models`;
  if (kind === "openai") {
    const baseURL = settings.baseURL ?? openaiDefaults.baseURL;
    // Local servers (Ollama, vLLM …) usually need no key; OpenAI itself does.
    if (!key && baseURL === openaiDefaults.baseURL)
      return { error: "No API key configured for OpenAI" };
    return {
      url: models(baseURL),
      headers: { ...extra, ...(key ? { authorization: `Bearer ${key}` } : {}) },
      label: "OpenAI",
    };
  }
  if (kind === "anthropic") {
    if (!key) return { error: "No API key configured for Anthropic" };
    return {
      url: models(settings.baseURL ?? anthropicDefaults.baseURL),
      headers: { ...extra, "x-api-key": key, "anthropic-version": "2023-06-01" },
      label: "Anthropic",
    };
  }
  if (kind === "google") {
    if (!key) return { error: "No API key configured for Google" };
    return {
      url: models(settings.baseURL ?? googleDefaults.baseURL),
      headers: { ...extra, "x-goog-api-key": key },
      label: "Google",
    };
  }
  return { error: `Unknown provider "${kind}"` };
}

/** The API's own words (OpenAI, Anthropic and Gemini bodies), cut short, the key blanked out. */
function errorMessageOf(text: string, key: string | undefined): string {
  const words = providerErrorMessage(text);
  return key ? words.replaceAll(key, "[key]") : words;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === "string") return cause.code;
  return error instanceof Error ? error.message : String(error);
}
