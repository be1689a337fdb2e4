import type { Db } from "@jai/db";
import { createPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import type { Logger } from "../../logger";
import { refreshRollups } from "./rollups";

/** How often the rollups catch up with the raw rows (the dashboard can also ask at once). */
export const rollupIntervalMs = 60_000;

/**
 * The "analytics rollups" job: one incremental pass (modules/analytics/rollups.ts) a minute and
 * whenever woken. Passes hold an advisory lock, so instances take turns.
 */
export function createRollupWorker(deps: {
  db: Db;
  logger: Logger;
  pollIntervalMs?: number;
}): PollingWorker {
  return createPollingWorker({
    name: "analytics rollups",
    logger: deps.logger,
    // Never a "full batch": one pass per round.
    runOnce: async () => {
      await refreshRollups(deps.db);
      return 0;
    },
    batchSize: 1,
    pollIntervalMs: deps.pollIntervalMs ?? rollupIntervalMs,
    inFlightWork: "the rollup pass",
  });
}
