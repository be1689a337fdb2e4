import type { Database } from "@jai/db";
import type { Context, Env, MiddlewareHandler } from "hono";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./errors";

export type RateLimitOptions = {
  /** Names the counters, e.g. "contact" or "sign-in"; limits with different names never mix. */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  /** The window, fixed from a key's first attempt. */
  durationSeconds: number;
};

export type RateLimit = RateLimitOptions & {
  /**
   * Counts one attempt for `key` (e.g. `services.clientKey(ip)`, never a raw address) and throws
   * AppError("RATE_LIMITED") with the seconds to wait once past the limit.
   */
  consume(key: string): Promise<void>;
  /** Gives back one attempt counted for `key` (an attempt that turned out legitimate). */
  refund(key: string): Promise<void>;
  /** Forgets every attempt counted for `key` (e.g. an account's failures once it signs in). */
  reset(key: string): Promise<void>;
};

/**
 * A fixed-window limit per key. On PostgreSQL the counters live in the `rate_limits` table, so
 * every instance on the database shares them; on the embedded database (one instance by design)
 * they live in memory. A key already over its limit is also blocked in memory, so a flood costs
 * no database round trip, and if PostgreSQL fails the instance falls back to counting in memory
 * rather than letting everything through.
 */
export function createRateLimit(database: Database, options: RateLimitOptions): RateLimit {
  const common = {
    keyPrefix: options.name,
    points: options.points,
    duration: options.durationSeconds,
  };
  const limiter =
    database.kind === "postgres"
      ? new RateLimiterPostgres({
          ...common,
          storeClient: database.client,
          storeType: "pool",
          tableName: "rate_limits",
          // Created by a migration, not at run time by the library.
          tableCreated: true,
          clearExpiredByTimeout: true,
          inMemoryBlockOnConsumed: options.points + 1,
          insuranceLimiter: new RateLimiterMemory(common),
        })
      : new RateLimiterMemory(common);

  return {
    ...options,
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new AppError("RATE_LIMITED", {
            retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
          });
        }
        throw rejection;
      }
    },
    async refund(key) {
      // Only within the window that counted it: a fresh key must not start with a bonus.
      const current = await limiter.get(key);
      if (current && current.consumedPoints > 0) await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}

/** Hono middleware: one attempt per request under the key `keyOf(c)`. */
export function rateLimitBy<E extends Env>(
  limit: RateLimit,
  keyOf: (c: Context<E>) => string,
): MiddlewareHandler<E> {
  return async (c, next) => {
    await limit.consume(keyOf(c));
    await next();
  };
}
