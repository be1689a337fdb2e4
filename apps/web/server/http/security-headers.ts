export type CspOptions = {
  /** Extra script sources: a nonce ('nonce-…') or inline-script hashes ('sha256-…'). */
  scriptSources?: readonly string[];
  /** Who may frame the response: 'none' by default; 'self' for documents we frame ourselves. */
  frameAncestors?: "'none'" | "'self'";
  isHttps: boolean;
};

/** Where the click-to-load intro video comes from (nothing loads from it before the click). */
export const videoFrameOrigin = "https://www.youtube-nocookie.com";

/** Content-Security-Policy without 'unsafe-eval' and without inline scripts except by nonce/hash. */
export function buildCsp({ scriptSources = [], frameAncestors = "'none'", isHttps }: CspOptions) {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    // Radix and sonner set inline styles at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src 'self' ${videoFrameOrigin}`,
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ];
  if (isHttps) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers every response carries, whatever produced it. */
export function baseSecurityHeaders(
  isHttps: boolean,
  frameAncestors: "'none'" | "'self'" = "'none'",
) {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": frameAncestors === "'self'" ? "SAMEORIGIN" : "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (isHttps) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/** Paths of documents that our own pages show in a frame (the legal document viewer). */
export function isFramableDocument(pathname: string): boolean {
  return pathname.startsWith("/documents/") || pathname.startsWith("/th/documents/");
}
