import { describe, expect, it } from "vitest";
import { tinyPng } from "../testing/provider-test-kit";
import { EngineError } from "./engine-error";
import { parseImageDataUrl, sniffImageType } from "./parse-image-data-url";

const dataUrl = (bytes: Uint8Array | number[], type = "image/png") =>
  `data:${type};base64,${Buffer.from(Uint8Array.from(bytes)).toString("base64")}`;

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof EngineError ? error.code : "not an EngineError";
  }
  return undefined;
}

const jpeg = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46];
const gif = [...Buffer.from("GIF89a"), 1, 0, 1, 0];
const webp = [...Buffer.from("RIFF"), 0x24, 0, 0, 0, ...Buffer.from("WEBPVP8 ")];

describe("parseImageDataUrl", () => {
  it("accepts PNG, JPEG, WebP and GIF by their bytes", () => {
    expect(parseImageDataUrl(dataUrl(tinyPng))).toMatchObject({ mediaType: "image/png" });
    expect(parseImageDataUrl(dataUrl(jpeg, "image/jpeg")).mediaType).toBe("image/jpeg");
    expect(parseImageDataUrl(dataUrl(gif, "image/gif")).mediaType).toBe("image/gif");
    expect(parseImageDataUrl(dataUrl(webp, "image/webp")).mediaType).toBe("image/webp");
    expect(parseImageDataUrl(dataUrl(tinyPng)).bytes).toEqual(tinyPng);
  });

  it("trusts the bytes over the declared type", () => {
    expect(parseImageDataUrl(dataUrl(jpeg, "image/png")).mediaType).toBe("image/jpeg");
  });

  it("rejects SVG, even declared as something else", () => {
    const svg = [
      ...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ];
    expect(codeOf(() => parseImageDataUrl(dataUrl(svg, "image/svg+xml")))).toBe(
      "IMAGE_UNSUPPORTED_TYPE",
    );
    expect(codeOf(() => parseImageDataUrl(dataUrl(svg, "image/png")))).toBe(
      "IMAGE_UNSUPPORTED_TYPE",
    );
  });

  it("rejects bytes that are no image", () => {
    expect(
      codeOf(() => parseImageDataUrl(dataUrl([...Buffer.from("%PDF-1.7 hello")], "image/png"))),
    ).toBe("IMAGE_UNSUPPORTED_TYPE");
    expect(codeOf(() => parseImageDataUrl(dataUrl([0x89, 0x50], "image/png")))).toBe(
      "IMAGE_UNSUPPORTED_TYPE",
    );
  });

  it("rejects images over 5 MB, from the base64 length, before decoding", () => {
    const justOver = new Uint8Array(5 * 1024 * 1024 + 1);
    justOver.set(tinyPng.slice(0, 8));
    expect(codeOf(() => parseImageDataUrl(dataUrl(justOver)))).toBe("IMAGE_TOO_LARGE");
    const atLimit = new Uint8Array(5 * 1024 * 1024);
    atLimit.set(tinyPng.slice(0, 8));
    expect(parseImageDataUrl(dataUrl(atLimit)).bytes.byteLength).toBe(5 * 1024 * 1024);
    // Far too large but not valid base64: the size check still answers first.
    expect(codeOf(() => parseImageDataUrl(`data:image/png;base64,${"!".repeat(8_000_000)}`))).toBe(
      "IMAGE_TOO_LARGE",
    );
  });

  it("rejects what is not a base64 data URL", () => {
    expect(codeOf(() => parseImageDataUrl("https://example.com/cat.png"))).toBe("IMAGE_INVALID");
    expect(codeOf(() => parseImageDataUrl("data:image/png,rawbytes"))).toBe("IMAGE_INVALID");
    expect(codeOf(() => parseImageDataUrl("data:image/png;base64,"))).toBe("IMAGE_INVALID");
    expect(codeOf(() => parseImageDataUrl("data:image/png;base64,not base64!"))).toBe(
      "IMAGE_INVALID",
    );
  });
});

describe("sniffImageType", () => {
  it("needs the whole signature", () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8]))).toBeUndefined();
    expect(
      sniffImageType(Uint8Array.from([...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WAVE")])),
    ).toBeUndefined();
  });
});
