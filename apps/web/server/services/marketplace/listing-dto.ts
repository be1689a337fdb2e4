import type { OwnListingDto, PublicListingDto, ReviewListingDto } from "@jai/contracts/marketplace";
import { type Persona, PersonaSchema, readableAvatar } from "@jai/contracts/persona";
import type { z } from "@jai/contracts/zod";
import type { MarketplaceListingRow } from "@jai/db";
import { AppError } from "../../http/errors";

/** Listing ids appear in URLs: anything but a uuid is not a listing, without asking the database. */
const listingIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function assertListingId(id: string): void {
  if (!listingIdPattern.test(id)) throw new AppError("NOT_FOUND");
}

/** The snapshot stored at submission, read back through the schema (defaults filled in). */
export function readSnapshot(row: Pick<MarketplaceListingRow, "persona">): Persona {
  const persona = row.persona as Record<string, unknown> | null;
  // A snapshot taken before the contract checked avatars may hold a URL: it reads as none.
  const avatar = typeof persona?.avatar === "string" ? readableAvatar(persona.avatar) : undefined;
  return PersonaSchema.parse({ ...persona, avatar });
}

export function toOwnListing(row: MarketplaceListingRow): OwnListingDto {
  return {
    id: row.id,
    personaId: row.personaId,
    name: row.name,
    avatar: readSnapshot(row).avatar,
    summary: row.summary,
    category: row.category,
    language: row.language as OwnListingDto["language"],
    status: row.status,
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    cloneCount: row.cloneCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPublicListing(row: MarketplaceListingRow): PublicListingDto {
  const persona = readSnapshot(row);
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    category: row.category,
    language: row.language as PublicListingDto["language"],
    avatar: persona.avatar,
    role: persona.role,
    tone: persona.tone,
    bio: persona.bio,
    welcomeMessage: persona.welcomeMessage,
    faqCount: persona.faqs.filter((faq) => faq.question.trim() && faq.answer.trim()).length,
    cloneCount: row.cloneCount,
    approvedAt: (row.reviewedAt ?? row.updatedAt).toISOString(),
  };
}

export function toReviewListing(
  row: MarketplaceListingRow,
  submittedBy: { name: string; email: string },
): ReviewListingDto {
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    category: row.category,
    language: row.language as ReviewListingDto["language"],
    status: row.status,
    persona: readSnapshot(row),
    submittedBy,
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Zod issues as `fields` of VALIDATION_FAILED: field → "required" | "tooLong" | "invalid". */
export function validationFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string") continue;
    fields[field] ??=
      issue.code === "too_big" ? "tooLong" : issue.code === "too_small" ? "required" : "invalid";
  }
  return fields;
}

/** Parses `input` with `schema`, or throws VALIDATION_FAILED with the fields at fault. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("VALIDATION_FAILED", { fields: validationFields(parsed.error) });
  }
  return parsed.data;
}
