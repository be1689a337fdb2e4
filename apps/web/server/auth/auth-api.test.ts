import { describe, expect, it } from "vitest";
import { describeAuthError } from "./auth-api";
import { deriveAuthSecret } from "./create-auth";

describe("auth error texts", () => {
  it("say the same about a wrong password and an unknown account", () => {
    expect(describeAuthError("INVALID_EMAIL_OR_PASSWORD", "en")).toBe("Invalid email or password.");
    expect(describeAuthError("INVALID_EMAIL_OR_PASSWORD", "th")).toBe("อีเมลหรือรหัสผ่านไม่ถูกต้อง");
  });

  it("round the wait up to whole minutes", () => {
    expect(describeAuthError("RATE_LIMITED", "en", { retryAfterSeconds: 61 })).toBe(
      "Too many attempts. Please try again in 2 minutes.",
    );
    expect(describeAuthError("RATE_LIMITED", "en", { retryAfterSeconds: 5 })).toBe(
      "Too many attempts. Please try again in 1 minute.",
    );
    expect(describeAuthError("RATE_LIMITED", "th", { retryAfterSeconds: 900 })).toBe(
      "ลองหลายครั้งเกินไป กรุณาลองใหม่อีกครั้งในอีก 15 นาที",
    );
  });

  it("fall back to a general sentence for codes we do not expect", () => {
    expect(describeAuthError("SOMETHING_NEW", "en")).toBe(
      "Something went wrong. Please try again.",
    );
  });
});

describe("the better-auth secret", () => {
  it("is derived from SECRET_KEY, stable, and never the key itself", () => {
    const key = "test-secret-key-0123456789abcdef-0123456789";
    expect(deriveAuthSecret(key)).toBe(deriveAuthSecret(key));
    expect(deriveAuthSecret(key)).not.toContain(key);
    expect(deriveAuthSecret(key)).not.toBe(deriveAuthSecret(`${key}x`));
    expect(deriveAuthSecret(key)).toMatch(/^[\w-]{43}$/);
  });
});
