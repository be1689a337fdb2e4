import { describe, expect, it } from "vitest";
import { readSseEvents, type SseEvent } from "./read-sse-events";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const event of readSseEvents(streamOf(chunks))) events.push(event);
  return events;
}

describe("readSseEvents", () => {
  it("reads events split anywhere across chunks", async () => {
    const text = 'event: start\ndata: {"a":1}\n\nevent: token\ndata: {"text":"สวัสดี"}\n\n';
    const whole = await collect([text]);
    expect(whole).toEqual([
      { event: "start", data: '{"a":1}' },
      { event: "token", data: '{"text":"สวัสดี"}' },
    ]);
    // Every split point, including inside a multi-byte Thai character.
    const bytes = new TextEncoder().encode(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, cut));
          controller.enqueue(bytes.slice(cut));
          controller.close();
        },
      });
      const events: SseEvent[] = [];
      for await (const event of readSseEvents(stream)) events.push(event);
      expect(events).toEqual(whole);
    }
  });

  it("handles CRLF and CR line ends, comments, multi-line data and a default event name", async () => {
    expect(
      await collect([": keep-alive\r\n", "data: one\r", "\ndata: two\r\rdata: x\n\n"]),
    ).toEqual([
      { event: "message", data: "one\ntwo" },
      { event: "message", data: "x" },
    ]);
  });

  it("drops an unfinished event at the end of the stream", async () => {
    expect(await collect(["event: done\ndata: {}"])).toEqual([]);
  });
});
