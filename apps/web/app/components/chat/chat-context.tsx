import { createContext, type ReactNode, useContext } from "react";
import type { ChatApi } from "./chat-api";
import { type BotChatMessages, botChatMessages, type ChatLocale } from "./messages";

type BotChatContextValue = { locale: ChatLocale; m: BotChatMessages; api: ChatApi };

const BotChatContext = createContext<BotChatContextValue | null>(null);

/** The chat's language and the endpoints it talks to (the hosted page's or the widget's). */
export function BotChatProvider({
  locale,
  api,
  children,
}: {
  locale: ChatLocale;
  api: ChatApi;
  children: ReactNode;
}) {
  return (
    <BotChatContext.Provider value={{ locale, m: botChatMessages[locale], api }}>
      {children}
    </BotChatContext.Provider>
  );
}

function useBotChatContext(): BotChatContextValue {
  const value = useContext(BotChatContext);
  if (!value) throw new Error("the chat needs a BotChatProvider");
  return value;
}

/** The chat's texts, in the bot's language. */
export const useChatMessages = () => useBotChatContext().m;
export const useChatLocale = () => useBotChatContext().locale;
export const useChatApi = () => useBotChatContext().api;
