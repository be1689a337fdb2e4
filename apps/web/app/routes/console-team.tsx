import { data } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import { TeamPage, type TeamPageData } from "~/features/workspace-team/team-page";
import type { Route } from "./+types/console-team";

/** The team: admins and the owner only (agents get the 403 page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner } = await requireConsole(context, request, "admin");
  const team = await context.services!.workspaces.team.get(owner.workspaceId);
  return data<TeamPageData>(
    { team, me: { userId: owner.userId, role: owner.role } },
    { headers: consoleHeaders },
  );
}

export const meta: Route.MetaFunction = (args) => consoleMeta("team", args);
export const headers = () => consoleHeaders;

export default function ConsoleTeamRoute({ loaderData }: Route.ComponentProps) {
  return <TeamPage data={loaderData} />;
}
