import {
  type MarketplaceStatus,
  marketplaceLimits,
  RejectListingSchema,
  type ReviewListingDto,
} from "@jai/contracts/marketplace";
import { and, asc, type Db, desc, eq, inArray, marketplaceListings, users } from "@jai/db";
import { AppError } from "../../http/errors";
import { assertListingId, parseInput, toReviewListing } from "./listing-dto";

/**
 * The admins' queue: listings with `status`, the pending ones oldest first (first come, first
 * reviewed), reviewed ones latest first. Includes the whole snapshot and who submitted it.
 */
export async function listListingsForReview(
  db: Db,
  status: MarketplaceStatus,
): Promise<ReviewListingDto[]> {
  const rows = await db
    .select({ listing: marketplaceListings, ownerName: users.name, ownerEmail: users.email })
    .from(marketplaceListings)
    .innerJoin(users, eq(users.id, marketplaceListings.ownerId))
    .where(eq(marketplaceListings.status, status))
    .orderBy(
      status === "pending"
        ? asc(marketplaceListings.createdAt)
        : desc(marketplaceListings.reviewedAt),
      asc(marketplaceListings.id),
    )
    .limit(marketplaceLimits.reviewPageSize);
  return rows.map(({ listing, ownerName, ownerEmail }) =>
    toReviewListing(listing, { name: ownerName, email: ownerEmail }),
  );
}

/**
 * Lists a pending listing publicly. NOT_FOUND for an unknown listing; CONFLICT unless it is
 * pending (a rejected one comes back as a new submission).
 */
export async function approveListing(
  db: Db,
  reviewerId: string,
  listingId: string,
): Promise<ReviewListingDto> {
  return review(db, listingId, ["pending"], {
    status: "approved",
    reviewNote: null,
    reviewedBy: reviewerId,
  });
}

/**
 * Refuses a pending listing, or takes an approved one down, with a note for its owner.
 * VALIDATION_FAILED without a note; CONFLICT for a listing already rejected.
 */
export async function rejectListing(
  db: Db,
  reviewerId: string,
  listingId: string,
  input: unknown,
): Promise<ReviewListingDto> {
  assertListingId(listingId);
  const { note } = parseInput(RejectListingSchema, input);
  return review(db, listingId, ["pending", "approved"], {
    status: "rejected",
    reviewNote: note,
    reviewedBy: reviewerId,
  });
}

async function review(
  db: Db,
  listingId: string,
  from: MarketplaceStatus[],
  change: { status: MarketplaceStatus; reviewNote: string | null; reviewedBy: string },
): Promise<ReviewListingDto> {
  assertListingId(listingId);
  const [updated] = await db
    .update(marketplaceListings)
    // Milliseconds, like the public list's cursor (listPublicListings) that pages by this time.
    .set({ ...change, reviewedAt: new Date() })
    .where(and(eq(marketplaceListings.id, listingId), inArray(marketplaceListings.status, from)))
    .returning();
  if (!updated) {
    const [existing] = await db
      .select({ id: marketplaceListings.id })
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listingId));
    throw new AppError(existing ? "CONFLICT" : "NOT_FOUND");
  }
  const [owner] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, updated.ownerId));
  return toReviewListing(updated, owner ?? { name: "", email: "" });
}
