import { describe, expect, it } from "vitest";
import { createIpHasher } from "./create-ip-hasher";

describe("createIpHasher", () => {
  const hasher = createIpHasher("a-secret-key-that-is-long-enough-for-tests");

  it("hashes with the secret, never returning the address", () => {
    const hash = hasher.hashIp("203.0.113.7");
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain("203");
    expect(hasher.hashIp("203.0.113.7")).toBe(hash);
    expect(hasher.hashIp("203.0.113.8")).not.toBe(hash);
    expect(createIpHasher("another-secret-key-that-is-long-enough").hashIp("203.0.113.7")).not.toBe(
      hash,
    );
    expect(hasher.hashIp(undefined)).toBeNull();
  });

  it("keys clients by network: one IPv6 /64 is one client", () => {
    const a = hasher.clientKey("2001:0db8:0001:0002:0000:0000:0000:0001");
    const b = hasher.clientKey("2001:0db8:0001:0002:ffff:0000:0000:0009");
    const c = hasher.clientKey("2001:0db8:0001:0003:0000:0000:0000:0001");
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(hasher.clientKey("203.0.113.7")).not.toBe(hasher.hashIp("203.0.113.7"));
    expect(hasher.clientKey(undefined)).toBe("unknown");
  });
});
