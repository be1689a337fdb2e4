import type {
  InboxActionInput,
  InboxConversationDetailDto,
  InboxConversationDto,
  InboxMessageDto,
} from "@jai/contracts/inbox";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { errorText, inboxRequest } from "./inbox-api";
import { inboxMessages } from "./messages";

/** A reply the teammate sent from this page, shown at once and then replaced by the stored one. */
export type OutgoingReply = {
  clientId: string;
  conversationId: string;
  text: string;
  image: string | null;
  state: "sending" | "failed" | "sent";
  /** Why the server refused it, in words. */
  error: string | null;
  /** The stored message, once the server answered 201. */
  stored: InboxMessageDto | null;
  createdAt: string;
};

/** What the transcript shows: stored messages, then this page's replies not yet among them. */
export type ShownMessage =
  | { kind: "stored"; message: InboxMessageDto }
  | { kind: "outgoing"; reply: OutgoingReply };

export type ConversationState = {
  detail: InboxConversationDetailDto | null;
  status: "idle" | "loading" | "ready" | "error" | "notFound";
  shown: ShownMessage[];
  isTyping: boolean;
  reload(): void;
  send(text: string, image: string | null): void;
  resend(clientId: string): void;
  discard(clientId: string): void;
  retryDelivery(messageId: string): Promise<boolean>;
  act(action: InboxActionInput): Promise<InboxConversationDto | null>;
  /** The customer is typing (a `typing` event): shown for a few seconds. */
  showTyping(): void;
};

const typingForMs = 6_000;

/**
 * One conversation of the inbox: loads it, sends replies optimistically (keyed by a client id,
 * so a retried request is stored once), takes actions and marks it read for the signed-in
 * teammate whenever a newer message is shown.
 */
