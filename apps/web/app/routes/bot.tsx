import { brand } from "@jai/contracts/brand";
import type { PublicBot } from "@jai/contracts/chat";
import { data } from "react-router";
import { BotChatPage } from "~/components/chat/bot-chat-page";
import { botChatMessages, chatLocaleFor } from "~/components/chat/messages";
import type { Route } from "./+types/bot";

/**
 * The bot is rendered by the server, in its language (the persona's; for `auto` the visitor's
 * Accept-Language), so the page is whole at first paint and nothing moves when it hydrates.
 * An unknown or paused bot answers 404 with the chat's "not available" card.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const acceptLanguage = request.headers.get("accept-language");
  let bot: PublicBot | null = null;
  // Not found (or paused): said at once. Any other failure: the page tries again from the browser.
  let missing = false;
  try {
    bot = (await context.services?.bots.getPublic(params.botId)) ?? null;
  } catch (error) {
    missing = (error as { code?: string }).code === "NOT_FOUND";
  }
  const locale = chatLocaleFor(bot?.language ?? "auto", acceptLanguage);
  return data(
    { bot, locale, missing },
    { status: missing ? 404 : 200, headers: { Vary: "Accept-Language" } },
  );
}

export const handle = { bare: true };

export function meta({ loaderData }: Route.MetaArgs) {
  const locale = loaderData?.locale ?? "en";
  const m = botChatMessages[locale];
  const bot = loaderData?.bot;
  return [
    { title: bot ? m.documentTitle(bot.name, brand.name) : `${m.meta.title} | ${brand.name}` },
    { name: "description", content: bot?.description || m.meta.description },
    // The owner decides whether search engines may index their bot's page (off by default).
    ...(bot?.indexable ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

export default function BotRoute({ params, loaderData }: Route.ComponentProps) {
  // Keyed by bot: another bot is another chat, with nothing carried over.
  return (
    <BotChatPage
      key={params.botId}
      botId={params.botId}
      locale={loaderData.locale}
      initialBot={loaderData.missing ? "missing" : loaderData.bot}
    />
  );
}
