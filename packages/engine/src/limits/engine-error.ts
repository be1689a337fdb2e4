/** What can be wrong with a chat message before any provider is called. */
export const engineErrorCodes = [
  /** Neither text nor image. */
  "MESSAGE_EMPTY",
  /** More than `chatLimits.messageMaxChars`. */
  "MESSAGE_TOO_LONG",
  /** Not a base64 data URL. */
  "IMAGE_INVALID",
  /** More than `chatLimits.imageMaxBytes` once decoded. */
  "IMAGE_TOO_LARGE",
  /** Not PNG, JPEG, WebP or GIF by its bytes (SVG included: it can carry script). */
  "IMAGE_UNSUPPORTED_TYPE",
  /** The persona does not parse with `PersonaSchema`. */
  "PERSONA_INVALID",
] as const;
export type EngineErrorCode = (typeof engineErrorCodes)[number];

/**
 * How the API should answer each code: the status and the `ErrorCode` of packages/contracts
 * (kept as plain strings so the engine does not depend on contracts).
 */
export const engineErrorHttp: Record<EngineErrorCode, { status: number; apiCode: string }> = {
  MESSAGE_EMPTY: { status: 400, apiCode: "VALIDATION_FAILED" },
  MESSAGE_TOO_LONG: { status: 400, apiCode: "VALIDATION_FAILED" },
  IMAGE_INVALID: { status: 400, apiCode: "VALIDATION_FAILED" },
  IMAGE_TOO_LARGE: { status: 413, apiCode: "PAYLOAD_TOO_LARGE" },
  IMAGE_UNSUPPORTED_TYPE: { status: 415, apiCode: "UNSUPPORTED_MEDIA_TYPE" },
  PERSONA_INVALID: { status: 400, apiCode: "VALIDATION_FAILED" },
};

/** A chat message the engine refuses, with a code the API maps to a status and a message. */
export class EngineError extends Error {
  override readonly name = "EngineError";
  readonly code: EngineErrorCode;

  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
