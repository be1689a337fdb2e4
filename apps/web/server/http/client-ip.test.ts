import { describe, expect, it } from "vitest";
import { clientNetwork, normalizeIp, resolveClientIp } from "./client-ip";

describe("normalizeIp", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:cb00:7107", "203.0.113.7"],
    ["2001:DB8::1", "2001:0db8:0000:0000:0000:0000:0000:0001"],
    ["2001:db8:0:0:0:0:0:1", "2001:0db8:0000:0000:0000:0000:0000:0001"],
    ["[2001:db8::1]:443", "2001:0db8:0000:0000:0000:0000:0000:0001"],
    ["fe80::1%eth0", "fe80:0000:0000:0000:0000:0000:0000:0001"],
    ["::1", "0000:0000:0000:0000:0000:0000:0000:0001"],
    ["::", "0000:0000:0000:0000:0000:0000:0000:0000"],
  ])("%j → %j", (input, expected) => {
    expect(normalizeIp(input)).toBe(expected);
  });

  it.each(["", "unknown", "203.0.113", "203.0.113.256", "example.com", "1.2.3.4, 5.6.7.8", "::g"])(
    "rejects %j",
    (input) => {
      expect(normalizeIp(input)).toBeUndefined();
    },
  );
});

describe("resolveClientIp", () => {
  const resolve = (
    socketAddress: string | undefined,
    forwardedFor: string | undefined,
    hops: number,
  ) => resolveClientIp({ socketAddress, forwardedFor, trustProxyHops: hops });

  it("is the socket address when no proxy is trusted, whatever the headers say", () => {
    expect(resolve("203.0.113.7", "192.0.2.1", 0)).toBe("203.0.113.7");
    expect(resolve("::ffff:203.0.113.7", undefined, 0)).toBe("203.0.113.7");
    expect(resolve(undefined, "192.0.2.1", 1)).toBeUndefined();
  });

  it("reads as many X-Forwarded-For entries from the right as there are trusted proxies", () => {
    expect(resolve("10.0.0.2", "192.0.2.50", 1)).toBe("192.0.2.50");
    // A client-written entry on the left is ignored.
    expect(resolve("10.0.0.2", "6.6.6.6, 192.0.2.50", 1)).toBe("192.0.2.50");
    expect(resolve("10.0.0.2", "6.6.6.6, 192.0.2.50, 10.0.0.1", 2)).toBe("192.0.2.50");
    // Fewer entries than proxies: the leftmost one is as far as we can see.
    expect(resolve("10.0.0.2", "192.0.2.50", 3)).toBe("192.0.2.50");
    expect(resolve("10.0.0.2", "", 1)).toBe("10.0.0.2");
  });

  it("stops at a malformed entry", () => {
    expect(resolve("10.0.0.2", "192.0.2.50, garbage", 2)).toBe("10.0.0.2");
    expect(resolve("10.0.0.2", "garbage, 192.0.2.50", 2)).toBe("192.0.2.50");
  });
});

describe("clientNetwork", () => {
  it("is the address for IPv4 and the /64 for IPv6", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork(normalizeIp("2001:db8:1:2::99")!)).toBe("2001:0db8:0001:0002::/64");
    expect(clientNetwork(normalizeIp("2001:db8:1:2:ffff::1")!)).toBe(
      clientNetwork(normalizeIp("2001:db8:1:2::1")!),
    );
  });
});
