import { consoleLimits } from "@jai/contracts/console";
import { data } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import {
  ConversationsPage,
  type ConversationsPageData,
} from "~/features/console/conversations-page";
import { orNotFound, requireConsole } from "~/features/console/require-console.server";
import type { Route } from "./+types/console-conversations";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const search = (new URL(request.url).searchParams.get("search") ?? "")
    .trim()
    .slice(0, consoleLimits.conversationSearch);
  const [bot, page] = await orNotFound(() =>
    Promise.all([
      console.bots.get(owner.workspaceId, params.botId),
      console.conversations.list(owner.workspaceId, params.botId, search ? { search } : {}),
    ]),
  );
  return data<ConversationsPageData>(
    { bot: { id: bot.id, name: bot.name }, search, page },
    { headers: consoleHeaders },
  );
}

export const meta: Route.MetaFunction = (args) =>
  consoleMeta("conversations", args, args.loaderData?.bot.name);
export const headers = () => consoleHeaders;

export default function ConsoleConversationsRoute({ loaderData }: Route.ComponentProps) {
  return <ConversationsPage data={loaderData} />;
}
