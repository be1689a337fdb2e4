/**
 * Where to go after signing in: only a path on this site ("/account", "/th/persona-builder?x=1"),
 * never another origin ("//evil.example", "/\\evil.example", "https://…").
 */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return undefined;
  // Browsers drop tabs and line breaks from URLs, so "/\t/evil.example" means "//evil.example".
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return undefined;
  try {
    const url = new URL(value, "https://jai.invalid");
    if (url.origin !== "https://jai.invalid") return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}
