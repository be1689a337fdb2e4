import { data } from "react-router";
import { BotsPage, type BotsPageData } from "~/features/console/bots-page";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import type { Route } from "./+types/console-bots";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const [bots, personas] = await Promise.all([
    console.bots.list(owner.workspaceId),
    console.personas.list(owner.workspaceId),
  ]);
  return data<BotsPageData>({ bots, personas }, { headers: consoleHeaders });
}

export const meta: Route.MetaFunction = (args) => consoleMeta("bots", args);
export const headers = () => consoleHeaders;

export default function ConsoleBotsRoute({ loaderData }: Route.ComponentProps) {
  return <BotsPage data={loaderData} />;
}
