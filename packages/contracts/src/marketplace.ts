import { type Persona, type PersonaLanguage, personaLanguages } from "./persona";
import { safeText } from "./text";
import { z } from "./zod";

/**
 * The persona marketplace: owners submit a persona (a snapshot of it) with a category and a
 * language; an admin approves or rejects it; approved listings are public on
 * /features/marketplace and anyone signed in can clone one into their library. Browser-safe.
 */

export const marketplaceCategories = ["ecommerce", "education", "solopreneur", "other"] as const;
export type MarketplaceCategory = (typeof marketplaceCategories)[number];

export const marketplaceStatuses = ["pending", "approved", "rejected"] as const;
export type MarketplaceStatus = (typeof marketplaceStatuses)[number];

/** A listing's language: the languages a persona speaks (`auto` = the visitor's language). */
export const marketplaceLanguages = personaLanguages;
export type MarketplaceLanguage = PersonaLanguage;

export const marketplaceLimits = {
  /** The owner's pitch shown on the card. */
  summary: 300,
  /** Listings waiting for review per owner: keeps one account from flooding the queue. */
  pendingPerOwner: 5,
  /** Why a listing was rejected, shown to its owner. */
  reviewNote: 500,
  /** Public listings per page. */
  pageSize: 24,
  /** Listings in the review queue per request (oldest first). */
  reviewPageSize: 50,
  /** Submissions per owner per hour, accepted or not. */
  submitsPerHour: 20,
  /** Clones per owner per hour. */
  clonesPerHour: 30,
} as const;

/** `POST /api/marketplace/listings` */
export const SubmitListingSchema = z.object({
  personaId: z.uuid(),
  category: z.enum(marketplaceCategories),
  language: z.enum(marketplaceLanguages),
  summary: safeText().trim().max(marketplaceLimits.summary).default(""),
});
export type SubmitListingInput = z.input<typeof SubmitListingSchema>;

/** `POST /api/marketplace/listings/:id/reject`: the note tells the owner what to change. */
export const RejectListingSchema = z.object({
  note: safeText().trim().min(1).max(marketplaceLimits.reviewNote),
});
export type RejectListingInput = z.input<typeof RejectListingSchema>;

/** `GET /api/marketplace/listings?category=&language=&cursor=` */
export const PublicListingsQuerySchema = z.object({
  category: z.enum(marketplaceCategories).optional(),
  language: z.enum(marketplaceLanguages).optional(),
  cursor: safeText().max(200).optional(),
});
export type PublicListingsQuery = z.infer<typeof PublicListingsQuerySchema>;

/** `GET /api/marketplace/review?status=` (default: pending) */
export const ReviewQuerySchema = z.object({
  status: z.enum(marketplaceStatuses).default("pending"),
});

/**
 * What a visitor browsing the marketplace sees of an approved listing: the persona's public face.
 * Never the owner, nor the persona's instructions, knowledge or replies (they come with a clone).
 */
export type PublicListingDto = {
  id: string;
  name: string;
  summary: string;
  category: MarketplaceCategory;
  language: MarketplaceLanguage;
  avatar: string;
  role: string;
  tone: string;
  bio: string;
  welcomeMessage: string;
  faqCount: number;
  cloneCount: number;
  approvedAt: string;
};

export type PublicListingPageDto = {
  listings: PublicListingDto[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
};

/** One of the owner's own listings (`GET /api/marketplace/mine`). */
export type OwnListingDto = {
  id: string;
  /** Null once the persona it was taken from has been deleted (the listing stays). */
  personaId: string | null;
  name: string;
  avatar: string;
  summary: string;
  category: MarketplaceCategory;
  language: MarketplaceLanguage;
  status: MarketplaceStatus;
  reviewNote: string | null;
  reviewedAt: string | null;
  cloneCount: number;
  createdAt: string;
};

/** A listing in the admins' review queue: the whole snapshot, to judge what would be cloned. */
export type ReviewListingDto = {
  id: string;
  name: string;
  summary: string;
  category: MarketplaceCategory;
  language: MarketplaceLanguage;
  status: MarketplaceStatus;
  persona: Persona;
  submittedBy: { name: string; email: string };
  reviewNote: string | null;
  reviewedAt: string | null;
  createdAt: string;
};

/** `POST /api/marketplace/listings/:id/clone`: the new persona in the caller's library. */
export type ClonedListingDto = { personaId: string };
