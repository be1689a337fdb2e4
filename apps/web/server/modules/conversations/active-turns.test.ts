import { describe, expect, it } from "vitest";
import { createActiveTurns, ServerShutdownError } from "./active-turns";

describe("createActiveTurns", () => {
  it("counts turns until they end, and says when none is left", async () => {
    const turns = createActiveTurns();
    await turns.whenIdle();
    const first = turns.begin();
    const second = turns.begin();
    expect(turns.size).toBe(2);
    let isIdle = false;
    const idle = turns.whenIdle().then(() => {
      isIdle = true;
    });
    first.end();
    first.end();
    await Promise.resolve();
    expect(turns.size).toBe(1);
    expect(isIdle).toBe(false);
    second.end();
    await idle;
    expect(turns.size).toBe(0);
  });

  it("cancels the running turns, and starts later ones cancelled", () => {
    const turns = createActiveTurns();
    const running = turns.begin();
    const done = turns.begin();
    done.end();
    turns.abort();
    expect(turns.isAborted).toBe(true);
    expect(running.signal.aborted).toBe(true);
    expect(running.signal.reason).toBeInstanceOf(ServerShutdownError);
    expect(done.signal.aborted).toBe(false);
    expect(turns.begin().signal.aborted).toBe(true);
  });
});
