import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createActiveTurns } from "../modules/conversations/active-turns";
import { createGracefulShutdown } from "./graceful-shutdown";

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("graceful shutdown", () => {
  it("finishes in-flight requests, refuses new ones, then runs onClosed", async () => {
    const server = createServer((_request, response) => {
      setTimeout(() => response.end("finished"), 300);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const events: string[] = [];
    const lifecycle = createGracefulShutdown({
      server,
      timeoutMs: 5_000,
      logger: createLogger("error"),
      onClosed: async () => {
        events.push("closed");
      },
    });

    const inFlight = get(port, "/slow");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = lifecycle.shutdown("test");
    expect(lifecycle.isShuttingDown()).toBe(true);

    await expect(get(port, "/new")).rejects.toThrow(/ECONNREFUSED/);
    expect(await inFlight).toEqual({ status: 200, body: "finished" });
    await stopped;
    expect(events).toEqual(["closed"]);
  });

  it("cuts connections that outlive the timeout", async () => {
    const server = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let closed = false;
    const lifecycle = createGracefulShutdown({
      server,
      timeoutMs: 100,
      abortGraceMs: 100,
      logger: createLogger("error"),
      onClosed: async () => {
        closed = true;
      },
    });
    const hanging = get(port, "/hang").catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await lifecycle.shutdown("test");
    expect(closed).toBe(true);
    expect(await hanging).toBeInstanceOf(Error);
  });
});

describe("graceful shutdown with cancellable work", () => {
  it("cancels work that outlives the timeout, waits for it to end, then runs onClosed", async () => {
    const turns = createActiveTurns();
    const events: string[] = [];
    let onArrived!: () => void;
    const arrived = new Promise<void>((resolve) => {
      onArrived = resolve;
    });
    // A streamed reply that only ends when cancelled, and then still stores and writes its end.
    const server = createServer((_request, response) => {
      const turn = turns.begin();
      response.write("partial ");
      onArrived();
      turn.signal.addEventListener("abort", () => {
        setTimeout(() => {
          events.push("stored");
          turn.end();
          response.end("cancelled");
        }, 50);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const lifecycle = createGracefulShutdown({
      server,
      timeoutMs: 100,
      logger: createLogger("error"),
      work: turns,
      onClosed: async () => {
        events.push("closed");
      },
    });

    const streamed = get(port, "/stream");
    await arrived;
    await lifecycle.shutdown("test");
    expect(events).toEqual(["stored", "closed"]);
    expect(await streamed).toEqual({ status: 200, body: "partial cancelled" });
    expect(turns.size).toBe(0);
  });

  it("does not wait for the timeout when the work is done sooner", async () => {
    const turns = createActiveTurns();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const turn = turns.begin();
    const lifecycle = createGracefulShutdown({
      server,
      timeoutMs: 60_000,
      logger: createLogger("error"),
      work: turns,
      onClosed: async () => {},
    });
    const stopped = lifecycle.shutdown("test");
    setTimeout(turn.end, 20);
    await stopped;
    expect(turn.signal.aborted).toBe(false);
    expect(turns.isAborted).toBe(false);
  });
});
