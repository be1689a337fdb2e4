import { data } from "react-router";
import { ApiKeysPage, type ApiKeysPageData } from "~/features/console/api-keys-page";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import type { Route } from "./+types/console-api-keys";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const keys = await console.apiKeys.list(owner.workspaceId);
  return data<ApiKeysPageData>({ keys }, { headers: consoleHeaders });
}

export const meta: Route.MetaFunction = (args) => consoleMeta("apiKeys", args);
export const headers = () => consoleHeaders;

export default function ConsoleApiKeysRoute({ loaderData }: Route.ComponentProps) {
  return <ApiKeysPage data={loaderData} />;
}