export function useConversation(
  conversationId: string | null,
  {
    onChanged,
  }: {
    /** The conversation changed here (read, replied, an action): the list row follows. */
    onChanged(id: string, change: Partial<InboxConversationDto>): void;
  },
): ConversationState {
  const locale = useLocale();
  const m = useMessages(inboxMessages);
  const [detail, setDetail] = useState<InboxConversationDetailDto | null>(null);
  const [status, setStatus] = useState<ConversationState["status"]>("idle");
  const [outgoing, setOutgoing] = useState<OutgoingReply[]>([]);
  const [isTyping, setIsTyping] = useState(false);
  const currentId = useRef(conversationId);
  const lastMarked = useRef<string | null>(null);
  const typingTimer = useRef<number | undefined>(undefined);
  const latestOnChanged = useRef(onChanged);
  latestOnChanged.current = onChanged;

  const load = useCallback(
    async (id: string) => {
      const result = await inboxRequest<InboxConversationDetailDto>(
        `/conversations/${encodeURIComponent(id)}`,
        { locale },
      );
      if (currentId.current !== id) return;
      if (!result.ok) {
        setStatus(result.status === 404 ? "notFound" : "error");
        return;
      }
      setDetail(result.data);
      setStatus("ready");
    },
    [locale],
  );

  useEffect(() => {
    currentId.current = conversationId;
    lastMarked.current = null;
    setDetail(null);
    setIsTyping(false);
    if (!conversationId) {
      setStatus("idle");
      return;
    }
    setStatus("loading");
    void load(conversationId);
  }, [conversationId, load]);

  // Read up to the newest message shown, once per newer message, while the page is seen.
  const isVisible = useDocumentVisible();
  useEffect(() => {
    if (!isVisible || !detail || detail.conversation.id !== currentId.current) return;
    const newest = detail.messages.at(-1)?.id ?? "none";
    if (lastMarked.current === newest) return;
    lastMarked.current = newest;
    const id = detail.conversation.id;
    void inboxRequest(`/conversations/${encodeURIComponent(id)}/read`, {
      method: "POST",
      locale,
    }).then((result) => {
      if (result.ok) latestOnChanged.current(id, { unread: false });
    });
  }, [detail, locale, isVisible]);

  const reload = useCallback(() => {
    if (currentId.current) void load(currentId.current);
  }, [load]);

  const post = useCallback(
    async (reply: OutgoingReply) => {
      const result = await inboxRequest<InboxMessageDto>(
        `/conversations/${encodeURIComponent(reply.conversationId)}/messages`,
        {
          method: "POST",
          locale,
          body: {
            text: reply.text,
            ...(reply.image ? { image: reply.image } : {}),
            clientId: reply.clientId,
          },
        },
      );
      setOutgoing((list) =>
        list.map((item) =>
          item.clientId !== reply.clientId
            ? item
            : result.ok
              ? { ...item, state: "sent", error: null, stored: result.data }
              : { ...item, state: "failed", error: errorText(result.error, m) },
        ),
      );
      if (result.ok && currentId.current === reply.conversationId) {
        // Sending took the conversation over: the header and the list show it.
        latestOnChanged.current(reply.conversationId, {
          status: "open",
          lastMessage: { at: result.data.createdAt, sender: "human", preview: reply.text },
        });
        void load(reply.conversationId);
      }
    },
    [load, locale, m],
  );

  const send = useCallback(
    (text: string, image: string | null) => {
      const id = currentId.current;
      if (!id) return;
      const reply: OutgoingReply = {
        clientId: crypto.randomUUID(),
        conversationId: id,
        text,
        image,
        state: "sending",
        error: null,
        stored: null,
        createdAt: new Date().toISOString(),
      };
      setOutgoing((list) => [...list, reply]);
      void post(reply);
    },
    [post],
  );

  const resend = useCallback(
    (clientId: string) => {
      const reply = outgoing.find((item) => item.clientId === clientId);
      if (!reply) return;
      const again = { ...reply, state: "sending" as const, error: null };
      setOutgoing((list) => list.map((item) => (item.clientId === clientId ? again : item)));
      void post(again);
    },
    [outgoing, post],
  );

  const discard = useCallback((clientId: string) => {
    setOutgoing((list) => list.filter((item) => item.clientId !== clientId));
  }, []);

  const retryDelivery = useCallback(
    async (messageId: string) => {
      const id = currentId.current;
      if (!id) return false;
      const result = await inboxRequest<InboxMessageDto>(
        `/conversations/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}/retry`,
        { method: "POST", locale },
      );
      if (!result.ok) return false;
      setDetail((shown) =>
        shown && shown.conversation.id === id
          ? {
              ...shown,
              messages: shown.messages.map((message) =>
                message.id === messageId ? result.data : message,
              ),
            }
          : shown,
      );
      return true;
    },
    [locale],
  );

  const act = useCallback(
    async (action: InboxActionInput) => {
      const id = currentId.current;
      if (!id) return null;
      const result = await inboxRequest<InboxConversationDto>(
        `/conversations/${encodeURIComponent(id)}/actions`,
        { method: "POST", locale, body: action },
      );
      if (!result.ok) throw new Error(errorText(result.error, m));
      if (currentId.current === id) {
        setDetail((shown) =>
          shown && shown.conversation.id === id ? { ...shown, conversation: result.data } : shown,
        );
        void load(id);
      }
      latestOnChanged.current(id, result.data);
      return result.data;
    },
    [load, locale, m],
  );

  const showTyping = useCallback(() => {
    setIsTyping(true);
    window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => setIsTyping(false), typingForMs);
  }, []);

  useEffect(() => () => window.clearTimeout(typingTimer.current), []);

  // A new message from the customer ends their typing.
  const newestSender = detail?.messages.at(-1)?.sender;
  const newestId = detail?.messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useEffect(() => {
    if (newestSender === "user") setIsTyping(false);
  }, [newestId]);

  const shown = useMemo((): ShownMessage[] => {
    const stored: ShownMessage[] =
      detail?.messages.map((message) => ({ kind: "stored", message })) ?? [];
    const storedIds = new Set(detail?.messages.map((message) => message.id));
    const mine = outgoing.filter(
      (reply) =>
        reply.conversationId === conversationId &&
        !(reply.stored && storedIds.has(reply.stored.id)),
    );
    return [
      ...stored,
      ...mine.map(
        (reply): ShownMessage =>
          reply.stored ? { kind: "stored", message: reply.stored } : { kind: "outgoing", reply },
      ),
    ];
  }, [detail, outgoing, conversationId]);

  return {
    detail,
    status,
    shown,
    isTyping,
    reload,
    send,
    resend,
    discard,
    retryDelivery,
    act,
    showTyping,
  };
}

/** Whether the page is in front of the teammate (not a background tab). */
function useDocumentVisible(): boolean {
  const [isVisible, setIsVisible] = useState(true);
  useEffect(() => {
    const update = () => setIsVisible(document.visibilityState !== "hidden");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return isVisible;
}
