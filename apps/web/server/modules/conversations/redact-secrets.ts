/**
 * Replaces every configured secret (API keys) in a text with "[redacted]" before it is logged:
 * provider error messages may quote a request, and a request may carry a key.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    // Short values would redact ordinary words; real keys are long.
    if (secret && secret.length >= 8) result = result.split(secret).join("[redacted]");
  }
  return result;
}
