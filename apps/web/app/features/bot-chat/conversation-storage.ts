// The conversation a browser has with a bot is remembered per bot (and per surface: the hosted
// page and the widget keep their own), so a reload shows it again. The server still checks that
// the conversation is this browser's contact's.
const storageKey = (prefix: string, botId: string) => `${prefix}.${botId}.conversation`;

export function loadConversationId(prefix: string, botId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(prefix, botId));
  } catch {
    // Storage disabled (privacy settings): the conversation lasts as long as the page.
    return null;
  }
}

export function saveConversationId(prefix: string, botId: string, conversationId: string): void {
  try {
    window.localStorage.setItem(storageKey(prefix, botId), conversationId);
  } catch {
    // See loadConversationId.
  }
}

export function forgetConversationId(prefix: string, botId: string): void {
  try {
    window.localStorage.removeItem(storageKey(prefix, botId));
  } catch {
    // See loadConversationId.
  }
}
