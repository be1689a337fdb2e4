import { ReviewQuerySchema } from "@jai/contracts/marketplace";
import { data } from "react-router";
import { consoleHeaders } from "~/features/console/console-meta";
import { marketplaceMeta } from "~/features/marketplace/marketplace-meta";
import { requireMarketplaceAdmin } from "~/features/marketplace/require-marketplace.server";
import {
  ReviewQueuePage,
  type ReviewQueuePageData,
} from "~/features/marketplace/review-queue-page";
import type { Route } from "./+types/console-admin-marketplace";

/** Marketplace admins only (ADMIN_EMAILS); anyone else signed in sees the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { marketplace } = await requireMarketplaceAdmin(context, request);
  const query = ReviewQuerySchema.safeParse({
    status: new URL(request.url).searchParams.get("status") ?? undefined,
  });
  const status = query.success ? query.data.status : "pending";
  const listings = await marketplace.listForReview(status);
  return data<ReviewQueuePageData>({ status, listings }, { headers: consoleHeaders });
}

export const meta: Route.MetaFunction = (args) => marketplaceMeta("review", args);
export const headers = () => consoleHeaders;

export default function ConsoleAdminMarketplaceRoute({ loaderData }: Route.ComponentProps) {
  return <ReviewQueuePage data={loaderData} />;
}
