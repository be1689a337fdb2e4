import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./app-env";
import { AppError } from "./errors";

/** Whether a Content-Type header names JSON (parameters such as charset ignored). */
export function isJsonContentType(header: string | undefined): boolean {
  return header?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/** Refuses a body over `maxBytes` with 413 PAYLOAD_TOO_LARGE, counting as it streams in. */
export function limitBody<E extends AppEnv = AppEnv>(maxBytes: number): MiddlewareHandler<E> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE");
    },
  });
}

/** The request body parsed as JSON; 400 BAD_REQUEST when it is not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError("BAD_REQUEST", { message: "body is not JSON" });
  }
}

/** For JSON writes: 415 UNSUPPORTED_MEDIA_TYPE unless the body is JSON, then `limitBody`. */
export function jsonBody<E extends AppEnv = AppEnv>(maxBytes: number): MiddlewareHandler<E> {
  const limit = limitBody<E>(maxBytes);
  return async (c, next) => {
    if (!isJsonContentType(c.req.header("content-type"))) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE");
    }
    return limit(c, next);
  };
}
