import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after";

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-06-01T12:00:00Z");

  it("reads seconds", () => {
    expect(parseRetryAfter({ "retry-after": "3" }, now)).toBe(3000);
    expect(parseRetryAfter({ "Retry-After": " 1.5 " }, now)).toBe(1500);
  });

  it("reads an HTTP date, never negative", () => {
    expect(parseRetryAfter({ "retry-after": "Sun, 01 Jun 2025 12:00:05 GMT" }, now)).toBe(5000);
    expect(parseRetryAfter({ "retry-after": "Sun, 01 Jun 2025 11:00:00 GMT" }, now)).toBe(0);
  });

  it("prefers retry-after-ms", () => {
    expect(parseRetryAfter({ "retry-after-ms": "250", "retry-after": "3" }, now)).toBe(250);
  });

  it("ignores missing and unreadable values", () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter({}, now)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after": "soon" }, now)).toBeUndefined();
    expect(parseRetryAfter({ "retry-after": "-1" }, now)).toBeUndefined();
  });
});
