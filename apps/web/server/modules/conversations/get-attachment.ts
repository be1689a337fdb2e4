import { and, attachments, type Db, eq } from "@jai/db";
import { AppError } from "../../http/errors";
import { type ContactRef, findContactId } from "./contacts";
import { isUuid } from "./is-uuid";

export type StoredAttachment = {
  mimeType: string;
  byteSize: number;
  sha256: string;
  data: Uint8Array;
};

/** An image a contact attached, for that contact only; anyone else gets NOT_FOUND. */
export async function getAttachment(
  db: Db,
  {
    botId,
    attachmentId,
    contact,
  }: {
    botId: string;
    attachmentId: string;
    /** Whose it is; undefined (no cookie, no token): nobody's. */
    contact: ContactRef | undefined;
  },
): Promise<StoredAttachment> {
  if (!isUuid(attachmentId)) throw new AppError("NOT_FOUND");
  const contactId = await findContactId(db, botId, contact);
  if (!contactId) throw new AppError("NOT_FOUND");
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
        eq(attachments.contactId, contactId),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
