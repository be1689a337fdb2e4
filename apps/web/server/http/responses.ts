import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { errorMessage, toErrorBody } from "./errors";
import { requestLocale } from "./request-locale";

/** A handler for the other methods of a route: 405 with `Allow`, in the request's language. */
export function methodNotAllowed(allow: string) {
  return (c: Context<AppEnv>) =>
    c.json(
      toErrorBody(
        "METHOD_NOT_ALLOWED",
        errorMessage("METHOD_NOT_ALLOWED", requestLocale(c.req.raw)),
      ),
      405,
      { Allow: allow },
    );
}

export type StoredImage = {
  /** What the bytes really are (checked when stored), never what an upload claimed. */
  mimeType: string;
  sha256: string;
  byteSize: number;
  data: Uint8Array;
};

/**
 * An image we stored (a chat attachment, an avatar): it never changes, so it is cached for a
 * year with its hash as ETag (304 on a match); `cache` says who may keep it. Opened on its own
 * it is inert: no sniffing, no scripts, no plugins, no same-origin access.
 */
export function storedImageResponse(
  c: Context<AppEnv>,
  image: StoredImage,
  cache: "public" | "private",
): Response {
  const etag = `"${image.sha256}"`;
  const headers = {
    "Content-Type": image.mimeType,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
    "Cache-Control": `${cache}, max-age=31536000, immutable`,
    ETag: etag,
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; sandbox",
  };
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  return c.body(image.data as Uint8Array<ArrayBuffer>, 200, {
    ...headers,
    "Content-Length": String(image.byteSize),
  });
}
