import { describe, expect, it, vi } from "vitest";
import { createMemoryLogger } from "../test/memory-logger";
import { createPollingWorker } from "./polling-worker";

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createPollingWorker", () => {
  it("runs a round at start, again at once after a full batch, then waits for the poll", async () => {
    const claims = [2, 2, 1];
    let rounds = 0;
    const worker = createPollingWorker({
      name: "test",
      logger: createMemoryLogger().logger,
      runOnce: async () => {
        rounds++;
        return claims.shift() ?? 0;
      },
      batchSize: 2,
      pollIntervalMs: 60_000,
      inFlightWork: "the work",
    });
    worker.start();
    await vi.waitFor(() => expect(rounds).toBe(3));
    await tick(50);
    expect(rounds).toBe(3);
    worker.wake();
    await vi.waitFor(() => expect(rounds).toBe(4));
    await worker.stop();
  });

  it("never runs two rounds at once; a wake during a round runs one more after it", async () => {
    let active = 0;
    let maxActive = 0;
    let rounds = 0;
    let release = () => {};
    const firstRoundHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = createPollingWorker({
      name: "test",
      logger: createMemoryLogger().logger,
      runOnce: async () => {
        rounds++;
        maxActive = Math.max(maxActive, ++active);
        if (rounds === 1) await firstRoundHeld;
        active--;
        return 0;
      },
      batchSize: 5,
      pollIntervalMs: 60_000,
      inFlightWork: "the work",
    });
    worker.start();
    await vi.waitFor(() => expect(active).toBe(1));
    worker.wake();
    worker.wake();
    release();
    await vi.waitFor(() => expect(rounds).toBe(2));
    await tick(50);
    expect(maxActive).toBe(1);
    expect(rounds).toBe(2);
    await worker.stop();
  });

  it("logs a failed round and keeps going; stop gives up waiting after its timeout", async () => {
    const { logger, lines } = createMemoryLogger();
    let calls = 0;
    const worker = createPollingWorker({
      name: "test",
      logger,
      runOnce: async () => {
        calls++;
        if (calls === 1) throw new Error("database gone");
        await tick(1_000);
        return 0;
      },
      batchSize: 1,
      pollIntervalMs: 10,
      inFlightWork: "the work",
    });
    worker.start();
    await vi.waitFor(() => expect(calls).toBe(2));
    await worker.stop(20);
    const messages = lines.map((line) => line.message);
    expect(messages).toContain("test: poll failed");
    expect(messages).toContain("test: stopped before the work finished");
  });
});
