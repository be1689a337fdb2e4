import type { OwnListingDto } from "@jai/contracts/marketplace";
import { type Db, desc, eq, marketplaceListings } from "@jai/db";
import { toOwnListing } from "./listing-dto";

/** Every listing the owner submitted, newest first, with its review status and note. */
export async function listOwnListings(db: Db, ownerId: string): Promise<OwnListingDto[]> {
  const rows = await db
    .select()
    .from(marketplaceListings)
    .where(eq(marketplaceListings.ownerId, ownerId))
    .orderBy(desc(marketplaceListings.createdAt), desc(marketplaceListings.id));
  return rows.map(toOwnListing);
}
