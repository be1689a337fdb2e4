import { chatLimits } from "./chat-limits";
import { EngineError } from "./engine-error";

export type ImageMediaType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

/** A validated image: its bytes and the type they really are. */
export type ParsedImage = { bytes: Uint8Array; mediaType: ImageMediaType };

/**
 * Reads an attached image sent as a `data:<type>;base64,<data>` URL and checks it is a real
 * PNG, JPEG, WebP or GIF of at most `maxBytes`. The bytes decide the type (the declared type is
 * only trusted to reject SVG early): SVG is refused because it is a document that can carry
 * script, not a picture a model reads. The size is checked from the base64 length before
 * decoding, so an oversized upload costs no memory.
 */
export function parseImageDataUrl(
  dataUrl: string,
  maxBytes: number = chatLimits.imageMaxBytes,
): ParsedImage {
  const match = /^data:([^,;]*)((?:;[^,;]*)*),/.exec(dataUrl.slice(0, 256));
  if (!match) throw new EngineError("IMAGE_INVALID", "The image is not a data URL");
  const declared = (match[1] ?? "").trim().toLowerCase();
  if (!match[2]?.split(";").includes("base64")) {
    throw new EngineError("IMAGE_INVALID", "The image data URL is not base64");
  }
  if (declared === "image/svg+xml") {
    throw new EngineError("IMAGE_UNSUPPORTED_TYPE", "SVG images are not accepted");
  }
  const payload = dataUrl.slice(match[0].length);
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  if (Math.floor((payload.length * 3) / 4) - padding > maxBytes) {
    throw new EngineError("IMAGE_TOO_LARGE", `The image is larger than ${maxBytes} bytes`);
  }
  if (payload.length === 0 || payload.length % 4 !== 0 || !base64.test(payload)) {
    throw new EngineError("IMAGE_INVALID", "The image data is not valid base64");
  }
  const bytes = Buffer.from(payload, "base64");
  const mediaType = sniffImageType(bytes);
  if (!mediaType) {
    throw new EngineError("IMAGE_UNSUPPORTED_TYPE", "The image is not a PNG, JPEG, WebP or GIF");
  }
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), mediaType };
}

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The image type by its first bytes (magic numbers), or undefined. */
export function sniffImageType(bytes: Uint8Array): ImageMediaType | undefined {
  const startsWith = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (
    startsWith([0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return "image/gif";
  }
  // RIFF....WEBP
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp";
  return undefined;
}
