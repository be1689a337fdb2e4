export type SseEvent = { event: string; data: string };

/**
 * The events of a Server-Sent Events body as they arrive (the format of the HTML standard:
 * `event:` and `data:` lines, a blank line ends an event, `:` lines are comments). Used with
 * fetch, which unlike EventSource can POST a body.
 */
export async function* readSseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A line ends at \n, \r\n or \r; a \r at the very end may be half of a \r\n.
      let start = 0;
      for (let index = 0; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== "\n" && char !== "\r") continue;
        if (char === "\r" && index === buffer.length - 1 && !done) break;
        const line = buffer.slice(start, index);
        if (char === "\r" && buffer[index + 1] === "\n") index++;
        start = index + 1;
        if (line === "") {
          if (data.length > 0) yield { event: event || "message", data: data.join("\n") };
          event = "";
          data = [];
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? "" : line.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      buffer = buffer.slice(start);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
