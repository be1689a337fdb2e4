import { crc32 } from "node:zlib";
import { avatarLimits } from "@jai/contracts/avatar-limits";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../http/errors";
import { processAvatarImage } from "./process-avatar-image";

const red = { r: 220, g: 30, b: 30 };
const blue = { r: 30, g: 30, b: 220 };

function solid(width: number, height: number, color = red) {
  return sharp({ create: { width, height, channels: 3, background: color } });
}

/** Left half red, right half blue: shows which way an image was turned. */
async function halves(width: number, height: number) {
  const right = await solid(width / 2, height, blue)
    .png()
    .toBuffer();
  return solid(width, height).composite([{ input: right, left: width / 2, top: 0 }]);
}

async function pixelAt(webp: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset] ?? 0, g: data[offset + 1] ?? 0, b: data[offset + 2] ?? 0 };
}

/** The PNG with other dimensions in its IHDR chunk (and the chunk's CRC fixed). */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

async function rejection(bytes: Uint8Array): Promise<AppError> {
  const error = await processAvatarImage(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("processAvatarImage", () => {
  it("turns a PNG into a 256×256 WebP with its hash", async () => {
    const png = await solid(640, 480).png().toBuffer();
    const avatar = await processAvatarImage(png);
    expect(avatar.mimeType).toBe("image/webp");
    expect([avatar.width, avatar.height]).toEqual([256, 256]);
    expect(avatar.byteSize).toBe(avatar.data.byteLength);
    expect(avatar.sha256).toMatch(/^[0-9a-f]{64}$/);
    const metadata = await sharp(avatar.data).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 256, height: 256 });
  });

  it("accepts JPEG and WebP, and strips their metadata", async () => {
    const jpeg = await solid(300, 300)
      .withExif({ IFD0: { Copyright: "someone", Artist: "camera owner" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const fromJpeg = await processAvatarImage(jpeg);
    const metadata = await sharp(fromJpeg.data).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();

    const webp = await solid(100, 50).webp().toBuffer();
    expect((await processAvatarImage(webp)).width).toBe(256);
  });

  it("turns a photo upright by its EXIF orientation", async () => {
    // Stored sideways (red on the left, blue on the right) with "rotate 90° clockwise to view":
    // upright, red is on top and blue at the bottom.
    const sideways = await (await halves(400, 400))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const avatar = await processAvatarImage(sideways);
    const top = await pixelAt(avatar.data, 128, 20);
    const bottom = await pixelAt(avatar.data, 128, 236);
    expect(top.r).toBeGreaterThan(150);
    expect(top.b).toBeLessThan(100);
    expect(bottom.b).toBeGreaterThan(150);
    expect(bottom.r).toBeLessThan(100);
  });

  it("refuses an SVG, even named .png", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const error = await rejection(svg);
    expect(error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(error.fields).toEqual({ file: "type" });
  });

  it("refuses a GIF, a TIFF and bytes that are no image", async () => {
    const gif = await solid(10, 10).gif().toBuffer();
    expect((await rejection(gif)).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const tiff = await solid(10, 10).tiff().toBuffer();
    expect((await rejection(tiff)).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect((await rejection(Buffer.from("%PDF-1.7 not an image"))).code).toBe(
      "UNSUPPORTED_MEDIA_TYPE",
    );
  });

  it("refuses a truncated image", async () => {
    const png = await solid(200, 200).png({ compressionLevel: 0 }).toBuffer();
    const error = await rejection(png.subarray(0, Math.floor(png.length / 2)));
    expect(error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses a file over 5 MB", async () => {
    const error = await rejection(new Uint8Array(avatarLimits.maxBytes + 1));
    expect(error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", fields: { file: "tooLarge" } });
  });

  it("refuses an image over 40 megapixels before decoding it (a decompression bomb)", async () => {
    const png = await solid(16, 16).png().toBuffer();
    // Claims 8000×6000 in its header (48 MP): a small file that would decode huge.
    const bomb = withPngSize(png, 8000, 6000);
    expect((await sharp(bomb).metadata()).width).toBe(8000);
    const error = await rejection(bomb);
    expect(error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", fields: { file: "tooManyPixels" } });
  });
});
