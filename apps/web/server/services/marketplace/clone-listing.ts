import { consoleLimits } from "@jai/contracts/console";
import type { ClonedListingDto } from "@jai/contracts/marketplace";
import { and, count, type Db, eq, marketplaceListings, personas, sql, users } from "@jai/db";
import { AppError } from "../../http/errors";
import { toPersonaFields } from "../bots/persona-row";
import { assertListingId, readSnapshot } from "./listing-dto";

/**
 * Copies an approved listing's persona into the owner's library (a new persona, theirs to edit)
 * and counts the clone. NOT_FOUND unless the listing is approved; PLAN_LIMIT_REACHED at
 * `consoleLimits.personasPerOwner`, the console's own limit.
 */
export async function cloneListing(
  db: Db,
  ownerId: string,
  listingId: string,
): Promise<ClonedListingDto> {
  assertListingId(listingId);
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select()
      .from(marketplaceListings)
      .where(
        and(eq(marketplaceListings.id, listingId), eq(marketplaceListings.status, "approved")),
      );
    if (!listing) throw new AppError("NOT_FOUND");

    // One change to the owner's library at a time, so the limit holds under concurrent clones.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for("update");
    const [library] = await tx
      .select({ total: count() })
      .from(personas)
      .where(eq(personas.ownerId, ownerId));
    if ((library?.total ?? 0) >= consoleLimits.personasPerOwner) {
      throw new AppError("PLAN_LIMIT_REACHED", { message: "persona library is full" });
    }

    const [persona] = await tx
      .insert(personas)
      .values({ ...toPersonaFields(readSnapshot(listing)), ownerId })
      .returning({ id: personas.id });
    await tx
      .update(marketplaceListings)
      .set({ cloneCount: sql`${marketplaceListings.cloneCount} + 1` })
      .where(eq(marketplaceListings.id, listingId));
    return { personaId: persona!.id };
  });
}
