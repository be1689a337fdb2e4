import { ReviewQuerySchema } from "@jai/contracts/marketplace";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/errors";
import { jsonBody, readJsonBody } from "../http/json-body";
import { requireSameOrigin } from "../http/require-same-origin";
import type { Member } from "../services/accounts/create-accounts";
import type { AppServices } from "../services/app-services";
import { parseInput } from "../services/marketplace/listing-dto";

/** Largest accepted body: a submission at its limits, all in escaped Thai, fits easily. */
export const marketplaceBodyLimitBytes = 8 * 1024;

/**
 * Public lists change when an admin approves: shared caches (a CDN) may keep them a minute,
 * browsers check again each time, so an owner sees their approved persona on the next load.
 */
const publicCacheControl = "public, max-age=0, s-maxage=60";

type MarketplaceEnv = AppEnv & { Variables: { owner: Member } };

/**
 * The persona marketplace API (JSON):
 * - public: `GET /listings?category=&language=&cursor=` and `GET /listings/:id`, approved
 *   listings only (anything else is 404), cached for a minute;
 * - owners (signed in, 401 otherwise): `POST /listings` `{ personaId, category, language,
 *   summary? }` submits a persona for review, `GET /mine` lists their listings with their status,
 *   `POST /listings/:id/clone` copies an approved listing into their library → `{ personaId }`;
 * - admins (ADMIN_EMAILS; other signed-in owners get 403, signed-out callers 401):
 *   `GET /review?status=pending`, `POST /listings/:id/approve`, `POST /listings/:id/reject`
 *   `{ note }`.
 * Writes are same-origin only (403), JSON only (415), small (413); submissions and clones are
 * rate-limited per owner (429).
 */
export function createMarketplaceApi(services: AppServices, publicUrl: string) {
  const api = new Hono<MarketplaceEnv>();
  const { marketplace, accounts } = services;

  api.use(requireSameOrigin(publicUrl));

  const signedIn: MiddlewareHandler<MarketplaceEnv> = async (c, next) => {
    c.set("owner", await accounts.requireMember(c));
    c.header("Cache-Control", "no-store");
    await next();
  };
  const admin: MiddlewareHandler<MarketplaceEnv> = async (c, next) => {
    if (!marketplace.isAdmin(c.get("owner"))) throw new AppError("FORBIDDEN");
    await next();
  };
  const jsonWrite = jsonBody<MarketplaceEnv>(marketplaceBodyLimitBytes);
  // Listings belong to the workspace (its id is the owner's), like its personas.
  const ownerKey = (c: Context<MarketplaceEnv>) => c.get("owner").workspaceId;

  api.get("/listings", async (c) => {
    const page = await marketplace.listPublic(c.req.query());
    c.header("Cache-Control", publicCacheControl);
    return c.json(page);
  });

  api.get("/listings/:id", async (c) => {
    const listing = await marketplace.getPublic(c.req.param("id"));
    c.header("Cache-Control", publicCacheControl);
    return c.json(listing);
  });

  api.post("/listings", signedIn, jsonWrite, async (c) => {
    await services.rateLimits.marketplaceSubmit.consume(ownerKey(c));
    const listing = await marketplace.submit(ownerKey(c), await readJsonObject(c));
    return c.json(listing, 201);
  });

  api.get("/mine", signedIn, async (c) => c.json(await marketplace.listMine(ownerKey(c))));

  api.post("/listings/:id/clone", signedIn, async (c) => {
    await services.rateLimits.marketplaceClone.consume(ownerKey(c));
    const cloned = await marketplace.clone(ownerKey(c), c.req.param("id"));
    return c.json(cloned, 201);
  });

  api.get("/review", signedIn, admin, async (c) => {
    const { status } = parseInput(ReviewQuerySchema, c.req.query());
    return c.json(await marketplace.listForReview(status));
  });

  api.post("/listings/:id/approve", signedIn, admin, async (c) =>
    c.json(await marketplace.approve(ownerKey(c), c.req.param("id"))),
  );

  api.post("/listings/:id/reject", signedIn, admin, jsonWrite, async (c) =>
    c.json(await marketplace.reject(ownerKey(c), c.req.param("id"), await readJsonObject(c))),
  );

  return api;
}

async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new AppError("BAD_REQUEST", { message: "body is not a JSON object" });
  }
  return body as Record<string, unknown>;
}
