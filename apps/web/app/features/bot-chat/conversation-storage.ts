// The conversation a browser has with a bot is remembered per bot, so a reload shows it again.
// The server still checks, through the visitor cookie, that the conversation is this visitor's.
const storageKey = (botId: string) => `jai.bot-chat.${botId}.conversation`;

export function loadConversationId(botId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(botId));
  } catch {
    // Storage disabled (privacy settings): the conversation lasts as long as the page.
    return null;
  }
}

export function saveConversationId(botId: string, conversationId: string): void {
  try {
    window.localStorage.setItem(storageKey(botId), conversationId);
  } catch {
    // See loadConversationId.
  }
}

export function forgetConversationId(botId: string): void {
  try {
    window.localStorage.removeItem(storageKey(botId));
  } catch {
    // See loadConversationId.
  }
}
