/**
 * A provider's own words for a failure, from its error body (OpenAI, Anthropic, Gemini and
 * Ollama shapes: `{ error: "…" }` or `{ error: { message: "…" } }`), else the body, cut short.
 */
export function providerErrorMessage(text: string): string {
  let message: unknown;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    message =
      typeof body.error === "string"
        ? body.error
        : (body.error as { message?: unknown } | undefined)?.message;
  } catch {
    message = undefined;
  }
  return (typeof message === "string" ? message : text).slice(0, 300);
}
