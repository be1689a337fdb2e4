/** One Server-Sent Event as a client sees it: its name, id and raw data. */
export type StreamEvent = { event: string; id: string | undefined; data: string };

/**
 * Reads a live Server-Sent Events body event by event (tests): `next()` waits for the next
 * event (null once the body ends), `close()` cancels the body, as a browser leaving would.
 * Comments (`: ping`) and `retry:` lines are counted, not returned.
 */
export function readEventStream(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let comments = 0;
  let isDone = false;
  const pending: StreamEvent[] = [];

  function parseBlocks() {
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      let id: string | undefined;
      const data: string[] = [];
      let hasData = false;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) comments++;
        else if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("id: ")) id = line.slice(4);
        else if (line.startsWith("data: ")) {
          data.push(line.slice(6));
          hasData = true;
        }
      }
      if (hasData) pending.push({ event, id, data: data.join("\n") });
      end = buffer.indexOf("\n\n");
    }
  }

  return {
    async next(): Promise<StreamEvent | null> {
      for (;;) {
        const event = pending.shift();
        if (event) return event;
        if (isDone) return null;
        const { value, done } = await reader.read();
        if (done) isDone = true;
        else buffer += value;
        parseBlocks();
      }
    },
    /** Reads until an event matches; returns every event read, the match last. */
    async until(test: (event: StreamEvent) => boolean): Promise<StreamEvent[]> {
      const events: StreamEvent[] = [];
      for (;;) {
        const event = await this.next();
        if (!event) throw new Error(`the stream ended after ${JSON.stringify(events)}`);
        events.push(event);
        if (test(event)) return events;
      }
    },
    comments: () => comments,
    close: () => reader.cancel().catch(() => {}),
  };
}
