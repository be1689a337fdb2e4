import { createHash } from "node:crypto";
import { avatarLimits } from "@jai/contracts/avatar-limits";
import sharp, { type OutputInfo } from "sharp";
import { AppError } from "../../http/errors";

export type ProcessedAvatar = {
  data: Uint8Array;
  mimeType: "image/webp";
  width: number;
  height: number;
  byteSize: number;
  sha256: string;
};

const acceptedFormats = new Set(["png", "jpeg", "webp"]);

/**
 * Checks an uploaded avatar by its bytes (never by its name or claimed type) and turns it into
 * the stored form: turned upright by its EXIF orientation, cropped to a centred square of
 * `avatarLimits.outputSize`, re-encoded as WebP without any metadata (no location, no camera).
 * Throws AppError PAYLOAD_TOO_LARGE (file or pixel count too large) or UNSUPPORTED_MEDIA_TYPE
 * (not a PNG, JPEG or WebP image, or not an image at all).
 */
export async function processAvatarImage(bytes: Uint8Array): Promise<ProcessedAvatar> {
  if (bytes.byteLength > avatarLimits.maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", { fields: { file: "tooLarge" } });
  }
  const options = { limitInputPixels: avatarLimits.maxInputPixels, failOn: "error" } as const;
  let format: string | undefined;
  let pixels = 0;
  try {
    // The header only: the pixel limit is checked below, with its own message.
    const metadata = await sharp(bytes).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch (error) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", { fields: { file: "type" }, cause: error });
  }
  if (!format || !acceptedFormats.has(format)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", { fields: { file: "type" } });
  }
  if (pixels > avatarLimits.maxInputPixels) {
    throw new AppError("PAYLOAD_TOO_LARGE", { fields: { file: "tooManyPixels" } });
  }
  const side = avatarLimits.outputSize;
  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(bytes, options)
      .rotate()
      .resize(side, side, { fit: "cover", position: "attention" })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    // Truncated or corrupt data behind a valid header.
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", { fields: { file: "corrupt" }, cause: error });
  }
  const data = new Uint8Array(output.data);
  return {
    data,
    mimeType: "image/webp",
    width: output.info.width,
    height: output.info.height,
    byteSize: data.byteLength,
    sha256: createHash("sha256").update(data).digest("hex"),
  };
}
