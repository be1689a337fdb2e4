import type { ChatApi } from "./chat-api";

// The conversation a browser has with a bot is remembered per bot (and per surface: the hosted
// page and the widget keep their own), so a reload shows it again. The server still checks that
// the conversation is this browser's contact's.
const storageKey = (api: ChatApi, botId: string) => `${api.storagePrefix}.${botId}.conversation`;

export function loadConversationId(api: ChatApi, botId: string): string | null {
  return api.storage.get(storageKey(api, botId));
}

export function saveConversationId(api: ChatApi, botId: string, conversationId: string): void {
  api.storage.set(storageKey(api, botId), conversationId);
}

export function forgetConversationId(api: ChatApi, botId: string): void {
  api.storage.remove(storageKey(api, botId));
}
