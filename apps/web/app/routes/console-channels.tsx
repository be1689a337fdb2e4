import { data } from "react-router";
import { renderSVG } from "uqr";
import { ChannelsPage, type ChannelsPageData } from "~/features/console/channels-page";
import { consoleHeaders, consoleMeta } from "~/features/console/console-meta";
import { orNotFound, requireConsole } from "~/features/console/require-console.server";
import { getPublicUrlFromContext } from "~/lib/public-url";
import type { Route } from "./+types/console-channels";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { owner, console } = await requireConsole(context, request);
  const services = context.services!;
  const bot = await orNotFound(() => console.bots.get(owner.workspaceId, params.botId));
  const channels = await orNotFound(() => services.channels.get(owner.workspaceId, params.botId));
  const [line, messenger, instagram, tiktok] = await Promise.all([
    services.line.get(owner.workspaceId, params.botId),
    services.meta.get(owner.workspaceId, params.botId, "messenger"),
    services.meta.get(owner.workspaceId, params.botId, "instagram"),
    services.tiktok.get(owner.workspaceId, params.botId),
  ]);
  const publicUrl = getPublicUrlFromContext(context);
  const pageUrl = `${publicUrl.replace(/\/$/, "")}${bot.publicPath}`;
  // Drawn on the server: the page ships no QR code library.
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(renderSVG(pageUrl)).toString("base64")}`;
  return data<ChannelsPageData>(
    {
      bot: { id: bot.id, name: bot.name, publicPath: bot.publicPath },
      publicUrl,
      qrCode,
      channels,
      line,
      messenger,
      instagram,
      tiktok,
    },
    { headers: consoleHeaders },
  );
}

export const meta: Route.MetaFunction = (args) =>
  consoleMeta("channels", args, args.loaderData?.bot.name);
export const headers = () => consoleHeaders;

export default function ConsoleChannelsRoute({ loaderData }: Route.ComponentProps) {
  return <ChannelsPage data={loaderData} />;
}
