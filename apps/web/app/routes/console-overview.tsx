import { data } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { OverviewPage, type OverviewPageData } from "~/features/console/overview-page";
import { requireConsole } from "~/features/console/require-console.server";
import type { Route } from "./+types/console-overview";

const dayMs = 24 * 60 * 60 * 1000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const plan = await console.plan.get(owner.workspaceId);
  const trialDaysLeft = plan.trialEndsAt
    ? Math.max(0, Math.ceil((Date.parse(plan.trialEndsAt) - Date.now()) / dayMs))
    : null;
  return data<OverviewPageData>(
    { ownerName: owner.name, plan, trialDaysLeft },
    { headers: consoleHeaders },
  );
}

export const meta: Route.MetaFunction = (args) => consoleMeta("overview", args);
export const headers = () => consoleHeaders;

export default function ConsoleOverviewRoute({ loaderData }: Route.ComponentProps) {
  return <OverviewPage data={loaderData} />;
}
