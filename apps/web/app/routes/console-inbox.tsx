import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { requireConsole } from "~/features/console/require-console.server";
import { InboxPage, type InboxPageData } from "~/features/inbox/inbox-page";
import { stripLocale } from "~/i18n/locale";
import type { Route } from "./+types/console-inbox";

/**
 * The team inbox (agents and up). The page fetches its conversations from the inbox API and
 * follows its event stream; the loader only checks the member and names the bots for the filter.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request, "agent");
  const bots = await console.bots.list(owner.workspaceId);
  return data<InboxPageData>(
    {
      me: { id: owner.userId, name: owner.name },
      bots: bots.map((bot) => ({ id: bot.id, name: bot.name })),
    },
    { headers: consoleHeaders },
  );
}

const isInbox = (url: URL) => /^\/app\/inbox(\/|$)/.test(stripLocale(url.pathname));

/** Opening another conversation or changing a filter needs nothing new from the loader. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && isInbox(currentUrl) && isInbox(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = (args) => consoleMeta("inbox", args);
export const headers = () => consoleHeaders;

export default function ConsoleInboxRoute({ loaderData, params }: Route.ComponentProps) {
  return <InboxPage data={loaderData} conversationId={params.conversationId ?? null} />;
}
