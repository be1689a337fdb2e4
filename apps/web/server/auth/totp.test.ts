import { describe, expect, it } from "vitest";
import { decodeBase32, findTotpStep, generateHotp, generateTotp, keyFromOtpauthUri } from "./totp";

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", 8 digits.
const rfcKey = new TextEncoder().encode("12345678901234567890");
const rfcVectors: Array<[seconds: number, code: string]> = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(rfcVectors)("matches the RFC test vector at %i s", (seconds, code) => {
    expect(generateTotp(rfcKey, { at: seconds * 1000, digits: 8 })).toBe(code);
  });

  it("matches the RFC 4226 HOTP vectors", () => {
    const codes = ["755224", "287082", "359152", "969429", "338314", "254676"];
    expect(codes.map((_, counter) => generateHotp(rfcKey, counter))).toEqual(codes);
  });

  it("finds the step of a code within one step either side, and no further", () => {
    const at = 1_700_000_000_000;
    const step = Math.floor(at / 30_000);
    for (const offset of [-1, 0, 1]) {
      const code = generateHotp(rfcKey, step + offset);
      expect(findTotpStep(rfcKey, code, { at })).toBe(step + offset);
    }
    expect(findTotpStep(rfcKey, generateHotp(rfcKey, step + 2), { at })).toBeUndefined();
    expect(findTotpStep(rfcKey, "12345", { at })).toBeUndefined();
  });

  it("decodes base32 secrets as authenticator apps do", () => {
    // "12345678901234567890" in base32, as RFC 6238 keys are usually shown.
    const encoded = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(decodeBase32(encoded)).toEqual(rfcKey);
    expect(decodeBase32("gezd gnbv-gy3t qojq gezd gnbv gy3t qojq")).toEqual(rfcKey);
    expect(keyFromOtpauthUri(`otpauth://totp/Jai:a%40b.c?secret=${encoded}&issuer=Jai`)).toEqual(
      rfcKey,
    );
    expect(() => decodeBase32("not base32!")).toThrow();
  });
});
