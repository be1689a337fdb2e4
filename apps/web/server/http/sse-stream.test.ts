import { describe, expect, it } from "vitest";
import { createSseStream } from "./sse-stream";

describe("createSseStream", () => {
  it("writes one JSON line per event and closes", async () => {
    const sse = createSseStream();
    sse.send("token", { text: "two\nlines" });
    sse.send("done", { status: "completed" });
    sse.close();
    sse.send("late", {});
    expect(await new Response(sse.body).text()).toBe(
      'event: token\ndata: {"text":"two\\nlines"}\n\nevent: done\ndata: {"status":"completed"}\n\n',
    );
    expect(sse.signal.aborted).toBe(false);
  });

  it("aborts its signal when the reader goes away, and ignores later events", async () => {
    const sse = createSseStream();
    sse.send("start", {});
    await sse.body.cancel();
    expect(sse.signal.aborted).toBe(true);
    expect(() => sse.send("token", { text: "x" })).not.toThrow();
    expect(() => sse.close()).not.toThrow();
  });
});
