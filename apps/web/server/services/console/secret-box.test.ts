import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box";

describe("createSecretBox", () => {
  const box = createSecretBox("test-secret-key-0123456789abcdef-0123456789");
  const key = "sk-owner-0123456789abcdefghijklmnop";

  it("seals into a versioned string that does not contain the key, and opens it again", () => {
    const sealed = box.seal(key);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(key);
    expect(sealed).not.toContain(Buffer.from(key).toString("base64url"));
    expect(box.open(sealed)).toBe(key);
  });

  it("uses a fresh IV every time", () => {
    expect(box.seal(key)).not.toBe(box.seal(key));
  });

  it("refuses tampered ciphertexts, other keys and unknown formats", () => {
    const sealed = box.seal(key);
    const [version, iv, tag, data] = sealed.split(".") as [string, string, string, string];
    const flipped = Buffer.from(data, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
    const otherTag = Buffer.from(tag, "base64url");
    otherTag[0] = otherTag[0]! ^ 1;
    expect(() => box.open([version, iv, otherTag.toString("base64url"), data].join("."))).toThrow();
    expect(() => createSecretBox("another-secret-key-0123456789abcdef").open(sealed)).toThrow();
    expect(() => box.open(`v2.${iv}.${tag}.${data}`)).toThrow();
    expect(() => box.open("garbage")).toThrow();
  });
});
