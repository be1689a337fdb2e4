import { ProviderError } from "@jai/engine";
import { describeError } from "../../logger";
import { redactSecrets } from "../conversations/redact-secrets";

/** An embedding failure as log fields: its kind, status and the API's words, keys redacted. */
export function describeEmbeddingFailure(
  error: unknown,
  secrets: readonly (string | undefined)[],
): Record<string, unknown> {
  if (!(error instanceof ProviderError)) return describeError(error);
  return {
    kind: error.kind,
    ...(error.status ? { status: error.status } : {}),
    error: redactSecrets(error.message, secrets),
  };
}
