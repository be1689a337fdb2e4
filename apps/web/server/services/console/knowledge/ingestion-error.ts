import type { KnowledgeErrorCode } from "@jai/contracts/console";

/**
 * A source that can never be ingested as it is (a scanned PDF, a corrupt file, too much text):
 * it fails at once with `code`, which the console puts in words. Any other error is retried.
 */
export class IngestionError extends Error {
  override name = "IngestionError";
  constructor(
    readonly code: Exclude<KnowledgeErrorCode, "internal">,
    options?: { cause?: unknown },
  ) {
    super(code, options);
  }
}
