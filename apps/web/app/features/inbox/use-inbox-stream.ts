import type { InboxStreamEvent } from "@jai/contracts/inbox";
import { useEffect, useRef, useState } from "react";

export const inboxStreamUrl = "/api/console/inbox/stream";

/** How long to wait before opening the stream again once the browser gave up on it. */
const reopenAfterMs = 5_000;

/**
 * The inbox's Server-Sent Events: `inbox` events (something changed; the page refetches what it
 * shows) and `reset` (too much was missed: reload the list). EventSource reconnects by itself
 * and resends Last-Event-ID, so the server backfills; when it gives up (the server refused or
 * restarted), the stream is opened again after a pause and `onReset` reloads everything, since a
 * new EventSource starts without the last id. `connected` is false meanwhile (the page polls).
 */
export function useInboxStream(handlers: {
  onEvent(event: InboxStreamEvent): void;
  onReset(): void;
}): { connected: boolean } {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [connected, setConnected] = useState(true);

  useEffect(() => {
    if (typeof EventSource === "undefined") {
      setConnected(false);
      return;
    }
    let source: EventSource | null = null;
    let reopenTimer: number | undefined;
    let isStopped = false;
    let hasOpened = false;

    const open = () => {
      source = new EventSource(inboxStreamUrl);
      source.addEventListener("open", () => {
        setConnected(true);
        if (hasOpened) latest.current.onReset();
        hasOpened = true;
      });
      source.addEventListener("inbox", (message) => {
        const event = parseEvent((message as MessageEvent<string>).data);
        if (event) latest.current.onEvent(event);
      });
      source.addEventListener("reset", () => latest.current.onReset());
      source.addEventListener("error", () => {
        setConnected(false);
        if (source?.readyState === EventSource.CLOSED && !isStopped) {
          source.close();
          reopenTimer = window.setTimeout(open, reopenAfterMs);
        }
      });
    };
    open();
    return () => {
      isStopped = true;
      window.clearTimeout(reopenTimer);
      source?.close();
    };
  }, []);

  return { connected };
}

function parseEvent(data: string): InboxStreamEvent | null {
  try {
    const value = JSON.parse(data) as Partial<InboxStreamEvent>;
    if (typeof value.conversationId !== "string" || typeof value.kind !== "string") return null;
    return {
      id: Number(value.id ?? 0),
      kind: value.kind,
      conversationId: value.conversationId,
      messageId: typeof value.messageId === "string" ? value.messageId : null,
    };
  } catch {
    return null;
  }
}
