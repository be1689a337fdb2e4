import { avatarLimits } from "@jai/contracts/avatar-limits";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type AvatarErrorKey, avatarMessages } from "~/features/persona-builder/avatar/messages";
import type { AppEnv } from "../http/app-env";
import { AppError, errorMessage, errorStatus, toErrorBody } from "../http/errors";
import { rateLimitBy } from "../http/rate-limit";
import { requestLocale } from "../http/request-locale";
import { requireSameOrigin } from "../http/require-same-origin";
import { methodNotAllowed, storedImageResponse } from "../http/responses";
import type { AppServices } from "../services/app-services";

/** The largest upload body: the largest file plus room for the multipart framing. */
export const avatarBodyLimitBytes = avatarLimits.maxBytes + 64 * 1024;

/**
 * Persona avatars:
 * - `POST /api/avatars` (multipart, field `file`): a PNG, JPEG or WebP image up to 5 MB and 40
 *   megapixels; stored as a 256×256 WebP; answers `{ id, url }`. Works signed out (the builder
 *   does); a signed-in owner's upload is recorded as theirs. Same-origin only (403), limited per
 *   client (429), 413 too large, 415 not an accepted image (a clear, localized message).
 * - `GET /api/avatars/:id`: the image, cached for a year (an id's bytes never change).
 */
export function createAvatarsApi(services: AppServices, { publicUrl }: { publicUrl: string }) {
  const api = new Hono<AppEnv>();

  api.post(
    "/",
    requireSameOrigin(publicUrl),
    bodyLimit({
      maxSize: avatarBodyLimitBytes,
      onError: (c) =>
        fileError(c, new AppError("PAYLOAD_TOO_LARGE", { fields: { file: "tooLarge" } })),
    }),
    rateLimitBy<AppEnv>(services.rateLimits.avatarUpload, (c) =>
      services.clientKey(c.get("clientIp")),
    ),
    async (c) => {
      let file: unknown;
      try {
        file = (await c.req.parseBody()).file;
      } catch {
        throw new AppError("BAD_REQUEST", { message: "body is not multipart form data" });
      }
      if (!(file instanceof File)) {
        throw new AppError("VALIDATION_FAILED", { fields: { file: "required" } });
      }
      if (file.size > avatarLimits.maxBytes) {
        return fileError(c, new AppError("PAYLOAD_TOO_LARGE", { fields: { file: "tooLarge" } }));
      }
      // A signed-in upload belongs to the workspace the builder saves personas in.
      const owner = await services.accounts.getMember(c.req.raw);
      try {
        const avatar = await services.avatars.upload({
          bytes: new Uint8Array(await file.arrayBuffer()),
          ownerId: owner?.workspaceId ?? null,
        });
        c.header("Cache-Control", "no-store");
        return c.json(avatar, 201);
      } catch (error) {
        if (error instanceof AppError && error.fields?.file) return fileError(c, error);
        throw error;
      }
    },
  );

  api.get("/:id", async (c) => {
    const avatar = await services.avatars.get(c.req.param("id"));
    return storedImageResponse(c, avatar, "public");
  });

  api.all("/", methodNotAllowed("POST"));
  api.all("/:id", methodNotAllowed("GET, HEAD"));

  return api;
}

/** An upload error with a message that says what to do about the file (the builder shows it). */
function fileError(c: Context<AppEnv>, error: AppError): Response {
  const locale = requestLocale(c.req.raw);
  const key = error.fields?.file;
  const message =
    key && key in avatarMessages.en.errors
      ? avatarMessages[locale].errors[key as AvatarErrorKey]
      : errorMessage(error.code, locale);
  return c.json(toErrorBody(error.code, message, error.fields), errorStatus[error.code]);
}
