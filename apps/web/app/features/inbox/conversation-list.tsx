import type { InboxChannel, InboxConversationDto } from "@jai/contracts/inbox";
import { inboxChannels, inboxLimits } from "@jai/contracts/inbox";
import {
  LoaderCircle,
  MessageSquareHeart,
  Search,
  SlidersHorizontal,
  UserRound,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { LocaleLink } from "~/components/layout/locale-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useLocale, useMessages } from "~/i18n/use-locale";
import { cn } from "~/lib/cn";
import { ContactAvatar, contactLabel } from "./contact-avatar";
import {
  type AssigneeFilter,
  assigneeFilters,
  defaultFilters,
  type InboxFilters,
  isFiltered,
  statusTabs,
} from "./inbox-filters";
import { inboxMessages } from "./messages";
import { StatusBadge } from "./status-badge";
import { duration, moment, shortAgo } from "./time-words";
import type { InboxListState } from "./use-inbox-list";

/** The inbox's left column: filters, then the conversations, newest activity first. */
export function ConversationList({
  list,
  filters,
  onFiltersChange,
  bots,
  selectedId,
  search,
  now,
}: {
  list: InboxListState;
  filters: InboxFilters;
  onFiltersChange(next: InboxFilters): void;
  bots: { id: string; name: string }[];
  selectedId: string | null;
  /** The page's search params, kept on links so a conversation opens with the same filters. */
  search: string;
  now: Date | null;
}) {
  const m = useMessages(inboxMessages);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <Filters filters={filters} onChange={onFiltersChange} bots={bots} />
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="inbox-list">
        {list.status === "loading" && list.conversations.length === 0 ? (
          <p className="flex items-center gap-2 p-4 text-muted-foreground text-sm" role="status">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {m.list.loading}
          </p>
        ) : list.status === "error" && list.conversations.length === 0 ? (
          <div className="space-y-2 p-4 text-sm" role="alert">
            <p>{m.list.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={list.refresh}>
              {m.list.retry}
            </Button>
          </div>
        ) : list.conversations.length === 0 ? (
          <EmptyList
            filtered={isFiltered(filters)}
            onClear={() => onFiltersChange(defaultFilters)}
          />
        ) : (
          <>
            <ul aria-label={m.list.label}>
              {list.conversations.map((conversation) => (
                <li key={conversation.id}>
                  <ConversationRow
                    conversation={conversation}
                    isSelected={conversation.id === selectedId}
                    search={search}
                    now={now}
                  />
                </li>
              ))}
            </ul>
            <LoadMore list={list} />
          </>
        )}
      </div>
    </div>
  );
}

function EmptyList({ filtered, onClear }: { filtered: boolean; onClear(): void }) {
  const m = useMessages(inboxMessages);
  if (filtered) {
    return (
      <div className="space-y-3 p-6 text-center text-sm">
        <p className="text-muted-foreground">{m.filteredEmpty}</p>
        <Button variant="outline" size="sm" onClick={onClear}>
          {m.clearFilters}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-2 p-6 text-sm" data-testid="inbox-empty">
      <p className="font-semibold text-base">{m.emptyTitle}</p>
      <p className="text-muted-foreground">{m.emptyText}</p>
    </div>
  );
}

/** Loads the next page when its button scrolls into view (or is pressed). */
function LoadMore({ list }: { list: InboxListState }) {
  const m = useMessages(inboxMessages);
  const ref = useRef<HTMLDivElement>(null);
  const { nextCursor, loadMore } = list;
  useEffect(() => {
    const element = ref.current;
    if (!element || !nextCursor || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [nextCursor, loadMore]);
  if (!nextCursor) return null;
  return (
    <div ref={ref} className="p-3 text-center">
      <Button variant="ghost" size="sm" onClick={loadMore} disabled={list.isLoadingMore}>
        {list.isLoadingMore ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {list.isLoadingMore ? m.list.loading : m.list.loadMore}
      </Button>
    </div>
  );
}

function ConversationRow({
  conversation: c,
  isSelected,
  search,
  now,
}: {
  conversation: InboxConversationDto;
  isSelected: boolean;
  search: string;
  now: Date | null;
}) {
  const m = useMessages(inboxMessages);
  const locale = useLocale();
  const name = contactLabel(c.contact, m.list.visitor);
  const who =
    c.lastMessage.sender === "bot"
      ? `${c.botName}: `
      : c.lastMessage.sender === "human"
        ? `${m.list.team}: `
        : "";
  return (
    <LocaleLink
      to={`/app/inbox/${c.id}${search}`}
      aria-current={isSelected ? "page" : undefined}
      className={cn(
        "flex gap-3 border-b px-3 py-3 transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
        isSelected && "bg-accent/70 hover:bg-accent/70",
      )}
      data-testid="inbox-row"
      data-status={c.status}
      data-unread={c.unread ? "true" : undefined}
    >
      <ContactAvatar name={c.contact.name} avatarUrl={c.contact.avatarUrl} channel={c.channel} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={cn("min-w-0 flex-1 truncate text-sm", c.unread && "font-bold")}>
            {name}
          </span>
          {now ? (
            <time
              dateTime={c.lastMessage.at}
              className="shrink-0 text-muted-foreground text-xs"
              title={moment(c.lastMessage.at, now, locale)}
            >
              {shortAgo(c.lastMessage.at, now, locale, m)}
            </time>
          ) : null}
        </span>
        <span className="flex items-center gap-2">
          <span
            className={cn(
              "min-w-0 flex-1 truncate text-sm",
              c.unread ? "font-semibold text-foreground" : "text-muted-foreground",
              c.lastMessage.sender === "event" && "italic",
            )}
          >
            {who}
            {c.lastMessage.preview}
          </span>
          {c.unread ? (
            <span className="size-2.5 shrink-0 rounded-full bg-primary" data-testid="unread-dot">
              <span className="sr-only">{m.list.unread}</span>
            </span>
          ) : null}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
          <StatusBadge status={c.status} />
          {c.status === "pending" && c.waitingSince && now ? (
            <span className="font-medium text-amber-800" data-testid="waiting">
              {m.list.waiting(duration(now.getTime() - Date.parse(c.waitingSince), m))}
            </span>
          ) : null}
          {c.status === "snoozed" && c.snoozedUntil && now ? (
            <span>{m.list.snoozedUntil(moment(c.snoozedUntil, now, locale))}</span>
          ) : null}
          {c.assignee ? (
            <span className="inline-flex min-w-0 items-center gap-1">
              <UserRound className="size-3 shrink-0" aria-hidden="true" />
              <span className="sr-only">{m.list.assignedTo("")}</span>
              <span className="truncate">{c.assignee.name}</span>
            </span>
          ) : null}
          {c.hasFeedback ? (
            <MessageSquareHeart className="size-3.5" aria-label={m.list.feedback} role="img" />
          ) : null}
          <span className="sr-only">
            {m.channels[c.channel]} · {c.botName}
          </span>
        </span>
      </span>
    </LocaleLink>
  );
}

function Filters({
  filters,
  onChange,
  bots,
}: {
  filters: InboxFilters;
  onChange(next: InboxFilters): void;
  bots: { id: string; name: string }[];
}) {
  const m = useMessages(inboxMessages);
  const id = useId();
  const [query, setQuery] = useState(filters.q);
  const extraCount =
    Number(Boolean(filters.botId)) +
    Number(Boolean(filters.channel)) +
    Number(filters.assignee !== "all") +
    Number(filters.feedback);
  const [showMore, setShowMore] = useState(extraCount > 0);
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };

  // The URL changed elsewhere (back button, "Clear filters"): the box follows.
  useEffect(() => setQuery(filters.q), [filters.q]);

  // Searching waits for a pause in typing.
  useEffect(() => {
    if (query.trim() === latest.current.filters.q.trim()) return;
    const timer = window.setTimeout(
      () => latest.current.onChange({ ...latest.current.filters, q: query }),
      300,
    );
    return () => window.clearTimeout(timer);
  }, [query]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for Safari 16 and jsdom
    <div role="search" className="space-y-2 border-b p-3" aria-label={m.filters.label}>
      <fieldset className="-mx-3 flex min-w-0 gap-1 overflow-x-auto px-3 pb-1">
        <legend className="sr-only">{m.filters.status}</legend>
        {statusTabs.map((tab) => (
          <button
            key={tab}
            type="button"
            aria-pressed={filters.tab === tab}
            onClick={() => onChange({ ...filters, tab })}
            className={cn(
              "shrink-0 whitespace-nowrap rounded-full border px-3 py-1 font-medium text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              filters.tab === tab
                ? "border-primary bg-primary text-primary-foreground"
                : "bg-background text-muted-foreground hover:bg-muted hover:text-foreground",
            )}
          >
            {m.statusTabs[tab]}
          </button>
        ))}
      </fieldset>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={query}
            maxLength={inboxLimits.search}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={m.filters.searchPlaceholder}
            aria-label={m.filters.search}
            className="h-9 pl-8"
          />
        </div>
        <Button
          type="button"
          variant={extraCount > 0 ? "secondary" : "outline"}
          size="sm"
          aria-expanded={showMore}
          aria-controls={`${id}-more`}
          onClick={() => setShowMore((open) => !open)}
          title={m.filters.more}
        >
          <SlidersHorizontal aria-hidden="true" />
          <span className="sr-only">{m.filters.more}</span>
          {extraCount > 0 ? <span aria-hidden="true">{extraCount}</span> : null}
        </Button>
      </div>
      <div id={`${id}-more`} hidden={!showMore} className="grid grid-cols-2 gap-2">
        <div className="col-span-2 grid gap-1 text-xs">
          <label htmlFor={`${id}-bot`} className="text-muted-foreground">
            {m.filters.bot}
          </label>
          <NativeSelect
            id={`${id}-bot`}
            className="h-9"
            value={filters.botId ?? ""}
            onChange={(event) => onChange({ ...filters, botId: event.target.value || null })}
          >
            <option value="">{m.filters.allBots}</option>
            {bots.map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1 text-xs">
          <label htmlFor={`${id}-channel`} className="text-muted-foreground">
            {m.filters.channel}
          </label>
          <NativeSelect
            id={`${id}-channel`}
            className="h-9"
            value={filters.channel ?? ""}
            onChange={(event) =>
              onChange({ ...filters, channel: (event.target.value || null) as InboxChannel | null })
            }
          >
            <option value="">{m.filters.allChannels}</option>
            {inboxChannels.map((channel) => (
              <option key={channel} value={channel}>
                {m.channels[channel]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1 text-xs">
          <label htmlFor={`${id}-assignee`} className="text-muted-foreground">
            {m.filters.assignee}
          </label>
          <NativeSelect
            id={`${id}-assignee`}
            className="h-9"
            value={filters.assignee}
            onChange={(event) =>
              onChange({ ...filters, assignee: event.target.value as AssigneeFilter })
            }
          >
            {assigneeFilters.map((value) => (
              <option key={value} value={value}>
                {m.filters.assignees[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <label className="col-span-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={filters.feedback}
            onChange={(event) => onChange({ ...filters, feedback: event.target.checked })}
          />
          {m.filters.feedback}
        </label>
      </div>
    </div>
  );
}
