import { describe, expect, it } from "vitest";
import { createTtlCache } from "./ttl-cache";

describe("createTtlCache", () => {
  it("reuses a value for its time, shares concurrent lookups, and forgets failures", async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache(
      async (key: string) => {
        loads++;
        if (key === "bad") throw new Error("down");
        return `${key}:${loads}`;
      },
      { ttlMs: 1000, maxEntries: 2, now: () => clock },
    );
    const [a, b] = await Promise.all([cache.get("a"), cache.get("a")]);
    expect([a, b, loads]).toEqual(["a:1", "a:1", 1]);
    clock = 999;
    expect(await cache.get("a")).toBe("a:1");
    clock = 1000;
    expect(await cache.get("a")).toBe("a:2");
    cache.delete("a");
    expect(await cache.get("a")).toBe("a:3");
    await expect(cache.get("bad")).rejects.toThrow("down");
    await expect(cache.get("bad")).rejects.toThrow("down");
    expect(loads).toBe(5);
  });
});
