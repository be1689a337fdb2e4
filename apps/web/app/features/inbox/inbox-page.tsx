import type { CannedReplyDto, InboxPersonDto, InboxStreamEvent } from "@jai/contracts/inbox";
import { MessagesSquare } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { ContactPanel } from "./contact-panel";
import { ConversationList } from "./conversation-list";
import { ConversationView } from "./conversation-view";
import { inboxRequest } from "./inbox-api";
import { type InboxFilters, readFilters, writeFilters } from "./inbox-filters";
import { inboxMessages } from "./messages";
import { useConversation } from "./use-conversation";
import { useInboxList } from "./use-inbox-list";
import { useInboxStream } from "./use-inbox-stream";
import { useNow } from "./use-now";

export type InboxPageData = {
  /** The signed-in teammate. */
  me: InboxPersonDto;
  /** The workspace's bots, for the bot filter. */
  bots: { id: string; name: string }[];
};

/** How long real-time events are gathered before the list is fetched again. */
const listRefreshAfterMs = 100;
/** While the stream is down, the list and the open conversation are fetched this often. */
const pollEveryMs = 30_000;

/**
 * /app/inbox and /app/inbox/:conversationId: the team's conversations across bots and channels
 * (left), the open one with its composer (middle) and who the customer is (right; a sheet on
 * narrower screens). On a phone the list and the conversation are separate screens. Everything
 * follows the inbox's event stream without a reload.
 */
export function InboxPage({
  data,
  conversationId,
}: {
  data: InboxPageData;
  conversationId: string | null;
}) {
  const m = useMessages(inboxMessages);
  const locale = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readFilters(searchParams), [searchParams]);
  const searchText = writeFilters(filters).toString();
  const search = searchText ? `?${searchText}` : "";
  const list = useInboxList(filters);
  const conversation = useConversation(conversationId, { onChanged: list.patch });
  const now = useNow();
  const [isContactOpen, setIsContactOpen] = useState(false);

  const onFiltersChange = useCallback(
    (next: InboxFilters) =>
      setSearchParams(writeFilters(next), { replace: true, preventScrollReset: true }),
    [setSearchParams],
  );

  // Canned replies load at the first "/" typed in the composer.
  const [canned, setCanned] = useState<CannedReplyDto[] | null>(null);
  const isLoadingCanned = useRef(false);
  const wantCanned = useCallback(() => {
    if (isLoadingCanned.current) return;
    isLoadingCanned.current = true;
    void inboxRequest<CannedReplyDto[]>("/canned-replies", { locale }).then((result) => {
      setCanned(result.ok ? result.data : []);
      if (!result.ok) isLoadingCanned.current = false;
    });
  }, [locale]);

  // Real time: a burst of events fetches the list once; the open conversation follows its own.
  const listTimer = useRef<number | undefined>(undefined);
  const detailTimer = useRef<number | undefined>(undefined);
  const openId = useRef(conversationId);
  openId.current = conversationId;
  const { refresh } = list;
  const { reload, showTyping } = conversation;
  const refreshList = useCallback(() => {
    window.clearTimeout(listTimer.current);
    listTimer.current = window.setTimeout(refresh, listRefreshAfterMs);
  }, [refresh]);
  const reloadConversation = useCallback(() => {
    window.clearTimeout(detailTimer.current);
    detailTimer.current = window.setTimeout(reload, listRefreshAfterMs / 2);
  }, [reload]);
  useEffect(
    () => () => {
      window.clearTimeout(listTimer.current);
      window.clearTimeout(detailTimer.current);
    },
    [],
  );

  const stream = useInboxStream({
    onEvent: (event: InboxStreamEvent) => {
      const isOpen = event.conversationId === openId.current;
      if (event.kind === "typing") {
        if (isOpen) showTyping();
        return;
      }
      refreshList();
      if (isOpen) reloadConversation();
    },
    onReset: () => {
      refreshList();
      if (openId.current) reloadConversation();
    },
  });

  useEffect(() => {
    if (stream.connected) return;
    const timer = window.setInterval(() => {
      refresh();
      if (openId.current) reload();
    }, pollEveryMs);
    return () => window.clearInterval(timer);
  }, [stream.connected, refresh, reload]);

  // A conversation opened on a phone closes the contact sheet of the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new conversation only
  useEffect(() => setIsContactOpen(false), [conversationId]);

  const detail = conversation.status === "ready" ? conversation.detail : null;
  const contactPanel = detail ? (
    <ContactPanel
      key={detail.contact.id}
      contact={detail.contact}
      conversation={detail.conversation}
      now={now}
      onSaved={() => {
        reload();
        refreshList();
      }}
    />
  ) : null;

  return (
    <div
      className="flex h-[calc(100dvh-11.5rem)] min-h-[30rem] overflow-hidden rounded-xl border bg-background lg:h-[calc(100dvh-9rem)]"
      data-testid="inbox"
    >
      {conversationId ? <h1 className="sr-only lg:hidden">{m.title}</h1> : null}
      <section
        aria-labelledby="inbox-title"
        className={cn(
          "min-h-0 w-full flex-col lg:flex lg:w-72 lg:shrink-0 lg:border-r xl:w-80",
          conversationId ? "hidden" : "flex",
        )}
      >
        <header className="flex items-center justify-between gap-2 px-3 pt-3">
          <h1 id="inbox-title" className="font-bold text-xl tracking-tight">
            {m.title}
          </h1>
          <LiveState connected={stream.connected} />
        </header>
        <ConversationList
          list={list}
          filters={filters}
          onFiltersChange={onFiltersChange}
          bots={data.bots}
          selectedId={conversationId}
          search={search}
          now={now}
        />
      </section>
      <section
        aria-label={m.conversation.transcript}
        className={cn("min-w-0 flex-1 flex-col", conversationId ? "flex" : "hidden lg:flex")}
      >
        {conversationId ? (
          <ConversationView
            state={conversation}
            me={data.me}
            listHref={`/app/inbox${search}`}
            now={now}
            cannedReplies={canned}
            onWantCanned={wantCanned}
            onOpenContact={() => setIsContactOpen(true)}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
            <MessagesSquare className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-semibold">{m.pickTitle}</p>
            <p className="max-w-sm text-muted-foreground text-sm">{m.pickText}</p>
          </div>
        )}
      </section>
      {contactPanel ? (
        <aside
          aria-label={m.contact.title}
          className="hidden w-64 shrink-0 overflow-y-auto border-l xl:block"
        >
          {contactPanel}
        </aside>
      ) : null}
      <Dialog open={isContactOpen && contactPanel !== null} onOpenChange={setIsContactOpen}>
        <DialogContent
          closeLabel={m.contact.close}
          className="top-0 right-0 left-auto h-dvh max-h-dvh w-full max-w-sm translate-x-0 translate-y-0 content-start gap-0 rounded-none p-0"
        >
          <DialogTitle className="border-b p-4 pr-12 text-base">{m.contact.title}</DialogTitle>
          {contactPanel}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function LiveState({ connected }: { connected: boolean }) {
  const m = useMessages(inboxMessages);
  return (
    <span
      className="inline-flex items-center gap-1.5 text-muted-foreground text-xs"
      title={connected ? undefined : m.offline}
      data-testid="inbox-live"
      data-connected={connected}
    >
      <span
        className={cn("size-2 rounded-full", connected ? "bg-green-600" : "bg-amber-500")}
        aria-hidden="true"
      />
      {connected ? m.live : m.reconnecting}
    </span>
  );
}
