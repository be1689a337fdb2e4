import {
  marketplaceLimits,
  type PublicListingDto,
  type PublicListingPageDto,
  PublicListingsQuerySchema,
} from "@jai/contracts/marketplace";
import { and, type Db, desc, eq, lt, marketplaceListings, or, type SQL } from "@jai/db";
import { AppError } from "../../http/errors";
import { assertListingId, parseInput, toPublicListing } from "./listing-dto";

/**
 * Approved listings, most recently approved first, optionally of one category and language, a
 * page at a time. The cursor is opaque to clients: the last listing's approval time and id.
 */
export async function listPublicListings(db: Db, query: unknown): Promise<PublicListingPageDto> {
  const { category, language, cursor } = parseInput(PublicListingsQuerySchema, query);
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const conditions: SQL[] = [eq(marketplaceListings.status, "approved")];
  if (category) conditions.push(eq(marketplaceListings.category, category));
  if (language) conditions.push(eq(marketplaceListings.language, language));
  if (after) {
    const before = or(
      lt(marketplaceListings.reviewedAt, after.reviewedAt),
      and(
        eq(marketplaceListings.reviewedAt, after.reviewedAt),
        lt(marketplaceListings.id, after.id),
      ),
    );
    if (before) conditions.push(before);
  }
  const rows = await db
    .select()
    .from(marketplaceListings)
    .where(and(...conditions))
    .orderBy(desc(marketplaceListings.reviewedAt), desc(marketplaceListings.id))
    .limit(marketplaceLimits.pageSize + 1);
  const page = rows.slice(0, marketplaceLimits.pageSize);
  const last = page.at(-1);
  return {
    listings: page.map(toPublicListing),
    nextCursor:
      rows.length > marketplaceLimits.pageSize && last?.reviewedAt
        ? encodeCursor(last.reviewedAt, last.id)
        : null,
  };
}

/** One approved listing; NOT_FOUND for anything else (pending, rejected or unknown alike). */
export async function getPublicListing(db: Db, listingId: string): Promise<PublicListingDto> {
  assertListingId(listingId);
  const [row] = await db
    .select()
    .from(marketplaceListings)
    .where(and(eq(marketplaceListings.id, listingId), eq(marketplaceListings.status, "approved")));
  if (!row) throw new AppError("NOT_FOUND");
  return toPublicListing(row);
}

function encodeCursor(reviewedAt: Date, id: string): string {
  return Buffer.from(`${reviewedAt.toISOString()}|${id}`).toString("base64url");
}

function decodeCursor(cursor: string): { reviewedAt: Date; id: string } {
  const [time = "", id = ""] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const reviewedAt = new Date(time);
  try {
    assertListingId(id);
  } catch {
    throw new AppError("VALIDATION_FAILED", { fields: { cursor: "invalid" } });
  }
  if (Number.isNaN(reviewedAt.getTime())) {
    throw new AppError("VALIDATION_FAILED", { fields: { cursor: "invalid" } });
  }
  return { reviewedAt, id };
}
