export type CircuitState = "closed" | "open" | "half-open";

export type CircuitBreakerOptions = {
  /** Consecutive failures that open the circuit. Default 5. */
  failureThreshold?: number;
  /** How long it stays open before one trial call is let through. Default 30 s. */
  coolDownMs?: number;
  now?: () => number;
};

/**
 * Stops calling a provider that keeps failing, so a dead upstream costs each visitor an instant
 * apology instead of timeouts and retries, and gets room to recover.
 *
 * Closed: calls go through; `failureThreshold` failures in a row open it. Open: calls are refused
 * until `coolDownMs` has passed. Half-open: one trial call goes through (others are refused); its
 * success closes the circuit, its failure opens it for another cool-down.
 */
export class CircuitBreaker {
  private readonly threshold: number;
  private readonly coolDownMs: number;
  private readonly now: () => number;
  private failures = 0;
  private openedAt: number | undefined;
  private isTrialInFlight = false;

  constructor(options: CircuitBreakerOptions = {}) {
    this.threshold = Math.max(1, options.failureThreshold ?? 5);
    this.coolDownMs = Math.max(0, options.coolDownMs ?? 30_000);
    this.now = options.now ?? Date.now;
  }

  get state(): CircuitState {
    if (this.openedAt === undefined) return "closed";
    return this.now() - this.openedAt >= this.coolDownMs ? "half-open" : "open";
  }

  /**
   * A permit for one call, or undefined when the circuit refuses calls now. Report how the call
   * went on the permit (only the first report counts).
   */
  acquire(): BreakerPermit | undefined {
    const state = this.state;
    if (state === "open" || (state === "half-open" && this.isTrialInFlight)) return undefined;
    const isTrial = state === "half-open";
    if (isTrial) this.isTrialInFlight = true;
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      if (isTrial) this.isTrialInFlight = false;
      outcome();
    };
    return {
      succeeded: () => settle(() => this.onSuccess()),
      failed: () => settle(() => this.onFailure(isTrial)),
      released: () => settle(() => {}),
    };
  }

  private onSuccess(): void {
    this.failures = 0;
    this.openedAt = undefined;
  }

  private onFailure(isTrial: boolean): void {
    this.failures++;
    if (isTrial || this.failures >= this.threshold) this.openedAt = this.now();
  }
}

export type BreakerPermit = {
  succeeded(): void;
  failed(): void;
  /** The call ended without saying anything about the provider's health (cancelled, a 400). */
  released(): void;
};
