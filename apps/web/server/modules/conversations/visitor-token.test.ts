import { describe, expect, it } from "vitest";
import { createVisitorToken, hashVisitorToken, readVisitorToken } from "./visitor-token";

describe("visitor tokens", () => {
  it("are 256 random bits, base64url", () => {
    const tokens = new Set(Array.from({ length: 100 }, createVisitorToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
  });

  it("accept only the shape we issue", () => {
    const token = createVisitorToken();
    expect(readVisitorToken(token)).toBe(token);
    for (const value of [undefined, "", "short", `${token}x`, `${token.slice(0, 42)}=`, "a b"]) {
      expect(readVisitorToken(value)).toBeUndefined();
    }
  });

  it("hash differently per bot, and never contain the token", () => {
    const token = createVisitorToken();
    const demo = hashVisitorToken("demo", token);
    expect(demo).toBe(hashVisitorToken("demo", token));
    expect(demo).not.toBe(hashVisitorToken("other", token));
    expect(demo).not.toContain(token);
  });
});
