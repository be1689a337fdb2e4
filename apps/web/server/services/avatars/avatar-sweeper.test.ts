import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryLogger } from "../../test/memory-logger";
import { startAvatarSweeper } from "./avatar-sweeper";

describe("startAvatarSweeper", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sweeps at start and every interval, logs removals and failures, stops", async () => {
    vi.useFakeTimers();
    const log = createMemoryLogger();
    const results: (number | Error)[] = [2, new Error("database gone"), 0];
    const sweep = vi.fn(async () => {
      const next = results.shift() ?? 0;
      if (next instanceof Error) throw next;
      return next;
    });
    const sweeper = startAvatarSweeper({ sweep, logger: log.logger, intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(sweep).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sweep).toHaveBeenCalledTimes(3);
    expect(log.lines.map((line) => [line.level, line.message])).toEqual([
      ["info", "unused anonymous avatars removed"],
      ["warn", "avatar sweep failed"],
    ]);
    await sweeper.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sweep).toHaveBeenCalledTimes(3);
  });
});
