import type {
  ClonedListingDto,
  MarketplaceStatus,
  OwnListingDto,
  PublicListingDto,
  PublicListingPageDto,
  ReviewListingDto,
} from "@jai/contracts/marketplace";
import type { Db } from "@jai/db";
import { cloneListing } from "./clone-listing";
import { listOwnListings } from "./list-own-listings";
import { getPublicListing, listPublicListings } from "./list-public-listings";
import { approveListing, listListingsForReview, rejectListing } from "./review-listings";
import { submitListing } from "./submit-listing";

/**
 * The persona marketplace. Owner methods take the signed-in owner's id first; review methods
 * are for admins only (callers check `isAdmin` first); public ones only ever show approved
 * listings. Inputs are validated here: VALIDATION_FAILED with `fields` otherwise.
 */
export type MarketplaceServices = {
  /**
   * Whether a signed-in account is a marketplace admin: its email is verified and listed in
   * ADMIN_EMAILS. An unverified address proves nothing, so it never is.
   */
  isAdmin(account: { email: string; emailVerified: boolean }): boolean;
  /** See submitListing: NOT_FOUND, VALIDATION_FAILED, CONFLICT, PLAN_LIMIT_REACHED. */
  submit(ownerId: string, input: unknown): Promise<OwnListingDto>;
  listMine(ownerId: string): Promise<OwnListingDto[]>;
  listForReview(status: MarketplaceStatus): Promise<ReviewListingDto[]>;
  approve(reviewerId: string, listingId: string): Promise<ReviewListingDto>;
  reject(reviewerId: string, listingId: string, input: unknown): Promise<ReviewListingDto>;
  listPublic(query: unknown): Promise<PublicListingPageDto>;
  getPublic(listingId: string): Promise<PublicListingDto>;
  clone(ownerId: string, listingId: string): Promise<ClonedListingDto>;
};

export function createMarketplace(
  db: Db,
  { adminEmails = [] }: { adminEmails?: readonly string[] } = {},
): MarketplaceServices {
  const admins = new Set(adminEmails.map((email) => email.trim().toLowerCase()));
  return {
    isAdmin: ({ email, emailVerified }) => emailVerified && admins.has(email.toLowerCase()),
    submit: (ownerId, input) => submitListing(db, ownerId, input),
    listMine: (ownerId) => listOwnListings(db, ownerId),
    listForReview: (status) => listListingsForReview(db, status),
    approve: (reviewerId, listingId) => approveListing(db, reviewerId, listingId),
    reject: (reviewerId, listingId, input) => rejectListing(db, reviewerId, listingId, input),
    listPublic: (query) => listPublicListings(db, query),
    getPublic: (listingId) => getPublicListing(db, listingId),
    clone: (ownerId, listingId) => cloneListing(db, ownerId, listingId),
  };
}
