/**
 * Limits of a custom avatar upload, shared by the builder (checked before uploading, for a clear
 * message) and POST /api/avatars (checked again on the bytes).
 */
export const avatarLimits = {
  /** Largest accepted file. */
  maxBytes: 5 * 1024 * 1024,
  /** Largest accepted image, in pixels (width × height): bounds the memory a decode takes. */
  maxInputPixels: 40_000_000,
  /** The stored avatar: a square of this side, WebP. */
  outputSize: 256,
  /** What the file may be; anything else (SVG, GIF, HEIC…) is refused. */
  acceptedTypes: ["image/png", "image/jpeg", "image/webp"],
} as const;

/** Where an uploaded avatar is served; a persona's `avatar` holds this path. */
export const avatarUrlPrefix = "/api/avatars/";

const avatarUrlPattern =
  /^\/api\/avatars\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The avatar image id a persona's `avatar` points at, or null for an emoji (or anything else). */
export function avatarImageId(avatar: string): string | null {
  return avatarUrlPattern.exec(avatar.trim())?.[1]?.toLowerCase() ?? null;
}

export function avatarUrl(id: string): string {
  return `${avatarUrlPrefix}${id}`;
}
