import { data } from "react-router";
import { BotPage, type BotPageData } from "~/features/console/bot-page";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { orNotFound, requireConsole } from "~/features/console/require-console.server";
import type { Route } from "./+types/console-bot";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const [bot, personas, sources] = await orNotFound(() =>
    Promise.all([
      console.bots.get(owner.workspaceId, params.botId),
      console.personas.list(owner.workspaceId),
      console.knowledge.list(owner.workspaceId, params.botId),
    ]),
  );
  return data<BotPageData>({ bot, personas, sources }, { headers: consoleHeaders });
}

export const meta: Route.MetaFunction = (args) =>
  consoleMeta("bot", args, args.loaderData?.bot.name);
export const headers = () => consoleHeaders;

export default function ConsoleBotRoute({ loaderData }: Route.ComponentProps) {
  return <BotPage data={loaderData} />;
}
