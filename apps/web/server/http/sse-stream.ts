/** A Server-Sent Events body the handler writes to while the client reads. */
export type SseStream = {
  body: ReadableStream<Uint8Array>;
  /** Aborts when the client stops reading (it went away). */
  signal: AbortSignal;
  /** Sends one event; its data as JSON on one line. Does nothing once closed. */
  send(event: string, data: unknown): void;
  close(): void;
};

/** Headers of an SSE response; proxies must neither buffer nor transform it. */
export const sseHeaders = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
} as const;

export function createSseStream(): SseStream {
  const encoder = new TextEncoder();
  const abort = new AbortController();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let isClosed = false;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      isClosed = true;
      abort.abort();
    },
  });
  return {
    body,
    signal: abort.signal,
    send(event, data) {
      if (isClosed) return;
      // JSON.stringify escapes line breaks, so the data is always one `data:` line.
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      if (isClosed) return;
      isClosed = true;
      controller.close();
    },
  };
}
