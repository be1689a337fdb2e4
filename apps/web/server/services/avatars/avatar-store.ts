import { avatarUrl } from "@jai/contracts/avatar-limits";
import {
  and,
  avatarImages,
  type Db,
  eq,
  isNull,
  lt,
  marketplaceListings,
  personas,
  sql,
} from "@jai/db";
import { AppError } from "../../http/errors";
import { isUuid } from "../../modules/conversations/is-uuid";
import { processAvatarImage } from "./process-avatar-image";

export type UploadedAvatar = { id: string; url: string };

export type StoredAvatar = {
  mimeType: string;
  byteSize: number;
  sha256: string;
  data: Uint8Array;
};

/** An anonymous upload no persona refers to is kept this long (a visitor may still save it). */
export const anonymousAvatarMaxAgeMs = 24 * 60 * 60 * 1000;

/** Checks, resizes and stores an uploaded avatar (see processAvatarImage for what it refuses). */
export async function uploadAvatar(
  db: Db,
  { bytes, ownerId }: { bytes: Uint8Array; ownerId: string | null },
): Promise<UploadedAvatar> {
  const image = await processAvatarImage(bytes);
  const [row] = await db
    .insert(avatarImages)
    .values({
      ownerId,
      mimeType: image.mimeType,
      width: image.width,
      height: image.height,
      byteSize: image.byteSize,
      sha256: image.sha256,
      data: image.data,
    })
    .returning({ id: avatarImages.id });
  if (!row) throw new Error("avatar insert returned no row");
  return { id: row.id, url: avatarUrl(row.id) };
}

/**
 * An avatar's bytes, for anyone: avatars are public (the bot chat page shows them to every
 * visitor) and their ids are random UUIDs. NOT_FOUND for an unknown or malformed id.
 */
export async function getAvatar(db: Db, id: string): Promise<StoredAvatar> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({
      mimeType: avatarImages.mimeType,
      byteSize: avatarImages.byteSize,
      sha256: avatarImages.sha256,
      data: avatarImages.data,
    })
    .from(avatarImages)
    .where(eq(avatarImages.id, id));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/**
 * Deletes signed-out visitors' uploads older than a day that no saved persona nor marketplace
 * listing refers to (the visitor abandoned the draft, or picked another image). Returns how many.
 */
export async function sweepAnonymousAvatars(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - anonymousAvatarMaxAgeMs);
  const url = sql`'/api/avatars/' || ${avatarImages.id}::text`;
  const deleted = await db
    .delete(avatarImages)
    .where(
      and(
        isNull(avatarImages.ownerId),
        lt(avatarImages.createdAt, cutoff),
        sql`not exists (select 1 from ${personas} where ${personas.avatar} = ${url})`,
        sql`not exists (select 1 from ${marketplaceListings} where ${marketplaceListings.persona}->>'avatar' = ${url})`,
      ),
    )
    .returning({ id: avatarImages.id });
  return deleted.length;
}
