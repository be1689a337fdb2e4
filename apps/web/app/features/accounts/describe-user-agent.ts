/** "Chrome on Windows" from a User-Agent header, for the list of signed-in devices. */
export function describeUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser =
    [
      [/Edg\//, "Edge"],
      [/OPR\/|Opera/, "Opera"],
      [/SamsungBrowser\//, "Samsung Internet"],
      [/Line\//, "LINE"],
      [/Firefox\//, "Firefox"],
      [/Chrome\/|CriOS\//, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  const system =
    [
      [/iPhone|iPad|iPod/, "iOS"],
      [/Android/, "Android"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "macOS"],
      [/CrOS/, "ChromeOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  if (browser && system) return `${browser} · ${system}`;
  return (browser as string | null) ?? (system as string | null) ?? userAgent.slice(0, 60);
}
