import { data } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import { WebhooksPage, type WebhooksPageData } from "~/features/console/webhooks-page";
import type { Route } from "./+types/console-webhooks";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner } = await requireConsole(context, request);
  const endpoints = await context.services!.webhooks.list(owner.workspaceId);
  return data<WebhooksPageData>({ endpoints }, { headers: consoleHeaders });
}

export const meta: Route.MetaFunction = (args) => consoleMeta("webhooks", args);
export const headers = () => consoleHeaders;

export default function ConsoleWebhooksRoute({ loaderData }: Route.ComponentProps) {
  return <WebhooksPage data={loaderData} />;
}
