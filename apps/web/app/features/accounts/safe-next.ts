/**
 * Where to go after signing in: only a path on this site ("/account", "/th/persona-builder?x=1"),
 * never another origin ("//evil.example", "/\\evil.example", "https://…").
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!isLocalPath(value)) return undefined;
  // Browsers drop tabs and line breaks from URLs, so "/\t/evil.example" means "//evil.example".
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return undefined;
  }
  try {
    const url = new URL(value, "https://jai.invalid");
    if (url.origin !== "https://jai.invalid") return undefined;
    // Checked again after the URL parser's normalisation: "/.//evil.example" and
    // "/%2e%2e//evil.example" become "//evil.example", which a browser reads as another host.
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isLocalPath(path) && isLocalPath(decodePath(url.pathname)) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Starts with one "/" and has no backslash (which browsers read as "/"). */
function isLocalPath(value: string | null | undefined): value is string {
  return !!value?.startsWith("/") && !value.startsWith("//") && !value.includes("\\");
}

/**
 * The path as a router that decodes it would see it ("/%2F%2Fevil" → "///evil"); a path that
 * does not decode is kept as is (it is then only ever used encoded).
 */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
