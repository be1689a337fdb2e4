import type { Db } from "@jai/db";
import { createPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import type { Logger } from "../../logger";
import { runPlanNotices } from "./plan-notices";

/** The job's name in the registry (jobs/index.ts). */
export const planNoticesJobName = "plan notices";

/**
 * Emails the owners' plan notices (plan-notices.ts): users per month at 80% / 100%, and the
 * trial's end 2 days before and on the day. Polls every few minutes; each notice is claimed by
 * its `billing_notices` key in the sending transaction, so any number of instances may run.
 */
export function createPlanNoticesWorker({
  db,
  logger,
  publicUrl,
  pollIntervalMs = 5 * 60_000,
  onEmailQueued,
}: {
  db: Db;
  logger: Logger;
  publicUrl: string;
  pollIntervalMs?: number;
  /** Wakes the email outbox after a round queued something. */
  onEmailQueued?: () => void;
}): PollingWorker {
  const batchSize = 50;
  return createPollingWorker({
    name: planNoticesJobName,
    logger,
    batchSize,
    pollIntervalMs,
    inFlightWork: "the plan notices in flight",
    async runOnce() {
      const handled = await runPlanNotices(db, { publicUrl, batchSize });
      if (handled > 0) onEmailQueued?.();
      return handled;
    },
  });
}
