import {
  type BotDto,
  type ConversationPageDto,
  type ConversationSummaryDto,
  consoleLimits,
} from "@jai/contracts/console";
import { ArrowLeft, ChevronRight, Download, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toaster";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { consoleRequest } from "./console-api";
import { ConsolePageHeader, EmptyState, Spinner } from "./console-parts";
import { LocalTime } from "./local-time";
import { consoleMessages } from "./messages";

export type ConversationsPageData = {
  bot: Pick<BotDto, "id" | "name">;
  search: string;
  page: ConversationPageDto;
};

/** Typing pauses this long before the search goes into the URL (and the list reloads). */
const searchDelayMs = 350;

/** /app/bots/:botId/conversations: searchable, paged list, and the CSV export of what is shown. */
export function ConversationsPage({ data }: { data: ConversationsPageData }) {
  const m = useMessages(consoleMessages);
  const locale = useLocale();
  const id = useId();
  const [, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(data.search);
  const [more, setMore] = useState<{ items: ConversationSummaryDto[]; cursor: string | null }>({
    items: [],
    cursor: data.page.nextCursor,
  });
  const [isLoadingMore, setIsLoadingMore] = useState(false);

  // A new first page (another search, or fresh data) starts the list over.
  useEffect(() => {
    setMore({ items: [], cursor: data.page.nextCursor });
  }, [data.page]);

  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === data.search) return;
    const timer = window.setTimeout(() => {
      setSearchParams(trimmed ? { search: trimmed } : {}, {
        replace: true,
        preventScrollReset: true,
      });
    }, searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [search, data.search, setSearchParams]);

  const onLoadMore = async () => {
    if (!more.cursor) return;
    setIsLoadingMore(true);
    const query = new URLSearchParams({ cursor: more.cursor });
    if (data.search) query.set("search", data.search);
    const result = await consoleRequest<ConversationPageDto>(
      `/bots/${data.bot.id}/conversations?${query}`,
      { locale },
    );
    setIsLoadingMore(false);
    if (!result.ok) {
      toast.error(
        result.error.code === "NETWORK"
          ? m.common.networkError
          : result.error.message || m.common.unknownError,
      );
      return;
    }
    setMore((current) => ({
      items: [...current.items, ...result.data.conversations],
      cursor: result.data.nextCursor,
    }));
  };

  const conversations = [...data.page.conversations, ...more.items];
  const csvQuery = data.search ? `?${new URLSearchParams({ search: data.search })}` : "";

  return (
    <>
      <LocaleLink
        to={`/app/bots/${data.bot.id}`}
        className="mb-3 inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {m.conversations.back(data.bot.name)}
      </LocaleLink>
      <ConsolePageHeader
        title={`${m.conversations.title}: ${data.bot.name}`}
        actions={
          <Button asChild variant="outline">
            <a href={`/api/console/bots/${data.bot.id}/conversations.csv${csvQuery}`} download>
              <Download aria-hidden="true" />
              {m.conversations.exportCsv}
            </a>
          </Button>
        }
      />
      <search className="mb-4 flex flex-col gap-1.5">
        <Label htmlFor={`${id}-search`}>{m.conversations.search}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={m.conversations.searchPlaceholder}
            maxLength={consoleLimits.conversationSearch}
            className="pl-9"
          />
        </div>
      </search>
      {conversations.length === 0 ? (
        data.search ? (
          <p
            role="status"
            className="rounded-lg border border-dashed p-6 text-center text-muted-foreground"
          >
            {m.conversations.noMatches(data.search)}
          </p>
        ) : (
          <EmptyState title={m.conversations.emptyTitle} text={m.conversations.emptyText} />
        )
      ) : (
        <ul className="flex flex-col gap-2" data-testid="conversation-list">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <LocaleLink
                to={`/app/bots/${data.bot.id}/conversations/${conversation.id}`}
                className="flex items-center gap-3 rounded-lg border bg-card p-3 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">
                    {conversation.preview || m.conversations.noPreview}
                  </span>
                  <span className="block text-muted-foreground text-xs">
                    {m.conversations.messages(conversation.messageCount)} ·{" "}
                    {m.conversations.lastMessage}: <LocalTime iso={conversation.lastMessageAt} />
                  </span>
                </span>
                <ChevronRight
                  className="size-4 shrink-0 text-muted-foreground"
                  aria-hidden="true"
                />
                <span className="sr-only">{m.conversations.open}</span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      )}
      {more.cursor ? (
        <Button variant="outline" className="mt-4" onClick={onLoadMore} disabled={isLoadingMore}>
          {isLoadingMore ? <Spinner /> : null}
          {isLoadingMore ? m.conversations.loadingMore : m.conversations.loadMore}
        </Button>
      ) : null}
    </>
  );
}
