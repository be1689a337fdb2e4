import { hasAnalyticsFeature } from "@jai/contracts/analytics";
import { data } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import { DataPage, type DataPageData } from "~/features/data-io/data-page";
import type { Route } from "./+types/console-data";

/**
 * Exports, imports and Google Sheets (admins). The loader names the bots and whether the plan
 * has exports; the page asks the data API for the Google Sheets links itself.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const [bots, plan] = await Promise.all([
    console.bots.list(owner.workspaceId),
    console.plan.get(owner.workspaceId),
  ]);
  return data<DataPageData>(
    {
      bots: bots.map((bot) => ({ id: bot.id, name: bot.name })),
      canExport: hasAnalyticsFeature(plan.allowances.analytics, "deep"),
    },
    { headers: consoleHeaders },
  );
}

export const meta: Route.MetaFunction = (args) => consoleMeta("data", args);
export const headers = () => consoleHeaders;

export default function ConsoleDataRoute({ loaderData }: Route.ComponentProps) {
  return <DataPage data={loaderData} />;
}
