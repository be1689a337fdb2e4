import type { WidgetFrameMessage, WidgetHostMessage } from "@jai/contracts/channels";
import type { PublicBot } from "@jai/contracts/chat";
import { useEffect, useMemo, useRef, useState } from "react";
import { BotChat } from "~/components/chat/bot-chat-page";
import { createChatApi, type KeyValueStorage } from "~/components/chat/chat-api";
import { BotChatProvider } from "~/components/chat/chat-context";
import type { ChatLocale } from "~/components/chat/messages";

/** Where the frame keeps its contact token (in the host site's storage, see below). */
const contactKey = (botId: string) => `jai.widget.${botId}.contact`;

/**
 * Moves focus to the message box once it is on screen (the chat renders after `init`), for the
 * keyboard user who just opened the widget.
 */
function focusComposer(wantsFocus: { current: boolean }, tries = 0) {
  const textarea = document.querySelector<HTMLTextAreaElement>("textarea");
  if (textarea) {
    textarea.focus();
    wantsFocus.current = false;
  } else if (tries < 40) {
    setTimeout(() => focusComposer(wantsFocus, tries + 1), 50);
  }
}

/**
 * Tells the host page something. Until the host's `init` names its origin only `ready` (which
 * carries nothing) goes to any origin; after it, only the host that sent `init` hears us.
 */
function postToHost(hostOrigin: string | null, message: WidgetFrameMessage) {
  if (window.parent === window) return;
  if (!hostOrigin && message.type !== "ready") return;
  window.parent.postMessage(message, hostOrigin ?? "*");
}

/**
 * The widget's frame, /widget/{botId}: the bot's chat inside the owner's site. The loader on
 * the host page sends the session (`init`) and, when the site signed its customer in, their
 * identity; the frame asks the host to close it (`close`) and tells it about replies (`message`)
 * so the launcher counts unread ones. Escape closes.
 */
export function WidgetFrame({
  botId,
  bot,
  locale,
}: {
  botId: string;
  bot: PublicBot;
  locale: ChatLocale;
}) {
  const session = useRef<string | null>(null);
  const identity = useRef<string | null>(null);
  const hostOrigin = useRef<string | null>(null);
  const [chatLocale, setChatLocale] = useState<ChatLocale>(locale);
  const [isReady, setIsReady] = useState(false);
  const wantsFocus = useRef(false);
  /**
   * The frame's storage: what the host gave at `init`, and every change sent back to it. A
   * third-party frame's own storage may be blocked or cleared; the host site's is its own.
   */
  const stored = useRef(new Map<string, string>());
  const storage = useMemo<KeyValueStorage>(
    () => ({
      get: (key) => stored.current.get(key) ?? null,
      set(key, value) {
        stored.current.set(key, value);
        postToHost(hostOrigin.current, { source: "jai-widget", type: "store", key, value });
      },
      remove(key) {
        stored.current.delete(key);
        postToHost(hostOrigin.current, { source: "jai-widget", type: "store", key, value: null });
      },
    }),
    [],
  );

  const post = (message: WidgetFrameMessage) => postToHost(hostOrigin.current, message);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      const message = event.data as WidgetHostMessage | undefined;
      if (message?.source !== "jai-widget") return;
      if (message.type === "init") {
        hostOrigin.current = event.origin;
        session.current = message.session;
        for (const [key, value] of Object.entries(message.stored ?? {})) {
          if (key.startsWith("jai.widget.") && typeof value === "string") {
            stored.current.set(key, value);
          }
        }
        if (message.language) setChatLocale(message.language);
        setIsReady(true);
      } else if (message.type === "identify") {
        identity.current = btoa(JSON.stringify(message.identity))
          .replaceAll("+", "-")
          .replaceAll("/", "_")
          .replace(/=+$/, "");
      } else if (message.type === "opened") {
        wantsFocus.current = true;
        focusComposer(wantsFocus);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape")
        postToHost(hostOrigin.current, { source: "jai-widget", type: "close" });
    };
    window.addEventListener("message", onMessage);
    window.addEventListener("keydown", onKey);
    postToHost(null, { source: "jai-widget", type: "ready" });
    return () => {
      window.removeEventListener("message", onMessage);
      window.removeEventListener("keydown", onKey);
    };
  }, []);

  const api = useMemo(
    () =>
      createChatApi({
        basePath: (id) => `/api/widget/${encodeURIComponent(id)}`,
        storagePrefix: "jai.widget",
        storage,
        headers: () => {
          const headers: Record<string, string> = {};
          if (session.current) headers.Authorization = `Bearer ${session.current}`;
          const contact = storage.get(contactKey(botId));
          if (contact) headers["X-Jai-Contact"] = contact;
          if (identity.current) headers["X-Jai-Identity"] = identity.current;
          return headers;
        },
        onResponse: (response) => {
          const issued = response.headers.get("X-Jai-Contact");
          if (issued) storage.set(contactKey(botId), issued);
        },
      }),
    [botId, storage],
  );

  return (
    <BotChatProvider locale={chatLocale} api={api}>
      <div className="flex h-dvh flex-col">
        {isReady ? (
          <BotChat
            botId={botId}
            initialBot={bot}
            variant="widget"
            onClose={() => post({ source: "jai-widget", type: "close" })}
            onReply={(text) => post({ source: "jai-widget", type: "message", sender: "bot", text })}
          />
        ) : null}
      </div>
    </BotChatProvider>
  );
}
