import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { AnalyticsPage, type AnalyticsPageData } from "~/features/analytics/analytics-page";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import type { Route } from "./+types/console-analytics";

/**
 * The analytics dashboard (admins). The loader names the bots for the filter and the plan's
 * analytics level; the page asks the analytics API for the figures of the filters in its URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const [bots, plan] = await Promise.all([
    console.bots.list(owner.workspaceId),
    console.plan.get(owner.workspaceId),
  ]);
  return data<AnalyticsPageData>(
    {
      bots: bots.map((bot) => ({ id: bot.id, name: bot.name })),
      level: plan.allowances.analytics,
    },
    { headers: consoleHeaders },
  );
}

/** A change of filters (search params) needs nothing new from the loader. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) => consoleMeta("analytics", args);
export const headers = () => consoleHeaders;

export default function ConsoleAnalyticsRoute({ loaderData }: Route.ComponentProps) {
  return <AnalyticsPage data={loaderData} />;
}
