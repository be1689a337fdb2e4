export type CspOptions = {
  /** Extra script sources: a nonce ('nonce-…') or inline-script hashes ('sha256-…'). */
  scriptSources?: readonly string[];
  /** Who may frame the response: 'none' by default; 'self' for documents we frame ourselves. */
  /** `'none'`, `'self'`, or a bot's allowed sites (the widget's frame). */
  frameAncestors?: string;
  /** Extra origins the page may call: the payment provider's card tokeniser (the billing page). */
  connectSources?: readonly string[];
  isHttps: boolean;
};

/** Where the click-to-load intro video comes from (nothing loads from it before the click). */
export const videoFrameOrigin = "https://www.youtube-nocookie.com";

/** Content-Security-Policy without 'unsafe-eval' and without inline scripts except by nonce/hash. */
export function buildCsp({
  scriptSources = [],
  frameAncestors = "'none'",
  connectSources = [],
  isHttps,
}: CspOptions) {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    // Radix and sonner set inline styles at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // LINE, Meta (Messenger, Instagram) and TikTok serve account and customer profile pictures
    // from their CDNs (the console and the inbox show them).
    "img-src 'self' data: blob: https://*.line-scdn.net https://*.fbcdn.net https://*.fbsbx.com https://*.cdninstagram.com https://*.tiktokcdn.com https://*.tiktokcdn-us.com",
    "font-src 'self'",
    // Cards are tokenised by the browser at the payment provider: the number never reaches us.
    `connect-src 'self' ${connectSources.join(" ")}`.trim(),
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
export function baseSecurityHeaders(isHttps: boolean, frameAncestors = "'none'") {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // CSP frame-ancestors decides; X-Frame-Options only for browsers that lack it, and only
    // where it can say the same thing (it cannot list sites).
    ...(frameAncestors === "'self'"
      ? { "X-Frame-Options": "SAMEORIGIN" }
      : frameAncestors === "'none'"
        ? { "X-Frame-Options": "DENY" }
        : {}),
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  if (isHttps) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/** Paths of documents that our own pages show in a frame (the legal document viewer). */
/** The widget's frame, /widget/{botId}: framed by the bot's allowed sites. */
export function widgetFrameBotId(pathname: string): string | undefined {
  return /^\/widget\/([A-Za-z0-9_-]{1,64})$/.exec(pathname)?.[1];
}

/**
 * frame-ancestors of the widget's frame: the owner's allowed sites, any site when the list is
 * empty, none when the widget is off.
 */
export function widgetFrameAncestors(widget: { enabled: boolean; allowedOrigins: string[] }) {
  if (!widget.enabled) return "'none'";
  return widget.allowedOrigins.length > 0 ? widget.allowedOrigins.join(" ") : "https: http:";
}

export function isFramableDocument(pathname: string): boolean {
  return pathname.startsWith("/documents/") || pathname.startsWith("/th/documents/");
}
