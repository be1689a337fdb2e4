import { and, attachments, type Db, eq } from "@jai/db";
import { AppError } from "../../http/errors";
import { findVisitorId } from "./find-visitor";
import { isUuid } from "./is-uuid";

export type StoredAttachment = {
  mimeType: string;
  byteSize: number;
  sha256: string;
  data: Uint8Array;
};

/** An image a visitor attached, for that visitor only; anyone else gets NOT_FOUND. */
export async function getAttachment(
  db: Db,
  {
    botId,
    attachmentId,
    visitorToken,
  }: {
    botId: string;
    attachmentId: string;
    visitorToken: string | undefined;
  },
): Promise<StoredAttachment> {
  if (!isUuid(attachmentId)) throw new AppError("NOT_FOUND");
  const visitorId = await findVisitorId(db, botId, visitorToken);
  if (!visitorId) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({
      mimeType: attachments.mimeType,
      byteSize: attachments.byteSize,
      sha256: attachments.sha256,
      data: attachments.data,
    })
    .from(attachments)
    .where(
      and(
        eq(attachments.id, attachmentId),
        eq(attachments.botId, botId),
        eq(attachments.visitorId, visitorId),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
