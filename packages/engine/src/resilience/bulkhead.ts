export type BulkheadOptions = {
  /** Calls in flight at once. Default 32. */
  maxConcurrent?: number;
  /** Calls waiting for a slot; one more is refused at once. Default 64. */
  maxQueued?: number;
  /** Longest wait for a slot before the call is refused. Default 5 s. */
  maxWaitMs?: number;
};

export const bulkheadDefaults: Required<BulkheadOptions> = {
  maxConcurrent: 32,
  maxQueued: 64,
  maxWaitMs: 5_000,
};

/** Give it back when the call ends (a second call does nothing). */
export type BulkheadRelease = () => void;

type Waiter = { grant: (release: BulkheadRelease | undefined) => void };

/**
 * Bounds the calls to one upstream. While a provider hangs, every visitor's turn would otherwise
 * open a connection and wait the whole first-token timeout (hundreds of sockets, hundreds of
 * visitors waiting); with a bulkhead at most `maxConcurrent` wait on it, `maxQueued` more wait
 * for a slot (at most `maxWaitMs`), and the rest get the apology at once.
 */
export class Bulkhead {
  private readonly options: Required<BulkheadOptions>;
  private inFlight = 0;
  private readonly queue: Waiter[] = [];

  constructor(options: BulkheadOptions = {}) {
    this.options = { ...bulkheadDefaults, ...options };
  }

  get active(): number {
    return this.inFlight;
  }

  get queued(): number {
    return this.queue.length;
  }

  /** A slot, or undefined when the bulkhead is full, the wait ran out or `signal` aborted. */
  acquire(signal?: AbortSignal): Promise<BulkheadRelease | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    if (this.inFlight < this.options.maxConcurrent) return Promise.resolve(this.take());
    if (this.queue.length >= this.options.maxQueued) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: (release) => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        },
      };
      const leave = () => {
        const position = this.queue.indexOf(waiter);
        if (position >= 0) this.queue.splice(position, 1);
        waiter.grant(undefined);
      };
      const onAbort = () => leave();
      const timer = setTimeout(leave, this.options.maxWaitMs);
      (timer as { unref?: () => void }).unref?.();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private take(): BulkheadRelease {
    this.inFlight++;
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.inFlight--;
      const next = this.queue.shift();
      if (next) next.grant(this.take());
    };
  }
}
