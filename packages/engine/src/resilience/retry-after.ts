/**
 * How long a provider asked us to wait, in milliseconds, from its response headers:
 * `retry-after-ms` (OpenAI sends it) or `Retry-After` as seconds or as an HTTP date. Undefined
 * when there is no usable header; never negative. Capping is the caller's business.
 */
export function parseRetryAfter(
  headers: Record<string, string | undefined> | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const lower = new Map(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const milliseconds = lower.get("retry-after-ms")?.trim();
  if (milliseconds && /^\d+(?:\.\d+)?$/.test(milliseconds)) return Math.round(Number(milliseconds));
  const value = lower.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(?:\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // An HTTP date names its day and month ("Sun, 01 Jun 2025 12:00:05 GMT"); Date.parse would
  // also take "-1" for a year.
  if (!/[a-z]{3}/i.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
