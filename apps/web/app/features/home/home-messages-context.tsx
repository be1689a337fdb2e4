import { createContext, type ReactNode, useContext } from "react";
import type { HomeMessages } from "./messages";

// The landing page's texts come from the route's loader data (prerendered into the page) rather
// than from the JavaScript bundle, so a visitor downloads one language instead of both.
const HomeMessagesContext = createContext<HomeMessages | null>(null);

export function HomeMessagesProvider({
  messages,
  children,
}: {
  messages: HomeMessages;
  children: ReactNode;
}) {
  return <HomeMessagesContext.Provider value={messages}>{children}</HomeMessagesContext.Provider>;
}

export function useHomeMessages(): HomeMessages {
  const messages = useContext(HomeMessagesContext);
  if (!messages) throw new Error("useHomeMessages must be used inside HomeMessagesProvider");
  return messages;
}
