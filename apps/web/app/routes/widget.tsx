import type { PublicBot } from "@jai/contracts/chat";
import { data } from "react-router";
import { chatLocaleFor } from "~/components/chat/messages";
import { WidgetFrame } from "~/features/widget/widget-frame";
import type { Route } from "./+types/widget";

/**
 * The website widget's frame. Framed only by the bot's allowed sites (frame-ancestors, set by
 * the server); a paused bot or a widget turned off answers 404 with nothing to show.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  let bot: PublicBot | null = null;
  let language: string | undefined;
  try {
    const widget = await context.services?.channels.loadWidget(params.botId);
    if (widget?.enabled) {
      bot = (await context.services?.bots.getPublic(params.botId)) ?? null;
      // The host page's choice (data-language), then the owner's, then the bot's.
      const asked = url.searchParams.get("lang");
      language =
        asked === "en" || asked === "th"
          ? asked
          : widget.settings.language !== "auto"
            ? widget.settings.language
            : bot?.language;
    }
  } catch {
    bot = null;
  }
  const locale = chatLocaleFor(language ?? "auto", request.headers.get("accept-language"));
  return data({ bot, locale }, { status: bot ? 200 : 404 });
}

export const handle = { bare: true };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.bot?.name ?? "Chat" }, { name: "robots", content: "noindex" }];
}

export default function WidgetRoute({ params, loaderData }: Route.ComponentProps) {
  if (!loaderData.bot) return null;
  return <WidgetFrame botId={params.botId} bot={loaderData.bot} locale={loaderData.locale} />;
}
