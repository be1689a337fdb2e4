import { brand } from "@jai/contracts/brand";
import { BotChatPage } from "~/features/bot-chat/bot-chat-page";
import { botChatMessages } from "~/features/bot-chat/messages";
import type { Route } from "./+types/bot";

// No loader: the page is the same for every bot and loads the bot itself after hydration, so
// the server renders the "Loading bot..." card without touching the database.
export function meta() {
  return [
    { title: `${botChatMessages.meta.title} | ${brand.name}` },
    { name: "description", content: botChatMessages.meta.description },
    // A bot's chat page is its owner's, not ours to have indexed.
    { name: "robots", content: "noindex" },
  ];
}

export default function BotRoute({ params }: Route.ComponentProps) {
  // Keyed by bot: another bot is another chat, with nothing carried over.
  return <BotChatPage key={params.botId} botId={params.botId} />;
}
