import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import { ImprovePage, type ImprovePageData } from "~/features/improve/improve-page";
import type { Route } from "./+types/console-improve";

/**
 * The improvement queue and curated answers (admins). The loader names the workspace's bots
 * for the picker; the page reads the queue and the answers from the improvement API.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const bots = await console.bots.list(owner.workspaceId);
  return data<ImprovePageData>(
    { bots: bots.map((bot) => ({ id: bot.id, name: bot.name })) },
    { headers: consoleHeaders },
  );
}

/** Another bot or group (search params) needs nothing new from the loader. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) => consoleMeta("improve", args);
export const headers = () => consoleHeaders;

export default function ConsoleImproveRoute({ loaderData }: Route.ComponentProps) {
  return <ImprovePage data={loaderData} />;
}
