import { describe, expect, it } from "vitest";
import { tinyPng } from "../testing/provider-test-kit";
import { chatLimits } from "./chat-limits";
import { EngineError, engineErrorCodes, engineErrorHttp } from "./engine-error";
import { validateChatMessage } from "./validate-chat-message";

const png = `data:image/png;base64,${Buffer.from(tinyPng).toString("base64")}`;

describe("validateChatMessage", () => {
  it("accepts text up to 4,000 characters, trimmed", () => {
    expect(validateChatMessage({ text: "  สวัสดี  " })).toEqual({ text: "สวัสดี", image: null });
    expect(validateChatMessage({ text: "ก".repeat(4000) }).text).toHaveLength(4000);
    expect(validateChatMessage({ text: ` ${"a".repeat(4000)} ` }).text).toHaveLength(4000);
  });

  it("refuses 4,001 characters", () => {
    expect(() => validateChatMessage({ text: "a".repeat(4001) })).toThrowError(
      expect.objectContaining({ code: "MESSAGE_TOO_LONG" }),
    );
  });

  it("accepts an image alone and refuses a message with neither text nor image", () => {
    expect(validateChatMessage({ text: "", image: png }).image?.mediaType).toBe("image/png");
    expect(() => validateChatMessage({ text: "   " })).toThrow(EngineError);
    expect(() => validateChatMessage({ text: null, image: null })).toThrowError(
      expect.objectContaining({ code: "MESSAGE_EMPTY" }),
    );
  });

  it("checks an already parsed image's size again", () => {
    const huge = {
      bytes: new Uint8Array(chatLimits.imageMaxBytes + 1),
      mediaType: "image/png" as const,
    };
    expect(() => validateChatMessage({ text: "hi", image: huge })).toThrowError(
      expect.objectContaining({ code: "IMAGE_TOO_LARGE" }),
    );
  });

  it("maps every error code to an HTTP status", () => {
    for (const code of engineErrorCodes)
      expect(engineErrorHttp[code].status).toBeGreaterThanOrEqual(400);
  });

  it("sizes the request body limit for the largest valid message", () => {
    const largest = JSON.stringify({
      message: "\u0000".repeat(chatLimits.messageMaxChars),
      image: `data:image/png;base64,${"A".repeat(Math.ceil((chatLimits.imageMaxBytes * 4) / 3))}`,
      botId: "00000000-0000-0000-0000-000000000000",
    });
    expect(Buffer.byteLength(largest)).toBeLessThan(chatLimits.requestBodyMaxBytes);
  });
});
