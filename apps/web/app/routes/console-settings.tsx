import { data } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import { SettingsPage, type SettingsPageData } from "~/features/workspace-settings/settings-page";
import type { Route } from "./+types/console-settings";

/** The workspace's settings: admins and the owner only (agents get the 403 page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner } = await requireConsole(context, request, "admin");
  const settings = await context.services!.workspaces.settings.get(owner.workspaceId);
  return data<SettingsPageData>({ settings }, { headers: consoleHeaders });
}

export const meta: Route.MetaFunction = (args) => consoleMeta("settings", args);
export const headers = () => consoleHeaders;

export default function ConsoleSettingsRoute({ loaderData }: Route.ComponentProps) {
  return <SettingsPage data={loaderData} />;
}
