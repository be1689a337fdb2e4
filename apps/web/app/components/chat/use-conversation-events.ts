import { useEffect, useRef } from "react";
import { type ChatApi, ChatApiError } from "./chat-api";

/** Waits before reconnecting: 1 s, doubling to 30 s, jittered; a refusal for too many: 30 s. */
function reconnectDelayMs(failures: number, error: unknown): number {
  if (error instanceof ChatApiError && error.status === 429) return 30_000;
  const ceiling = Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function sleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Resolves once the page is visible (at once when it is), or when `signal` aborts. */
function whenVisible(signal: AbortSignal): Promise<void> {
  if (!document.hidden) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener("visibilitychange", onChange);
      resolve();
    };
    const onChange = () => {
      if (!document.hidden) done();
    };
    document.addEventListener("visibilitychange", onChange);
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * Keeps the conversation's event stream open while the chat shows it, and calls `onChange`
 * whenever something may have been stored that the chat does not show yet (a teammate's reply):
 * on each event, on a reset, and once when first live (what was stored just before). Reconnects
 * with Last-Event-ID after a drop, with backoff; closes while the page is hidden and resumes
 * where it stopped when it is shown again. Gives up on a 404 (not this visitor's conversation).
 */
export function useConversationEvents(
  api: ChatApi,
  botId: string,
  conversationId: string | null,
  onChange: () => void,
): void {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!conversationId || typeof document === "undefined") return;
    const stop = new AbortController();
    let lastEventId: string | null = null;

    void (async () => {
      let failures = 0;
      while (!stop.signal.aborted) {
        await whenVisible(stop.signal);
        if (stop.signal.aborted) return;
        const attempt = new AbortController();
        const onStop = () => attempt.abort();
        const onHidden = () => {
          if (document.hidden) attempt.abort();
        };
        stop.signal.addEventListener("abort", onStop);
        document.addEventListener("visibilitychange", onHidden);
        let failure: unknown;
        try {
          for await (const item of api.streamEvents(
            botId,
            conversationId,
            lastEventId,
            attempt.signal,
          )) {
            failures = 0;
            if (item.event !== "ready" || lastEventId === null) onChangeRef.current();
            if (item.id) lastEventId = item.id;
          }
        } catch (error) {
          failure = error;
          if (error instanceof ChatApiError && error.status === 404) return;
        } finally {
          stop.signal.removeEventListener("abort", onStop);
          document.removeEventListener("visibilitychange", onHidden);
        }
        // Hidden: reconnect once shown, without waiting.
        if (stop.signal.aborted || (attempt.signal.aborted && document.hidden)) continue;
        failures++;
        await sleep(reconnectDelayMs(failures, failure), stop.signal);
      }
    })();
    return () => stop.abort();
  }, [api, botId, conversationId]);
}
