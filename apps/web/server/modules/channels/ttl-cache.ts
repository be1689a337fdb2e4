/**
 * A small per-instance cache of async lookups: each key's value is reused for `ttlMs`, concurrent
 * lookups of one key share a promise, a failed lookup is not kept, and past `maxEntries` the
 * oldest entry goes.
 */
export function createTtlCache<V>(
  load: (key: string) => Promise<V>,
  { ttlMs, maxEntries, now = Date.now }: { ttlMs: number; maxEntries: number; now?: () => number },
) {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key: string): Promise<V> {
      const entry = entries.get(key);
      if (entry && now() - entry.at < ttlMs) return entry.value;
      const value = load(key);
      entries.delete(key);
      entries.set(key, { at: now(), value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    delete(key: string) {
      entries.delete(key);
    },
  };
}
