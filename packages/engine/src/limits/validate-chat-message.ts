import { stripUnsafeText } from "@jai/contracts/text";
import { chatLimits } from "./chat-limits";
import { EngineError } from "./engine-error";
import { type ParsedImage, parseImageDataUrl } from "./parse-image-data-url";

export type ChatMessageInput = {
  /** The typed text (may be empty when an image is attached). */
  text?: string | null;
  /** A data URL as the chat page sends it, or an image already parsed. */
  image?: string | ParsedImage | null;
};

export type ValidChatMessage = { text: string; image: ParsedImage | null };

/**
 * Checks a chat message against `chatLimits` before anything is stored or sent: text trimmed and
 * at most 4,000 characters, an optional image that is really a PNG / JPEG / WebP / GIF of at most
 * 5 MB, and not both missing. Control characters and lone surrogates are removed from the text
 * (the contracts' text rule: a NUL would fail the insert; a visitor's paste should not). Throws `EngineError` (see `engineErrorHttp` for the status).
 */
export function validateChatMessage(input: ChatMessageInput): ValidChatMessage {
  const text = stripUnsafeText(input.text ?? "").trim();
  if (text.length > chatLimits.messageMaxChars) {
    throw new EngineError(
      "MESSAGE_TOO_LONG",
      `The message is longer than ${chatLimits.messageMaxChars} characters`,
    );
  }
  const image =
    typeof input.image === "string"
      ? parseImageDataUrl(input.image)
      : input.image
        ? checkParsed(input.image)
        : null;
  if (!text && !image)
    throw new EngineError("MESSAGE_EMPTY", "The message has no text and no image");
  return { text, image };
}

function checkParsed(image: ParsedImage): ParsedImage {
  if (image.bytes.byteLength > chatLimits.imageMaxBytes) {
    throw new EngineError(
      "IMAGE_TOO_LARGE",
      `The image is larger than ${chatLimits.imageMaxBytes} bytes`,
    );
  }
  return image;
}
