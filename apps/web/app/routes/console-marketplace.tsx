import { data } from "react-router";
import { consoleHeaders } from "~/features/console/console-meta";
import { marketplaceMeta } from "~/features/marketplace/marketplace-meta";
import {
  OwnListingsPage,
  type OwnListingsPageData,
} from "~/features/marketplace/own-listings-page";
import { requireMarketplace } from "~/features/marketplace/require-marketplace.server";
import type { Route } from "./+types/console-marketplace";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, marketplace, isAdmin } = await requireMarketplace(context, request);
  const [listings, personas] = await Promise.all([
    marketplace.listMine(owner.workspaceId),
    context.services?.console?.personas.list(owner.workspaceId) ?? [],
  ]);
  return data<OwnListingsPageData>(
    {
      listings,
      personas: personas.map(({ id, name, language }) => ({ id, name, language })),
      isAdmin,
    },
    { headers: consoleHeaders },
  );
}

export const meta: Route.MetaFunction = (args) => marketplaceMeta("mine", args);
export const headers = () => consoleHeaders;

export default function ConsoleMarketplaceRoute({ loaderData }: Route.ComponentProps) {
  return <OwnListingsPage data={loaderData} />;
}
