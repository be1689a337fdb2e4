import { defaultHandoffSettings, type HandoffSettings } from "@jai/contracts/inbox";
import { data } from "react-router";
import { BotPage, type BotPageData } from "~/features/console/bot-page";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { orNotFound, requireConsole } from "~/features/console/require-console.server";
import { HandoffSettingsCard } from "~/features/inbox/handoff-settings-card";
import type { Route } from "./+types/console-bot";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const inbox = context.services?.inbox;
  const [bot, personas, sources, handoff] = await orNotFound(() =>
    Promise.all([
      console.bots.get(owner.workspaceId, params.botId),
      console.personas.list(owner.workspaceId),
      console.knowledge.list(owner.workspaceId, params.botId),
      inbox ? inbox.getHandoff(owner.workspaceId, params.botId) : defaultHandoffSettings,
    ]),
  );
  return data<BotPageData & { handoff: HandoffSettings }>(
    { bot, personas, sources, handoff },
    { headers: consoleHeaders },
  );
}

export const meta: Route.MetaFunction = (args) =>
  consoleMeta("bot", args, args.loaderData?.bot.name);
export const headers = () => consoleHeaders;

export default function ConsoleBotRoute({ loaderData }: Route.ComponentProps) {
  return (
    <BotPage data={loaderData}>
      <HandoffSettingsCard
        // Saved elsewhere (another tab, a teammate): the form starts over from what is stored.
        key={JSON.stringify(loaderData.handoff)}
        botId={loaderData.bot.id}
        settings={loaderData.handoff}
      />
    </BotPage>
  );
}
