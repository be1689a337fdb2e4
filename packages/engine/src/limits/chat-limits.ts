const imageMaxBytes = 5 * 1024 * 1024;

/** The limits of one chat message (the API enforces them with the helpers of this folder). */
export const chatLimits = {
  /** Characters of text, in UTF-16 code units after trimming (what a textarea's maxLength counts). */
  messageMaxChars: 4000,
  /** An attached image, decoded. */
  imageMaxBytes,
  /**
   * A chat request body that can hold the largest valid message: the image as a base64 data URL
   * (4/3 of its bytes), 4,000 characters at up to 6 bytes each once JSON-escaped, and room for
   * the other fields. Give it to the HTTP layer's body limit.
   */
  requestBodyMaxBytes: Math.ceil((imageMaxBytes * 4) / 3) + 4000 * 6 + 64 * 1024,
  /** Messages of history a model sees (the seed's 10). */
  historyMessages: 10,
} as const;
