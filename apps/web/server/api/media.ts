import { attachments, eq } from "@jai/db";
import { Hono } from "hono";
import type { AppEnv } from "../http/app-env";
import { isUuid } from "../modules/conversations/is-uuid";
import { isValidMediaSignature } from "../modules/inbox/media-links";
import type { AppServices } from "../services/app-services";

/**
 * `GET /api/media/:attachmentId/:signature`: a teammate's image for a platform that fetches it
 * itself (LINE). Only images, only with the server's signature for that attachment; anything
 * else is 404, whatever was wrong.
 */
export function createMediaApi(services: Pick<AppServices, "database" | "mediaKey">) {
  const api = new Hono<AppEnv>();
  api.get("/:attachmentId/:signature", async (c) => {
    const id = c.req.param("attachmentId");
    if (!isUuid(id) || !isValidMediaSignature(services.mediaKey, id, c.req.param("signature"))) {
      return c.json({ error: { code: "NOT_FOUND", message: "not found" } }, 404);
    }
    const [file] = await services.database.db
      .select({
        data: attachments.data,
        mimeType: attachments.mimeType,
        byteSize: attachments.byteSize,
      })
      .from(attachments)
      .where(eq(attachments.id, id));
    if (!file?.mimeType.startsWith("image/")) {
      return c.json({ error: { code: "NOT_FOUND", message: "not found" } }, 404);
    }
    return c.body(file.data as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": file.mimeType,
      "Content-Length": String(file.byteSize),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, max-age=86400",
    });
  });
  return api;
}
