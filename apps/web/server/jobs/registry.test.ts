import { describe, expect, it } from "vitest";
import { createMemoryLogger } from "../test/memory-logger";
import { createJobs, type Job } from "./registry";

function fakeJob(name: string, calls: string[], stopError?: Error): Job {
  return {
    name,
    start: () => void calls.push(`start ${name}`),
    stop: async () => {
      calls.push(`stop ${name}`);
      if (stopError) throw stopError;
    },
    wake: () => void calls.push(`wake ${name}`),
  };
}

describe("the jobs registry", () => {
  it("starts all in order, wakes by name, stops all even when one fails", async () => {
    const calls: string[] = [];
    const log = createMemoryLogger();
    const jobs = createJobs(
      [fakeJob("outbox", calls), fakeJob("deliveries", calls, new Error("stuck"))],
      log.logger,
    );
    expect(jobs.names).toEqual(["outbox", "deliveries"]);
    jobs.start();
    jobs.wake("deliveries");
    jobs.wake("unknown");
    await jobs.stop(1_000);
    expect(calls).toEqual([
      "start outbox",
      "start deliveries",
      "wake deliveries",
      "stop outbox",
      "stop deliveries",
    ]);
    expect(log.lines.map((line) => line.message)).toEqual(["deliveries: error while stopping"]);
  });

  it("refuses two jobs with one name", () => {
    expect(() =>
      createJobs([fakeJob("a", []), fakeJob("a", [])], createMemoryLogger().logger),
    ).toThrow("two jobs share a name");
  });
});
