import { data } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import {
  NotificationsPage,
  type NotificationsPageData,
} from "~/features/notifications/notifications-page";
import type { Route } from "./+types/console-notifications";

/** The member's own alerts: every role (agents too), in the workspace they work in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner } = await requireConsole(context, request, "agent");
  const settings = await context.services!.notifications.get({
    userId: owner.userId,
    email: owner.email,
    name: owner.name,
    emailVerified: owner.emailVerified,
    locale: owner.locale,
    workspaceId: owner.workspaceId,
    workspaceName: owner.workspaceName,
    role: owner.role,
  });
  return data<NotificationsPageData>({ settings, email: owner.email }, { headers: consoleHeaders });
}

export const meta: Route.MetaFunction = (args) => consoleMeta("notifications", args);
export const headers = () => consoleHeaders;

export default function ConsoleNotificationsRoute({ loaderData }: Route.ComponentProps) {
  return <NotificationsPage data={loaderData} />;
}
