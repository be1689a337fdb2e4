import { describe, expect, it } from "vitest";
import { CircuitBreaker } from "./circuit-breaker";

function clock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("CircuitBreaker", () => {
  it("opens after the threshold of consecutive failures", () => {
    const breaker = new CircuitBreaker({ failureThreshold: 3, coolDownMs: 1000, now: clock().now });
    breaker.acquire()!.failed();
    breaker.acquire()!.failed();
    expect(breaker.state).toBe("closed");
    breaker.acquire()!.failed();
    expect(breaker.state).toBe("open");
    expect(breaker.acquire()).toBeUndefined();
  });

  it("forgets failures after a success", () => {
    const breaker = new CircuitBreaker({ failureThreshold: 2, now: clock().now });
    breaker.acquire()!.failed();
    breaker.acquire()!.succeeded();
    breaker.acquire()!.failed();
    expect(breaker.state).toBe("closed");
  });

  it("half-opens after the cool-down and lets one trial call through", () => {
    const time = clock();
    const breaker = new CircuitBreaker({ failureThreshold: 1, coolDownMs: 1000, now: time.now });
    breaker.acquire()!.failed();
    time.advance(999);
    expect(breaker.acquire()).toBeUndefined();
    time.advance(1);
    expect(breaker.state).toBe("half-open");
    const trial = breaker.acquire();
    expect(trial).toBeDefined();
    expect(breaker.acquire()).toBeUndefined();
    trial!.succeeded();
    expect(breaker.state).toBe("closed");
    expect(breaker.acquire()).toBeDefined();
  });

  it("reopens for another cool-down when the trial fails", () => {
    const time = clock();
    const breaker = new CircuitBreaker({ failureThreshold: 5, coolDownMs: 1000, now: time.now });
    for (let i = 0; i < 5; i++) breaker.acquire()!.failed();
    time.advance(1000);
    breaker.acquire()!.failed();
    expect(breaker.state).toBe("open");
    time.advance(999);
    expect(breaker.state).toBe("open");
    time.advance(1);
    expect(breaker.state).toBe("half-open");
  });

  it("frees the trial slot when the trial is released (cancelled) and counts each permit once", () => {
    const time = clock();
    const breaker = new CircuitBreaker({ failureThreshold: 1, coolDownMs: 10, now: time.now });
    breaker.acquire()!.failed();
    time.advance(10);
    const trial = breaker.acquire()!;
    trial.released();
    trial.failed();
    expect(breaker.state).toBe("half-open");
    expect(breaker.acquire()).toBeDefined();
  });
});
