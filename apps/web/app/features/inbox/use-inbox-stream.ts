import type { InboxStreamEvent } from "@jai/contracts/inbox";
import { useEffect, useRef, useState } from "react";

export const inboxStreamUrl = "/api/console/inbox/stream";

/** How long to wait before opening the stream again once the browser gave up on it. */
const reopenAfterMs = 5_000;

/**
 * The inbox's Server-Sent Events: `inbox` events (something changed; the page refetches what it
 * shows) and `reset` (too much was missed: reload everything). EventSource reconnects by itself
 * and resends Last-Event-ID, so the server backfills. When the browser gives up (the server
 * refused or went away), the stream is opened again after a pause from the last event seen
 * (`?lastEventId=`), or with a reload when none was. `connected` is false meanwhile (the page
 * polls).
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
    let lastEventId = "";
    let isReopened = false;

    const open = () => {
      const url = lastEventId
        ? `${inboxStreamUrl}?lastEventId=${encodeURIComponent(lastEventId)}`
        : inboxStreamUrl;
      source = new EventSource(url);
      source.addEventListener("open", () => {
        setConnected(true);
        // Opened again without a last id: what happened meanwhile is unknown.
        if (isReopened && !lastEventId) latest.current.onReset();
      });
      source.addEventListener("inbox", (message) => {
        const { data, lastEventId: id } = message as MessageEvent<string>;
        if (id) lastEventId = id;
        const event = parseEvent(data);
        if (event) latest.current.onEvent(event);
      });
      // Live from here: its id is where a new connection resumes.
      source.addEventListener("ready", (message) => {
        const { lastEventId: id } = message as MessageEvent<string>;
        if (id) lastEventId = id;
      });
      source.addEventListener("reset", (message) => {
        const { lastEventId: id } = message as MessageEvent<string>;
        if (id) lastEventId = id;
        latest.current.onReset();
      });
      source.addEventListener("error", () => {
        setConnected(false);
        if (source?.readyState === EventSource.CLOSED && !isStopped) {
          source.close();
          isReopened = true;
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
