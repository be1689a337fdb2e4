import { describe, expect, it } from "vitest";
import { redactSecrets } from "./redact-secrets";

describe("redactSecrets", () => {
  it("removes every occurrence of every configured key", () => {
    const key = "sk-live-0123456789abcdef";
    expect(
      redactSecrets(`401 for Bearer ${key} (key ${key}) and AIzaSecret123`, [
        key,
        undefined,
        "AIzaSecret123",
      ]),
    ).toBe("401 for Bearer [redacted] (key [redacted]) and [redacted]");
  });

  it("leaves short values alone: they would redact ordinary words", () => {
    expect(redactSecrets("the key is abc", ["abc", ""])).toBe("the key is abc");
  });
});
