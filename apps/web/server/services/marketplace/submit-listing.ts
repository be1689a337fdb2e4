import {
  marketplaceLimits,
  type OwnListingDto,
  SubmitListingSchema,
} from "@jai/contracts/marketplace";
import { isPersonaAvatar } from "@jai/contracts/persona";
import { and, count, type Db, eq, marketplaceListings, personas, users } from "@jai/db";
import { AppError } from "../../http/errors";
import { toEnginePersona } from "../bots/persona-row";
import { parseInput, toOwnListing } from "./listing-dto";

/**
 * Submits one of the owner's personas for review: a snapshot of it is what will be reviewed,
 * listed and cloned. NOT_FOUND for a persona that is not the owner's; VALIDATION_FAILED for a
 * nameless persona or one whose avatar is not an emoji nor our own image; CONFLICT while the persona already has a pending listing;
 * PLAN_LIMIT_REACHED beyond `marketplaceLimits.pendingPerOwner` pending listings.
 */
export async function submitListing(
  db: Db,
  ownerId: string,
  input: unknown,
): Promise<OwnListingDto> {
  const { personaId, category, language, summary } = parseInput(SubmitListingSchema, input);
  return db.transaction(async (tx) => {
    // One submission of an owner at a time: the pending checks below cannot race each other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for("update");
    const [personaRow] = await tx
      .select()
      .from(personas)
      .where(and(eq(personas.id, personaId), eq(personas.ownerId, ownerId)));
    if (!personaRow) throw new AppError("NOT_FOUND");
    // Listed avatars are shown to everyone who browses or clones: never an outside URL.
    if (!isPersonaAvatar(personaRow.avatar)) {
      throw new AppError("VALIDATION_FAILED", { fields: { avatar: "invalid" } });
    }
    const persona = toEnginePersona(personaRow);
    const name = persona.name.trim();
    if (!name) throw new AppError("VALIDATION_FAILED", { fields: { name: "required" } });

    const [pendingForPersona] = await tx
      .select({ id: marketplaceListings.id })
      .from(marketplaceListings)
      .where(
        and(
          eq(marketplaceListings.personaId, personaId),
          eq(marketplaceListings.status, "pending"),
        ),
      )
      .limit(1);
    if (pendingForPersona) throw new AppError("CONFLICT", { message: "already pending review" });

    const [pending] = await tx
      .select({ total: count() })
      .from(marketplaceListings)
      .where(
        and(eq(marketplaceListings.ownerId, ownerId), eq(marketplaceListings.status, "pending")),
      );
    if ((pending?.total ?? 0) >= marketplaceLimits.pendingPerOwner) {
      throw new AppError("PLAN_LIMIT_REACHED", { message: "too many listings pending review" });
    }

    const [row] = await tx
      .insert(marketplaceListings)
      .values({
        ownerId,
        personaId,
        name,
        summary,
        category,
        language,
        persona: { ...persona, name },
      })
      .returning();
    return toOwnListing(row!);
  });
}
