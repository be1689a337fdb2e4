import { data } from "react-router";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { orNotFound, requireConsole } from "~/features/console/require-console.server";
import { TranscriptPage, type TranscriptPageData } from "~/features/console/transcript-page";
import type { Route } from "./+types/console-transcript";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const [bot, transcript] = await orNotFound(() =>
    Promise.all([
      console.bots.get(owner.workspaceId, params.botId),
      console.conversations.transcript(owner.workspaceId, params.botId, params.conversationId),
    ]),
  );
  return data<TranscriptPageData>(
    { bot: { id: bot.id, name: bot.name }, transcript },
    { headers: consoleHeaders },
  );
}

export const meta: Route.MetaFunction = (args) =>
  consoleMeta("transcript", args, args.loaderData?.bot.name);
export const headers = () => consoleHeaders;

export default function ConsoleTranscriptRoute({ loaderData }: Route.ComponentProps) {
  return <TranscriptPage data={loaderData} />;
}
