import type { AppLoadContext } from "react-router";
import type { Member } from "../../../server/services/accounts/create-accounts";
import type { MarketplaceServices } from "../../../server/services/marketplace/create-marketplace";

/**
 * The signed-in owner and the marketplace services, for a console page's loader. Anyone not
 * signed in is redirected to sign in (and back after); without services (prerendering) it is 503.
 */
export async function requireMarketplace(
  context: AppLoadContext,
  request: Request,
): Promise<{ owner: Member; marketplace: MarketplaceServices; isAdmin: boolean }> {
  const services = context.services;
  if (!services?.marketplace) throw new Response("Service unavailable", { status: 503 });
  const owner = await services.accounts.requireMember(request);
  return { owner, marketplace: services.marketplace, isAdmin: services.marketplace.isAdmin(owner) };
}

/** The review page for admins only; anyone else gets the 404 page (it does not advertise itself). */
export async function requireMarketplaceAdmin(context: AppLoadContext, request: Request) {
  const required = await requireMarketplace(context, request);
  if (!required.isAdmin) throw new Response("Not found", { status: 404 });
  return required;
}
