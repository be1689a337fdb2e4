import type { InboxConversationDto, InboxPageDto } from "@jai/contracts/inbox";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocale } from "~/i18n/use-locale";
import { inboxRequest } from "./inbox-api";
import { type InboxFilters, listQuery } from "./inbox-filters";

export type InboxListState = {
  conversations: InboxConversationDto[];
  nextCursor: string | null;
  status: "loading" | "ready" | "error";
  isLoadingMore: boolean;
  loadMore(): void;
  /** Fetches the first page again (after a real-time event), keeping pages loaded below it. */
  refresh(): void;
  /** Changes one row at once (marked read, an action taken) before the next refresh. */
  patch(id: string, change: Partial<InboxConversationDto>): void;
};

/**
 * The conversations matching `filters`, a page at a time (keyset: the API's `nextCursor`). A
 * change of filters starts over; answers to an older query are dropped.
 */
export function useInboxList(filters: InboxFilters): InboxListState {
  const locale = useLocale();
  const key = listQuery(filters);
  const [conversations, setConversations] = useState<InboxConversationDto[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<InboxListState["status"]>("loading");
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  // Which query the shown rows belong to; an answer for another one is stale.
  const current = useRef(key);
  const pagesLoaded = useRef(1);
  const cursorRef = useRef<string | null>(null);

  const fetchPage = useCallback(
    (cursor?: string | null) =>
      inboxRequest<InboxPageDto>(`/conversations${listQueryWithCursor(key, cursor)}`, {
        locale,
      }),
    [key, locale],
  );

  useEffect(() => {
    current.current = key;
    pagesLoaded.current = 1;
    setStatus("loading");
    let isCancelled = false;
    void fetchPage().then((result) => {
      if (isCancelled || current.current !== key) return;
      if (!result.ok) return setStatus("error");
      setConversations(result.data.conversations);
      setNextCursor(result.data.nextCursor);
      cursorRef.current = result.data.nextCursor;
      setStatus("ready");
    });
    return () => {
      isCancelled = true;
    };
  }, [key, fetchPage]);

  const refresh = useCallback(() => {
    void fetchPage().then((result) => {
      if (current.current !== key || !result.ok) return;
      const first = result.data.conversations;
      setStatus("ready");
      if (pagesLoaded.current <= 1) {
        setConversations(first);
        setNextCursor(result.data.nextCursor);
        cursorRef.current = result.data.nextCursor;
        return;
      }
      // More pages are shown: the first page is fresh, the rows below it stay (once each).
      const ids = new Set(first.map((row) => row.id));
      setConversations((rows) => [
        ...first,
        ...rows.slice(first.length).filter((row) => !ids.has(row.id)),
      ]);
    });
  }, [fetchPage, key]);

  const loadMore = useCallback(() => {
    const cursor = cursorRef.current;
    if (!cursor || isLoadingMore) return;
    setIsLoadingMore(true);
    void fetchPage(cursor).then((result) => {
      setIsLoadingMore(false);
      if (current.current !== key || !result.ok) return;
      pagesLoaded.current += 1;
      setConversations((rows) => {
        const ids = new Set(rows.map((row) => row.id));
        return [...rows, ...result.data.conversations.filter((row) => !ids.has(row.id))];
      });
      setNextCursor(result.data.nextCursor);
      cursorRef.current = result.data.nextCursor;
    });
  }, [fetchPage, isLoadingMore, key]);

  const patch = useCallback((id: string, change: Partial<InboxConversationDto>) => {
    setConversations((rows) => rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  }, []);

  return { conversations, nextCursor, status, isLoadingMore, loadMore, refresh, patch };
}

function listQueryWithCursor(query: string, cursor?: string | null): string {
  if (!cursor) return query;
  const cursorParam = `cursor=${encodeURIComponent(cursor)}`;
  return query ? `${query}&${cursorParam}` : `?${cursorParam}`;
}
